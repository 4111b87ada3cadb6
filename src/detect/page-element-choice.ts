/**
 * From per-node content probabilities to the page element: the hierarchy relabel of seed
 * 001 (second pass with two thresholds) and the choice of one container or one run of
 * sibling elements. Pure functions over index arrays, so the content script, the CLI and
 * the cross-validation run exactly the same post-processing.
 *
 * The candidate tree: `parent[i]` is the position of candidate i's parent among the
 * candidates (−1 for a root), parents before children (document order).
 */

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
  const label = Uint8Array.from({ length: n }, (_, i) => ((first[i] ?? 0) >= 1 ? 1 : 0));
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) {
    const p = parent[i] ?? -1;
    if (p >= 0) children[p]?.push(i);
  }
  // Children come after their parent, so walking backwards finishes them first.
  for (let b = n - 1; b >= 0; b--) {
    const kids = children[b] ?? [];
    if (kids.length === 0) continue;
    let content = label[b] ?? 0;
    for (const c of kids) content += label[c] ?? 0;
    const share = content / (kids.length + 1);
    if (share >= upper) {
      label[b] = 1;
      for (const c of kids) label[c] = 1;
    } else if (share < lower) {
      label[b] = 0;
    }
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
 * A candidate containing the next link is never chosen whole (a joined page must not
 * bring its own pager), but runs of its children are. Runs are searched among up to
 * `maxRun` children of each candidate.
 *
 * @param parent candidate tree
 * @param ownText chars of text directly in each candidate
 * @param mask content weight of each candidate in 0..1 (relabelled labels or probabilities)
 * @param containsNext 1 for candidates that contain the next-link anchor
 * @param maxRun children examined for runs per candidate (default 400)
 * @returns the choice; empty when no candidate has content
 */
export function choosePageElement(
  parent: ArrayLike<number>,
  ownText: ArrayLike<number>,
  mask: ArrayLike<number>,
  containsNext: ArrayLike<number>,
  maxRun = 400,
): PageElementChoice {
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
  if (contentTotal <= 0) return { nodes: [], score: 0 };
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let i = n - 1; i >= 0; i--) {
    const p = parent[i] ?? -1;
    if (p < 0) continue;
    inside[p] = (inside[p] ?? 0) + (inside[i] ?? 0);
    total[p] = (total[p] ?? 0) + (total[i] ?? 0);
    children[p]?.unshift(i);
  }
  const f1 = (inn: number, tot: number) => (2 * inn) / (contentTotal + tot);

  let best: PageElementChoice = { nodes: [], score: 0 };
  for (let i = 0; i < n; i++) {
    if ((containsNext[i] ?? 0) !== 1) {
      const s = f1(inside[i] ?? 0, total[i] ?? 0);
      if (s > best.score) best = { nodes: [i], score: s };
    }
    const kids = (children[i] ?? []).slice(0, maxRun);
    if (kids.length < 2) continue;
    // Runs of >= 2 consecutive children without the next link, by prefix sums.
    for (let a = 0; a < kids.length; a++) {
      let inn = 0;
      let tot = 0;
      for (let b = a; b < kids.length; b++) {
        const k = kids[b] ?? 0;
        if ((containsNext[k] ?? 0) === 1) break;
        inn += inside[k] ?? 0;
        tot += total[k] ?? 0;
        if (b > a) {
          const s = f1(inn, tot);
          if (s > best.score) best = { nodes: kids.slice(a, b + 1), score: s };
        }
      }
    }
  }
  return best;
}

/** Decision parameters of the page-element model (stored in models/page-element.json). */
export interface PageElementParams {
  /** probability at which a node is first labelled content (default 0.5) */
  firstThreshold?: number;
  /** 1 to run seed 001's relabel, 0 to skip it */
  relabel?: number;
  relabelUpper?: number;
  relabelLower?: number;
}

/**
 * The whole post-processing from node probabilities to the page element: first labels at
 * `firstThreshold`, seed 001's relabel, {@link choosePageElement}; when nothing is
 * labelled content, the probabilities themselves weigh the text.
 *
 * @param parent candidate tree
 * @param ownText chars of text directly in each candidate
 * @param probs content probability of each candidate (page-element forest)
 * @param containsNext 1 for candidates that contain the next-link anchor
 * @param params decision parameters
 * @returns the choice (candidate positions)
 */
export function pageElementFromProbabilities(
  parent: ArrayLike<number>,
  ownText: ArrayLike<number>,
  probs: readonly number[],
  containsNext: ArrayLike<number>,
  params: PageElementParams = {},
): PageElementChoice {
  const t = params.firstThreshold ?? 0.5;
  const first = probs.map((p) => (p >= t ? 1 : 0));
  const mask =
    (params.relabel ?? 1) === 1
      ? relabelByHierarchy(
          parent,
          first,
          params.relabelUpper ?? RELABEL_UPPER,
          params.relabelLower ?? RELABEL_LOWER,
        )
      : Uint8Array.from(first);
  const choice = choosePageElement(parent, ownText, mask, containsNext);
  return choice.nodes.length > 0 ? choice : choosePageElement(parent, ownText, probs, containsNext);
}
