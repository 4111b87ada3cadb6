/**
 * From per-node content probabilities to the page element: the hierarchy relabel of seed
 * 001 (second pass with two thresholds) and the choice of one container or one run of
 * sibling elements. Pure functions over index arrays, so the content script, the CLI and
 * the cross-validation run exactly the same post-processing.
 *
 * The candidate tree: `parent[i]` is the position of candidate i's parent among the
 * candidates (−1 for a root), parents before children (document order).
 */

import { runNow, type SliceBudget, type Steps } from "../budget/slices";
import { outsidePagerScope } from "./pager-scope";

/** Default thresholds of the second pass: seed 001's best pair (upper 0.7, lower 0.4). */
export const RELABEL_UPPER = 0.7;
export const RELABEL_LOWER = 0.4;

/**
 * Second-pass relabelling by parent/child majority, seed 001 §3 (Second_Evaluation):
 * bottom-up, for each parent b with children C(b), the share of content among b's first
 * label and the children's second labels decides: >= upper makes b and all of C(b)
 * content, < lower makes b non-content (children unchanged), otherwise b keeps its
 * first label. Leaves keep their first label.
 *
 * @param parent candidate tree (see module doc)
 * @param first first-pass labels (1 content, 0 not)
 * @param upper upper threshold in 0..1
 * @param lower lower threshold in 0..1
 * @returns second-pass labels (a new array)
 */
export function relabelByHierarchy(
  parent: ArrayLike<number>,
  first: ArrayLike<number>,
  upper = RELABEL_UPPER,
  lower = RELABEL_LOWER,
): Uint8Array {
  const n = parent.length;
  const label = new Uint8Array(n);
  for (let i = 0; i < n; i++) label[i] = (first[i] ?? 0) >= 1 ? 1 : 0;
  // Per-parent sums instead of child lists: a candidate's label is final once the walk
  // (backwards, children after their parent) has passed it, so it is added to its
  // parent's count right then. No array per candidate on a page's cold first detection.
  const kids = new Int32Array(n);
  const kidContent = new Int32Array(n);
  const allContent = new Uint8Array(n);
  for (let b = n - 1; b >= 0; b--) {
    const k = kids[b] ?? 0;
    if (k > 0) {
      const share = ((label[b] ?? 0) + (kidContent[b] ?? 0)) / (k + 1);
      if (share >= upper) {
        label[b] = 1;
        allContent[b] = 1;
      } else if (share < lower) {
        label[b] = 0;
      }
    }
    const p = parent[b] ?? -1;
    if (p >= 0) {
      kids[p] = (kids[p] ?? 0) + 1;
      kidContent[p] = (kidContent[p] ?? 0) + (label[b] ?? 0);
    }
  }
  // A parent that went content takes all its children along; nothing read their labels
  // after their parent's turn, so this can wait for the end.
  for (let i = 0; i < n; i++) {
    const p = parent[i] ?? -1;
    if (p >= 0 && allContent[p] === 1) label[i] = 1;
  }
  return label;
}

/** The chosen page element: candidate positions (one container, or a run of siblings). */
export interface PageElementChoice {
  /** candidate positions in document order ([] when nothing qualifies) */
  nodes: number[];
  /** expected text F1 of the choice against the content mask, 0..1 */
  score: number;
}

/**
 * Choose the page element that best covers the content mask: the candidate, or run of
 * two or more consecutive sibling candidates, whose text has the highest F1 against the
 * text marked content (chars), F1 = 2·content_inside / (content_total + text_inside).
 * An excluded candidate (the next link's containers: a joined page must not bring its
 * own pager; named boilerplate) is never chosen whole, but runs of its children are.
 * Runs are searched among up to `maxRun` children of each candidate.
 *
 * @param parent candidate tree
 * @param ownText chars of text directly in each candidate
 * @param mask content weight of each candidate in 0..1 (relabelled labels or probabilities)
 * @param excluded 1 for candidates never chosen whole (the next link's
 *   containers, and {@link namedBoilerplate})
 * @param maxRun children examined for runs per candidate (default 400)
 * @returns the choice; empty when no candidate has content
 */
export function choosePageElement(
  parent: ArrayLike<number>,
  ownText: ArrayLike<number>,
  mask: ArrayLike<number>,
  excluded: ArrayLike<number>,
  maxRun = 400,
): PageElementChoice {
  return runNow(choosePageElementSteps(parent, ownText, mask, excluded, maxRun));
}

/** Candidates searched between two yields of {@link choosePageElementSteps}. */
const CHOICE_BATCH = 128;

/**
 * {@link choosePageElement} as a loop that yields every {@link CHOICE_BATCH} candidates,
 * for a {@link SliceBudget}: the same choice.
 *
 * @param parent candidate tree
 * @param ownText chars of text directly in each candidate
 * @param mask content weight of each candidate in 0..1
 * @param excluded 1 for candidates never chosen whole
 * @param maxRun children examined for runs per candidate (default 400)
 * @returns the choice; empty when no candidate has content
 */
export function* choosePageElementSteps(
  parent: ArrayLike<number>,
  ownText: ArrayLike<number>,
  mask: ArrayLike<number>,
  excluded: ArrayLike<number>,
  maxRun = 400,
): Steps<PageElementChoice> {
  const n = parent.length;
  const { inside, total, contentTotal } = subtreeText(parent, ownText, mask);
  if (contentTotal <= 0) return { nodes: [], score: 0 };
  const kids = childIndex(parent);
  const f1 = (inn: number, tot: number) => (2 * inn) / (contentTotal + tot);
  // No run can beat the best so far when even all the content it could hold, counted
  // as its whole text, scores no more: mask <= 1 makes inside <= total, and
  // 2c/(C + t) <= 2c/(C + c), which grows with c. The margin keeps the float sums'
  // order of addition from ever skipping a run that would win.
  const beaten = (content: number, best: number) => f1(content, content) * (1 + 1e-9) <= best;

  let best: PageElementChoice = { nodes: [], score: 0 };
  for (let i = 0; i < n; i++) {
    if (i % CHOICE_BATCH === CHOICE_BATCH - 1) yield;
    if ((excluded[i] ?? 0) !== 1) {
      const s = f1(inside[i] ?? 0, total[i] ?? 0);
      if (s > best.score) best = { nodes: [i], score: s };
    }
    const from = kids.start[i] ?? 0;
    const to = Math.min(kids.start[i + 1] ?? 0, from + maxRun);
    if (to - from < 2 || beaten(inside[i] ?? 0, best.score)) continue;
    // Content after each child up to the next excluded one: the most a run from it holds.
    const ahead = new Float64Array(to - from + 1);
    for (let a = to - from - 1; a >= 0; a--) {
      const k = kids.list[from + a] ?? 0;
      ahead[a] = (excluded[k] ?? 0) === 1 ? 0 : (ahead[a + 1] ?? 0) + (inside[k] ?? 0);
    }
    // Runs of >= 2 consecutive children without the next link, by prefix sums.
    for (let a = from; a < to; a++) {
      if (beaten(ahead[a - from] ?? 0, best.score)) continue;
      let inn = 0;
      let tot = 0;
      for (let b = a; b < to; b++) {
        const k = kids.list[b] ?? 0;
        if ((excluded[k] ?? 0) === 1) break;
        inn += inside[k] ?? 0;
        tot += total[k] ?? 0;
        if (b > a) {
          const s = f1(inn, tot);
          if (s > best.score) best = { nodes: Array.from(kids.list.subarray(a, b + 1)), score: s };
        }
      }
    }
  }
  return best;
}

/** Children of every candidate, flat: those of `i` are `list[start[i]] .. list[start[i+1]-1]`. */
interface ChildIndex {
  start: Int32Array;
  list: Int32Array;
}

/**
 * The candidate tree's child lists in two typed arrays (counting sort by parent), in
 * document order: no array per candidate, where a page has thousands.
 *
 * @param parent candidate tree (see module doc)
 * @returns the flat lists; `start` has one entry more than `parent`
 */
function childIndex(parent: ArrayLike<number>): ChildIndex {
  const n = parent.length;
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const p = parent[i] ?? -1;
    if (p >= 0) start[p + 1] = (start[p + 1] ?? 0) + 1;
  }
  for (let i = 0; i < n; i++) start[i + 1] = (start[i + 1] ?? 0) + (start[i] ?? 0);
  const list = new Int32Array(start[n] ?? 0);
  const fill = start.slice(0, n);
  for (let i = 0; i < n; i++) {
    const p = parent[i] ?? -1;
    if (p < 0) continue;
    const at = fill[p] ?? 0;
    list[at] = i;
    fill[p] = at + 1;
  }
  return { start, list };
}

/**
 * The node features {@link boundarySignal} reads (names as in NODE_FEATURE_NAMES).
 */
export interface BoundaryFeatures {
  /** 1 when the element holds the next-link anchor */
  containsNextLink: number;
  /** −1 when class/id name it boilerplate (comments, share, related, nav, …), else 0 or 1 */
  classHint: number;
  /** share of its text inside links, 0..1 */
  linkDensity: number;
}

/**
 * Whether an element's class or id names it boilerplate (sidebar, comments, navigation,
 * share, related, …: `classHint` −1), for the `boilerplate` argument of
 * {@link pageElementFromProbabilities}.
 *
 * @param f the element's node features
 * @returns 1 for named boilerplate, else 0
 */
export function namedBoilerplate(f: Pick<BoundaryFeatures, "classHint">): number {
  return f.classHint < 0 ? 1 : 0;
}

/**
 * Link density above which an element is navigation, not prose: more of its text sits
 * in links than outside them. Readability.js drops a block with a content weight at
 * link density > 0.5 (`_cleanConditionally`); a plain majority needs no tuning.
 */
export const BOUNDARY_LINK_DENSITY = 0.5;

/**
 * Whether an element ends the article body for {@link completeRun}: it holds the next
 * link (the pager; a joined page must not bring its own), its class or id names it
 * boilerplate (comments, share bars, related links, sidebars, pagination: the negative
 * words of `classHint`), or it is mostly links (navigation, tag lists, link pagers).
 *
 * @param f the element's node features
 * @param maxLinkDensity link density above which it is navigation (default
 *   {@link BOUNDARY_LINK_DENSITY})
 * @returns 1 for a boundary, 0 for anything that may be prose
 */
export function boundarySignal(
  f: BoundaryFeatures,
  maxLinkDensity = BOUNDARY_LINK_DENSITY,
): number {
  if (f.containsNextLink === 1) return 1;
  if (f.classHint < 0) return 1;
  return f.linkDensity > maxLinkDensity ? 1 : 0;
}

/** Candidate children of candidate `p`, in document order (children follow their parent). */
function childrenOf(parent: ArrayLike<number>, p: number): number[] {
  const out: number[] = [];
  for (let i = p + 1; i < parent.length; i++) if (parent[i] === p) out.push(i);
  return out;
}

/**
 * Extend a run of sibling candidates over its adjacent siblings, on both sides, up to
 * the first boundary on each side ({@link boundarySignal}). The forest marks paragraphs
 * by their own look, so the one paragraph of a body that sits in a wrapper (`<div
 * class="lead"><p>…</p></div>`, a custom element), a figure, a heading or a list between
 * plain `<p>` siblings falls out of the run while its neighbours stay in; in an article
 * body every sibling up to the pager, the comments or the share bar is the article's.
 * Readability.js joins the top candidate's siblings in the same spirit (seed 000 §2.2).
 *
 * @param parent candidate tree (see module doc)
 * @param nodes the chosen run: two or more consecutive sibling candidates, document order
 * @param boundary 1 for candidates that end the body ({@link boundarySignal})
 * @returns the extended run (candidate positions, document order); `nodes` unchanged
 *   when it is not a run of two or more siblings
 */
export function extendRunOverSiblings(
  parent: ArrayLike<number>,
  nodes: readonly number[],
  boundary: ArrayLike<number>,
): number[] {
  const first = nodes[0];
  if (nodes.length < 2 || first === undefined) return [...nodes];
  const p = parent[first] ?? -1;
  if (p < 0 || nodes.some((k) => (parent[k] ?? -1) !== p)) return [...nodes];
  const kids = childrenOf(parent, p);
  let a = kids.indexOf(first);
  let b = kids.indexOf(nodes[nodes.length - 1] ?? -1);
  if (a < 0 || b < a) return [...nodes];
  while (a > 0 && (boundary[kids[a - 1] ?? -1] ?? 0) !== 1) a--;
  while (b < kids.length - 1 && (boundary[kids[b + 1] ?? -1] ?? 0) !== 1) b++;
  return kids.slice(a, b + 1);
}

/**
 * A run that holds every candidate child of its parent is the parent: choose the
 * container itself, so that what the run's per-tag paths would miss (images and
 * embeds without text between the paragraphs, text directly in the container) comes
 * along, and the site rule names one element. Never a parent that holds the next link.
 *
 * @param parent candidate tree
 * @param nodes the run (candidate positions, document order)
 * @param excluded 1 for candidates never chosen whole (the next link's
 *   containers, and {@link namedBoilerplate})
 * @returns `[parent]` when the run covers all the parent's candidate children, else `nodes`
 */
export function promoteFullRun(
  parent: ArrayLike<number>,
  nodes: readonly number[],
  excluded: ArrayLike<number>,
): number[] {
  const first = nodes[0];
  if (nodes.length < 2 || first === undefined) return [...nodes];
  const p = parent[first] ?? -1;
  if (p < 0 || (excluded[p] ?? 0) === 1) return [...nodes];
  const kids = childrenOf(parent, p);
  const chosen = new Set(nodes);
  return kids.length === nodes.length && kids.every((k) => chosen.has(k)) ? [p] : [...nodes];
}

/**
 * Complete a chosen run to the whole article body: {@link extendRunOverSiblings}, then
 * {@link promoteFullRun}. A single container is left as it is.
 *
 * @param parent candidate tree
 * @param nodes the choice (candidate positions, document order)
 * @param boundary 1 for candidates that end the body ({@link boundarySignal})
 * @param excluded 1 for candidates never chosen whole (the next link's
 *   containers, and {@link namedBoilerplate})
 * @returns the completed choice (candidate positions, document order)
 */
export function completeRun(
  parent: ArrayLike<number>,
  nodes: readonly number[],
  boundary: ArrayLike<number>,
  excluded: ArrayLike<number>,
): number[] {
  // The next link ends the body whatever `boundary` says.
  const stop = new Uint8Array(parent.length);
  for (let i = 0; i < stop.length; i++)
    stop[i] = (boundary[i] ?? 0) === 1 || (excluded[i] ?? 0) === 1 ? 1 : 0;
  return promoteFullRun(parent, extendRunOverSiblings(parent, nodes, stop), excluded);
}

/**
 * Text F1 of a set of candidates against a content mask (chars), as
 * {@link choosePageElement} scores its choice.
 *
 * @param parent candidate tree
 * @param ownText chars of text directly in each candidate
 * @param mask content weight of each candidate in 0..1
 * @param nodes candidate positions, none inside another
 * @returns F1 in 0..1 (0 when the mask is empty)
 */
export function choiceScore(
  parent: ArrayLike<number>,
  ownText: ArrayLike<number>,
  mask: ArrayLike<number>,
  nodes: readonly number[],
): number {
  const { inside, total, contentTotal } = subtreeText(parent, ownText, mask);
  let inn = 0;
  let tot = 0;
  for (const k of nodes) {
    inn += inside[k] ?? 0;
    tot += total[k] ?? 0;
  }
  return contentTotal > 0 ? (2 * inn) / (contentTotal + tot) : 0;
}

/**
 * Text of every candidate's subtree: content chars (own text weighted by the mask) and
 * all chars, summed up the candidate tree, and the page's content total.
 *
 * @param parent candidate tree
 * @param ownText chars of text directly in each candidate
 * @param mask content weight of each candidate in 0..1
 * @returns per-candidate subtree sums (chars) and the content total (chars)
 */
function subtreeText(
  parent: ArrayLike<number>,
  ownText: ArrayLike<number>,
  mask: ArrayLike<number>,
): { inside: Float64Array; total: Float64Array; contentTotal: number } {
  const n = parent.length;
  const inside = new Float64Array(n);
  const total = new Float64Array(n);
  let contentTotal = 0;
  for (let i = 0; i < n; i++) {
    const own = ownText[i] ?? 0;
    inside[i] = own * (mask[i] ?? 0);
    total[i] = own;
    contentTotal += inside[i] ?? 0;
  }
  for (let i = n - 1; i >= 0; i--) {
    const p = parent[i] ?? -1;
    if (p < 0) continue;
    inside[p] = (inside[p] ?? 0) + (inside[i] ?? 0);
    total[p] = (total[p] ?? 0) + (total[i] ?? 0);
  }
  return { inside, total, contentTotal };
}

/** Decision parameters of the page-element model (stored in models/page-element.json). */
export interface PageElementParams {
  /** probability at which a node is first labelled content (default 0.5) */
  firstThreshold?: number;
  /** 1 to run seed 001's relabel, 0 to skip it */
  relabel?: number;
  relabelUpper?: number;
  relabelLower?: number;
  /** 1 (default) to complete a chosen run to the whole body ({@link completeRun}), 0 not */
  completeRun?: number;
  /** 1 (default) to keep named boilerplate out (the `boilerplate` argument of
   * {@link pageElementFromProbabilities}), 0 to ignore it */
  boilerplate?: number;
  /** 1 to choose only beside the next link ({@link outsidePagerScope}), 0 (default) not */
  pagerScope?: number;
}

/**
 * The whole post-processing from node probabilities to the page element: first labels at
 * `firstThreshold`, seed 001's relabel, {@link choosePageElement}; when nothing is
 * labelled content, the probabilities themselves weigh the text. A chosen run of
 * siblings is then completed to the whole body ({@link completeRun}) unless
 * `params.completeRun` is 0. With `params.pagerScope` 1 the choice is made beside the
 * next link ({@link outsidePagerScope}).
 *
 * @param parent candidate tree
 * @param ownText chars of text directly in each candidate
 * @param probs content probability of each candidate (page-element forest)
 * @param containsNext 1 for candidates that contain the next-link anchor (never chosen
 *   whole: a joined page must not bring its own pager)
 * @param params decision parameters
 * @param boundary 1 for candidates that end an article body ({@link boundarySignal});
 *   default: the candidates holding the next link
 * @param boilerplate 1 for candidates whose class or id names them boilerplate (sidebar,
 *   comments, navigation: `classHint` −1): their probability counts as 0 and they are
 *   never chosen whole, as the corpus's labelling rule keeps them out of every page
 *   element. Runs of their children stay possible, each judged by its own class.
 *   Without it the forest's mask let a sidebar win on list pages of short titles.
 *   `params.boilerplate` 0 ignores it. Default: none
 * @returns the choice (candidate positions); `score` is the text F1 of the final choice
 *   against the mask it was chosen on
 */
export function pageElementFromProbabilities(
  parent: ArrayLike<number>,
  ownText: ArrayLike<number>,
  probs: ArrayLike<number>,
  containsNext: ArrayLike<number>,
  params: PageElementParams = {},
  boundary: ArrayLike<number> = containsNext,
  boilerplate: ArrayLike<number> = [],
): PageElementChoice {
  return runNow(
    pageElementFromProbabilitiesSteps(
      parent,
      ownText,
      probs,
      containsNext,
      params,
      boundary,
      boilerplate,
    ),
  );
}

/**
 * {@link pageElementFromProbabilities} as a loop that yields between its passes and
 * within the search of runs, for a {@link SliceBudget}: the same choice.
 *
 * @param parent candidate tree
 * @param ownText chars of text directly in each candidate
 * @param probs content probability of each candidate
 * @param containsNext 1 for candidates that contain the next-link anchor
 * @param params decision parameters
 * @param boundary as {@link pageElementFromProbabilities}
 * @param boilerplate as {@link pageElementFromProbabilities}
 * @returns the choice (candidate positions) and its text F1
 */
export function* pageElementFromProbabilitiesSteps(
  parent: ArrayLike<number>,
  ownText: ArrayLike<number>,
  probs: ArrayLike<number>,
  containsNext: ArrayLike<number>,
  params: PageElementParams = {},
  boundary: ArrayLike<number> = containsNext,
  boilerplate: ArrayLike<number> = [],
): Steps<PageElementChoice> {
  const t = params.firstThreshold ?? 0.5;
  const keepOut = (params.boilerplate ?? 1) === 1;
  const n = probs.length;
  const excluded = new Uint8Array(n);
  const content = new Float64Array(n);
  const first = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const noise = keepOut && (boilerplate[k] ?? 0) === 1;
    excluded[k] = (containsNext[k] ?? 0) === 1 || noise ? 1 : 0;
    content[k] = noise ? 0 : (probs[k] ?? 0);
    first[k] = (content[k] ?? 0) >= t ? 1 : 0;
  }
  const labels =
    (params.relabel ?? 1) === 1
      ? relabelByHierarchy(
          parent,
          first,
          params.relabelUpper ?? RELABEL_UPPER,
          params.relabelLower ?? RELABEL_LOWER,
        )
      : first;
  yield;
  const scoped = (params.pagerScope ?? 0) === 1;
  function* choose(m: ArrayLike<number>): Steps<PageElementChoice> {
    const free = () => choosePageElementSteps(parent, ownText, m, excluded);
    if (!scoped) return yield* free();
    const { inside, contentTotal } = subtreeText(parent, ownText, m);
    const outside = outsidePagerScope(parent, inside, contentTotal, containsNext);
    if (outside === null) return yield* free();
    const keep = excluded.map((x, k) => x | (outside[k] ?? 0));
    yield;
    const within = yield* choosePageElementSteps(parent, ownText, m, keep);
    // A scope with nothing to choose (a paragraph that holds an inline next link) is no scope.
    return within.nodes.length > 0 ? within : yield* free();
  }
  let mask: ArrayLike<number> = labels;
  let choice = yield* choose(mask);
  if (choice.nodes.length === 0) {
    mask = content;
    choice = yield* choose(mask);
  }
  yield;
  if ((params.completeRun ?? 1) !== 1 || choice.nodes.length < 2) return choice;
  const nodes = completeRun(parent, choice.nodes, boundary, excluded);
  return { nodes, score: choiceScore(parent, ownText, mask, nodes) };
}

/** A candidate tree with some candidates left out ({@link keptTree}). */
export interface KeptTree {
  /** position in the full tree of each kept candidate, in order */
  at: number[];
  /** parent of each kept candidate as a kept position (its nearest kept ancestor), −1 for none */
  parent: Int32Array;
  /** chars of text directly in each kept candidate, the text of the left-out candidates
   * beneath it (down to the next kept one) included */
  ownText: Int32Array;
}

/**
 * The candidate tree without the candidates `keep` leaves out: each kept candidate hangs
 * under its nearest kept ancestor and takes over the own text of the left-out candidates
 * beneath it, so every char of the page's text still counts once, in the kept candidate
 * that holds it.
 *
 * @param parent candidate tree (parents before children)
 * @param ownText chars of text directly in each candidate
 * @param keep 1 for the candidates to keep
 * @returns the kept tree; a left-out candidate without a kept ancestor takes its text along
 */
export function keptTree(
  parent: ArrayLike<number>,
  ownText: ArrayLike<number>,
  keep: ArrayLike<number>,
): KeptTree {
  const n = parent.length;
  // Nearest kept ancestor-or-self of each candidate, as a kept position.
  const holder = new Int32Array(n);
  const at: number[] = [];
  const up: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = parent[i] ?? -1;
    const above = p >= 0 ? (holder[p] ?? -1) : -1;
    if ((keep[i] ?? 0) === 1) {
      holder[i] = at.length;
      at.push(i);
      up.push(above);
    } else holder[i] = above;
  }
  const own = new Int32Array(at.length);
  for (let i = 0; i < n; i++) {
    const h = holder[i] ?? -1;
    if (h >= 0) own[h] = (own[h] ?? 0) + (ownText[i] ?? 0);
  }
  return { at, parent: Int32Array.from(up), ownText: own };
}
