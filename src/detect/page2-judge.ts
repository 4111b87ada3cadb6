/**
 * The page-2 judge: one stage that reads the fetched page 2 once and answers what page 1
 * alone cannot prove. Does it continue page 1 (./confirm-next.ts: the same template, its
 * pager moved on by one, or it links back to page 1 as the same document)? If it does not,
 * which of page 1's candidate links does page 2 itself show to be the page after page 1
 * (a page parameter counted from 0 sends the forest's pick to page 3, whose pager then
 * names page 2's link)? And how far does page 1's body reach (./body-extent.ts: a sibling
 * of the chosen body whose text differs between the two pages is more of the body)? Seeds
 * 002 and 003 read pages that share one template against each other; here the second page
 * settles the first page's doubts.
 *
 * Pure functions over two documents (the live page 1, the parsed page 2: no layout).
 */

import { runNow, type Steps } from "../budget/slices";
import { samePageKey } from "../keys/page-url";
import { type BodyExtent, bodyExtent } from "./body-extent";
import {
  type Confirmation,
  confirmNextPageSteps,
  numberedLinks,
  pagerCurrentPage,
} from "./confirm-next";
import { decidePage2, type Page2Decision } from "./page2-signals/decide";
import { holdsPageElement } from "./page2-signals/page-element";
import { type Page2Signals, readPage2Signals } from "./page2-signals/read";

export { holdsPageElement };

/** What page 2 said. */
export interface Page2Verdict {
  /** page 2 continues page 1: join it */
  continues: boolean;
  /** the pager's signals behind `continues` (./confirm-next.ts) */
  confirmation: Confirmation;
  /** the items' and the evidence's signals (./page2-signals/read.ts); null when page 1
   * settled the link (no signal read) */
  signals: Page2Signals | null;
  /** how the signals combined: the reading that showed continuation and the category
   * that refused (./page2-signals/decide.ts) */
  decision: Page2Decision;
  /** when it does not continue: the URL of one of page 1's candidates that page 2's own
   * pager shows as the page after page 1 (its link numbered page 1's current + 1, or
   * marked `rel=prev` when page 2 is that very page's successor), null when page 2 names
   * none of them */
  candidate: string | null;
  /** page 1's body to its full extent, when page 2 shows it reaches further than the
   * page element chosen (null: as chosen, or page 2 does not continue page 1) */
  extent: BodyExtent | null;
}

/** Page 1 as the judge reads it. */
export interface JudgedPage1 {
  /** the live document */
  doc: Document;
  url: string;
  /** URLs of the other candidate links (those the pager may hand over to) */
  candidates: readonly string[];
  /** the chosen page element(s) and their XPaths, for the body's extent (none: not asked) */
  elements?: readonly Element[];
  xpaths?: readonly string[];
}

/**
 * The links of page 2's pager that show page number `n`, as absolute URLs without
 * fragment.
 *
 * @param doc page 2
 * @param url its URL
 * @param n the page number looked for
 * @returns the URLs of the links whose text is `n`
 */
export function numberedLinkTo(doc: Document, url: string, n: number): string[] {
  return numberedLinks(doc, url)
    .filter((l) => l.n === n)
    .map((l) => l.url);
}

/**
 * Judge a fetched page against page 1, once: whether it continues page 1, which candidate
 * it names when it does not, and the body's extent when it does.
 *
 * @param page1 page 1 (the live document), its URL, its other candidate links, and its
 *   page element with XPaths (page 2 must then hold it to continue page 1, and the extent
 *   is read)
 * @param page2 the fetched document and its final URL
 * @param doubt true when page 1 alone did not settle the link (it waits for page 2);
 *   false: it continues by page 1's word, and only the extent is read
 * @returns the verdict; never throws
 */
export function judgePage2(
  page1: JudgedPage1,
  page2: { doc: Document; url: string },
  doubt = true,
): Page2Verdict {
  return runNow(judgePage2Steps(page1, page2, doubt));
}

/**
 * {@link judgePage2} as a loop that yields between its reads (and within the template
 * walks of both pages), so that the pager runs it in slices the reader cannot feel
 * (../budget/slices.ts): the same verdict.
 *
 * @param page1 as for {@link judgePage2}
 * @param page2 as for {@link judgePage2}
 * @param doubt as for {@link judgePage2}
 * @returns the loop; its result is the verdict
 */
export function* judgePage2Steps(
  page1: JudgedPage1,
  page2: { doc: Document; url: string },
  doubt = true,
): Steps<Page2Verdict> {
  const confirmation = doubt ? yield* confirmNextPageSteps(page1, page2) : ACCEPTED;
  yield;
  // Page 1 settled the link: only the extent is read.
  const signals = doubt ? yield* readPage2Signals(page1, page2) : null;
  const decision = signals ? decidePage2(confirmation, signals) : SETTLED;
  const continues = decision.continues;
  yield;
  if (!continues)
    return {
      continues: false,
      confirmation,
      signals,
      decision,
      candidate: namedSuccessor(page1, page2),
      extent: null,
    };
  const extent =
    page1.elements && page1.xpaths
      ? bodyExtent(
          { doc: page1.doc, url: page1.url, elements: page1.elements, xpaths: page1.xpaths },
          page2,
        )
      : null;
  return { continues: true, confirmation, signals, decision, candidate: null, extent };
}

/** A link page 1 settled: no signal read. */
const ACCEPTED: Confirmation = {
  confirmed: true,
  template: 1,
  templateBack: 1,
  pagerMoved: false,
  samePager: true,
  pointsBack: false,
  sameDocument: false,
  otherPage: false,
};

/** The decision on a link page 1 settled. */
const SETTLED: Page2Decision = { continues: true, continuation: null, refusedBy: null };

/** The candidate of page 1 that page 2's pager numbers as page 1's current + 1. */
function namedSuccessor(
  page1: { doc: Document; url: string; candidates: readonly string[] },
  page2: { doc: Document; url: string },
): string | null {
  if (page1.candidates.length === 0) return null;
  // Compared as pages (../keys/page-url.ts): page 2's "3" may carry a redirect counter or
  // a tracker that page 1's link to it lacks.
  const byUrl = new Map(page1.candidates.map((c) => [samePageKey(c), c]));
  const expected = (pagerCurrentPage(page1.doc, page1.url) ?? 1) + 1;
  const landed = samePageKey(page2.url);
  for (const href of numberedLinkTo(page2.doc, page2.url, expected)) {
    const key = samePageKey(href);
    if (key === landed) continue;
    const c = byUrl.get(key);
    if (c !== undefined) return c;
  }
  return null;
}
