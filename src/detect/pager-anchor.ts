import { imageAlts, inPager, type LinkVector, nextText } from "../features/link-features";
import { visibleText } from "../features/text";

/**
 * The anchor that stands for a next link in the page: the first one whose own
 * text says "next" or that sits in a pager, else the first in document order
 * (seed 000 §3.3.2.3 takes the first). A table of contents inside an article
 * often links to page 2 before the pager does; taking that anchor would put the
 * "pager" inside the article body.
 *
 * @param v a merged link vector
 * @returns one of `v.anchors`, or null when it has none
 */
export function pagerAnchor(v: LinkVector): HTMLAnchorElement | null {
  const byText = v.anchors.find((a) => nextText(visibleText(a), imageAlts(a)) === 1);
  return byText ?? v.anchors.find((a) => inPager(a) === 1) ?? v.anchors[0] ?? null;
}
