import { xpathsForRun } from "../rule/xpath";
import { detectNextLink, type NextLinkResult } from "./next-link";
import { detectPageElement } from "./page-element";

/** Everything tsugi decides about one page. */
export interface Detection {
  next: NextLinkResult;
  /** Page element(s) in document order (empty when none found). */
  pageElements: Element[];
  /** XPath(s) selecting the page element(s), as in a SITEINFO `pageElement`. */
  pageElementXPaths: string[];
  /** Wall time of features + scoring + post-processing, ms. */
  ms: number;
}

/**
 * Run both detectors on one page, next link first: its anchor feeds the
 * page element's DOM-distance feature (seed 000 §3.3.2.3).
 * @param doc live or parsed document
 * @param pageUrl absolute URL of the page
 */
export function detect(doc: Document, pageUrl: string): Detection {
  const t0 = performance.now();
  const next = detectNextLink(doc, pageUrl);
  const page = detectPageElement(doc, next.anchor);
  const pageElementXPaths = xpathsForRun(page.elements);
  return { next, pageElements: page.elements, pageElementXPaths, ms: performance.now() - t0 };
}
