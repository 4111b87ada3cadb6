/**
 * Wrappers: the page-element candidates whose text is one child's, word for word (issue
 * 13, "page-element features only for plausible containers"). A `<li>` holding one `<a>`,
 * an `<h2>` around its link, a `<div class="post">` around one `<div class="inner">`: a
 * candidate with no text of its own and one child candidate covers the same text as that
 * child, so the detector can score the child alone and leave the wrapper out
 * ({@link WRAPPERS_OUT}, off), as it can leave out the phrasing elements (./phrasing.ts): the wrapper's feature row, layout reads
 * and forest votes are spared, and the child hangs under the wrapper's parent in the kept
 * tree (src/detect/page-element-choice.ts, `keptTree`). A chosen child is reported as the
 * outermost wrapper around it (`NodeRows.outer`, src/features/node-features.ts): the same
 * text, and a run of chosen elements stays a run of DOM siblings.
 *
 * On the corpus, 39.5 % of the candidates are such wrappers (the median page: 38 %), and
 * a wrapper's content label differs from its child's in 28 of 128,017.
 */

/**
 * Whether the page-element detector leaves the wrappers ({@link wrappers}) out of its
 * candidates (src/features/node-features.ts, `wrappersOut`) and the evaluation decides the
 * same way (src/train/experiment.ts, `wrappersOut`; `npm run train` reports the other
 * setting as an ablation). The forest learns on every candidate either way.
 *
 * Off. Measured in stop 44: on page 1 the cut holds (site-disjoint 5-fold CV, one harvest,
 * the same forests: page-element F1 0.9255 → 0.9275 on pagination pages, 0.8802 → 0.8795
 * on articles, 0.7456 → 0.7462 on Google Trends articles) and saves time (full `npm run
 * bench`: cold 1.06× Readability.js's median against 1.09 in the last run without it, p95
 * 73.3 against 88.1 ms). But the rule learned from page 1 then reads page 2 differently on
 * 22 of the 193 fetched bench pages, and on some it takes much less: where each item of a
 * list is a wrapper around one inner block, the forest scores the inner block, whose
 * sibling features are an only child's, some items fall out of the run, and the run's
 * XPath no longer names the items' shared class (d0024: 263 → 30 nodes inserted from page
 * 2). On the 119 corpus page pairs with labels on both pages (a probe with the shipped
 * forest, which has seen these pages), page 2's text F1 fell from 0.9425 to 0.9364 (5
 * pages down, d0024 0.71 → 0.09 and d0099 1.00 → 0.79; 2 up) while page 1's rose from
 * 0.9483 to 0.9524: what is joined is page 2, so the cut stays off. Scoring the wrapper and leaving its child out instead cost page 1 of
 * pagination pages 0.7 points (0.9189), 2.1 with the forest retrained without those rows.
 */
export const WRAPPERS_OUT = false;

/**
 * The wrappers of a candidate tree: candidates below the root without text of their own
 * and with exactly one child candidate. A wrapper's text is its child's.
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
    if ((parent[k] ?? -1) >= 0 && children[k] === 1 && (ownText[k] ?? 0) === 0) out[k] = 1;
  }
  return out;
}
