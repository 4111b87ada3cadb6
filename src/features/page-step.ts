/**
 * Page step: whether a link's URL is another page of the page's own sequence (page 2 of
 * this article or list) rather than another document of the site (the next post, another
 * category, the next day of a calendar). An auto-pager may join the first without seeing
 * it; the second only once page 2 shows it continues this document (the page-2 check of
 * src/detect/confirm-next.ts). Seed 000 §3.2.2.1 (7)–(8) compares the two URLs' shapes
 * through their lengths; here the comparison names what changed.
 */

import {
  CURSOR_NAMES,
  OFFSET_NAMES,
  PAGE_NAME_WORDS,
  SHORT_PAGE_NAMES,
  SIZE_NAME_WORDS,
} from "../keys/page-url";
import { dateStep } from "./next-item";
import { pageNumberChange } from "./page-number";
import { cursorParam } from "./pager-structure";
import { digitParts, isIdentifierKey, isVolatileKey, parseBareUrl } from "./url-query";

/** Words a paged URL adds or drops without naming another document: page words of the
 * pager languages, list/index file names and extensions. */
const PAGE_URL_WORDS: ReadonlySet<string> = new Set([
  "page",
  "pages",
  "pg",
  "p",
  "pn",
  "paged",
  "pagina",
  "página",
  "pagine",
  "seite",
  "strona",
  "sayfa",
  "halaman",
  "trang",
  "slide",
  "страница",
  "стр",
  "index",
  "list",
  "default",
  "all",
  "html",
  "htm",
  "shtml",
  "php",
  "asp",
  "aspx",
  "jsp",
  "cgi",
  "do",
  "www",
]);

/** Query names whose value is a page, an offset or a cursor: a link that sets one to
 * another value pages on, whatever else it changes (`ref=sr_pg_2` beside `page=2`). */
const PAGE_PARAM = new RegExp(
  `^(?:${SHORT_PAGE_NAMES}|${CURSOR_NAMES}|${OFFSET_NAMES.join("|")}|.*(?:${PAGE_NAME_WORDS}).*)$`,
  "i",
);

/** Page-named query keys that hold a size or a count ("pageSize", "recsPerPage"). */
const SIZE_KEY = new RegExp(`${SIZE_NAME_WORDS}|max_?results`, "i");

/** Path paging forms as sites write them: `/page/2`, `/page-2`, `/p2/`, `_p3.html`. */
const PATH_PAGE = /[/_-]page[/_-]?\d+|[/_-]p\d{1,4}(?:\.\w+)?\/?$|-or\d+-/i;

/** An identifier, not a page number: a run of five digits or more. */
const LONG_NUMBER = /^\d{5,}$/;

/**
 * Whether a URL word is one a paged URL adds or drops without naming another document
 * (page words of the pager languages, list and index file names, extensions).
 *
 * @param word a lower-cased word of {@link urlWords}
 * @returns true for such a word
 */
export function isPageUrlWord(word: string): boolean {
  return PAGE_URL_WORDS.has(word);
}

/**
 * Whether a query name holds a page, an offset or a cursor (`page`, `p`, `start`,
 * `after`), not a size ("pageSize") nor an identifier ("page_id").
 *
 * @param key query name
 * @returns true for a page parameter's name
 */
export function isPageParamKey(key: string): boolean {
  return PAGE_PARAM.test(key) && !SIZE_KEY.test(key) && !isIdentifierKey(key);
}

/**
 * The letter words of a URL's path and query (names and values of the parameters that
 * are not volatile), lower-cased; digits split words ("forum-88-5s5p" → forum, s, p).
 *
 * @param u parsed URL
 * @returns the words
 */
export function urlWords(u: URL): Set<string> {
  const out = new Set<string>();
  const add = (s: string) => {
    let text = s;
    try {
      text = decodeURIComponent(s);
    } catch {
      // a malformed escape: read the raw text
    }
    for (const w of text.toLowerCase().split(/[^\p{L}]+/u)) if (w !== "") out.add(w);
  };
  add(u.pathname);
  for (const [k, v] of u.searchParams) {
    if (isVolatileKey(k)) continue;
    add(k);
    add(v);
  }
  return out;
}

/**
 * Two URLs name the same words, page words aside: the link adds none (`/help` →
 * `/help/p2`) and drops none (`/shop/samsung/galaxy-s9` → `/shop/samsung/2` is the
 * brand's list, not page 2 of the phone's page).
 *
 * @param page {@link urlWords} of the page URL
 * @param link {@link urlWords} of the link URL
 * @returns true when each word of either is in the other or is a page word
 */
export function sameWords(page: ReadonlySet<string>, link: ReadonlySet<string>): boolean {
  for (const w of link) if (!page.has(w) && !PAGE_URL_WORDS.has(w)) return false;
  for (const w of page) if (!link.has(w) && !PAGE_URL_WORDS.has(w)) return false;
  return true;
}

/**
 * The link sets a page, offset or cursor parameter to a value the page's URL does not
 * have (`?page=2`, `?start=40`, `?after=t3_x`, a gallery's `?slide=2`; not an identifier
 * such as WordPress' `?page_id=2`), or writes a paging form in its path
 * (`/page/2`, `/p2/`) that the page's path does not hold.
 *
 * @param page page URL
 * @param link link URL
 * @returns true when the link moves such a parameter
 */
export function movesPageParam(page: URL, link: URL): boolean {
  for (const [k, v] of link.searchParams) {
    if (v === "" || !PAGE_PARAM.test(k) || SIZE_KEY.test(k) || isIdentifierKey(k)) continue;
    if (page.searchParams.get(k) !== v) return true;
  }
  const path = PATH_PAGE.exec(link.pathname)?.[0];
  return path !== undefined && !page.pathname.includes(path);
}

/**
 * The link sets an identifier parameter (`page_id`, `topic_id`, `pid`) to a value the
 * page's URL does not have: it names another document, whatever its name says.
 *
 * @param page page URL
 * @param link link URL
 * @returns true when such a parameter changes or appears
 */
export function setsIdentifier(page: URL, link: URL): boolean {
  for (const [k, v] of link.searchParams)
    if (isIdentifierKey(k) && v !== "" && page.searchParams.get(k) !== v) return true;
  return false;
}

/**
 * The digit runs of two URLs differ: a number changed, appeared or went away.
 *
 * @param page {@link digitParts} of the page URL (fragment removed)
 * @param link {@link digitParts} of the link URL (fragment removed)
 * @returns the link's runs that differ from the page's (none when a run only went away);
 *   null when the runs are the same
 */
function changedNumbers(page: readonly string[], link: readonly string[]): string[] | null {
  const a = page.filter((_, i) => i % 2 === 1);
  const b = link.filter((_, i) => i % 2 === 1);
  if (a.length === b.length && a.every((n, i) => n === b[i])) return null;
  if (a.length !== b.length) return b.filter((n) => !a.includes(n));
  return b.filter((n, i) => n !== a[i]);
}

/** The one number that differs between the two URLs ({@link digitParts} of each) moves by
 * exactly one. */
function stepsByOne(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  let moved = 0;
  for (let i = 1; i < a.length; i += 2) {
    if (a[i] === b[i]) continue;
    if (Math.abs(Number(a[i]) - Number(b[i])) !== 1) return false;
    moved++;
  }
  return moved === 1;
}

/**
 * The link's URL takes a page step from the page's, as a pager's links do: it moves a
 * page, offset or cursor parameter ({@link movesPageParam}, {@link cursorParam}), or it
 * is a page-number neighbour of the page's URL ({@link pageNumberChange}), or it names the
 * page URL's words, no more and no fewer ({@link sameWords}; page words and file
 * extensions aside: `/forum-f26.html` → `/forum-f26-25.html`, `/Pokedex` → `/Pokedex-2`,
 * `/help` → `/help/p2`) while a number changes or appears. In every case the number that changes is no date ({@link dateStep}:
 * `/2024/05/` → `/2024/06/` is the next month's archive), no identifier parameter
 * ({@link setsIdentifier}: `?page_id=2` names a WordPress page) and, outside a page parameter,
 * no identifier of five digits or more (`/news/123456` → `/news/123502`). Another slug
 * (`/2011/08/03/bachmann_vs_romney.html` → `/2011/08/03/the_narrowing_of_cpac.html`),
 * another section, another identifier or another date takes no step: that link leads to
 * another document.
 *
 * @param pageUrl absolute URL of the page (a fragment is ignored)
 * @param url absolute URL of the link
 * @returns true when the URL steps; true as well when either does not parse (no opinion)
 */
export function pageStep(pageUrl: string, url: string): boolean {
  const page = parseBareUrl(pageUrl);
  const link = parseBareUrl(url);
  if (page === null || link === null) return true;
  if (page.host !== link.host) return false;
  if (dateStep(page.href, link.href) === 1) return false;
  if (movesPageParam(page, link) || cursorParam(page.href, link.href) === 1) return true;
  if (setsIdentifier(page, link)) return false;
  const pageParts = digitParts(page.href);
  const linkParts = digitParts(link.href);
  const changed = changedNumbers(pageParts, linkParts);
  if (changed === null) return false;
  // A page number of five digits (a forum's index17499) moves by one; an identifier jumps.
  if (changed.some((n) => LONG_NUMBER.test(n)) && !stepsByOne(pageParts, linkParts)) return false;
  if (pageNumberChange(page.href, link.href) !== null) return true;
  return sameWords(urlWords(page), urlWords(link));
}

/**
 * {@link pageStep} as a 0/1 link feature: 1 when the link's URL takes no page step from
 * the page's, so it leads to another document (the next post, another category).
 *
 * @param pageHref the page URL, fragment removed
 * @param url the candidate URL
 * @returns 1 or 0
 */
export function otherDocument(pageHref: string, url: string): number {
  return pageStep(pageHref, url) ? 0 : 1;
}
