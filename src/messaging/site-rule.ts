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

/**
 * A reader's rule for a list without a next link that grows by its own "Load more"
 * button: `url` as a SITEINFO item's, `loadMoreButton` an XPath of the button. tsugi's
 * own field, not AutoPagerize's: Wedata items never have it and stay valid without it.
 * The button is clicked only when it passes the load-more control check on the page.
 */
export interface LoadMoreRule {
  name: string;
  url: string;
  loadMoreButton: string;
}

/** One of the reader's rules: a SITEINFO item, or a load-more button's rule. */
export type ReaderRule = SiteRule | LoadMoreRule;

/** A learned rule: a SITEINFO item plus the pagination bar around the next link. */
export interface LearnedRule extends SiteRule {
  /** XPath of the site's pagination bar on page 1 (the next link's pager), if found. */
  pagerBar?: string;
}
