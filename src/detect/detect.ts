import { SliceBudget } from "../budget/slices";
import { xpathsForRun } from "../rule/xpath";
import { detectNextLink, detectNextLinkSteps, type NextLinkResult } from "./next-link";
import { detectPageElement, detectPageElementSteps } from "./page-element";
import type { RefusedLink } from "./refused-links";

/** Everything tsugi decides about one page. */
export interface Detection {
  next: NextLinkResult;
  /** Page element(s) in document order (empty when none found). */
  pageElements: Element[];
  /** XPath(s) selecting the page element(s), as in a SITEINFO `pageElement`. */
  pageElementXPaths: string[];
  /** Wall time of features + scoring + post-processing, ms (the XPaths not included). */
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
  // The time is the detection's; the XPaths are the site rule's (built once, at idle time).
  const ms = performance.now() - t0;
  const pageElementXPaths = xpathsForRun(page.elements);
  return { next, pageElements: page.elements, pageElementXPaths, ms };
}

/**
 * {@link detect} as the content script runs it: the next link first, and the page
 * element only when there is one (a page without a next link has nothing to join, so
 * most page loads cost only the first half), in a separate idle period; each half in the
 * budget's slices ({@link SliceBudget}), yielding to the page between them, so that no
 * task of tsugi's is a long task and a scroll is answered within a frame. The decisions
 * are those of {@link detect} on an unchanged document.
 * @param idle resolves at the page's next idle time (requestIdleCallback)
 * @param unsureFloor keep a next link scoring at least this (below the model's threshold)
 *   as `unsure`, for the pager to confirm on page 2 (`UNSURE_FLOOR` of confirm-next.ts);
 *   default none
 * @param beforePageElement awaited before the second half (the extension loads the
 *   page-element forest there, ./injected-models.ts); rejects to abort
 * @param refused the reader's corrections on this page (./refused-links.ts), if any
 * @param budget the slices the work runs in (its longest slice is the longest task);
 *   default a new one of `SLICE_MS`
 * @returns the detection; `ms` sums the slices' work (the XPaths not included), not the
 *   waits between them nor the page's own tasks between slices
 */
export async function detectInSlices(
  doc: Document,
  pageUrl: string,
  idle: () => Promise<void>,
  unsureFloor?: number,
  beforePageElement?: () => Promise<void>,
  refused?: RefusedLink | null,
  budget: SliceBudget = new SliceBudget(),
): Promise<Detection> {
  const before = budget.totalMs;
  const next = await budget.run(detectNextLinkSteps(doc, pageUrl, undefined, unsureFloor, refused));
  if (!next.url)
    return { next, pageElements: [], pageElementXPaths: [], ms: budget.totalMs - before };
  if (beforePageElement) await budget.wait(beforePageElement());
  await budget.wait(idle());
  const anchor = next.anchor?.isConnected ? next.anchor : null;
  const page = await budget.run(detectPageElementSteps(doc, anchor));
  // The XPaths are part of the detection's work (a long list's take some ms).
  const pageElementXPaths = xpathsForRun(page.elements);
  const ms = budget.totalMs - before;
  return { next, pageElements: page.elements, pageElementXPaths, ms };
}
