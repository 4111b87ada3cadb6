/**
 * The site rule's shape, AutoPagerize's SITEINFO item, as it crosses contexts: the
 * reader's rules (src/reader/site-rules.ts) from the options page to the content script,
 * rules learned from a detection (src/rule/learn-rule.ts), and the rule remembered with
 * the reader's place in the background (./joined-place.ts).
 */

/** One SITEINFO item. `url` is a regular expression over the page URL; the others are XPaths. */
export interface SiteRule {
  name: string;
  url: string;
  nextLink: string;
  pageElement: string;
  insertBefore?: string;
}

/** A learned rule: a SITEINFO item plus the pagination bar around the next link. */
export interface LearnedRule extends SiteRule {
  /** XPath of the site's pagination bar on page 1 (the next link's pager), if found. */
  pagerBar?: string;
}
