/**
 * A site rule applied to a page, as AutoPagerize applies SITEINFO: the rule whose `url`
 * matches and whose `nextLink` and `pageElement` XPaths select something there. Used for
 * the reader's rules (src/reader/site-rules.ts), learned rules and picked rules alike.
 */
import { anchorHref } from "../features/anchor-href";
import type { LoadMoreRule, SiteRule } from "../messaging/site-rule";
import { isLoadMoreRule, rulesMatching } from "../reader/site-rules";
import { evaluateXPath } from "./xpath";

/** A rule that applies to a page, with what it selects there. */
export interface RuleMatch<R extends SiteRule = SiteRule> {
  rule: R;
  /** Absolute URL of the next page. */
  nextUrl: string;
  nextAnchor: Element;
  pageElements: Element[];
}

/**
 * The rule to use on a page, as AutoPagerize chooses: among rules whose `url`
 * matches, longest `url` first, the first whose `nextLink` and `pageElement`
 * both select something on the page (and that `accept` takes). Load-more button rules
 * among them are skipped (they have no next link).
 * @param doc the page
 * @param pageUrl its URL
 * @param accept a further test of a rule's match (a next link the reader refused, a
 *   learned rule whose page element holds its own next link); default: any match
 * @returns null when no rule applies
 */
export function matchSiteRule<R extends SiteRule>(
  rules: readonly (R | LoadMoreRule)[],
  doc: Document,
  pageUrl: string,
  accept: (match: RuleMatch<R>) => boolean = () => true,
): RuleMatch<R> | null {
  const siteinfo = rules.filter((r): r is R => !isLoadMoreRule(r));
  for (const rule of rulesMatching(siteinfo, pageUrl)) {
    const next = nextFromRule(doc, rule.nextLink, pageUrl);
    const pageElements = evaluateXPath(doc, rule.pageElement);
    if (!next || pageElements.length === 0) continue;
    const match = { rule, ...next, pageElements };
    if (accept(match)) return match;
  }
  return null;
}

/**
 * The next page a rule's `nextLink` XPath points to in a document.
 * @param baseUrl URL relative links resolve against
 * @returns null when the XPath selects nothing with a usable URL
 */
export function nextFromRule(
  doc: Document,
  nextLink: string,
  baseUrl: string,
): { nextUrl: string; nextAnchor: Element } | null {
  for (const el of evaluateXPath(doc, nextLink)) {
    // A script-hook href's page is in its data-href, as the detector reads it.
    const href = anchorHref(el) ?? el.getAttribute("action") ?? el.getAttribute("value");
    if (!href || /^\s*(javascript:|#)/i.test(href)) continue;
    try {
      const base = doc.querySelector("base[href]")?.getAttribute("href") ?? baseUrl;
      return { nextUrl: new URL(href, new URL(base, baseUrl)).href, nextAnchor: el };
    } catch {
      /* try the next match */
    }
  }
  return null;
}
