/**
 * The site rule a reader teaches by picking: a SITEINFO item (../reader/site-rules.ts)
 * saved with the reader's own rules, named after the site's host, so that the popup and
 * the options page can find it again (and remove it) and a later pick replaces it.
 */
import type { SiteRule } from "../messaging/site-rule";
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

/** The reader's rules with a picked rule added, replacing the earlier one of the site. */
export function withPickedRule(rules: readonly SiteRule[], rule: SiteRule): SiteRule[] {
  return mergeSiteRules(rules, [rule]);
}

/**
 * The site's picked rule among the reader's rules.
 * @param site a host, as `siteOf` gives it
 */
export function pickedRuleOf(rules: readonly SiteRule[], site: string): SiteRule | undefined {
  return site ? rules.find((r) => r.name === site) : undefined;
}

/** The reader's rules without the site's picked rule (the popup's undo). */
export function withoutPickedRule(rules: readonly SiteRule[], site: string): SiteRule[] {
  return rules.filter((r) => r.name !== site);
}
