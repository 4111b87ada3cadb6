/**
 * Teaching tsugi a site in two clicks: the parts the reader picked on a page (the next
 * link, the page element), completed by what the page's run already knows (detection,
 * or a rule), checked on the page, and made into the site rule to save and join with.
 */
import type { PickTarget } from "../messaging/messages";
import type { SiteRule } from "../messaging/site-rule";
import { checkNextLink, checkPageElement, type PickProblem } from "./pick-checks";
import { pickedSiteRule } from "./picked-rule";

/** The XPaths of a site rule's two parts, each when known. */
export interface RuleParts {
  nextLink?: string;
  pageElement?: string;
}

/**
 * The page element to offer beside a picked next link, from what detection found: the
 * detected elements when none holds the link; else, where detection took the whole page's
 * run of blocks (header, content, pager, footer), the block with the most text that does
 * not hold the link.
 * @param detected the detected page element(s), document order
 * @param link the next link
 * @returns the elements to build the `pageElement` XPath from ([] for none)
 */
export function contentBesideLink(detected: readonly Element[], link: Element): Element[] {
  const kept = detected.filter((e) => !e.contains(link));
  if (kept.length === detected.length) return [...detected];
  let best: Element | null = null;
  let most = 0;
  for (const e of kept) {
    const chars = (e.textContent ?? "").replace(/\s+/g, "").length;
    if (chars > most) {
      most = chars;
      best = e;
    }
  }
  return best ? [best] : [];
}

/** The next step of teaching. */
export type TeachStep =
  /** Both parts hold on the page: the rule to save and join with. */
  | { kind: "rule"; rule: SiteRule }
  /** The reader must pick this part (nothing known for it holds on the page). */
  | { kind: "need"; target: PickTarget }
  /** What the reader picked fails its check on the page. */
  | { kind: "problem"; target: PickTarget; problem: PickProblem };

/**
 * The next step from what was picked and what the run knows.
 * @param doc the page
 * @param pageUrl its URL
 * @param picked the parts the reader picked on this page (checked: a failure is a problem)
 * @param known the parts of the page's run (detection or rule), used where nothing was
 *   picked (checked too: a failure asks the reader to pick that part)
 * @returns the rule, the part still to pick, or the picked part's problem
 */
export function teachStep(
  doc: Document,
  pageUrl: string,
  picked: RuleParts,
  known: RuleParts,
): TeachStep {
  const nextLink = picked.nextLink ?? known.nextLink;
  if (!nextLink) return { kind: "need", target: "next-link" };
  const next = checkNextLink(doc, nextLink, pageUrl);
  if (!next.ok)
    return picked.nextLink
      ? { kind: "problem", target: "next-link", problem: next.problem }
      : { kind: "need", target: "next-link" };
  const pageElement = picked.pageElement ?? known.pageElement;
  if (!pageElement) return { kind: "need", target: "page-element" };
  const page = checkPageElement(doc, pageElement, next.anchor);
  if (!page.ok)
    return picked.pageElement
      ? { kind: "problem", target: "page-element", problem: page.problem }
      : { kind: "need", target: "page-element" };
  return { kind: "rule", rule: pickedSiteRule(pageUrl, nextLink, pageElement) };
}
