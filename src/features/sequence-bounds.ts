/**
 * Where a page's sequence ends although a page number moves: a link that pages through
 * *another* list (the board's list below a post, one filtered category of an unfiltered
 * list) steps by its page parameter as the page's own next link would, so a page step
 * alone does not say it continues this page. Seed 000 §3.2.2.1 (7)–(8) compares the URLs'
 * shapes; here what else changed beside the page number is named.
 */

import { isSiteRoot, isVolatileParam, listHomeOf } from "../keys/page-url";
import { isPageParamKey, isPageUrlWord } from "./page-step";
import { changedQuery, isVolatileKey, localePrefixLength, parseUrl } from "./url-query";

/** The letter words of a path, a locale prefix left out, lower-cased. */
function pathWords(pathname: string): Set<string> {
  let text = pathname;
  try {
    text = decodeURIComponent(pathname);
  } catch {
    // a malformed escape: read the raw path
  }
  const segments = text.split("/").filter((s) => s !== "");
  const words = new Set<string>();
  for (const seg of segments.slice(localePrefixLength(segments)))
    for (const w of seg.toLowerCase().split(/[^\p{L}]+/u)) if (w !== "") words.add(w);
  return words;
}

/**
 * The link's path names other words than the page's, page words aside
 * (`/board/read.php` → `/board/list.php`; not `/tag/tea/` → `/tag/tea/page/2/`).
 *
 * @param page the page's URL
 * @param link the link's URL
 * @returns true when a word other than a page word is added or dropped
 */
export function changesPath(page: URL, link: URL): boolean {
  const a = pathWords(page.pathname);
  const b = pathWords(link.pathname);
  for (const w of b) if (!a.has(w) && !isPageUrlWord(w)) return true;
  for (const w of a) if (!b.has(w) && !isPageUrlWord(w)) return true;
  return false;
}

/** Query names that order the list or size its pages: `order=desc`, `sort=regdate`,
 * `perpage=20`, `pageSize=32`, `max-results=1`, `pageview=list-view`. */
const ORDER_OR_SIZE =
  /^(?:(?:sort|order)(?:[-_]?(?:by|order|dir))?|ordering|by[-_]?date|dir|direction|(?:page)?view|display|layout|(?:(?:items?|results?|recs?|records?|rows?)[-_]?)?per[-_]?page|page[-_]?size|limit|rows|max[-_]?results|ipp)$/i;

/**
 * Whether a query name orders the list or sizes its pages rather than choosing what it
 * holds: a pager writes the list's order and page size into its links (a forum's
 * `?f=415&page=2&order=desc` from `?f=415`, a member list's
 * `?sort=regdate&order=ascending&perpage=20&page=2`, Blogger's
 * `?updated-max=…&max-results=20&start=20&by-date=false`), and the link still pages through
 * the same list. A filter names the items (`type_id2=34`, `cat=5`); these name none.
 *
 * @param key query name, any case
 * @returns true for an order or a page size
 */
export function ordersOrSizes(key: string): boolean {
  return ORDER_OR_SIZE.test(key);
}

/** Query names of an item offset written out (`startIndex`, `fh_start_index`,
 * `firstResult`, `beginRow`), beside the bare `start`/`offset` the page-step reading
 * knows. */
const OFFSET_NAME =
  /(?:^|[-_])(?:start|begin|first|offset|skip)[-_]?(?:index|idx|row|rec(?:ord)?|result|item|pos(?:ition)?)?$/i;

/**
 * Whether a query name is an item offset (`startIndex=12`, `fh_start_index=24`): the
 * parameter a pager steps by its page size, however the site spells it.
 *
 * @param key query name, any case
 * @returns true for an offset's name
 */
export function offsetName(key: string): boolean {
  return OFFSET_NAME.test(key);
}

/**
 * The link sets a query parameter that is neither a page parameter, the pager's own
 * (`pageKey`), an item offset ({@link offsetName}), the list's order or page size
 * ({@link ordersOrSizes}), nor a session, tracker or redirect counter (as the same-page
 * key reads them: `?pagewanted=3&_r=1` is page 3 of the same article), to a value the
 * page's URL does not have: a filter or a section (`?type_id2=34&Page=2` from the
 * unfiltered list).
 *
 * @param page the page's URL
 * @param link the link's URL
 * @param pageKey the page parameter the numbered pager shows, if any
 * @returns true when such a parameter is added or changed
 */
export function setsOtherParameter(page: URL, link: URL, pageKey?: string): boolean {
  for (const [k, v] of link.searchParams) {
    if (
      v === "" ||
      k === pageKey ||
      isVolatileKey(k) ||
      isVolatileParam(k) ||
      isPageParamKey(k) ||
      offsetName(k) ||
      ordersOrSizes(k)
    )
      continue;
    if (page.searchParams.get(k) !== v) return true;
  }
  return false;
}

/**
 * Whether a link that takes a page step still leaves the page's own sequence: its path
 * changes words ({@link changesPath}) or it sets another parameter beside the page's
 * ({@link setsOtherParameter}). Such a link may page through another list: page 2 must
 * show it continues this page. A site whose front page is page 1 of its list pages on
 * under the list's own address (`/` → `/blog/page/2/`, `/home/index?page=2`, Blogger's
 * `/search?updated-max=…`): from the site's root the sequence is the list the link names
 * as its home (../keys/page-url.ts `listHomeOf`), as the page-2 judge reads it.
 *
 * @param pageUrl the page's URL
 * @param url the link's URL
 * @param pageKey the page parameter the numbered pager shows, if any
 * @returns true when it leaves; false when either URL does not parse
 */
export function leavesSequence(pageUrl: string, url: string, pageKey?: string): boolean {
  const page = parseUrl(pageUrl);
  const link = parseUrl(url);
  if (page === null || link === null) return false;
  if (!leavesFrom(page, link, pageKey)) return false;
  const home = isSiteRoot(pageUrl) ? listHomeOf(url) : null;
  const list = home === null ? null : parseUrl(home);
  return list === null || leavesFrom(list, link);
}

/** The link changes the path's words or sets another parameter, read from `from` (the
 * page, or the list a front page stands for: not {@link leavesSequence} again, whose
 * front-page reading would ask the same home once more). */
function leavesFrom(from: URL, link: URL, pageKey?: string): boolean {
  return changesPath(from, link) || setsOtherParameter(from, link, pageKey);
}

/**
 * The one query parameter a link adds or changes, its path kept (`/honda` →
 * `/honda?o=2`: "o").
 *
 * @param pageUrl the page's URL
 * @param url the link's URL
 * @returns its name, or undefined when the path changes or not exactly one parameter does
 */
export function stepParameter(pageUrl: string, url: string): string | undefined {
  const changed = new Set((changedQuery(pageUrl, url) ?? []).map(([k]) => k));
  return changed.size === 1 ? [...changed][0] : undefined;
}
