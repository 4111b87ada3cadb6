/**
 * One notion of "the same page" for every URL comparison of the detector, the page-2
 * judge, the pager's loop safety and the handover: two addresses are one page when they
 * differ only in what a site or a redirect adds without changing the document (a
 * fragment, http/https, `www.`, a trailing slash, a default document, the order of the
 * query, redirect counters, click trackers and session ids). Seed 000 §3.2.1 merges the
 * candidate links of a page by URL; here every later step compares pages by this same key.
 *
 * And the aliases of page 1: a pager writes its first page bare (`/list/`) or as
 * `/list/page/1/`, `?page=1`, `index1.html`, or `p=0` when it counts from 0; every such
 * form names page 1 ({@link isPageOneOf}).
 */

/**
 * Query names that name no document, by what adds them: one table for the same-page key
 * (below), the merge of a page's links to one page and the URL features' readings
 * (../features/url-query.ts `mergeKey`, `isVolatileKey`). Each use takes the classes it
 * needs: `ref` names a branch or a section on too many sites to make two pages one, yet
 * two links to one page that differ only in `ref` are one candidate.
 */
const QUERY_NAME_CLASSES = {
  /** a redirect's counter (`?pagewanted=2&_r=1`) */
  redirect: "_r",
  /** click trackers and analytics ids */
  tracker:
    "utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl|igshid|_hsenc|_hsmi|mkt_tok",
  /** session ids */
  session: "sid|phpsessid|jsessionid|aspsessionid[a-z]*|cfid|cftoken",
  /** where a click came from */
  referrer: "ref_?",
} as const;

/** A class of {@link QUERY_NAME_CLASSES}. */
export type QueryNameClass = keyof typeof QUERY_NAME_CLASSES;

/**
 * The alternation of some classes' names, and of `extra` patterns, for a RegExp.
 *
 * @param classes the classes of {@link QUERY_NAME_CLASSES}
 * @param extra further name patterns (RegExp source)
 * @returns `a|b|…`, no anchors
 */
export function queryNamePattern(
  classes: readonly QueryNameClass[],
  extra: readonly string[] = [],
): string {
  return [...classes.map((c) => QUERY_NAME_CLASSES[c]), ...extra].join("|");
}

/**
 * A whole-name, case-blind test of a query name against some classes.
 *
 * @param classes the classes of {@link QUERY_NAME_CLASSES}
 * @param extra further name patterns (RegExp source)
 * @returns the RegExp
 */
export function queryNameTest(
  classes: readonly QueryNameClass[],
  extra: readonly string[] = [],
): RegExp {
  return new RegExp(`^(?:${queryNamePattern(classes, extra)})$`, "i");
}

/** Parameters a redirect, a click tracker or a session adds to an address without naming
 * another document. `s`/`p`/`q` stay (search and page), `ref` too. */
const VOLATILE_PARAM = queryNameTest(["redirect", "tracker", "session"]);

/** A session id written into the path (`/list;jsessionid=ABC?x=1`). */
const PATH_SESSION = /;(?:jsessionid|phpsessid|sid)=[^/?#]*/gi;

/** The file names that serve a directory ("index.html", "default.aspx"), as a RegExp
 * source: `/blog/index.html` is the page `/blog/` for every reading of an address. */
export const DEFAULT_DOCUMENT_NAME =
  "(?:index|default|home)\\.(?:html?|shtml|php\\d?|aspx?|jsp|cfm|cgi)";

/** A path that ends in a default document ({@link DEFAULT_DOCUMENT_NAME}). */
const DEFAULT_DOCUMENT = new RegExp(`/${DEFAULT_DOCUMENT_NAME}$`, "i");

/**
 * Whether a query name is a redirect counter, click tracker or session id
 * ({@link VOLATILE_PARAM}): the same page with or without it.
 *
 * @param name query name, any case
 * @returns true for such a parameter
 */
export function isVolatileParam(name: string): boolean {
  return VOLATILE_PARAM.test(name);
}

/**
 * A URL as every URL signal reads it, parsed once: the parsed URL (shared between callers:
 * read it, never change it), its href without fragment, its path segments and query pairs
 * in the order written, and its same-page key ({@link samePageKey}).
 */
export interface PageUrl {
  /** the href asked about, as given */
  readonly href: string;
  /** the parsed URL, null when it does not parse; shared: never change it */
  readonly url: URL | null;
  /** the parsed href without its fragment ("" when it does not parse) */
  readonly bare: string;
  /** the path's non-empty segments, as written (percent-encoded) */
  readonly segments: readonly string[];
  /** the query's name/value pairs, decoded, in the order written */
  readonly query: readonly (readonly [string, string])[];
  /** the key of the page it names ({@link samePageKey}) */
  readonly key: string;
}

/** Most URLs kept: one page's links are a few hundred, a long run's pages a few more. */
const CACHE_SIZE = 2000;

const parsed = new Map<string, PageUrl>();

/**
 * The {@link PageUrl} of an absolute URL, parsed once and kept (by the href string) while
 * the page's links are read: the features, the decision, the judge and the pager's loop
 * safety ask about the same few hundred URLs again and again.
 *
 * @param href absolute URL
 * @returns the record; `url` null when it does not parse
 */
export function pageUrlOf(href: string): PageUrl {
  const known = parsed.get(href);
  if (known !== undefined) return known;
  const rec = readPageUrl(href);
  if (parsed.size >= CACHE_SIZE) parsed.clear();
  parsed.set(href, rec);
  return rec;
}

function readPageUrl(href: string): PageUrl {
  let url: URL | null = null;
  try {
    url = new URL(href);
  } catch {
    url = null;
  }
  if (url === null) return { href, url, bare: "", segments: [], query: [], key: href };
  const full = url.href;
  const hash = full.indexOf("#");
  // Iterated, never read through `forEach`: a page whose scripts are off (training renders,
  // `tsugi detect`) refuses to call a callback from Chromium's URLSearchParams.
  const query: [string, string][] = [...new URLSearchParams(url.search)];
  return {
    href,
    url,
    bare: hash < 0 ? full : full.slice(0, hash),
    segments: url.pathname.split("/").filter((x) => x !== ""),
    query,
    key: computeKey(url, query),
  };
}

/**
 * The key of the page an absolute URL names: `https://` + host without `www.` (port kept
 * when not the default) + path without session ids, default document and trailing slash
 * + the query sorted (by name, then value) without {@link isVolatileParam} parameters;
 * no fragment. Two URLs of one page give one key; the key is itself a URL.
 *
 * @param url absolute URL
 * @returns the key; the input unchanged when it does not parse
 */
export function samePageKey(url: string): string {
  return pageUrlOf(url).key;
}

/**
 * An absolute URL as its shape is compared with another's (a page number one on, a path
 * or a filter left): `https://` + host without `www.` (port kept when not the default) +
 * path without session ids and trailing slash + the query as written without
 * {@link isVolatileParam} parameters; no fragment. Unlike {@link samePageKey} it keeps a
 * default document (`index.html` beside `index2.html` is page 1 of a numbered run) and
 * the query's order. Page 1 opened from a newsletter (`?utm_source=…`), on the other host
 * spelling or without the trailing slash its pager writes is read as the pager writes it.
 *
 * @param url absolute URL
 * @returns the plain URL; the input unchanged when it does not parse
 */
export function plainUrl(url: string): string {
  // Computed when asked, not with every record: the detector parses every link of a page
  // through pageUrlOf, the judge asks for a few plain URLs per page 2.
  const { url: u, query } = pageUrlOf(url);
  return u === null ? url : computePlain(u, query);
}

/** The origin as keys write it: https, host without `www.`, a port other than the default;
 * null for a scheme that is not http(s). */
function keyOrigin(u: URL): string | null {
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  const host = u.hostname.replace(/^www\./i, "");
  // http and https of one host are one page: the default port is dropped for either.
  const port = u.port === "" || u.port === "80" || u.port === "443" ? "" : `:${u.port}`;
  return `https://${host}${port}`;
}

/**
 * Whether two absolute http(s) URLs are on one origin as the same-page key reads it: the
 * scheme and a leading `www.` aside (a redirect lands page 2 on either), the port kept.
 *
 * @param a absolute URL
 * @param b absolute URL
 * @returns true when both parse and their key origins are equal
 */
export function sameKeyOrigin(a: string, b: string): boolean {
  const x = pageUrlOf(a).url;
  const y = pageUrlOf(b).url;
  if (x === null || y === null) return false;
  const ox = keyOrigin(x);
  return ox !== null && ox === keyOrigin(y);
}

/** The href without its fragment (the key of an address that is not http(s)). */
function withoutFragment(u: URL): string {
  const href = u.href;
  const hash = href.indexOf("#");
  return hash < 0 ? href : href.slice(0, hash);
}

/** A query written back from pairs (through a URLSearchParams of its own, never the URL's
 * live one: in a Firefox content script, sorting through that one left the URL without
 * its query); "" or `?…`. */
function writeQuery(params: readonly (readonly [string, string])[]): string {
  const out = new URLSearchParams();
  for (const [k, v] of params) out.append(k, v);
  const search = out.toString();
  return search === "" ? "" : `?${search}`;
}

function computePlain(u: URL, query: readonly (readonly [string, string])[]): string {
  const origin = keyOrigin(u);
  if (origin === null) return withoutFragment(u);
  const path = u.pathname.replace(PATH_SESSION, "").replace(/\/+$/, "");
  return `${origin}${path}${writeQuery(query.filter(([k]) => !isVolatileParam(k)))}`;
}

function computeKey(u: URL, query: readonly (readonly [string, string])[]): string {
  const origin = keyOrigin(u);
  if (origin === null) return withoutFragment(u);
  const path = u.pathname
    .replace(PATH_SESSION, "")
    .replace(DEFAULT_DOCUMENT, "/")
    .replace(/\/+$/, "");
  const params = query.filter(([k]) => !isVolatileParam(k));
  params.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  return `${origin}${path}${writeQuery(params)}`;
}

/**
 * Whether two absolute URLs name the same page ({@link samePageKey}).
 *
 * @param a absolute URL
 * @param b absolute URL
 * @returns true when their keys are equal
 */
export function samePage(a: string, b: string): boolean {
  return samePageKey(a) === samePageKey(b);
}

/** How a pager counts its page parameter (../features/pager-parameter.ts reads it from
 * the numbered links): its query name and the value it gives page 1 (0 or 1). */
export interface PageCount {
  key: string;
  first: number;
}

/**
 * The names URLs give a page, one vocabulary for every reading of an address (RegExp
 * sources, alternations without anchors): the page word of the pager languages inside a
 * query name or a path ("currentPage", "pagina", "seite"). Each reading builds its test
 * from these: the page number a link steps (../features/page-number.ts), a parameter that
 * pages on (../features/page-step.ts), an identifier that is no page
 * (../features/url-query.ts), the aliases of page 1 (below).
 */
export const PAGE_NAME_WORDS = "page|pagina|seite|strona|sayfa|halaman|trang";
/** Short query names of a page number (`?p=2`, `?pg=2`, WordPress' `?paged=2`). */
export const SHORT_PAGE_NAMES = "p|pg|pn|pag|paged";
/** Query names whose value counts items, page 1 being 0 (`?start=20`). */
export const OFFSET_NAMES: readonly string[] = ["start", "offset", "from", "skip"];
/** Query names whose value is a cursor or a slide: a link that sets one pages on
 * (`?after=t3_abc`, Blogger's `?updated-max=…`). */
export const CURSOR_NAMES = "slide|after|before|cursor|continue|updated-max|max_id|until|since";
/** Words of query names that hold a page size or a count, not a page ("pageSize",
 * "recsPerPage", "pagecount"); each reading adds its own form of "max". */
export const SIZE_NAME_WORDS = "size|per|count|limit|rows|items";

/** Query names of a page (`page`, `currentPage`, `pg`, `p`, `pagina`, `seite`, `paged`),
 * not identifiers (`page_id`, `pageid`) nor sizes (`pageSize`). */
const PAGE_PARAM_NAME = new RegExp(
  `^(?:${SHORT_PAGE_NAMES}|${PAGE_NAME_WORDS}|[a-z_-]*page(?:no|num|number|index)?)$`,
  "i",
);

/** Path endings that write page 1 out: `/page/1`, `/page-1`, `/page1`, `/p1`, `/1`,
 * `/index1.html`, `/page1.html`. */
const PAGE_ONE_PATH =
  /\/(?:(?:page|pagina|seite|p)[/_-]?)?1(?:\.html?)?$|\/(?:index|page)[_-]?1\.html?$/i;

/**
 * A key ({@link samePageKey}) with page 1 written bare: a page parameter whose value is
 * page 1's (1; or `count.first` for the pager's own parameter) and a path ending that
 * names page 1 ({@link PAGE_ONE_PATH}) are taken out.
 */
function bareFirstPage(key: string, count: PageCount | null): string {
  const q = key.indexOf("?");
  const path = (q < 0 ? key : key.slice(0, q)).replace(PAGE_ONE_PATH, "");
  if (q < 0) return path;
  const kept = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(key.slice(q + 1))) {
    // The pager's own parameter says how it counts: `p=1` is page 2 of a pager from 0.
    if (count !== null && k === count.key) {
      if (v === String(count.first)) continue;
    } else if (v === "1" && PAGE_PARAM_NAME.test(k) && !/id$/i.test(k)) continue;
    kept.append(k, v);
  }
  const query = kept.toString();
  return query === "" ? path : `${path}?${query}`;
}

/**
 * Whether `url` names page 1 of the list read at `page1Url`: the same page
 * ({@link samePageKey}), or page 1 written out another way (`/page/1/`, `?page=1`,
 * `index1.html`, the pager's own parameter at its first value: `p=0` for a pager counted
 * from 0). Page 1 may itself be written out (`?page=1`): both sides are made bare.
 *
 * @param url absolute URL of a link
 * @param page1Url absolute URL page 1 was read at
 * @param count the pager's page parameter and its first value, when known
 * @returns true when `url` is an alias of page 1
 */
export function isPageOneOf(
  url: string,
  page1Url: string,
  count: PageCount | null = null,
): boolean {
  const a = samePageKey(url);
  const b = samePageKey(page1Url);
  if (a === b) return true;
  return bareFirstPage(a, count) === bareFirstPage(b, count);
}

/** A page's own URL is the site's front page: its root or a default document. */
export function isSiteRoot(url: string): boolean {
  // The key is itself a URL: parsed once through the same cache as every other address.
  const u = pageUrlOf(samePageKey(url)).url;
  return u !== null && (u.pathname === "/" || u.pathname === "") && u.search === "";
}

/** Path endings that carry a page number past 1 (`/page/2`, `/page2`, `/p/3`, `/2`). */
const PAGE_N_PATH = /\/(?:(?:page|pagina|seite|p)[/_-]?)?\d{1,4}(?:\.html?)?$/i;

/** A cursor that pages a list on from its first page (Blogger's `updated-max`, `after`,
 * `max_id`): {@link CURSOR_NAMES} but a gallery's `slide`. */
const LIST_CURSOR_NAME = new RegExp(
  `^(?:${CURSOR_NAMES.split("|")
    .filter((n) => n !== "slide")
    .join("|")})$`,
  "i",
);

/**
 * The list's own address behind a later page's URL: the URL with its page number or its
 * cursor taken out (`/blog/page/2/` → `/blog`, `/news?page=3` → `/news`,
 * `/search?updated-max=2016-03-18T11:07:00-05:00&max-results=1` →
 * `/search?max-results=1`), as a key. A site whose front page is page 1 of its blog calls
 * page 1 by this address on page 2 (`/` read, `/blog/` named).
 *
 * @param url absolute URL of a later page
 * @returns the key of the list's page 1, or null when the URL shows no page number and no
 *   cursor
 */
export function listHomeOf(url: string): string | null {
  const key = samePageKey(url);
  const q = key.indexOf("?");
  const path = q < 0 ? key : key.slice(0, q);
  if (q >= 0) {
    const kept = new URLSearchParams();
    let paged = false;
    for (const [k, v] of new URLSearchParams(key.slice(q + 1))) {
      const page = /^\d{1,4}$/.test(v) && PAGE_PARAM_NAME.test(k) && !/id$/i.test(k);
      if (!paged && (page || (v !== "" && LIST_CURSOR_NAME.test(k)))) {
        paged = true;
        continue;
      }
      kept.append(k, v);
    }
    if (paged) {
      const query = kept.toString();
      return query === "" ? path : `${path}?${query}`;
    }
  }
  if (!PAGE_N_PATH.test(path)) return null;
  const home = path.replace(PAGE_N_PATH, "");
  return q < 0 ? home : `${home}${key.slice(q)}`;
}
