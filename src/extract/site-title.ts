/**
 * Site name vs. article title from the `<title>` of two pages of one site, after
 * Funayama, Shibuta, Shibata, Kurohashi, "Webページの構造解析とメタデータ候補の抽出"
 * (seed 004, §6.1, Table 2): the part of the `<title>` that sibling pages share is
 * the site name, the part that differs is the title. Titles are compared by segments
 * split at the delimiters sites put between title and site name (" | ", " - ", " — ",
 * " : ", " :: ", " / ", " « ", " » ", " · ", "｜", "：", "【…】"); only a shared
 * leading or trailing run of segments counts ("前方または後方一致のみ").
 *
 * Joined pages are siblings of one article rather than of one directory, so their
 * titles often differ only by a page marker ("Page 2", "2ページ目", "(2/5)"): those
 * markers are dropped before comparing, and titles equal after that fall under the
 * seed's case (2), where the site name is taken from the page (og:site_name, the host)
 * instead of from the titles.
 */

/** How the site name was decided; `sibling` is the seed's high-confidence case (1). */
export type SiteTitleSource = "sibling" | "single";

export interface SiteTitle {
  /** Article title ("" when none could be told apart). */
  title: string;
  /** Site name, or null when the title could not be divided (the title is then the
   * whole `<title>`, page markers dropped). */
  siteName: string | null;
  source: SiteTitleSource;
}

const DELIMITER = /\s+[|\-–—:·»«/]{1,2}\s+|\s*[｜：|]\s*|【|】/g;
const PAGE_MARKER =
  /^(?:(?:page|p\.?|seite|página|pagina|страница|第)\s*\d+(?:\s*(?:of|\/|de|von|из)\s*\d+)?\s*(?:ページ|頁|页)?(?:目)?|\d+\s*(?:ページ|頁|页)目?|\(?\d+\s*\/\s*\d+\)?|\(\d+\))$/i;
const TRAILING_PAGE =
  /\s*(?:[([]?\b(?:page|p\.)\s*\d+(?:\s*of\s*\d+)?[)\]]?|[([]\d+\s*\/\s*\d+[)\]]|[([]\d+[)\]])\s*$/i;

/** One piece of a `<title>` and the delimiter written before it ("" for the first). */
export interface TitleSegment {
  text: string;
  delimiter: string;
}

/**
 * Split a `<title>` into segments at title/site delimiters, dropping page markers
 * ("Page 2", "2ページ目", "(2/5)") and a trailing "Page N" inside a segment.
 * @returns trimmed, non-empty segments in order
 */
export function titleSegments(title: string): TitleSegment[] {
  const s = title.replace(/\s+/g, " ").trim();
  const out: TitleSegment[] = [];
  let delimiter = "";
  let at = 0;
  for (const m of s.matchAll(DELIMITER)) {
    push(s.slice(at, m.index), delimiter);
    delimiter = m[0];
    at = (m.index ?? 0) + m[0].length;
  }
  push(s.slice(at), delimiter);
  return out;
  function push(raw: string, delim: string): void {
    const text = raw.replace(TRAILING_PAGE, "").trim();
    if (text && !PAGE_MARKER.test(text)) out.push({ text, delimiter: out.length ? delim : "" });
  }
}

/** Segments joined back with the delimiters they had (the first one's dropped). */
function join(segments: readonly TitleSegment[]): string {
  return segments
    .map((g, i) => (i === 0 ? g.text : `${g.delimiter}${g.text}`))
    .join("")
    .trim();
}

/** Hints from the page itself, used when the titles cannot tell (seed case 2/3). */
export interface SiteTitleHints {
  /** `og:site_name` or JSON-LD publisher name, if the page gives one. */
  siteName?: string | null;
  /** The page's host, e.g. "arstechnica.com". */
  host?: string | null;
  /** The page's main heading (its first `<h1>` that is not the site's logo), the
   * seed's title candidate from the page. */
  heading?: string | null;
}

/**
 * A name as titles and hosts are compared: lowercase letters and digits only ("Ars
 * Technica" and "arstechnica" agree).
 *
 * @param s any string
 * @returns s lowercased without anything that is not a letter or digit
 */
export const squash = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Whether a segment names the site given by the hints (same letters, or the host's name). */
function namesSite(segment: string, hints: SiteTitleHints): boolean {
  const s = squash(segment);
  if (!s) return false;
  if (hints.siteName && squash(hints.siteName) === s) return true;
  if (hints.host) {
    const host = hints.host.toLowerCase().replace(/^www\d*\./, "");
    const name = squash(host.split(".").slice(0, -1).join(".") || host);
    if (name && (s === name || s === squash(host))) return true;
  }
  return false;
}

/**
 * Tell the site name from the title using page 1's `<title>` and a sibling page's
 * (page 2 of the joined article), as seed 004 Table 2 does.
 * - case (1), partial match: a shared trailing (else leading) run of segments is the
 *   site name, the rest of page 1's segments the title;
 * - case (2), equal titles (after page markers) or no sibling, and case (3), no
 *   shared segment: a run of segments at one end that equals the page's heading is
 *   the title and the rest the site name; else an end segment that names the site
 *   (og:site_name, the host) is the site name and the rest the title; otherwise the
 *   whole `<title>` is the title and the site name is null.
 * @param title page 1's `<title>` text
 * @param sibling page 2's `<title>` text, or null when only one page is known
 * @param hints site name and host from the page, for cases (2) and (3)
 */
export function siteAndTitle(
  title: string,
  sibling: string | null,
  hints: SiteTitleHints = {},
): SiteTitle {
  const a = titleSegments(title);
  const whole = title.replace(/\s+/g, " ").trim();
  if (sibling !== null) {
    const b = titleSegments(sibling);
    const equal = a.length === b.length && a.every((s, i) => s.text === b[i]?.text);
    if (!equal && a.length > 1) {
      let suffix = 0;
      while (
        suffix < a.length - 1 &&
        suffix < b.length &&
        a[a.length - 1 - suffix]?.text === b[b.length - 1 - suffix]?.text
      )
        suffix++;
      let prefix = 0;
      while (
        prefix < a.length - 1 - suffix &&
        prefix < b.length &&
        a[prefix]?.text === b[prefix]?.text
      )
        prefix++;
      if (suffix > 0)
        return {
          siteName: join(a.slice(-suffix)),
          title: join(a.slice(0, -suffix)),
          source: "sibling",
        };
      if (prefix > 0)
        return {
          siteName: join(a.slice(0, prefix)),
          title: join(a.slice(prefix)),
          source: "sibling",
        };
    }
  }
  if (a.length > 1 && hints.heading) {
    // Seed 004 (*2): a heading of the page that is a leading or trailing run of the
    // segments is the title, and the other end the site name.
    const h = squash(hints.heading);
    for (let k = a.length - 1; k >= 1 && h; k--) {
      if (squash(join(a.slice(0, k))) === h)
        return { title: join(a.slice(0, k)), siteName: join(a.slice(k)), source: "single" };
      if (squash(join(a.slice(a.length - k))) === h)
        return {
          title: join(a.slice(a.length - k)),
          siteName: join(a.slice(0, a.length - k)),
          source: "single",
        };
    }
  }
  if (a.length > 1) {
    const last = (a[a.length - 1] as TitleSegment).text;
    const first = (a[0] as TitleSegment).text;
    if (namesSite(last, hints))
      return { siteName: last, title: join(a.slice(0, -1)), source: "single" };
    if (namesSite(first, hints))
      return { siteName: first, title: join(a.slice(1)), source: "single" };
  }
  return { siteName: null, title: a.length > 0 ? join(a) : whole, source: "single" };
}
