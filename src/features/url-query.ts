/**
 * The shared first steps of the URL-shape signals: the query parameters a link changes on
 * the page's own path (cursor parameters, date steps), parsing, and a URL split at its
 * digit runs (page-number change, numbered runs, date steps).
 */

/**
 * The query parameters of `url` whose value differs from the page URL's, when both share
 * one path.
 *
 * @param pageHref the page URL
 * @param url the candidate URL
 * @returns `[name, value]` pairs in the link's order ([] when none changed); null when
 *   the paths differ or a URL does not parse
 */
export function changedQuery(pageHref: string, url: string): [string, string][] | null {
  const pair = parseUrls(pageHref, url);
  if (pair === null) return null;
  const [page, link] = pair;
  if (page.pathname !== link.pathname) return null;
  const out: [string, string][] = [];
  for (const [k, v] of link.searchParams) if (page.searchParams.get(k) !== v) out.push([k, v]);
  return out;
}

/** A page word of the pager languages inside a query name ("currentPage", "pagina"). */
const PAGE_NAME_WORD = /page|pagina|seite|strona|sayfa|halaman|trang/i;

/**
 * Whether a query name holds an identifier rather than a page: it ends in "id" ("id",
 * "pid", "topic_id", "productId"), unless a page word runs straight into it ("pageID",
 * "pageid": a page number, as fbo.gov's list writes it). WordPress' "page_id" names a
 * static page: the separator makes it an identifier. Stepping an identifier names the
 * next item (the next category, thread or page of the site), not page 2 of this one.
 *
 * @param key query name, any case
 * @returns true for an identifier
 */
export function isIdentifierKey(key: string): boolean {
  if (!/id$/i.test(key)) return false;
  return /[-_]id$/i.test(key) || !PAGE_NAME_WORD.test(key);
}

/**
 * A URL parsed, or null where the parser refuses it (`new URL` throws).
 *
 * @param url absolute URL, or relative to `base`
 * @param base URL the relative `url` is resolved against
 * @returns the parsed URL, or null
 */
export function parseUrl(url: string, base?: string | URL): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

/**
 * Two absolute URLs parsed, or null when either does not parse.
 *
 * @param a absolute URL
 * @param b absolute URL
 * @returns both parsed, or null
 */
export function parseUrls(a: string, b: string): [URL, URL] | null {
  const pa = parseUrl(a);
  const pb = parseUrl(b);
  return pa === null || pb === null ? null : [pa, pb];
}

/** The last page URL {@link pageUrlOnce} parsed: every link of a page is held against it. */
let lastPage: { href: string; url: URL | null } | null = null;

/**
 * The page's own URL parsed, once per page rather than once per link. The object is
 * shared between callers: read it, never change it.
 *
 * @param href absolute URL of the page
 * @returns the parsed URL, or null when it does not parse
 */
export function pageUrlOnce(href: string): URL | null {
  if (lastPage?.href !== href) lastPage = { href, url: parseUrl(href) };
  return lastPage.url;
}

const DIGIT_RUN = /(\d+)/;

/**
 * A string split at its digit runs, the runs kept at the odd positions:
 * "/p/12/?x=3" → ["/p/", "12", "/?x=", "3", ""]. The common first step of the number
 * comparisons of URLs (page-number change, numbered runs, date steps).
 *
 * @param url any string
 * @returns the parts
 */
export function digitParts(url: string): string[] {
  return url.split(DIGIT_RUN);
}
