import { runNow, type SliceBudget, type Steps } from "../budget/slices";
import {
  NODE_COLUMN,
  NODE_FEATURE_COUNT,
  type NodeRows,
  type NodeStats,
  nodeFeatureRowsSteps,
  nodeStatsSteps,
  ownTextLength,
} from "../features/node-features";
import { PHRASING_OUT } from "../features/phrasing";
import { WRAPPERS_OUT } from "../features/wrappers";
import type { Forest } from "../model/forest";
import { pageElementForest } from "./models";
import {
  boundarySignal,
  namedBoilerplate,
  type PageElementParams,
  pageElementFromProbabilities,
  pageElementFromProbabilitiesSteps,
} from "./page-element-choice";
import { MEDIA, withSplitBody } from "./split-body";
import { withWholeRun } from "./whole-run";

/** The page-element decision. */
export interface PageElementResult {
  /** the page element: one container, or a run of sibling elements; [] when none */
  elements: Element[];
  /** expected text F1 of the choice against the content the forest marked, 0..1 */
  score: number;
}

/**
 * Find the page element (main content) of a document, seed 000 §3.3: every element with
 * visible text (bar the wrappers whose text is one child's where `WRAPPERS_OUT` is on,
 * src/features/wrappers.ts; a chosen child then stands for its outermost wrapper) is
 * scored by the bundled random forest (models/page-element.json) with the DOM distance to
 * the next link among its features; seed 001's hierarchy relabel cleans the labels; the
 * container or run of siblings that best covers the content is chosen, never one that
 * holds the next link itself. A body split into sibling containers of one class is taken
 * whole (./split-body.ts); a run of a list's records the forest chose but for a few is
 * completed with the siblings of their kind (./whole-run.ts).
 *
 * @param doc the page (live or parsed)
 * @param nextLink anchor of the detected next link, or null
 * @returns the page element(s) in document order
 */
export function detectPageElement(
  doc: Document,
  nextLink: Element | null = null,
): PageElementResult {
  return runNow(detectPageElementSteps(doc, nextLink));
}

/**
 * {@link detectPageElement} as a loop that yields within its passes over the page, for
 * a {@link SliceBudget}: the same page element on an unchanged document.
 *
 * @param doc the page (live or parsed)
 * @param nextLink anchor of the detected next link, or null
 * @returns the page element(s) in document order
 */
export function* detectPageElementSteps(
  doc: Document,
  nextLink: Element | null = null,
): Steps<PageElementResult> {
  const forest = pageElementForest();
  const params = forest.params as PageElementParams;
  const stats = yield* nodeStatsSteps(doc);
  const rows = yield* nodeFeatureRowsSteps(doc, {
    nextLink,
    stats,
    withTextOnly: true,
    phrasingOut: PHRASING_OUT,
    wrappersOut: WRAPPERS_OUT,
    boilerplateUnmeasured: keepsBoilerplateOut(params),
  });
  if (rows.at.length === 0) return { elements: [], score: 0 };
  const tree = candidateTree(stats, rows);
  yield;
  const probs = yield* scoreCandidatesSteps(forest, rows, tree);
  const choice = yield* pageElementFromProbabilitiesSteps(
    tree.parent,
    tree.ownText,
    probs,
    tree.containsNext,
    params,
    tree.boundary,
    tree.boilerplate,
  );
  // A candidate chosen is reported as the outermost wrapper around it (same text).
  const elements = choice.nodes.flatMap((k) => stats.elements[rows.outer[k] ?? -1] ?? []);
  return {
    // Split parts last: the textless boxes between two parts are not the article's.
    elements: withSplitBody(withWholeRun(withTextlessBetween(elements), nextLink), nextLink),
    score: choice.score,
  };
}

/**
 * Whether the choice keeps named boilerplate out (the model's `boilerplate` parameter, on
 * by default): then it gives those candidates no content weight whatever their votes, so
 * they need neither layout reads nor a walk of the forest.
 *
 * @param params the page-element model's parameters
 * @returns true when named boilerplate is kept out
 */
export function keepsBoilerplateOut(params: Readonly<PageElementParams>): boolean {
  return (params.boilerplate ?? 1) === 1;
}

/**
 * The forest's votes for the candidates, named boilerplate left unscored (0) where the
 * choice keeps it out ({@link keepsBoilerplateOut}): their votes are never read.
 *
 * @param forest the page-element forest
 * @param rows the candidates' feature rows
 * @param tree their {@link candidateTree}
 * @returns one probability per candidate
 */
export function scoreCandidates(
  forest: Pick<Forest, "scoreRowsSteps" | "params">,
  rows: NodeRows,
  tree: CandidateTree,
): Float64Array {
  return runNow(scoreCandidatesSteps(forest, rows, tree));
}

/**
 * {@link scoreCandidates} as a loop that yields between the forest's trees.
 *
 * @param forest the page-element forest
 * @param rows the candidates' feature rows
 * @param tree their {@link candidateTree}
 * @returns one probability per candidate
 */
export function scoreCandidatesSteps(
  forest: Pick<Forest, "scoreRowsSteps" | "params">,
  rows: NodeRows,
  tree: CandidateTree,
): Steps<Float64Array> {
  const skip = keepsBoilerplateOut(forest.params) ? tree.boilerplate : undefined;
  return forest.scoreRowsSteps(rows.values, NODE_FEATURE_COUNT, skip);
}

/** What the choice of {@link pageElementFromProbabilities} reads besides the votes. */
export interface CandidateTree {
  /** position of each candidate's nearest candidate ancestor, −1 for none */
  parent: Int32Array;
  /** chars of text directly in each candidate, with the text of the elements left out of
   * the candidates beneath it (down to the next candidate) */
  ownText: Int32Array;
  /** 1 for the candidates that hold the next link */
  containsNext: Uint8Array;
  /** {@link boundarySignal} of each candidate */
  boundary: Uint8Array;
  /** {@link namedBoilerplate} of each candidate */
  boilerplate: Uint8Array;
}

/**
 * The candidate tree and per-candidate signals of the page-element choice, read from the
 * one pass's statistics and the feature rows (no DOM access).
 *
 * @param stats {@link nodeStats} of the page
 * @param rows {@link nodeFeatureRows} of the same page and stats
 * @returns one entry per candidate, in the rows' order
 */
export function candidateTree(stats: NodeStats, rows: NodeRows): CandidateTree {
  const { at, values } = rows;
  const n = at.length;
  const position = new Int32Array(stats.elements.length).fill(-1);
  for (let k = 0; k < n; k++) position[at[k] as number] = k;
  const tree: CandidateTree = {
    parent: new Int32Array(n),
    ownText: new Int32Array(n),
    containsNext: new Uint8Array(n),
    boundary: new Uint8Array(n),
    boilerplate: new Uint8Array(n),
  };
  const leftOut = rows.phrasingOut || rows.wrappersOut;
  if (leftOut) nearestKeptTree(stats, at, position, tree);
  for (let k = 0; k < n; k++) {
    const i = at[k] as number;
    if (!leftOut) {
      // Every element with text is a candidate: the direct parent is the nearest one.
      const p = stats.parent[i] ?? -1;
      tree.parent[k] = p >= 0 ? (position[p] ?? -1) : -1;
      tree.ownText[k] = ownTextLength(stats, i);
    }
    const o = k * NODE_FEATURE_COUNT;
    const f = {
      containsNextLink: values[o + NODE_COLUMN.containsNextLink] ?? 0,
      classHint: values[o + NODE_COLUMN.classHint] ?? 0,
      linkDensity: values[o + NODE_COLUMN.linkDensity] ?? 0,
    };
    tree.containsNext[k] = f.containsNextLink;
    tree.boundary[k] = boundarySignal(f);
    tree.boilerplate[k] = namedBoilerplate(f);
  }
  return tree;
}

/**
 * Parent and own text of each candidate where some elements were left out (phrasing
 * elements, wrappers): an element left out hands its children, and its text, to the
 * candidate around it, as keptTree does in the evaluation. Writes `tree.parent` and
 * `tree.ownText`.
 */
function nearestKeptTree(
  stats: NodeStats,
  at: Int32Array,
  position: Int32Array,
  tree: CandidateTree,
): void {
  const n = at.length;
  // Each element's nearest candidate ancestor-or-self.
  const holder = new Int32Array(stats.elements.length).fill(-1);
  for (let i = 0; i < holder.length; i++) {
    const p = stats.parent[i] ?? -1;
    holder[i] = (position[i] ?? -1) >= 0 ? (position[i] ?? -1) : p >= 0 ? (holder[p] ?? -1) : -1;
  }
  // Chars of text in each candidate's kept children.
  const inKept = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const i = at[k] as number;
    const p = stats.parent[i] ?? -1;
    const up = p >= 0 ? (holder[p] ?? -1) : -1;
    tree.parent[k] = up;
    if (up >= 0) inKept[up] = (inKept[up] ?? 0) + (stats.textLength[i] ?? 0);
  }
  for (let k = 0; k < n; k++)
    tree.ownText[k] = Math.max(0, (stats.textLength[at[k] as number] ?? 0) - (inKept[k] ?? 0));
}

/**
 * A run of siblings with the media between them that carry no text: images, pictures,
 * videos and embeds between the paragraphs are the article's too, but the forest scores
 * only elements with visible text, so a run of scored elements skips them. Empty
 * elements without media (ad slots, spacers) and scripts stay out.
 *
 * @param run the chosen elements, document order
 * @returns `run` with the textless media siblings between its first and last element, in
 *   document order; `run` itself unless it is two or more children of one parent
 */
export function withTextlessBetween(run: readonly Element[]): Element[] {
  const first = run[0];
  const last = run[run.length - 1];
  const parent = first?.parentElement;
  if (run.length < 2 || !first || !last || !parent) return [...run];
  if (!run.every((e) => e.parentElement === parent)) return [...run];
  const chosen = new Set(run);
  const out: Element[] = [];
  for (let e: Element | null = first; e; e = e.nextElementSibling) {
    const media = e.matches(MEDIA) || e.querySelector(MEDIA) !== null;
    if (chosen.has(e) || (media && (e.textContent ?? "").trim() === "")) out.push(e);
    if (e === last) break;
  }
  return out;
}
