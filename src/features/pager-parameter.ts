/**
 * The page parameter read from the pager's own structure, not from its name. Where the
 * numbered links of one pager ("2", "3", "4") differ in one number of their URLs, and that
 * number moves with the numbers they show, that number is the page parameter, whatever
 * the site calls it (`Nao=20`, `first=11`, `pd=2`, `p=1`), counted from 0 or 1 and
 * stepping by 1, 10 or 20: the pager says which. Seed 000 §3.2.2.2 notices that pager URLs
 * look alike (LinkSimilarity, Fig. 3.7); here the numbers they show are read against the
 * number that differs, so page 2 is the link the pager itself calls 2.
 *
 * Pure functions over (URL, text) pairs: the detector reads them from the page's links,
 * the evaluation from the harvested candidates.
 */

import { pageNumberText } from "./page-number";
import { digitParts, parseBareUrl, parseUrl } from "./url-query";

/** A link of a numbered pager: its URL and the page number its text shows. */
export interface NumberedLink {
  url: string;
  n: number;
}

/** The page parameter of a pager: which number of its URLs holds the page, and how. */
export interface PagerParameter {
  /** a query parameter (`key`, the other parameters free: a search engine's
   * `FORM=PERE1` moves beside `first=21`) on one path (`prefix`: origin and path), or a
   * digit run of the whole URL (`parts`, {@link digitParts}, the page's run left "") */
  where: { key: string; prefix: string } | { parts: readonly string[]; run: number };
  /** the run's value on page 1 (0 for a parameter counted from 0, 1 for "first=1") */
  first: number;
  /** how much the run moves from one page to the next (1, 10, 20) */
  step: number;
  /** numbered links that fit (two at least) */
  links: number;
}

/** Fewest numbered links that show a parameter: one link fits any arithmetic. */
const LEAST_LINKS = 2;

/** A URL as the structure compares it: parsed, fragment dropped. */
function comparable(url: string): string | null {
  return parseBareUrl(url)?.href ?? null;
}

/**
 * The links that show a page number ({@link pageNumberText}): one per URL, the first
 * number read for it.
 *
 * @param links candidate links, each with the visible texts of its anchors
 * @returns the numbered ones, URLs without fragment
 */
export function numberedLinks(
  links: readonly { url: string; texts: readonly string[] }[],
): NumberedLink[] {
  const out: NumberedLink[] = [];
  const seen = new Set<string>();
  for (const { url, texts } of links) {
    const href = comparable(url);
    if (href === null || seen.has(href)) continue;
    for (const t of texts) {
      const n = pageNumberText(t);
      if (n === null) continue;
      seen.add(href);
      out.push({ url: href, n });
      break;
    }
  }
  return out;
}

/** The parts of a URL with one run blanked: the key links of one parameter share. */
function shapeKey(parts: readonly string[], run: number): string {
  return parts.map((p, i) => (i === run ? "" : p)).join("\u0000");
}

/**
 * Whether the numbered links, all of one shape, fit `value = first + step × (n − 1)` on
 * their run `run` with a whole positive step and a first value of 0 or more.
 */
function fitArithmetic(
  group: readonly { n: number; parts: readonly string[] }[],
  run: number,
): { first: number; step: number } | null {
  const a = group[0];
  const b = group.find((g) => g.n !== a?.n);
  if (!a || !b) return null;
  const va = Number(a.parts[run]);
  const vb = Number(b.parts[run]);
  const step = (vb - va) / (b.n - a.n);
  if (!Number.isInteger(step) || step < 1) return null;
  const first = va - step * (a.n - 1);
  if (first < 0) return null;
  for (const g of group) if (Number(g.parts[run]) !== first + step * (g.n - 1)) return null;
  return { first, step };
}

/** The numbered links by query parameter: for each path and integer-valued key, the
 * links that carry it, as one-run "parts" so that {@link fitArithmetic} reads them alike. */
function queryGroups(
  links: readonly NumberedLink[],
): Map<string, { key: string; prefix: string; members: { n: number; parts: string[] }[] }> {
  const out = new Map<
    string,
    { key: string; prefix: string; members: { n: number; parts: string[] }[] }
  >();
  for (const l of links) {
    const u = parseUrl(l.url);
    if (u === null) continue;
    const prefix = `${u.origin}${u.pathname}`;
    for (const [key, value] of u.searchParams) {
      if (!/^\d{1,7}$/.test(value)) continue;
      const id = `${prefix}\u0000${key}`;
      const member = { n: l.n, parts: ["", value] };
      const g = out.get(id);
      if (g) g.members.push(member);
      else out.set(id, { key, prefix, members: [member] });
    }
  }
  return out;
}

/**
 * The page parameter of a page's numbered pager: among the numbered links of one path
 * that share an integer query parameter, or whose URLs differ in one digit run only, the
 * largest group whose number moves with the numbers they show ({@link PagerParameter});
 * a query parameter wins a tie (the other parameters may change beside it). `?q=x&p=1` "2", `&p=2` "3", `&p=3` "4" give the run of
 * `p`, first 0, step 1; `&first=11` "2", `&first=21` "3" give first 1, step 10.
 *
 * @param links the page's numbered links ({@link numberedLinks})
 * @returns the parameter, or null when no two numbered links show one
 */
export function pagerParameter(links: readonly NumberedLink[]): PagerParameter | null {
  const split = links.map((l) => ({ n: l.n, parts: digitParts(l.url) }));
  const groups = new Map<string, { run: number; members: typeof split }>();
  for (const s of split) {
    for (let run = 1; run < s.parts.length; run += 2) {
      const key = `${run}\u0001${shapeKey(s.parts, run)}`;
      const g = groups.get(key);
      if (g) g.members.push(s);
      else groups.set(key, { run, members: [s] });
    }
  }
  let best: PagerParameter | null = null;
  for (const { key, prefix, members } of queryGroups(links).values()) {
    if (members.length < LEAST_LINKS || (best && members.length <= best.links)) continue;
    if (new Set(members.map((m) => m.n)).size !== members.length) continue;
    const f = fitArithmetic(members, 1);
    if (f) best = { where: { key, prefix }, first: f.first, step: f.step, links: members.length };
  }
  for (const { run, members } of groups.values()) {
    if (members.length < LEAST_LINKS || (best && members.length <= best.links)) continue;
    // One URL per number: two URLs shown as "3" are two pagers, not one.
    if (new Set(members.map((m) => m.n)).size !== members.length) continue;
    const f = fitArithmetic(members, run);
    if (!f) continue;
    const parts = (members[0] as { parts: string[] }).parts.map((p, i) => (i === run ? "" : p));
    best = { where: { parts, run }, first: f.first, step: f.step, links: members.length };
  }
  return best;
}

/**
 * The page a URL asks for under a pager's parameter: its run read back through
 * `first + step × (n − 1)`.
 *
 * @param param the parameter ({@link pagerParameter})
 * @param url absolute URL
 * @returns the page number (1 or more), or null when the URL is not of this shape or its
 *   value falls between pages
 */
export function pageUnder(param: PagerParameter, url: string): number | null {
  const value = valueUnder(param.where, url);
  if (value === null) return null;
  const n = (value - param.first) / param.step + 1;
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/** The number a URL holds where the parameter sits, or null when it has none there. */
function valueUnder(where: PagerParameter["where"], url: string): number | null {
  if ("key" in where) {
    const u = parseUrl(url);
    if (u === null || `${u.origin}${u.pathname}` !== where.prefix) return null;
    const v = u.searchParams.get(where.key);
    return v !== null && /^\d{1,7}$/.test(v) ? Number(v) : null;
  }
  const href = comparable(url);
  if (href === null) return null;
  const parts = digitParts(href);
  if (parts.length !== where.parts.length) return null;
  for (let i = 0; i < parts.length; i++)
    if (i !== where.run && parts[i] !== where.parts[i]) return null;
  return Number(parts[where.run]);
}

/**
 * The page the reader is on, as the pager's structure tells it: the page its URL asks
 * for under the parameter; else the one number the pager's run skips (links 1 2 3 _ 5 6:
 * the current page is shown as no link); else 1 when the page's URL is the pager's path
 * without the parameter (page 1 written bare); else 1 when the run starts at 2 (page 1 of
 * "2 3 4 … Next" is often written without the parameter at all).
 *
 * @param param the parameter
 * @param links the numbered links it was read from
 * @param pageUrl the page's URL
 * @returns the current page, or null when the structure does not say
 */
export function currentPageUnder(
  param: PagerParameter,
  links: readonly NumberedLink[],
  pageUrl: string,
): number | null {
  const own = pageUnder(param, pageUrl);
  if (own !== null) return own;
  const shown = new Set(links.filter((l) => pageUnder(param, l.url) === l.n).map((l) => l.n));
  const numbers = [...shown].sort((x, y) => x - y);
  const lo = numbers[0];
  const hi = numbers[numbers.length - 1];
  if (lo === undefined || hi === undefined) return null;
  const gaps: number[] = [];
  for (let n = lo + 1; n < hi; n++) if (!shown.has(n)) gaps.push(n);
  if (gaps.length === 1) return gaps[0] as number;
  // Else page 1 written without the parameter at all (`/s?q=x`, its "3" asking `&p=2`).
  if ("key" in param.where) {
    const u = parseUrl(pageUrl);
    if (
      u &&
      `${u.origin}${u.pathname}` === param.where.prefix &&
      !u.searchParams.has(param.where.key)
    )
      return 1;
  }
  if (gaps.length === 0 && lo === 2) return 1;
  return null;
}

/** What the pager's structure says about a page's next page. */
export interface StructuralNext {
  param: PagerParameter;
  /** the current page ({@link currentPageUnder}) */
  current: number;
}

/**
 * The pager structure of a page, where its numbered links show one: the parameter and
 * the current page.
 *
 * @param pageUrl the page's URL
 * @param links candidate links with their anchors' visible texts
 * @returns the structure, or null when the pager shows none
 */
export function pagerStructureOf(
  pageUrl: string,
  links: readonly { url: string; texts: readonly string[] }[],
): StructuralNext | null {
  const numbered = numberedLinks(links);
  const param = pagerParameter(numbered);
  if (param === null) return null;
  const current = currentPageUnder(param, numbered, pageUrl);
  return current === null ? null : { param, current };
}

/**
 * Whether a URL is the next page under the pager's structure: it asks for the current
 * page + 1, whatever its parameter is called or counts from.
 *
 * @param structure the page's structure ({@link pagerStructureOf})
 * @param url a candidate URL
 * @returns true for current + 1
 */
export function isStructuralNext(structure: StructuralNext, url: string): boolean {
  return pageUnder(structure.param, url) === structure.current + 1;
}
