/**
 * Page-number arithmetic on URLs: does the link point at "current page + k"?
 * An extension of seed 000 §3.2.2.2, whose LinkSimilarity feature only notices that
 * pager URLs look alike (Fig. 3.7: nyuuin_report2, nyuuin_report3); here the number that
 * differs is read and subtracted.
 */
import {
  DEFAULT_DOCUMENT_NAME,
  OFFSET_NAMES,
  PAGE_NAME_WORDS,
  SHORT_PAGE_NAMES,
  SIZE_NAME_WORDS,
} from "../keys/page-url";
import {
  digitParts,
  isIdentifierKey,
  isVolatileKey,
  localePrefixLength,
  pageUrlOnce,
  parseUrl,
} from "./url-query";

/** Query names whose value counts items rather than pages (first page = 0). */
const OFFSET_KEYS: ReadonlySet<string> = new Set(OFFSET_NAMES);

/** Query names accepted as a page number when the current URL lacks the parameter, in
 * the pager's languages as the gate reads them ("pagina", "seite", "strona", …). */
const PAGE_KEY = new RegExp(`^(?:${SHORT_PAGE_NAMES}|.*(?:${PAGE_NAME_WORDS}).*)$`);

/** Page-named query keys that hold a page size or a count, not the page's number
 * ("pageSize", "recsPerPage", "pagecount"). */
const SIZE_KEY = new RegExp(`${SIZE_NAME_WORDS}|max`);

/** Path words that may precede a trailing page number ("/page/2", "/p/2", and the
 * translations static site generators write: Publii's "/seite/2/", "/pagina/2/"). */
const PAGE_SEGMENT_WORDS: ReadonlySet<string> = new Set([
  "page",
  "p",
  "pg",
  "seite",
  "pagina",
  "página",
  "strona",
  "sayfa",
  "halaman",
  "trang",
  "sivu",
  "stranica",
]);

/** A site's default document (../keys/page-url.ts `DEFAULT_DOCUMENT_NAME`). */
const DEFAULT_DOCUMENT = new RegExp(`^${DEFAULT_DOCUMENT_NAME}$`, "i");

/** A numbered document that stands alone for page N of the directory it is in (Pelican's
 * "index2.html", Jekyll's "page2", "page-2.html"). */
const NUMBERED_DOCUMENT =
  /^(?:index|default|home|page|seite|pagina|strona)[-_]?(\d{1,4})(?:\.(?:html?|shtml|php\d?|aspx?|jsp))?$/i;

/** A document's name split into its stem and extension ("list.html" → "list", ".html"). */
const STEM_AND_EXTENSION = /^(.+?)((?:\.[a-z0-9]{1,5})?)$/i;

/** The suffix a numbered variant of a document adds to its stem ("-pagina-2", "_page2");
 * a bare number is no page: WordPress's second post of one title ("-2"), a wiki's
 * "Riverdale_2". */
const NUMBERED_SUFFIX = /^[-_](?:page|pagina|seite|strona|p|pg)[-_]?(\d{1,4})$/i;

const DIGITS = /^\d+$/;
const HAS_DIGIT = /\d/;

/** What changed between the current URL and a link. */
export interface PageNumberChange {
  /** link number − current number (pages, or items for offset-like parameters) */
  delta: number;
  /** true when the number is an item offset (start/offset/from/skip), false for a page */
  offsetLike: boolean;
}

interface UrlShape {
  segments: readonly string[];
  query: Map<string, string>;
}

function shapeOf(u: URL): UrlShape {
  return { segments: segmentsOf(u), query: queryOf(u) };
}

/** The path's non-empty segments, a trailing default document left out. */
function segmentsOf(u: URL): string[] {
  const parts = u.pathname.split("/");
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) if (parts[i] !== "") out.push(parts[i] as string);
  if (out.length > 0 && DEFAULT_DOCUMENT.test(out[out.length - 1] as string)) out.pop();
  return out;
}

/** The query's parameters by lower-cased name, volatile ones left out: a session, a
 * referrer or a search request id changes beside the page number (Amazon's
 * `qid=…&ref=sr_pg_3`) and is no second changed number. */
function queryOf(u: URL): Map<string, string> {
  const query = new Map<string, string>();
  for (const [k, v] of u.searchParams) if (!isVolatileKey(k)) query.set(k.toLowerCase(), v);
  return query;
}

/**
 * The two paths with a locale prefix that only one of them carries removed (a page at
 * `/s` whose links go to `/-/en/s`): the same list in the language a cookie chose.
 * Different locales on both sides stay: another language's page is another document.
 *
 * @returns the current and the link segments, compared as they are otherwise
 */
function withoutOneSidedLocale(
  cur: readonly string[],
  link: readonly string[],
): [readonly string[], readonly string[]] {
  const a = localePrefixLength(cur);
  const b = localePrefixLength(link);
  // A page at the locale itself (`/ru/`, whose next page is `/ru/page/2`) shares it.
  if (a === 0 && b > 0 && !sameSegments(cur, link, b)) return [cur, link.slice(b)];
  if (b === 0 && a > 0) return [cur.slice(a), link];
  return [cur, link];
}

/**
 * Whether two paths (non-empty segments) are related as every rule of
 * {@link pageNumberChange} needs: the same segments but for the numbers in them (the
 * same path included), or one path the other plus one or two segments. Most links of a
 * page go to another path, and this spares them their query's reading.
 */
function pathsMayStep(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const x = a[i] ?? "";
      const y = b[i] ?? "";
      if (x === y || digitDiffs(x, y, null) !== null) continue;
      if (i === a.length - 1 && stemPrefixes(x, y)) continue;
      return false;
    }
    return true;
  }
  const extra = Math.abs(a.length - b.length);
  return extra <= 2 && sameSegments(a, b, Math.min(a.length, b.length));
}

/** One document name's stem begins the other's ("list.html", "list-pagina-2.html"). */
function stemPrefixes(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const stem = STEM_AND_EXTENSION.exec(short)?.[1];
  return stem !== undefined && long.startsWith(stem);
}

/** The page's own shape is the same for every link of a page: read once, not per link. */
let lastPage: { url: string; origin: string; shape: UrlShape } | null = null;

function currentShape(pageUrl: string): { origin: string; shape: UrlShape } | null {
  if (lastPage?.url === pageUrl) return lastPage;
  const u = pageUrlOnce(pageUrl);
  if (u === null) return null;
  lastPage = { url: pageUrl, origin: u.origin, shape: shapeOf(u) };
  return lastPage;
}

interface Diff {
  current: number;
  link: number;
  key: string | null;
}

/**
 * Digit runs that differ between two strings with the same non-digit skeleton;
 * null when the skeletons differ ("page2.html" vs "page3.html" → one diff,
 * "foo" vs "bar" → null).
 */
function digitDiffs(current: string, link: string, key: string | null): Diff[] | null {
  if (current === link) return [];
  // Two different strings without a digit in one of them split into parts of unequal
  // number or differ in their only part: no split needed for most path segments.
  if (!HAS_DIGIT.test(current) || !HAS_DIGIT.test(link)) return null;
  const a = digitParts(current);
  const b = digitParts(link);
  if (a.length !== b.length) return null;
  const diffs: Diff[] = [];
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? "";
    const y = b[i] ?? "";
    if (x === y) continue;
    // split() with a capture group puts digit runs at odd indices.
    if (i % 2 === 0) return null;
    diffs.push({ current: Number(x), link: Number(y), key });
  }
  return diffs;
}

function sameQuery(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

function sameSegments(a: readonly string[], b: readonly string[], n: number): boolean {
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Exactly one differing numeric token in otherwise identical URLs. */
function changedToken(cur: UrlShape, link: UrlShape): PageNumberChange | null {
  if (cur.segments.length !== link.segments.length || cur.query.size !== link.query.size) {
    return null;
  }
  const diffs: Diff[] = [];
  for (let i = 0; i < cur.segments.length; i++) {
    const d = digitDiffs(cur.segments[i] ?? "", link.segments[i] ?? "", null);
    if (d === null) return null;
    diffs.push(...d);
  }
  for (const [k, v] of cur.query) {
    const w = link.query.get(k);
    if (w === undefined) return null;
    const d = digitDiffs(v, w, k);
    if (d === null) return null;
    diffs.push(...d);
  }
  const only = diffs.length === 1 ? diffs[0] : undefined;
  if (only === undefined || (only.key !== null && isIdentifierKey(only.key))) return null;
  return {
    delta: only.link - only.current,
    offsetLike: only.key !== null && OFFSET_KEYS.has(only.key),
  };
}

/** Number carried by `longer`'s extra trailing path ("/2" or "/page/2"), else null. */
function extraTrailingNumber(shorter: UrlShape, longer: UrlShape): number | null {
  if (!sameQuery(shorter.query, longer.query)) return null;
  const extra = longer.segments.length - shorter.segments.length;
  if (extra < 1 || extra > 2) return null;
  if (!sameSegments(shorter.segments, longer.segments, shorter.segments.length)) return null;
  const last = longer.segments[longer.segments.length - 1] ?? "";
  if (!DIGITS.test(last)) return null;
  if (extra === 2) {
    const word = (longer.segments[longer.segments.length - 2] ?? "").toLowerCase();
    if (!PAGE_SEGMENT_WORDS.has(word)) return null;
  }
  return Number(last);
}

/**
 * Page N that `longer` names by a numbered document where `shorter` is the directory's
 * page 1: one extra segment "index2.html", "page2", "page-2.html" (`/` → `/index2.html`,
 * `/blog/` → `/blog/page2/`); or the same document with a numbered suffix on its stem
 * (`/homes-in-quito.html` → `/homes-in-quito-pagina-2.html`, `/list` → `/list_page2`).
 *
 * @returns N, or null when the link is no numbered variant of the page
 */
function numberedDocument(shorter: UrlShape, longer: UrlShape): number | null {
  if (!sameQuery(shorter.query, longer.query)) return null;
  const n = shorter.segments.length;
  const last = longer.segments[longer.segments.length - 1] ?? "";
  if (longer.segments.length === n + 1) {
    if (!sameSegments(shorter.segments, longer.segments, n)) return null;
    const m = NUMBERED_DOCUMENT.exec(last);
    return m ? Number(m[1]) : null;
  }
  if (longer.segments.length !== n || n === 0) return null;
  if (!sameSegments(shorter.segments, longer.segments, n - 1)) return null;
  const a = STEM_AND_EXTENSION.exec(shorter.segments[n - 1] as string);
  const b = STEM_AND_EXTENSION.exec(last);
  if (!a || !b || a[2] !== b[2]) return null;
  const stem = a[1] as string;
  const longStem = b[1] as string;
  if (!longStem.startsWith(stem) || /\d$/.test(stem)) return null;
  const m = NUMBERED_SUFFIX.exec(longStem.slice(stem.length));
  return m ? Number(m[1]) : null;
}

/** Name and number of `longer`'s one extra page-like or offset-like query parameter. */
function extraQueryNumber(
  shorter: UrlShape,
  longer: UrlShape,
): { value: number; offsetLike: boolean } | null {
  if (longer.query.size !== shorter.query.size + 1) return null;
  if (shorter.segments.join("/") !== longer.segments.join("/")) return null;
  let found: { value: number; offsetLike: boolean } | null = null;
  for (const [k, v] of longer.query) {
    const w = shorter.query.get(k);
    if (w === v) continue;
    if (w !== undefined || found !== null || !DIGITS.test(v)) return null;
    const offsetLike = OFFSET_KEYS.has(k);
    if (!offsetLike && !PAGE_KEY.test(k)) return null;
    found = { value: Number(v), offsetLike };
  }
  return found;
}

/**
 * The step of the one page-named or offset-named query parameter that the link sets to
 * another number, when the link keeps the page's path and changes no other parameter
 * the page has (it may drop some, as a pager that forgets the page's sort, or add some,
 * as `&pageSize=32`): `?query=x&filter=y` → `?page=2&pageSize=32` is +1,
 * `?p=2&o=2&n=40` → `?p=3` is +1. A changed filter means another list: null.
 */
function pageParamStep(cur: UrlShape, link: UrlShape): PageNumberChange | null {
  if (cur.segments.join("/") !== link.segments.join("/")) return null;
  let found: PageNumberChange | null = null;
  for (const [k, v] of link.query) {
    const w = cur.query.get(k);
    if (w === v) continue;
    const offsetLike = OFFSET_KEYS.has(k);
    const pageLike = offsetLike || (PAGE_KEY.test(k) && !SIZE_KEY.test(k));
    if (!pageLike) {
      if (w !== undefined) return null;
      continue;
    }
    if (found !== null || !DIGITS.test(v) || (w !== undefined && !DIGITS.test(w))) return null;
    const from = w !== undefined ? Number(w) : offsetLike ? 0 : 1;
    found = { delta: Number(v) - from, offsetLike };
  }
  return found;
}

/**
 * Reads the page-number step from the current URL to a link URL. Recognised, in order:
 * 1. the URLs differ in exactly one digit run of one path segment or query value
 *    (`?page=3` → `?page=4`: +1; `/list_2.html` → `/list_3.html`: +1;
 *    `?start=20` → `?start=40`: +20, offset-like);
 * 2. the link adds a trailing numeric path segment, optionally after "page"/"p" or a
 *    translation ("seite", "pagina", …) (`/a.ars` → `/a.ars/2`, `/blog/` →
 *    `/blog/page/2/`, `/` → `/seite/2/`): the current URL is page 1; a trailing default
 *    document is no segment (`/blog/index.html` → `/blog/page/2/index.html`: +1);
 * 2b. the link names a numbered document where the page is the directory's page 1
 *    (`/` → `/index2.html`, `/blog/` → `/blog/page2/`), or the page's document with a
 *    numbered suffix with a page word (`/x.html` → `/x-pagina-2.html`);
 * 3. the link adds one numeric query parameter named like a page (p, pg, pn, paged,
 *    anything containing "page", "pagina", "seite", …) or an offset (start, offset, from, skip): the current
 *    URL is page 1, or offset 0;
 * and the mirror images of 2 and 3 (a link back to the bare URL is page 1 / offset 0);
 * 4. failing those, one page-like or offset-like query parameter set to another number
 *    on the same path, other parameters of the page dropped or kept but never changed
 *    (`?query=x` → `?page=2&pageSize=32`: +1; `?p=2&o=2` → `?p=3`: +1).
 * Different origins, different non-numeric parts, several changed numbers, or a step in
 * an identifier parameter (`?id=8` → `?id=9`: the next item) give null. Volatile
 * parameters (sessions, referrers, search request ids: `isVolatileKey`) are not read, and
 * a locale prefix that only one path carries (`/s` → `/-/en/s`) is set aside.
 *
 * @param pageUrl absolute URL of the current page
 * @param linkUrl absolute URL of the link
 * @param parsedLink `linkUrl` already parsed (a fragment may remain), so it is not parsed
 *   again
 * @returns the change, or null when the URLs are not page-number neighbours
 */
export function pageNumberChange(
  pageUrl: string,
  linkUrl: string,
  parsedLink?: URL,
): PageNumberChange | null {
  const current = currentShape(pageUrl);
  const lu = parsedLink ?? parseUrl(linkUrl);
  if (current === null || lu === null || current.origin !== lu.origin) return null;
  const [curSegments, segments] = withoutOneSidedLocale(current.shape.segments, segmentsOf(lu));
  if (!pathsMayStep(curSegments, segments)) return null;
  const cur: UrlShape =
    curSegments === current.shape.segments
      ? current.shape
      : { segments: curSegments, query: current.shape.query };
  const link: UrlShape = { segments, query: queryOf(lu) };
  const token = changedToken(cur, link);
  if (token !== null) return token;
  const added = extraTrailingNumber(cur, link);
  if (added !== null) return { delta: added - 1, offsetLike: false };
  const removed = extraTrailingNumber(link, cur);
  if (removed !== null) return { delta: 1 - removed, offsetLike: false };
  const numbered = numberedDocument(cur, link);
  if (numbered !== null) return { delta: numbered - 1, offsetLike: false };
  const unnumbered = numberedDocument(link, cur);
  if (unnumbered !== null) return { delta: 1 - unnumbered, offsetLike: false };
  const addedQ = extraQueryNumber(cur, link);
  if (addedQ !== null) {
    const first = addedQ.offsetLike ? 0 : 1;
    return { delta: addedQ.value - first, offsetLike: addedQ.offsetLike };
  }
  const removedQ = extraQueryNumber(link, cur);
  if (removedQ !== null) {
    const first = removedQ.offsetLike ? 0 : 1;
    return { delta: first - removedQ.value, offsetLike: removedQ.offsetLike };
  }
  return pageParamStep(cur, link);
}

/**
 * The fetched page's URL is page 1's one page on: its page number is page 1's + 1
 * (`/page/3/` → `/page/4/`, `/` → `/index2.html`, `?p=2` → `?p=3`,
 * {@link pageNumberChange}), or its item offset is further on
 * (`?start=20` → `?start=40`). Seed 000 §3.2.2.2 reads pager URLs as alike; this reads
 * the direction and size of the step, which the way back (−1), another page of the list
 * (+k) and another list (no step) lack.
 *
 * @param page1Url page 1's URL (absolute)
 * @param page2Url the fetched or linked page's URL (absolute)
 * @returns true when the URL steps one page forward
 */
export function urlStepsForward(page1Url: string, page2Url: string): boolean {
  const change = pageNumberChange(page1Url, page2Url);
  if (change === null) return false;
  return change.offsetLike ? change.delta > 0 : change.delta === 1;
}

/**
 * The fetched page's URL names page 1's page number + 1 (`?page=1` → `?page=2`, `/` →
 * `/page/2/`, `/list` → `/list?pagina=2`; {@link pageNumberChange}): a page number, not an
 * item offset, whose step size says nothing of one page without the page's item count
 * (`?start=75` from page 1 is page 6 of a forum of 15 topics a page).
 *
 * @param page1Url page 1's URL (absolute)
 * @param page2Url the fetched page's URL (absolute)
 * @returns true when the URL names the next page number
 */
export function urlNamesNextPage(page1Url: string, page2Url: string): boolean {
  const change = pageNumberChange(page1Url, page2Url);
  return change !== null && !change.offsetLike && change.delta === 1;
}

/**
 * The `delta` of {@link pageNumberChange}, 0 when the URLs are not page-number neighbours.
 * `/a.ars` → `/a.ars/2`: 1; `?page=3` → `?page=4`: 1; `?start=20` → `?start=40`: 20.
 *
 * @param pageUrl absolute URL of the current page
 * @param linkUrl absolute URL of the link
 * @returns link number − current number (pages or items), or 0
 */
export function pageNumberDelta(pageUrl: string, linkUrl: string): number {
  return pageNumberChange(pageUrl, linkUrl)?.delta ?? 0;
}

/**
 * The page number a link text shows, for numbered pagers ("2", " 3 ", "[4]"): an integer
 * from 1 to 9999 and nothing else but brackets and spaces.
 *
 * @param text the anchor's textContent (raw)
 * @returns the number, or null when the text is not a lone page number
 */
export function pageNumberText(text: string): number | null {
  if (text.length > 12) return null;
  const m = /^[[(]?(\d{1,4})[\])]?$/.exec(text.replace(/\s+/g, ""));
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 ? n : null;
}
