/**
 * All the page-2 judge's item and evidence signals of one pair of pages, read once
 * (./items.ts, ./order.ts, ./evidence.ts): what ./decide.ts combines with the pager's
 * confirmation (../confirm-next.ts).
 */

import type { Steps } from "../../budget/slices";
import { urlNamesNextPage, urlStepsForward } from "../../features/page-number";
import { plainUrl } from "../../keys/page-url";
import { evaluateXPaths } from "../../rule/xpath";
import {
  anotherTitleAndHeading,
  leadsForward,
  pageElementAbsent,
  pagerLeavesSequence,
  sameTitleAndHeading,
  titleNamesNextPage,
  urlLeavesSequence,
  wayBack,
} from "./evidence";
import { recordPair, recordShapeKept, repeatedItemShare } from "./items";
import {
  datesContinue,
  numberingContinues,
  type OrderSignal,
  recordDate,
  recordNumber,
} from "./order";

/** Most records of each page read for the repeat share and the order (a list of 1,500
 * rows reads in a few ms this way). */
export const READ_RECORDS = 60;

/** The signals of one pair of pages beside the pager's confirmation. */
export interface Page2Signals {
  /** page 1's records (0: its page element is no list) */
  records1: number;
  /** page 2's records of page 1's shape */
  records2: number;
  /** share of page 2's items page 1 showed already (0..1) */
  repeatedShare: number;
  /** page 2's dates go on below (above) page 1's */
  dates: OrderSignal;
  /** page 2's item numbers go on from page 1's */
  numbering: OrderSignal;
  /** another title and another heading, unless the title names the page the URL steps to */
  anotherDocument: boolean;
  /** page 1's title and page 1's heading, both present */
  sameTitleAndHeading: boolean;
  /** page 1's page element is missing on page 2 (the pager's hook: render or stop) */
  elementAbsent: boolean;
  /** page 2's pager leads through another path or filter */
  pagerLeaves: boolean;
  /** page 2's own URL leaves page 1's sequence (another path or filter) */
  urlLeaves: boolean;
  /** page 2 is page 1's previous page */
  wayBack: boolean;
  /** page 1 links to page 2 as its next page or by its current + 1 */
  forward: boolean;
  /** page 2's URL is page 1's one page on (page number + 1, or a further item offset) */
  urlStep: boolean;
  /** page 2's URL names page 1's page number + 1 (no item offset) */
  urlNextPage: boolean;
}

/** The evidence and direction flags before they are read: none holds. */
export const NO_EVIDENCE = {
  anotherDocument: false,
  sameTitleAndHeading: false,
  elementAbsent: false,
  pagerLeaves: false,
  urlLeaves: false,
  wayBack: false,
  forward: false,
  urlStep: false,
  urlNextPage: false,
} as const satisfies Partial<Page2Signals>;

/**
 * Read the signals of a pair, yielding between reads (for a SliceBudget).
 *
 * @param page1 page 1, its URL, and its page element and XPaths when the detector chose
 *   them (without them no item signal is read, and the element test gives no evidence)
 * @param page2 the fetched page and its URL
 * @returns the loop; its result is the signals
 */
export function* readPage2Signals(
  page1: {
    doc: Document;
    url: string;
    elements?: readonly Element[];
    xpaths?: readonly string[];
  },
  page2: { doc: Document; url: string },
): Steps<Page2Signals> {
  // Without page 1's page element there are no records to read (segmenting a whole body
  // finds the site's menus as often as its list, and costs a long task on a long page).
  const body2 = page2.doc.body ? [page2.doc.body] : [];
  const elements1 = page1.elements ?? [];
  const selected = page1.xpaths ? evaluateXPaths(page2.doc, page1.xpaths) : [];
  const pair = recordPair(elements1, selected.length > 0 ? selected : body2, READ_RECORDS);
  yield;
  // The boundary is what the order signals read, and a sample is what the repeat share
  // needs: page 1's last records and page 2's first, at most READ_RECORDS of each.
  const r1 = (pair?.first.records ?? []).slice(-READ_RECORDS);
  const r2 = (pair?.second ?? []).slice(0, READ_RECORDS);
  const signals: Page2Signals = {
    records1: pair?.first.records.length ?? 0,
    records2: pair && recordShapeKept(pair) ? pair.second.length : 0,
    repeatedShare: repeatedItemShare(r1, page1.url, r2, page2.url),
    dates: pair ? datesContinue(r1.map(recordDate), r2.map(recordDate)) : "unknown",
    numbering: pair ? numberingContinues(r1.map(recordNumber), r2.map(recordNumber)) : "unknown",
    ...NO_EVIDENCE,
  };
  yield;
  // The addresses' shapes as the pager writes them: page 1 opened with a tracker, on the
  // other host spelling or without its trailing slash steps to page 2 all the same.
  const plain1 = plainUrl(page1.url);
  const plain2 = plainUrl(page2.url);
  signals.urlStep = urlStepsForward(plain1, plain2);
  signals.urlNextPage = urlNamesNextPage(plain1, plain2);
  signals.anotherDocument =
    anotherTitleAndHeading(page1.doc, page2.doc) &&
    !(signals.urlStep && titleNamesNextPage(page1.doc.title, page2.doc.title));
  signals.sameTitleAndHeading = sameTitleAndHeading(page1.doc, page2.doc);
  signals.elementAbsent = pageElementAbsent(page2.doc, page1.xpaths);
  yield;
  signals.forward = leadsForward(page1, page2.url);
  yield;
  signals.pagerLeaves = pagerLeavesSequence(page1, page2.doc, page2.url, signals.forward);
  signals.urlLeaves = urlLeavesSequence(page1.url, page2.url, signals.forward);
  yield;
  signals.wayBack = wayBack(page1, page2);
  return signals;
}
