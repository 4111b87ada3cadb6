/**
 * The site rule a reader teaches by picking: a SITEINFO item (../reader/site-rules.ts),
 * or a load-more button's rule where the list has no next link, saved with the reader's
 * own rules, named after the site's host, so that the popup and the options page can find
 * it again (and remove it) and a later pick replaces it.
 */
import { escapeRegExp } from "../features/letters";
import type { LoadMoreRule, ReaderRule, SiteRule } from "../messaging/site-rule";
import { mergeSiteRules } from "../reader/site-rules";
import { siteOf } from "../reader/site-switch";
import { urlPatternFor } from "../rule/learn-rule";

/**
 * The picked rule of a page.
 * @param pageUrl the page it was picked on
 * @param nextLink the checked `nextLink` XPath
 * @param pageElement the checked `pageElement` XPath
 * @returns a rule named after the host, whose `url` covers the pages of the page's
 *   section ({@link urlPatternFor}: `^https://ex\.com/news/`)
 * @throws TypeError when `pageUrl` is not an absolute URL
 */
export function pickedSiteRule(pageUrl: string, nextLink: string, pageElement: string): SiteRule {
  return { name: siteOf(pageUrl), url: urlPatternFor(pageUrl), nextLink, pageElement };
}

/**
 * The picked load-more button's rule of a page (a list without a next link).
 * @param pageUrl the page it was picked on
 * @param loadMoreButton an XPath that selects the checked button alone on that page
 * @returns a rule named after the host, whose `url` covers the page's section, as
 *   {@link pickedSiteRule}'s does
 * @throws TypeError when `pageUrl` is not an absolute URL
 */
export function pickedLoadMoreRule(pageUrl: string, loadMoreButton: string): LoadMoreRule {
  return { name: siteOf(pageUrl), url: urlPatternFor(pageUrl), loadMoreButton };
}

/** The reader's rules with a picked rule added, replacing the earlier one of the site. */
export function withPickedRule(rules: readonly ReaderRule[], rule: ReaderRule): ReaderRule[] {
  return mergeSiteRules(rules, [rule]);
}

/**
 * Whether a rule is one the reader picked on a page: named after a host, with a `url`
 * that starts with that host's origin, as {@link pickedSiteRule} writes it. A rule written
 * by hand (or read from Wedata) is named otherwise.
 */
export function isPickedRule(rule: ReaderRule): boolean {
  if (!/^[a-z0-9.-]+(?::\d+)?$/.test(rule.name)) return false;
  return ["http", "https"].some((scheme) =>
    rule.url.startsWith(`^${escapeRegExp(`${scheme}://${rule.name}/`)}`),
  );
}

/**
 * The site's picked rule among the reader's rules.
 * @param site a host, as `siteOf` gives it
 */
export function pickedRuleOf<R extends ReaderRule>(
  rules: readonly R[],
  site: string,
): R | undefined {
  return site ? rules.find((r) => r.name === site) : undefined;
}

/** The reader's rules without the site's picked rule (the popup's undo). */
export function withoutPickedRule<R extends ReaderRule>(rules: readonly R[], site: string): R[] {
  return rules.filter((r) => r.name !== site);
}
