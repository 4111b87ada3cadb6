/**
 * The page-2 check of a mining run, in one place: page 1 and the archived page its next
 * link leads to go through the extension's page-2 judge (../detect/page2-judge.ts), and the
 * answer comes back as a decision with the reason a reader of the output can act on. Both
 * engines (Chromium, where page 1 is the rendered document, and the DOM engine) call this
 * one function, so a richer check replaces it here alone. No Node or browser API.
 */
import { judgePage2 } from "../detect/page2-judge";
import type { Refusal } from "../detect/page2-signals/decide";

/** What page 2 said of the link that led to it. */
export interface Page2Verdict {
  /** the page may be joined: the link is the next link */
  confirmed: boolean;
  /** why it was refused ("" when confirmed) */
  reason: string;
}

/** What a reader of the output can act on, by the category the judge refused on. */
const REASONS: Record<Refusal, string> = {
  "another template": "page 2 has another template",
  "page element absent": "page 2 lacks page 1's page element",
  "the way back": "page 2 is page 1's previous page",
  "items repeated": "page 2 repeats page 1's items",
  "another document": "page 2 is another document (another title and heading)",
  "pager of another list": "page 2's pager pages through another list (other URLs than page 1's)",
  "pager shows another page": "page 2's pager shows another page than the next",
  "no continuation":
    "nothing shows page 2 continues page 1 (no pager moved on by one, no link back from the same document, no items going on)",
};

/**
 * Run the page-2 check on two documents.
 * @param page1 page 1 (rendered, or parsed without layout) and its URL
 * @param page2 the archived page 2, parsed without layout, and its URL
 * @returns the judge's decision (../detect/page2-judge.ts; page 1's page element not
 *   given, so no item signal is read); `reason` names the category that refused, with the
 *   template share where that refused
 */
export function page2Verdict(
  page1: { doc: Document; url: string },
  page2: { doc: Document; url: string },
): Page2Verdict {
  const v = judgePage2({ ...page1, candidates: [] }, page2);
  const refused = v.decision.refusedBy;
  if (v.continues || refused === null) return { confirmed: true, reason: "" };
  const share =
    refused === "another template"
      ? ` (${Math.round(v.confirmation.template * 100)} % of page 1's tag paths)`
      : "";
  return { confirmed: false, reason: `${REASONS[refused]}${share}` };
}
