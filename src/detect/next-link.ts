import {
  extractLinkVectors,
  imageAlts,
  inPager,
  type LinkFeatureName,
  type LinkVector,
  nextText,
} from "../features/link-features";
import { visibleText } from "../features/text";

/**
 * Transparent next-link scorer: a hand-set logistic model over the link
 * features of `src/features/link-features.ts`. It stands in until the random
 * forest of seed 000 §3.2 is trained on the corpus (models/CARD.md says so);
 * the features and the per-page decision below stay the same when it lands.
 *
 * Weights are log-odds contributions. No single weak hint (a "next" word in a
 * long link, a number link) reaches the threshold alone: a next link needs two
 * agreeing signals, e.g. "Next >" text and page-number arithmetic, or rel=next
 * and a pager container. That keeps tsugi idle on single articles whose
 * "Next story >" links lead elsewhere.
 */
export const NEXT_LINK_WEIGHTS: Partial<Record<LinkFeatureName, number>> = {
  relNext: 4,
  nextText: 3,
  nextAttr: 1.5,
  isPlusOne: 2.5,
  inPager: 1,
  numericText: 0.5,
  prevHint: -5,
  disabledOrCurrent: -4,
  inComments: -3,
};

/** Bias of the logistic model: the log-odds of a link with no signal. */
export const NEXT_LINK_BIAS = -4.2;

/** Score at or above which the best link is taken as the next link. */
export const NEXT_LINK_THRESHOLD = 0.5;

/**
 * Probability-like score of one link being the next link.
 * @param v a merged link vector (seed 000 §3.2.2, Table 3.2)
 * @returns a score in 0..1
 */
export function scoreNextLink(v: LinkVector): number {
  const f = v.features;
  let z = NEXT_LINK_BIAS;
  for (const [name, w] of Object.entries(NEXT_LINK_WEIGHTS) as [LinkFeatureName, number][]) {
    z += w * (f[name] > 0 ? 1 : 0);
  }
  // Pagination links are short and repeated; long links are article titles.
  if (f.occurrences >= 2) z += 0.5;
  if (f.linkSimilarity >= 0.8) z += 0.5;
  if (f.textLength > 40) z -= 2;
  if (f.visible === 0) z -= 3;
  return 1 / (1 + Math.exp(-z));
}

/** The per-page decision of the next-link detector. */
export interface NextLinkResult {
  /** Absolute URL of the next page, or null when the page has none. */
  url: string | null;
  /** Score of the best candidate (0..1), also when it fell below the threshold. */
  score: number;
  /** The anchor of the chosen link that sits in the pager (see {@link pagerAnchor}). */
  anchor: HTMLAnchorElement | null;
  /** Candidates considered (same-origin links merged by URL). */
  candidates: number;
}

/**
 * Find the next-page link of a document: score every same-origin link and take
 * the best one above `threshold`, else none (an auto-pager must stay idle).
 * @param doc the page (live or parsed; layout features are used when present)
 * @param pageUrl absolute URL of `doc` (base for relative links, origin filter)
 * @param threshold decision threshold, default {@link NEXT_LINK_THRESHOLD}
 */
export function detectNextLink(
  doc: Document,
  pageUrl: string,
  threshold = NEXT_LINK_THRESHOLD,
): NextLinkResult {
  const vectors = extractLinkVectors(doc, pageUrl);
  let best: LinkVector | null = null;
  let bestScore = 0;
  for (const v of vectors) {
    const s = scoreNextLink(v);
    if (s > bestScore) {
      best = v;
      bestScore = s;
    }
  }
  const chosen = best && bestScore >= threshold ? best : null;
  return {
    url: chosen?.url ?? null,
    score: bestScore,
    anchor: chosen ? pagerAnchor(chosen) : null,
    candidates: vectors.length,
  };
}

/**
 * The anchor that stands for a next link in the page: the first one whose own
 * text says "next" or that sits in a pager, else the first in document order
 * (seed 000 §3.3.2.3 takes the first). A table of contents inside an article
 * often links to page 2 before the pager does; taking that anchor would put the
 * "pager" inside the article body.
 */
export function pagerAnchor(v: LinkVector): HTMLAnchorElement | null {
  const byText = v.anchors.find((a) => nextText(visibleText(a), imageAlts(a)) === 1);
  return byText ?? v.anchors.find((a) => inPager(a) === 1) ?? v.anchors[0] ?? null;
}
