/**
 * The phrasing elements the page-element detector can leave out of its candidates (issue
 * 13, "page-element features only for plausible containers"; {@link PHRASING_OUT}). A link, a `<span>` or an `<em>`
 * is never a page element of its own: its text belongs to the paragraph, list item or
 * cell around it, which is scored with that text inside. Leaving these elements out
 * spares their feature rows, layout reads and forest votes, about 4 candidates in 10 on a
 * corpus page; their text is counted in the nearest kept ancestor
 * (src/detect/page-element-choice.ts, `keptTree`). Readability.js scores block
 * containers only, for the same reason (seed 000 §2.2).
 *
 * Tags as the HTML standard's phrasing content that wraps text, lower-case; form
 * controls, media and embedded content stay candidates (they carry no text, or the
 * forest already knows them as never content).
 */
export const PHRASING_TAGS: ReadonlySet<string> = new Set([
  "a",
  "abbr",
  "acronym",
  "b",
  "bdi",
  "bdo",
  "big",
  "cite",
  "code",
  "data",
  "del",
  "dfn",
  "em",
  "font",
  "i",
  "ins",
  "kbd",
  "label",
  "mark",
  "nobr",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strike",
  "strong",
  "sub",
  "sup",
  "time",
  "tt",
  "u",
  "var",
]);

/**
 * Whether the page-element detector leaves the {@link PHRASING_TAGS} elements out of its
 * candidates (src/detect/page-element.ts) and the evaluation decides the same way
 * (src/train/experiment.ts, `phrasingOut`; the forest then also learns without their
 * rows). Off: measured (paired site-disjoint 5-fold CV, one harvest), the cut
 * costs the page element of pagination pages, the one tsugi joins, 3.1 points of F1
 * (0.926 → 0.895: recall 0.975 → 0.921, the choice falls on a smaller block), while
 * articles gain (readability 0.880 → 0.908, googletrends 0.746 → 0.781). Its cold saving
 * was 12 % (median 176.7 → 154.9 ms, 60 corpus pages with a next link, a paired probe).
 */
export const PHRASING_OUT = false;
