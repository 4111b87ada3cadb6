/**
 * The shared first steps of the URL-shape signals: the query parameters a link changes on
 * the page's own path (cursor parameters, date steps), parsing, and a URL split at its
 * digit runs (page-number change, numbered runs, date steps).
 */

import { PAGE_NAME_WORDS, pageUrlOf, queryNamePattern, queryNameTest } from "../keys/page-url";

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
const PAGE_NAME_WORD = new RegExp(PAGE_NAME_WORDS, "i");

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

/** Query names whose value changes from visit to visit (sessions, referrers, trackers,
 * search request ids): Amazon's `qid=1610515373` and `ref=sr_pg_3`, `utm_source`; and a
 * site search's `s`, which the URL words read apart. */
const VOLATILE_KEY = queryNameTest(
  ["tracker", "session", "referrer"],
  ["s", "session_?id", "src", "qid"],
);

/**
 * Whether a query name holds a session, referrer or tracker value that changes from
 * visit to visit and names nothing of the document: its words are no words of the URL
 * (page-step.ts), and its numbers are no page numbers (page-number.ts).
 *
 * @param key query name, any case
 * @returns true for a volatile parameter
 */
export function isVolatileKey(key: string): boolean {
  return VOLATILE_KEY.test(key);
}

/** Query names that say where a click came from, not what it asks for: referrers and
 * click trackers (Amazon's `ref=sr_pg_1` beside `ref=sr_pg_2` on two links to page 2). */
const TRACKER_KEY = queryNameTest(["referrer", "tracker"]);

/** A quick test that a URL may carry a {@link TRACKER_KEY} parameter at all. */
const MAY_TRACK = new RegExp(`[?&](?:${queryNamePattern(["referrer", "tracker"])})=`, "i");

/**
 * The key under which a page's links to one page are merged (seed 000 §3.2.1 merges
 * candidates by URL): the URL itself, or, when it carries referrer or click-tracker
 * parameters, the URL without them. "2" and "Next→" of Amazon's pager both ask for
 * `page=2` but say `ref=sr_pg_2` and `ref=sr_pg_1`: one page, one candidate. The other
 * parameters keep their spelling (`&dc&` stays as written), so a link without trackers
 * and one with them compare equal.
 *
 * @param url absolute URL, fragment removed
 * @returns `url` unchanged when it carries no such parameter, else `url` without them
 */
export function mergeKey(url: string): string {
  if (!MAY_TRACK.test(url)) return url;
  const q = url.indexOf("?");
  const kept = url
    .slice(q + 1)
    .split("&")
    .filter((part) => {
      const eq = part.indexOf("=");
      return !TRACKER_KEY.test(eq < 0 ? part : part.slice(0, eq));
    });
  return kept.length === 0 ? url.slice(0, q) : `${url.slice(0, q)}?${kept.join("&")}`;
}

/** A locale path segment as sites prefix it: Amazon's `/-/en/`, `/en/`, `/en-us/`,
 * `/ja_JP/` (ISO 639-1 languages that sites localise to, optionally with a region). */
const LOCALE_SEGMENT =
  /^(?:-|(?:ar|cs|da|de|el|en|es|fi|fr|he|hi|hu|id|it|ja|ko|nl|no|pl|pt|ro|ru|sv|th|tr|uk|vi|zh)(?:[-_][a-z]{2,4})?)$/i;

/**
 * How many leading path segments (non-empty, in order) name a locale rather than a place
 * of the site: `["-", "en", "s"]` → 2, `["en-us", "shop"]` → 1, `["shop"]` → 0. A
 * page's links may carry a locale its own URL lacks (the language a cookie chose), and
 * the link is still this list's next page.
 *
 * @param segments the path's non-empty segments
 * @returns the number of leading locale segments
 */
export function localePrefixLength(segments: readonly string[]): number {
  let n = 0;
  while (n < segments.length - 1 && LOCALE_SEGMENT.test(segments[n] ?? "")) n++;
  return n;
}

/**
 * A URL parsed, or null where the parser refuses it (`new URL` throws). An absolute URL
 * (no `base`) is parsed once and shared by every caller (../keys/page-url.ts,
 * {@link pageUrlOf}): read it, never change it; a relative one is parsed afresh.
 *
 * @param url absolute URL, or relative to `base`
 * @param base URL the relative `url` is resolved against
 * @returns the parsed URL, or null
 */
export function parseUrl(url: string, base?: string | URL): URL | null {
  if (base === undefined) return pageUrlOf(url).url;
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

/**
 * An absolute URL parsed without its fragment, shared as {@link parseUrl}'s: read it,
 * never change it.
 *
 * @param url absolute URL
 * @returns the parsed URL without fragment, or null when it does not parse
 */
export function parseBareUrl(url: string): URL | null {
  const rec = pageUrlOf(url);
  return rec.url === null ? null : pageUrlOf(rec.bare).url;
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

/**
 * The page's own URL parsed, once per page rather than once per link. The object is
 * shared between callers: read it, never change it.
 *
 * @param href absolute URL of the page
 * @returns the parsed URL, or null when it does not parse
 */
export function pageUrlOnce(href: string): URL | null {
  return pageUrlOf(href).url;
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
