/**
 * The page-2 check of a mining run, in one place: page 1 and the archived page its next
 * link leads to go through the extension's page-2 judge (../detect/page2-judge.ts), and the
 * answer comes back as a decision with the reason a reader of the output can act on. Both
 * engines (Chromium, where page 1 is the rendered document, and the DOM engine) call this
 * one function, so a richer check replaces it here alone. No Node or browser API.
 */
import { SAME_TEMPLATE_SHARE } from "../detect/confirm-next";
import { judgePage2 } from "../detect/page2-judge";

/** What page 2 said of the link that led to it. */
export interface Page2Verdict {
  /** the page may be joined: the link is the next link */
  confirmed: boolean;
  /** why it was refused ("" when confirmed) */
  reason: string;
}

/**
 * Run the page-2 check on two documents.
 * @param page1 page 1 (rendered, or parsed without layout) and its URL
 * @param page2 the archived page 2, parsed without layout, and its URL
 * @returns the decision; `reason` names the signal that failed: page 2's template, a pager
 *   there that shows another page, or neither a pager moved on nor a link back to page 1
 *   from the same document
 */
export function page2Verdict(
  page1: { doc: Document; url: string },
  page2: { doc: Document; url: string },
): Page2Verdict {
  const c = judgePage2({ ...page1, candidates: [] }, page2).confirmation;
  if (c.confirmed) return { confirmed: true, reason: "" };
  if (c.template < SAME_TEMPLATE_SHARE)
    return {
      confirmed: false,
      reason: `page 2 has another template (${Math.round(c.template * 100)} % of page 1's tag paths)`,
    };
  if (!c.pagerMoved && !(c.pointsBack && c.sameDocument))
    return {
      confirmed: false,
      reason: c.pointsBack
        ? "page 2 links back to page 1 but is another document (another title and heading)"
        : "page 2's pager did not move on by one and it does not link back to page 1",
    };
  if (c.pagerMoved && !c.samePager)
    return {
      confirmed: false,
      reason: "page 2's pager moved on, but through other URLs than page 1's (another list)",
    };
  return { confirmed: false, reason: "page 2's pager shows another page than the next" };
}
