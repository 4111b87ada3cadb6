/**
 * The detection a page pays for where the gate opens (ARCHITECTURE.md, "Staged
 * detection"), as the content script runs it: the next link; the page element only when
 * there is a next link; on a page without one, the page's own "Load more" button, kept
 * only when it extends the main list (the page element). The content script
 * (content/detector.ts), `tsugi detect` and `npm run bench` all run this, so the command
 * and the bench report what a page load costs rather than both halves on every page.
 */
import { SliceBudget } from "../budget/slices";
import { findLoadMore, type LoadMoreTarget, mainListControl } from "../features/load-more";
import { UNSURE_FLOOR } from "./confirm-next";
import { type Detection, detectInSlices } from "./detect";
import { detectPageElementSteps } from "./page-element";
import type { RefusedLink } from "./refused-links";

/** What the staged detection found. */
export interface StagedDetection {
  /** the next link (an unsure one included, for page 2 to confirm) and its page element */
  found: Detection;
  /** the page's load-more button when there is no next link and it extends the main list */
  loadMore: LoadMoreTarget | null;
}

/** Where the caller waits between stages. A next link the forest is unsure of is always
 * kept for page 2 to confirm (the pager's third stage, ./confirm-next.ts). */
export interface StageHooks {
  /** resolves at the page's next idle time (requestIdleCallback) */
  idle: () => Promise<void>;
  /** awaited before any page-element detection (the extension loads the page-element
   * forest there, ./injected-models.ts); rejects to abort */
  beforePageElement?: () => Promise<void>;
  /** the reader's corrections on this page (./refused-links.ts): a refused candidate is
   * skipped and the next-best one must pass the page-2 check */
  refused?: RefusedLink | null;
  /** the slices the work runs in (./../budget/slices.ts): its `longestMs` is tsugi's
   * longest task on the page; default a new one */
  budget?: SliceBudget;
}

/**
 * Detect on a page, stage by stage (seed 000 §3.2-3.3 for the two forests).
 * @param doc the live document
 * @param pageUrl its URL
 * @param hooks the waits between stages
 * @returns the detection (`found.ms`: the next-link and page-element work, not the waits
 *   nor the load-more look) and the load-more button, if any
 */
export async function detectStaged(
  doc: Document,
  pageUrl: string,
  hooks: StageHooks,
): Promise<StagedDetection> {
  const budget = hooks.budget ?? new SliceBudget();
  const found = await detectInSlices(
    doc,
    pageUrl,
    hooks.idle,
    UNSURE_FLOOR,
    hooks.beforePageElement,
    hooks.refused,
    budget,
  );
  if (found.next.url) return { found, loadMore: null };
  const control = findLoadMore(doc);
  if (!control) return { found, loadMore: null };
  if (hooks.beforePageElement) await budget.wait(hooks.beforePageElement());
  const list = await budget.run(detectPageElementSteps(doc, null));
  const main = mainListControl(control, list.elements);
  return { found, loadMore: main ? control : null };
}
