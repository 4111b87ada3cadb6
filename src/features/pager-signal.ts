/**
 * The candidate stage of next-link detection: the link features that say a
 * link may page at all. A link none of whose anchors shows one of them (no rel=next, no
 * "next"/"older"/"more" word, arrow or next class, no page number in its text or URL, no
 * cursor, not in a pager, no NEXT/PAGE in its markup) is never scored: the forest's other
 * features (layout, comment and header position, next-item words, URL dates) are not
 * computed for it. These are the gate's signals (src/gate/signals.ts) read per link, plus
 * the pager class of seed 000 §3.2.2's pager region and the thesis' own NEXT/PAGE label
 * tests (Table 3.1 (1)–(2)). No threshold is learned here.
 *
 * A number alone is not a signal ({@link hasPagerSignal}): a link whose only sign is a
 * numeric text, in no pager, in no numbered run one past the current page, one page on by
 * no number of its URL and without NEXT/PAGE in its markup, is another thread's page, a
 * count or a footnote. Forum and list pages carry dozens (every thread row's own page
 * links), and each scored link costs its full features.
 *
 * Measured on the corpus harvest (66,758 links of 638 pages): 7.2 % of links pass (9.2 %
 * with a number alone counted), every labelled next link (201) passes, and so does every
 * link the shipped forest scores 0.5 or more (249; the 1,307 number-only links score at
 * most 0.075), so on the corpus the detector decides as it did with every link scored.
 */
import type { LinkFeatureName } from "./link-feature-names";

/** The signal features, all 0/1 except `cursorParam` (0/1 too) and computed for every link. */
export const PAGER_SIGNAL_FEATURES = [
  "nextLabel",
  "pageLabel",
  "relNext",
  "nextText",
  "nextAttr",
  "numericText",
  "isPlusOne",
  "inPager",
  "runPlusOne",
  "iconNext",
  "cursorParam",
  "olderText",
  "moreText",
  "olderStep",
] as const satisfies readonly LinkFeatureName[];

export type PagerSignalName = (typeof PAGER_SIGNAL_FEATURES)[number];

/**
 * Whether a link shows a pager signal, so that it gets all its features and a score: one
 * of {@link PAGER_SIGNAL_FEATURES} above 0 other than `numericText`, which counts only
 * beside another (a number alone pages nothing: see the module's note).
 *
 * @param signals the link's {@link PAGER_SIGNAL_FEATURES} values
 * @returns true when a signal other than `numericText` is above 0
 */
export function hasPagerSignal(signals: Readonly<Record<PagerSignalName, number>>): boolean {
  // Indexed: asked of every link of a page, uncompiled on its first detection, where each
  // step of an array iterator allocates.
  for (let i = 0; i < PAGER_SIGNAL_FEATURES.length; i++) {
    const name = PAGER_SIGNAL_FEATURES[i] as PagerSignalName;
    if (name !== "numericText" && signals[name] > 0) return true;
  }
  return false;
}
