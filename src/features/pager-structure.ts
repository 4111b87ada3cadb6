/**
 * Pager structure, read from the links around a candidate rather than from the candidate
 * alone (extending seed 000 §3.2.2.2, whose LinkSimilarity only notices that
 * pager URLs look alike). A numbered pager ("1 2 3 … Next") says which page is being read
 * (the current-page marker) and so which link is the next one (current + 1), even when
 * the first page's own URL carries no page number and URL arithmetic against it fails.
 *
 * Each signal is its own exported function; {@link numberedRunFeatures} gathers the two
 * run signals for every anchor of a page in one pass.
 */

import { samePage } from "../keys/page-url";
import { classNamesState } from "./keywords";
import { pageNumberText } from "./page-number";
import { visibleText } from "./text";
import { digitParts, pageUrlOnce, parseUrl } from "./url-query";

/** How many ancestors above a numbered link may hold the rest of its run. */
const RUN_ANCESTOR_LEVELS = 3;

/** Most descendants of a run container read when looking for its current-page marker. */
const MARKER_SCAN_NODES = 400;

/** Class tokens that mark the page being read (also inside "is-active", "current_page"). */
const CURRENT_TOKENS: ReadonlySet<string> = new Set(["current", "active", "selected", "on", "cur"]);

/** One anchor's place in a numbered pager. */
export interface RunPlace {
  /** 1 when the link's number is the current page's + 1 */
  plusOne: number;
  /** 1 when the link's URL follows the run's URL arithmetic ({@link followsRunArithmetic}) */
  template: number;
}

/**
 * Whether an element is marked as the page being read: `aria-current` (any value but
 * "false") or a current/active/selected class token on it or its parent (the `<li>` of
 * a pager item).
 *
 * @param e element
 * @returns true when marked current
 */
export function markedCurrent(e: Element): boolean {
  if (ariaCurrent(e)) return true;
  if (classNamesState(e, CURRENT_TOKENS)) return true;
  const p = e.parentElement;
  return p !== null && p.localName === "li" && classNamesState(p, CURRENT_TOKENS);
}

function insideLink(e: Element, stop: Element): boolean {
  for (let x: Element | null = e; x !== null && x !== stop; x = x.parentElement) {
    if (x.localName === "a" && x.hasAttribute("href")) return true;
  }
  return false;
}

/** A numbered anchor that shows the page being read: no href, a link to the page itself,
 * or `aria-current`. */
function pointsHere(a: Element, pageHref: string): boolean {
  return !a.hasAttribute("href") || selfLink(a, pageHref) || ariaCurrent(a);
}

/** An anchor that links to the page itself (any spelling of its address, ../keys/page-url.ts
 * `samePage`), to nothing, or to a fragment. */
function selfLink(a: Element, pageHref: string): boolean {
  const href = (a.getAttribute("href") ?? "").trim();
  if (href === "" || href.startsWith("#") || /^javascript:/i.test(href)) return true;
  try {
    return samePage(new URL(href, pageHref).href, pageHref);
  } catch {
    return false;
  }
}

/**
 * The current-page marker of a numbered run: inside the run's container, a lone number
 * that is not a link (`<span>3</span>`, `<strong>3</strong>`, `<em>`), a numbered anchor
 * linking to the page itself or carrying `aria-current`, else the one numbered anchor
 * whose class (or its `<li>`'s) says current/active. A class shared by several numbered
 * anchors is styling ("paginator__button--active" on every button), not a marker. The
 * first marker in document order that `fits` wins ("共 <span>213</span> 頁" before the
 * run "1 2 3 …" is the page count, not the page). The walk reads at most
 * {@link MARKER_SCAN_NODES} nodes.
 *
 * @param container the run's common ancestor
 * @param pageHref the page URL, fragment removed
 * @param fits which numbers may be the run's current page (default: any)
 * @returns the current page number, or null when the run shows none
 */
export function currentPageMarker(
  container: Element,
  pageHref: string,
  fits: (n: number) => boolean = () => true,
): number | null {
  let visited = 0;
  const classMarked: number[] = [];
  const walker = container.ownerDocument.createTreeWalker(container, 1 /* SHOW_ELEMENT */);
  for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
    if (++visited > MARKER_SCAN_NODES) break;
    const e = n as Element;
    if (e.firstElementChild !== null && e.localName !== "a") continue;
    const num = pageNumberText(e.textContent ?? "");
    if (num === null || !fits(num)) continue;
    if (e.localName === "a") {
      if (pointsHere(e, pageHref)) return num;
      if (markedCurrent(e)) classMarked.push(num);
      continue;
    }
    if (!insideLink(e, container)) return num;
  }
  return classMarked.length === 1 ? (classMarked[0] ?? null) : null;
}

/**
 * `aria-current` with any value but "false": the element is the page being read.
 *
 * @param e element
 * @returns true when marked
 */
export function ariaCurrent(e: Element): boolean {
  const aria = e.getAttribute("aria-current");
  return aria !== null && aria.toLowerCase() !== "false";
}

/**
 * Two URLs with the same non-digit skeleton that differ in exactly one digit run: that
 * run's two values ("?page=2" vs "?page=3": [2, 3]; "/p/2/" vs "/p/3/" too).
 *
 * @param a URL
 * @param b URL
 * @param parts {@link digitParts}, or a memo of it (a run holds each URL against many)
 * @returns the differing values, or null when the URLs differ otherwise or not at all
 */
export function singleNumberDifference(
  a: string,
  b: string,
  parts: (url: string) => readonly string[] = digitParts,
): [number, number] | null {
  const x = parts(a);
  const y = parts(b);
  if (x.length !== y.length) return null;
  let found: [number, number] | null = null;
  for (let i = 0; i < x.length; i++) {
    if (x[i] === y[i]) continue;
    if (i % 2 === 0 || found !== null) return null;
    found = [Number(x[i]), Number(y[i])];
  }
  return found;
}

/**
 * URL arithmetic between the links of one numbered run: the link's URL differs from
 * another run link's URL in one number only, that number moves in step with the shown
 * page numbers (a non-zero whole step), and it is the page itself (1- or 0-based) or an
 * item offset of it (`?page=2`/`?page=3`; `?start=20`/`?start=40`, step 20). True pagers
 * number their URLs so; lists of numbered items (chapters, footnotes, ranks) link to ids.
 *
 * @param self the link: its URL and shown number
 * @param others the other links of its run
 * @param parts {@link digitParts}, or a memo of it
 * @returns true when some other run link confirms the arithmetic
 */
export function followsRunArithmetic(
  self: { url: string; n: number },
  others: readonly { url: string; n: number }[],
  parts: (url: string) => readonly string[] = digitParts,
): boolean {
  for (let i = 0; i < others.length; i++) {
    const o = others[i] as { url: string; n: number };
    if (o.n === self.n || o.url === self.url) continue;
    const d = singleNumberDifference(self.url, o.url, parts);
    if (d === null) continue;
    const step = (d[0] - d[1]) / (self.n - o.n);
    if (step === 0 || !Number.isInteger(step)) continue;
    // The URL's number is the page (1-based or 0-based) or an item offset of it.
    const v = d[0];
    if (v === self.n || v === self.n - 1 || v === (self.n - 1) * step || v === self.n * step)
      return true;
  }
  return false;
}

interface NumberedAnchor {
  a: Element;
  url: string;
  n: number;
}

/**
 * The run container of each numbered anchor: the lowest of its
 * {@link RUN_ANCESTOR_LEVELS} nearest ancestors that holds another numbered anchor.
 */
function runContainers(numbered: readonly NumberedAnchor[]): Map<Element, NumberedAnchor[]> {
  const count = new Map<Element, Set<Element>>();
  for (const x of numbered) {
    let e = x.a.parentElement;
    for (let level = 0; e !== null && level < RUN_ANCESTOR_LEVELS; level++) {
      let s = count.get(e);
      if (s === undefined) {
        s = new Set();
        count.set(e, s);
      }
      s.add(x.a);
      e = e.parentElement;
    }
  }
  const runs = new Map<Element, NumberedAnchor[]>();
  for (const x of numbered) {
    let e = x.a.parentElement;
    for (let level = 0; e !== null && level < RUN_ANCESTOR_LEVELS; level++) {
      if ((count.get(e)?.size ?? 0) >= 2) {
        const r = runs.get(e);
        if (r === undefined) runs.set(e, [x]);
        else r.push(x);
        break;
      }
      e = e.parentElement;
    }
  }
  return runs;
}

/**
 * The current page of a run: its marker ({@link currentPageMarker}), else page 1 when the
 * run starts at 2 with no "1" anywhere in it (page 1 of "2 3 4 … Next" often shows no
 * number at all).
 *
 * Only a marker within one of the run's numbers counts.
 *
 * @param container the run's common ancestor
 * @param run its numbered candidate anchors
 * @param pageHref the page URL, fragment removed
 * @returns the current page number, or null when unknown
 */
export function currentPageOfRun(
  container: Element,
  run: readonly { n: number }[],
  pageHref: string,
): number | null {
  const numbers = run.map((x) => x.n);
  const lo = Math.min(...numbers);
  const hi = Math.max(...numbers);
  const marker = currentPageMarker(container, pageHref, (n) => n >= lo - 1 && n <= hi + 1);
  if (marker !== null) return marker;
  return lo === 2 ? 1 : null;
}

/**
 * A lone numbered link right after the current-page marker: the element before it (or
 * before its `<li>`/wrapper, up to two levels up) shows its number − 1 and is not a link
 * elsewhere. A two-page pager, "<li class=current>1</li><li><a>2</a></li> Next", has no
 * run of two numbered links, yet its "2" is the next page.
 *
 * @param a the numbered anchor
 * @param n its number
 * @param pageHref the page URL, fragment removed
 * @returns true when the marker n − 1 sits right before it
 */
export function afterCurrentMarker(a: Element, n: number, pageHref: string): boolean {
  let e: Element | null = a;
  for (let level = 0; e !== null && level <= 2; level++, e = e.parentElement) {
    const prev = e.previousElementSibling;
    const shown = prev === null ? null : pageNumberText(prev.textContent ?? "");
    if (prev === null || shown === null) continue;
    if (shown !== n - 1) return false;
    const link = prev.localName === "a" ? prev : prev.querySelector("a[href]");
    return link === null || pointsHere(link, pageHref) || markedCurrent(link);
  }
  return false;
}

/**
 * Numbered-pager features of every candidate anchor of a page: where the anchor shows a
 * page number inside a run of at least two numbered links, `plusOne` says whether it is
 * the current page + 1 and `template` whether its URL follows the run's arithmetic. A
 * lone numbered link gets `plusOne` when the current-page marker sits right before it
 * ({@link afterCurrentMarker}). Other anchors get neither (absent from the map).
 *
 * @param anchors the page's candidate anchors with their URLs, in document order
 * @param pageHref the page URL, fragment removed
 * @param texts visible text of each anchor (same order; computed by the caller once)
 * @returns run features per anchor
 */
export function numberedRunFeatures(
  anchors: readonly { anchor: Element; url: string }[],
  pageHref: string,
  texts?: readonly string[],
): Map<Element, RunPlace> {
  const numbered: NumberedAnchor[] = [];
  anchors.forEach((c, i) => {
    const n = pageNumberText(texts?.[i] ?? visibleText(c.anchor));
    if (n !== null) numbered.push({ a: c.anchor, url: c.url, n });
  });
  const out = new Map<Element, RunPlace>();
  if (numbered.length === 0) return out;
  // Each run link is held against the others of its run: a URL's parts are split once.
  const split = new Map<string, readonly string[]>();
  const parts = (url: string): readonly string[] => {
    let p = split.get(url);
    if (p === undefined) {
      p = digitParts(url);
      split.set(url, p);
    }
    return p;
  };
  for (const [container, run] of runContainers(numbered)) {
    const current = currentPageOfRun(container, run, pageHref);
    for (let i = 0; i < run.length; i++) {
      const x = run[i] as NumberedAnchor;
      out.set(x.a, {
        plusOne: current !== null && x.n === current + 1 ? 1 : 0,
        template: followsRunArithmetic(x, run, parts) ? 1 : 0,
      });
    }
  }
  for (const x of numbered) {
    if (!out.has(x.a) && x.n >= 2 && afterCurrentMarker(x.a, x.n, pageHref))
      out.set(x.a, { plusOne: 1, template: 0 });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Cursor parameters

/** Query names that carry a cursor: the position after which (or before which) the next
 * page starts, as feeds, forums and blog platforms page ("Older posts": `updated-max=`). */
const CURSOR_KEYS: ReadonlySet<string> = new Set([
  "after",
  "before",
  "cursor",
  "continue",
  "updated-max",
  "updated-min",
  "published-max",
  "max_id",
  "since_id",
  "until",
  "since",
  "older",
  "newer",
  "last",
  "pagetoken",
  "page_token",
  "nextpagetoken",
  "next_token",
  "start_cursor",
]);

/** Cursor names that bound the items from below (newer than) and from above (older than). */
const LOWER_BOUND_KEYS: ReadonlySet<string> = new Set([
  "after",
  "since",
  "since_id",
  "updated-min",
  "newer",
]);
const UPPER_BOUND_KEYS: ReadonlySet<string> = new Set([
  "before",
  "until",
  "max_id",
  "updated-max",
  "published-max",
  "older",
]);

/** A switch value: `last=1` asks for a thread's last post, it holds no position. */
const FLAG_VALUE = /^(?:0|1|true|false|yes|no|on|off)$/i;

/**
 * The link moves a cursor: on the page's own site it sets a cursor query parameter
 * ({@link CURSOR_KEYS}) to a value the page's own URL does not have. The path may change:
 * a blog's home page pages on through "/search?updated-max=…". Cursors are opaque (a
 * date, an id, a token), so no arithmetic applies: the parameter's presence is the
 * signal. Two kinds of link carry cursor names without paging: a switch (`last=1`,
 * a forum's "jump to the last post" on every thread row) and a range that sets both
 * bounds (`updated-min=2015-01-01&updated-max=2016-01-01`, a blog's year archive).
 *
 * @param pageHref the page URL, fragment removed
 * @param url the candidate URL
 * @param parsedLink `url` already parsed (a fragment may remain), so it is not parsed again
 * @returns 1 or 0
 */
export function cursorParam(pageHref: string, url: string, parsedLink?: URL): number {
  // No query, no cursor: most links of a page, asked on its cold first detection, where
  // parsing both URLs for each was most of this signal's time.
  if (!url.includes("?")) return 0;
  const page = pageUrlOnce(pageHref);
  const link = parsedLink ?? parseUrl(url);
  if (page === null || link === null || page.host !== link.host) return 0;
  // for…of over the params themselves: in a Firefox content script, spreading
  // `searchParams.keys()` throws and took the whole detection down (the Firefox e2e test).
  let lower = false;
  let upper = false;
  let moved = false;
  for (const [k, v] of link.searchParams) {
    const name = k.toLowerCase();
    lower ||= LOWER_BOUND_KEYS.has(name);
    upper ||= UPPER_BOUND_KEYS.has(name);
    moved ||= v !== "" && !FLAG_VALUE.test(v) && isCursorKey(k) && page.searchParams.get(k) !== v;
  }
  return moved && !(lower && upper) ? 1 : 0;
}

/**
 * A cursor link whose label reads the way on ("Older posts", "Next"): one page forward. A
 * cursor holds no number that steps by one, so the URL alone cannot say which way it goes
 * (Blogger's "Newer Posts" sets `updated-max=` too); its label can. The next-link features
 * count it as `isPlusOne`, the step that numbered pagers show, so that the forest weighs
 * the cursor pagers (one site in the corpus) with the numbered ones (most of it).
 *
 * @param cursor {@link cursorParam} of the link (0 or 1)
 * @param older `olderText` of the link (0 or 1)
 * @param next `nextText` of the link (0 or 1)
 * @returns 1 or 0
 */
export function cursorStep(cursor: number, older: number, next: number): number {
  return cursor === 1 && (older === 1 || next === 1) ? 1 : 0;
}

/**
 * Whether a query parameter name carries a cursor ({@link CURSOR_KEYS}).
 *
 * @param name parameter name, any case
 * @returns true for a cursor parameter
 */
export function isCursorKey(name: string): boolean {
  return CURSOR_KEYS.has(name.toLowerCase());
}
