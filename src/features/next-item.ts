/**
 * Next item is not next page: signals that a link leads along a chain of
 * separate things (the next day of a calendar, the next year of an archive, an anchor
 * whose href is words) rather than to page N+1 of one list or article. They complement
 * {@link nextItem}'s words ("Next post", "次の記事") with the URL's shape.
 */

import { isLettersOnly } from "./letters";
import { isCursorKey } from "./pager-structure";
import { changedQuery, digitParts } from "./url-query";

/** A calendar year, as URLs carry them. */
const YEAR = /^(?:19|20)\d\d$/;

/** A whole calendar date in a URL: 2016/03/02, 2016-03-02, 20160302 (not inside a longer
 * number). */
const FULL_DATE = /(?<!\d)(?:19|20)\d\d([-/_.]?)(?:0[1-9]|1[0-2])\1(?:0[1-9]|[12]\d|3[01])(?!\d)/;

/** Query names that carry a date or a calendar position. */
const DATE_KEYS = /^(?:year|yr|month|mon|mo|day|date|week|ym|ymd|yyyymm|cal|calendar)$/i;

/**
 * The link differs from the page only in a date: the same URL skeleton where the numbers
 * that change are a year (1900–2099), or numbers right after one ("/2024/05/" →
 * "/2024/06/", "?date=2024-05-01" → "…-02"), or the value of a date-named query parameter
 * (year, month, day, date, week). Calendars and dated archives say "next" for the next
 * day or year, which is another page of the site but not the next page of this one.
 *
 * @param pageHref the page URL, fragment removed
 * @param url the candidate URL
 * @returns 1 or 0
 */
export function dateStep(pageHref: string, url: string): number {
  if (datedPathStep(pageHref, url)) return 1;
  const changed = changedQuery(pageHref, url);
  return changed?.some(([k]) => DATE_KEYS.test(k)) ? 1 : 0;
}

/**
 * The link's URL names a whole day (year, month and day: "/2016/03/02/", "?m=20160302")
 * that the page's URL does not. A calendar widget's days form a numbered run ("1 2 3 …
 * 31") whose "current + 1" is tomorrow's archive, not page 2; dated posts carry the same
 * shape, and neither is the next page of a list.
 *
 * @param pageHref the page URL, fragment removed
 * @param url the candidate URL
 * @returns 1 or 0
 */
export function datedTarget(pageHref: string, url: string): number {
  // Most links name no day: test the raw URL before parsing it to drop its cursors.
  if (!FULL_DATE.test(url)) return 0;
  const day = FULL_DATE.exec(withoutCursors(url))?.[0];
  return day !== undefined && !pageHref.includes(day) ? 1 : 0;
}

/** The URL without its cursor parameters: "Older posts" pages on at
 * `updated-max=2016-03-18T11:07`, a position in time, not a calendar day. */
function withoutCursors(url: string): string {
  if (!url.includes("?")) return url;
  try {
    const u = new URL(url);
    // for…of over the params themselves: spreading `searchParams.keys()` throws in a
    // Firefox content script (see cursorParam), which left the cursor's date in place.
    const cursors: string[] = [];
    for (const [k] of u.searchParams) if (isCursorKey(k)) cursors.push(k);
    for (const k of cursors) u.searchParams.delete(k);
    return u.href;
  } catch {
    return url;
  }
}

/** Same skeleton, and every changed number is a year or follows one (see {@link dateStep}). */
function datedPathStep(pageHref: string, url: string): boolean {
  const a = digitParts(pageHref);
  const b = digitParts(url);
  if (a.length !== b.length) return false;
  let changed = false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (i % 2 === 0) return false;
    // Split pieces alternate text/digits: a year two or four pieces back, joined by a
    // date separator, makes this number its month or day.
    const dated =
      (YEAR.test(a[i] ?? "") && YEAR.test(b[i] ?? "")) ||
      (i >= 2 && YEAR.test(a[i - 2] ?? "") && /^[-/._]$/.test(a[i - 1] ?? "")) ||
      (i >= 4 && YEAR.test(a[i - 4] ?? "") && /^[-/._]$/.test(a[i - 1] ?? ""));
    if (!dated) return false;
    changed = true;
  }
  return changed;
}

/**
 * The href as written is words, not an address: it holds a space, or is letters only
 * with no path, query or extension ("Next page", "next"). Browsers still resolve it to a
 * URL of the site, but no pager writes its links that way; templates that print a label
 * into the href do.
 *
 * @param href the raw href attribute
 * @returns 1 or 0
 */
export function hrefNotUrl(href: string): number {
  const h = href.trim();
  if (h === "") return 0;
  if (/\s/.test(h)) return 1;
  return isLettersOnly(h) ? 1 : 0;
}
