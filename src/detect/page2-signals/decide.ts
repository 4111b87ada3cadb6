/**
 * The page-2 judge's decision: page 2 continues page 1 when one of four readings shows
 * it (the pager moved on by one through page 1's own pager; a link back to page 1 from
 * the same document; the items go on, ./items.ts and ./order.ts; where no item can be
 * read, the address names the next page of the same titled page) and no evidence shows
 * another document or another list (./evidence.ts). Seed 002 reads the list's records;
 * the pager's readings are ../confirm-next.ts's.
 */

import { type Confirmation, SAME_TEMPLATE_SHARE } from "../confirm-next";
import type { Page2Signals } from "./read";

/** Largest share of page 2's items that page 1 may have shown for the items to go on (a
 * pinned post or two of a short page repeat); from that share on, the items repeat. */
export const MAX_REPEATED_SHARE = 0.5;

/** Why the judge refused (the first category that holds), or null when it joined. */
export type Refusal =
  | "another template"
  | "page element absent"
  | "the way back"
  | "items repeated"
  | "another document"
  | "pager of another list"
  | "pager shows another page"
  | "no continuation";

/** Which reading shows page 2 continues page 1 (the first that holds). */
export type Continuation = "pager moved" | "links back" | "items go on" | "address goes on";

/** The judge's decision with its reasons. */
export interface Page2Decision {
  continues: boolean;
  /** the reading that shows continuation, null when none does */
  continuation: Continuation | null;
  /** the category that refused, null when page 2 continues */
  refusedBy: Refusal | null;
}

/**
 * Page 2's items go on from page 1's: page 1's page element is a list, page 2 holds
 * records of its shape, fewer than {@link MAX_REPEATED_SHARE} of them repeat page 1's,
 * neither the dates nor the numbering break, page 2's URL stays in page 1's sequence, and
 * the direction shows: the dates or the numbering go on, page 2 links back to page 1,
 * page 1 links to page 2 as its next page, or page 2's URL is page 1's one page on.
 * New items of one shape alone do not show it: a later page of the list, the way back
 * and another list of one template have them too (on the corpus's pairs, items without a
 * shown direction joined 21 other pages of a site for 6 real page 2s).
 *
 * @param c the pager's confirmation (its link back)
 * @param s the pair's signals
 * @returns true when the items continue
 */
export function itemsGoOn(c: Confirmation, s: Page2Signals): boolean {
  const kept =
    s.records1 > 0 &&
    s.records2 > 0 &&
    s.repeatedShare < MAX_REPEATED_SHARE &&
    s.dates !== "breaks" &&
    s.numbering !== "breaks" &&
    !s.urlLeaves;
  return (
    kept &&
    (s.dates === "continues" ||
      s.numbering === "continues" ||
      c.pointsBack ||
      s.forward ||
      s.urlStep)
  );
}

/**
 * Page 2 is page 1's next page by its address, where no item can be read: page 1's page
 * element yields no records (a script-drawn grid, a table the records reader does not
 * split), page 2's URL names page 1's page number + 1 (not an item offset, whose step
 * size says nothing of one page), it keeps page 1's title and heading, and its pager
 * shares page 1's links. Another page of the site (+k), the way back (−1), another list
 * (another path or filter) and the next article (another title or heading) each lack one.
 *
 * @param c the pager's confirmation
 * @param s the pair's signals
 * @returns true when the address goes on
 */
export function addressGoesOn(c: Confirmation, s: Page2Signals): boolean {
  return (
    s.records1 === 0 &&
    s.urlNextPage &&
    s.sameTitleAndHeading &&
    c.samePager &&
    c.sameDocument &&
    !s.urlLeaves
  );
}

/**
 * The evidence that refuses page 2, first category first, or null when there is none.
 *
 * @param c the pager's confirmation
 * @param s the pair's signals
 * @returns the refusal's category
 */
export function refusal(c: Confirmation, s: Page2Signals): Refusal | null {
  if (Math.max(c.template, c.templateBack) < SAME_TEMPLATE_SHARE) return "another template";
  if (s.elementAbsent) return "page element absent";
  if (s.wayBack) return "the way back";
  if (s.records2 > 0 && s.repeatedShare >= MAX_REPEATED_SHARE) return "items repeated";
  if (s.anotherDocument) return "another document";
  if (s.pagerLeaves || (c.pagerMoved && !c.samePager)) return "pager of another list";
  if (c.otherPage) return "pager shows another page";
  return null;
}

/**
 * The reading that shows page 2 continues page 1, or null.
 *
 * @param c the pager's confirmation
 * @param s the pair's signals
 * @returns the first reading that holds
 */
export function continuation(c: Confirmation, s: Page2Signals): Continuation | null {
  if (c.pagerMoved && c.samePager) return "pager moved";
  // A page that is no list and whose URL leaves page 1's path is the site's next article,
  // which links back to the one before it under the site's one title; unless it keeps page
  // 1's heading too (`story.html` → `story-more.html`: the article's second part).
  if (
    c.pointsBack &&
    c.sameDocument &&
    !(s.urlLeaves && s.records1 === 0 && !s.sameTitleAndHeading)
  )
    return "links back";
  if (itemsGoOn(c, s)) return "items go on";
  if (addressGoesOn(c, s)) return "address goes on";
  return null;
}

/**
 * Combine the readings: continues when one shows continuation and no evidence refuses.
 *
 * @param c the pager's confirmation
 * @param s the pair's signals
 * @returns the decision with its reason
 */
export function decidePage2(c: Confirmation, s: Page2Signals): Page2Decision {
  const refused = refusal(c, s);
  const how = continuation(c, s);
  if (refused !== null) return { continues: false, continuation: how, refusedBy: refused };
  if (how === null) return { continues: false, continuation: null, refusedBy: "no continuation" };
  return { continues: true, continuation: how, refusedBy: null };
}
