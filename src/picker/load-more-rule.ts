/**
 * The reader's load-more button rules (../messaging/site-rule.ts `LoadMoreRule`, saved by
 * "Pick the Load more button") on a page: the XPath names the button, and the button is
 * taken only when it passes the same check as a picked one (`checkLoadMoreButton`: safe
 * to click, after a list). A rule never makes tsugi click what is not a load-more control.
 */
import type { LoadMoreTarget } from "../features/load-more";
import type { LoadMoreRule, ReaderRule } from "../messaging/site-rule";
import { isLoadMoreRule, rulesMatching } from "../reader/site-rules";
import { evaluateXPath, xpathFor } from "../rule/xpath";
import { checkLoadMoreButton, controlOf } from "./pick-checks";

/** A load-more button rule that holds on a page, with its checked button. */
export interface LoadMoreRuleMatch {
  rule: LoadMoreRule;
  target: LoadMoreTarget;
}

/**
 * The load-more button a reader's rule names on a page: among the load-more rules whose
 * `url` matches (longest first, as for SITEINFO items), the first element their
 * `loadMoreButton` XPath selects that passes {@link checkLoadMoreButton}.
 * @param rules the reader's rules (SITEINFO items among them are skipped)
 * @param doc the page (live: the check reads computed style)
 * @param pageUrl its URL
 * @returns the rule and the load-more pager's target, or null when none holds here
 */
export function loadMoreFromRules(
  rules: readonly ReaderRule[],
  doc: Document,
  pageUrl: string,
): LoadMoreRuleMatch | null {
  for (const rule of rulesMatching(rules.filter(isLoadMoreRule), pageUrl)) {
    for (const el of evaluateXPath(doc, rule.loadMoreButton)) {
      const checked = checkLoadMoreButton(controlOf(el));
      if (checked.ok) return { rule, target: checked.target };
    }
  }
  return null;
}

/**
 * The `loadMoreButton` XPath of a picked (and checked) control: its path as a picked page
 * element's ({@link xpathFor}: ids and classes, positions only where nothing else singles
 * it out).
 * @param control the control, attached
 * @returns the XPath, or null when it does not select the control alone on the page (the
 *   button is then clicked on this page only, and no rule is saved)
 */
export function pickedLoadMoreXPath(control: Element): string | null {
  const xpath = xpathFor(control);
  const found = evaluateXPath(control.ownerDocument, xpath);
  return found.length === 1 && found[0] === control ? xpath : null;
}
