/**
 * Wrappers: the page-element candidates whose text is one child's, word for word, with
 * nothing beside them (issue 13, "page-element features only for plausible containers").
 * A candidate with no text of its own, one child candidate and no sibling candidate (the
 * middle of a chain of only children, `<div id="page"><div class="shell"><main>`) covers
 * the same text as its child and can form no run of siblings, so the detector scores the
 * child alone and leaves the wrapper out ({@link WRAPPERS_OUT}), as it can leave out the
 * phrasing elements (./phrasing.ts): the wrapper's feature row, layout reads and forest
 * votes are spared, and the child hangs under the wrapper's parent in the kept tree
 * (src/detect/page-element-choice.ts, `keptTree`). A chosen child is reported as the
 * outermost wrapper around it (`NodeRows.outer`, src/features/node-features.ts): the same
 * text. 11.6 % of the corpus's candidates are such wrappers.
 */

/**
 * Whether the page-element detector leaves the wrappers ({@link wrappers}) out of its
 * candidates (src/features/node-features.ts, `wrappersOut`) and the evaluation decides the
 * same way (src/train/experiment.ts, `wrappersOut`; `npm run train` reports the other
 * setting as an ablation). The forest learns on every candidate either way.
 *
 * Measured in stop 44 (site-disjoint 5-fold CV, one harvest, the same forests), page 1's
 * page-element F1, pagination / articles / Google Trends: 0.9255 / 0.8802 / 0.7456 with it
 * as without it, and no held-out page's F1 moved. On the 119 corpus page pairs labelled
 * on both pages, page 2 read with page 1's rule: no page's text changed (a probe with the
 * shipped forest). First measured was a broader cut, every candidate with
 * no text of its own and one child (39.5 % of the candidates): page 1 held (0.9275 /
 * 0.8795 / 0.7462) and the detection was faster (full bench: cold 1.06× Readability.js's
 * median against 1.09), but page 2 lost (text F1 0.9425 → 0.9364; d0024 0.71 → 0.09):
 * where each item of a list wraps one inner block, the forest then scored the inner block,
 * whose sibling features are an only child's, items fell out of the run and its XPath no
 * longer named their class. Those items, wrappers with siblings, keep their rows. Scoring
 * the wrapper and leaving its child out instead cost page 1 of pagination pages 0.7
 * points (0.9189), 2.1 with the forest retrained without those rows.
 */
export const WRAPPERS_OUT = true;

/**
 * The wrappers of a candidate tree: candidates below the root without text of their own,
 * with exactly one child candidate and no sibling candidate (the middle of a chain of only
 * children, `<div id="page"><div class="inner"><main>…`). A wrapper's text is its child's.
 * One with siblings that carry text is an item of a series (a list item, a post around
 * one inner block): its sibling features describe the series and its child's do not, so it
 * stays a candidate.
 *
 * @param parent position of each candidate's parent candidate, −1 for a root (parents
 *   before children, document order)
 * @param ownText chars of text directly in each candidate (not in its child elements)
 * @returns 1 for each wrapper, 0 otherwise, one per candidate
 */
export function wrappers(parent: ArrayLike<number>, ownText: ArrayLike<number>): Uint8Array {
  const n = parent.length;
  const children = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const p = parent[k] ?? -1;
    if (p >= 0) children[p] = (children[p] ?? 0) + 1;
  }
  const out = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const p = parent[k] ?? -1;
    if (p >= 0 && children[p] === 1 && children[k] === 1 && (ownText[k] ?? 0) === 0) out[k] = 1;
  }
  return out;
}
