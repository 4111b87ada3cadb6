/**
 * Wrappers: the page-element candidates whose text is one child's, word for word (issue
 * 13, "page-element features only for plausible containers"). A candidate with no text of
 * its own and one child candidate covers the same text as its child, so the detector
 * scores the child alone and leaves the wrapper out ({@link WRAPPERS_OUT}), as it can
 * leave out the phrasing elements (./phrasing.ts): the wrapper's feature row, layout
 * reads and forest votes are spared, and the child hangs under the wrapper's parent in
 * the kept tree (src/detect/page-element-choice.ts, `keptTree`). A chosen child is
 * reported as the outermost wrapper around it (`NodeRows.outer`,
 * src/features/node-features.ts): the same text. The items of a series (siblings of the
 * same tag and class: list items, posts) keep their rows even when each wraps one block:
 * their sibling features describe the series, and page 2's rule is built from them.
 * 24.8 % of the corpus's candidates are wrappers by this rule.
 */

/**
 * Whether the page-element detector leaves the wrappers ({@link wrappers}) out of its
 * candidates (src/features/node-features.ts, `wrappersOut`) and the evaluation decides the
 * same way (src/train/experiment.ts, `wrappersOut`; `npm run train` reports the other
 * setting as an ablation). The forest learns on every candidate either way.
 *
 * Measured (site-disjoint 5-fold CV, one harvest, the same forests; page-element F1,
 * pagination / articles / Google Trends; without any cut 0.9255 / 0.8802 / 0.7456):
 * - every candidate with no own text and one child (39.5 %): 0.9275 / 0.8795 /
 *   0.7462 and faster (full bench: cold 1.06× Readability.js's median against 1.09), but
 *   page 2 read with page 1's rule lost (text F1 0.9425 → 0.9364 on the 119 corpus page
 *   pairs labelled on both pages; d0024 0.71 → 0.09): where each item of a list wraps one
 *   inner block, the forest scored the inner block, whose sibling features are an only
 *   child's, items fell out of the run and its XPath no longer named their class.
 * - shipped first: only wrappers without sibling candidates (11.6 %): no page moved
 *   on page 1 or page 2; no speed-up the paired comparison could show.
 * - shipped now: wrappers without sibling candidates or whose siblings all differ
 *   from them in tag or class (24.8 %): 0.9266 / 0.8798 / 0.7464 (32 pages moved, both
 *   ways); page 2 0.9425 → 0.9434 (d0187 0.82 → 0.94, d0035 1.00 → 0.99; in-sample probe);
 *   paired against the first cut's build on 200 pagination pages, cold −1.70 ms, 95 % interval
 *   [−3.55, −0.63], the same next link on all 200.
 * Scoring the wrapper and leaving its child out instead cost page 1 of pagination pages
 * 0.7 points (0.9189), 2.1 with the forest retrained without those rows.
 */
export const WRAPPERS_OUT = true;

/**
 * The wrappers of a candidate tree: candidates below the root without text of their own
 * and with exactly one child candidate (a wrapper's text is its child's), bar the items of
 * a series: one with sibling candidates stays when one of its siblings shares its tag and
 * class (a list item, a post around one inner block), because its sibling features
 * describe the series and its child's would not. So the middle of a chain of only children
 * (`<div id="page"><div class="inner"><main>…`) is a wrapper, and so is a `div.main` around
 * the article beside an `<aside>`.
 *
 * @param parent position of each candidate's parent candidate, −1 for a root (parents
 *   before children, document order)
 * @param ownText chars of text directly in each candidate (not in its child elements)
 * @param alike for each candidate, how many of its sibling elements share its tag and
 *   class (`sameTagSiblings`, src/features/node-features.ts)
 * @returns 1 for each wrapper, 0 otherwise, one per candidate
 */
export function wrappers(
  parent: ArrayLike<number>,
  ownText: ArrayLike<number>,
  alike: ArrayLike<number>,
): Uint8Array {
  const n = parent.length;
  const children = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const p = parent[k] ?? -1;
    if (p >= 0) children[p] = (children[p] ?? 0) + 1;
  }
  const out = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const p = parent[k] ?? -1;
    if (p < 0 || children[k] !== 1 || (ownText[k] ?? 0) !== 0) continue;
    if (children[p] === 1 || (alike[k] ?? 0) === 0) out[k] = 1;
  }
  return out;
}
