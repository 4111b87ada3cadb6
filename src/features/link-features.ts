/**
 * Next-link candidate vectors, seed 000 §3.2: every same-origin link of a page, merged by
 * target URL (§3.2.1), described by the nine features of Table 3.1 merged across anchors
 * by the rules of Table 3.2, plus extensions (rel/aria/class hints, multilingual words,
 * page-number arithmetic, pager context, layout).
 *
 * Each signal is its own exported function over one anchor so it can be tested alone;
 * {@link extractLinkVectors} only gathers and merges them.
 */

import { runNow, type SliceBudget, type Steps } from "../budget/slices";
import { anchorHref } from "./anchor-href";
import { disabledLink, moreText, olderStep, olderText, plusOneLinks } from "./continuation";
import { iconNext } from "./icon-next";
import {
  attrHintsNext,
  attrHintsPrev,
  attrTokens,
  classNamesState,
  matchesNextItemText,
  matchesNextText,
  matchesPrevText,
} from "./keywords";
import {
  type Box,
  documentSize,
  elementBox,
  hasLayout,
  isVisible,
  type Measure,
  measure,
  scrollOffsets,
} from "./layout";
import { isAscii } from "./letters";
import { LINK_FEATURE_NAMES, type LinkFeatureName } from "./link-feature-names";
import { datedTarget, dateStep, hrefNotUrl } from "./next-item";
import { headlineText, postNavigation } from "./next-post";
import { type PageNumberChange, pageNumberChange } from "./page-number";
import { otherDocument } from "./page-step";
import { hasPagerSignal, type PagerSignalName } from "./pager-signal";
import { ariaCurrent, cursorParam, cursorStep, numberedRunFeatures } from "./pager-structure";
import { pageTextLength, visibleText } from "./text";
import { mergeKey, parseBareUrl, parseUrl } from "./url-query";

export {
  CONTINUATION_FEATURES,
  LINK_FEATURE_NAMES,
  LINK_LAYOUT_FEATURES,
  LINK_PAGE_SIZE_FEATURES,
  type LinkFeatureName,
  NEXT_ITEM_URL_FEATURES,
  NEXT_POST_FEATURES,
  PAGER_STRUCTURE_FEATURES,
} from "./link-feature-names";
export { type PageNumberChange, pageNumberChange, pageNumberDelta } from "./page-number";

/** One candidate next link: a target URL and every anchor that points at it. */
export interface LinkVector {
  /** absolute URL, fragment removed */
  url: string;
  /** all `<a>` with this URL, in document order */
  anchors: HTMLAnchorElement[];
  features: Record<LinkFeatureName, number>;
}

const XHTML_NS = "http://www.w3.org/1999/xhtml";

/** How many ancestors {@link inPager} climbs above the anchor. */
const PAGER_ANCESTOR_LEVELS = 4;

/** Pager names in class/id/role/aria-label, bounded on the left so "homepage" stays out. */
const PAGER_HINT =
  /(?:^|[^a-z])(?:pag(?![a-z])|pagin|pager|paging|pagenav|page-nav|page_nav|page navigation|nav-links|page-numbers|page-links|pagelinks|wp-pagenavi)/;

const PAGER_ATTRS: ReadonlySet<string> = new Set(["class", "id", "role", "aria-label"]);

const STATE_TOKENS: ReadonlySet<string> = new Set(["disabled", "current", "active", "selected"]);

// ---------------------------------------------------------------------------
// URL handling (§3.2.1)

/** The host of a plain absolute http(s) URL (ASCII letters, digits, dots, hyphens). */
const ABSOLUTE_HOST = /^\s*https?:\/\/([a-z0-9.-]+)(?::\d+)?(?:[/?#]|$)/i;

/** A host that names a domain (its last label starts with a letter and is not hex): the URL
 * parser keeps it as written, lower-cased, whereas `127.1` or `0x7f.0.0.1` are IPv4
 * addresses it rewrites. */
function namedHost(host: string): boolean {
  // The last non-empty label, cut out rather than split: asked of every off-site link.
  let end = host.length;
  while (end > 0 && host.charCodeAt(end - 1) === 0x2e) end--;
  const last = host.slice(host.lastIndexOf(".", end - 1) + 1, end);
  return LETTER_FIRST.test(last) && !HEX_LABEL.test(last);
}

const LETTER_FIRST = /^[a-z]/i;
const HEX_LABEL = /^0x[0-9a-f]*$/i;

/**
 * Base URL for resolving the document's links: its first `<base href>` resolved against
 * the page URL, else the page URL. A DOMParser document's own `baseURI` is the parent
 * page's, so the page URL must be passed in (seed 000 §3.2.2.1 (7): relative links are
 * completed with the input page's URL).
 *
 * @param doc document holding the links
 * @param pageUrl absolute URL the document was loaded from
 * @returns the base URL, or null when pageUrl is not a URL
 */
export function documentBaseUrl(doc: Document, pageUrl: string): URL | null {
  const page = parseUrl(pageUrl);
  if (page === null) return null;
  const href = doc.querySelector("base[href]")?.getAttribute("href");
  if (href === undefined || href === null) return page;
  return parseUrl(href.trim(), page) ?? page;
}

/**
 * Absolute target of an anchor when it is a candidate of seed 000 §3.2.1: an http(s) URL
 * of the same origin (scheme, host and port) as the page, fragment removed, not the page
 * itself. On an https page, an http link to the same host is taken as its https form
 * (what the site redirects to, and the only form a secure page may fetch). javascript:,
 * mailto: and other schemes drop out on the scheme test.
 *
 * @param href raw href attribute
 * @param base result of {@link documentBaseUrl}
 * @param page the page URL, fragment removed
 * @returns absolute URL without fragment, or null when not a candidate
 */
export function candidateUrl(href: string, base: URL, page: URL): string | null {
  return candidateTarget(href, base, page)?.url ?? null;
}

/** {@link candidateUrl} with the parsed URL it came from (whose fragment may remain). */
function candidateTarget(href: string, base: URL, page: URL): { url: string; parsed: URL } | null {
  // Most links of a page go elsewhere: an absolute URL to another (ASCII) host is refused
  // without parsing it. Anything less plain takes the parser's word.
  const other = ABSOLUTE_HOST.exec(href)?.[1];
  if (other !== undefined && namedHost(other) && other.toLowerCase() !== page.hostname) return null;
  const u = parseUrl(href.trim(), base);
  if (u === null || (u.protocol !== "http:" && u.protocol !== "https:")) return null;
  if (u.protocol === "http:" && page.protocol === "https:" && u.host === page.host)
    u.protocol = "https:";
  // Same origin: for an http(s) URL its scheme and its host with the port.
  if (u.protocol !== page.protocol || u.host !== page.host) return null;
  // The fragment is what follows the first "#" of the serialization (a "#" before it is
  // percent-encoded), cut here rather than by setting `hash`, which serializes the URL
  // again: every link of the page passes here on its cold first detection.
  const full = u.href;
  const cut = full.indexOf("#");
  const target = cut < 0 ? full : full.slice(0, cut);
  return target === page.href ? null : { url: target, parsed: u };
}

// ---------------------------------------------------------------------------
// Thesis features, one anchor at a time (Table 3.1)

/**
 * The anchor's whole tag uppercased, as seed 000 §3.2.2.1 (1) prepares it for the label
 * tests: computed once per anchor and shared by {@link nextLabel} and {@link pageLabel}.
 *
 * @param a anchor
 * @returns `a.outerHTML.toUpperCase()`
 */
export function anchorMarkup(a: Element): string {
  return a.outerHTML.toUpperCase();
}

/**
 * Table 3.1 (1) "next label": "NEXT" or "次" anywhere in the anchor's markup
 * (text and attributes, case-insensitive), as the thesis uppercases the whole a tag
 * (seed 000 §3.2.2.1 (1)). Substrings count, exactly as in the thesis ("context" too).
 *
 * @param markup {@link anchorMarkup} of the anchor
 * @returns 1 or 0
 */
export function nextLabel(markup: string): number {
  return markup.includes("NEXT") || markup.includes("次") ? 1 : 0;
}

/**
 * Table 3.1 (2) "page label": "PAGE" or "ページ" anywhere in the anchor's markup,
 * case-insensitive (seed 000 §3.2.2.1 (2)).
 *
 * @param markup {@link anchorMarkup} of the anchor
 * @returns 1 or 0
 */
export function pageLabel(markup: string): number {
  return markup.includes("PAGE") || markup.includes("ページ") ? 1 : 0;
}

/**
 * Table 3.1 (3) "one-character label": the visible link text is exactly one character
 * (one code point, so "»" and "次" count and an emoji is not two) (seed 000 §3.2.2.1 (3)).
 *
 * @param text visible text of the anchor ({@link visibleText})
 * @returns 1 or 0
 */
export function oneChar(text: string): number {
  let n = 0;
  for (const _ of text) if (++n > 1) return 0;
  return n === 1 ? 1 : 0;
}

/**
 * Table 3.1 (6) / eq. 3.1: link text length over page text length (seed 000 §3.2.2.1 (6)).
 *
 * @param textLength chars of the link text
 * @param pageLength chars of the page text ({@link pageTextLength})
 * @returns ratio in 0..1; 0 when the page has no text
 */
export function textRatio(textLength: number, pageLength: number): number {
  return pageLength > 0 ? textLength / pageLength : 0;
}

/**
 * Table 3.1 (8) "URL length ratio". Eq. 3.2 did not survive in the seed text; the ratio is
 * read here as link URL length over the current page's URL length (both absolute, without
 * fragment), which keeps the feature's stated purpose of comparing hierarchy depth
 * (seed 000 §3.2.2.1 (7)–(8)).
 *
 * @param urlLength chars of the link URL
 * @param pageUrlLength chars of the page URL
 * @returns ratio (1 = same length); 0 when pageUrlLength is 0
 */
export function urlRatio(urlLength: number, pageUrlLength: number): number {
  return pageUrlLength > 0 ? urlLength / pageUrlLength : 0;
}

/**
 * Jaccard coefficient of the character sets of two URLs, eq. 3.4–3.5
 * (seed 000 §3.2.2.2). "https://nancoco.net/nyuuin_report2" vs "…3": 17/19.
 *
 * @param a URL
 * @param b URL
 * @returns |A∩B| / |A∪B| in 0..1 (1 for two empty strings)
 */
export function urlJaccard(a: string, b: string): number {
  return jaccard(charSet(a), charSet(b));
}

/** The characters (code points) of a string, as a set and as a list of its members. */
interface CharSet {
  set: ReadonlySet<string>;
  members: readonly string[];
}

/**
 * {@link CharSet} of a string. An ASCII string (every candidate URL: `URL.href` is
 * ASCII) is split by unit, which the Set constructor takes without the string iterator; a
 * page's first detection runs this uncompiled, where each step of an iterator allocates.
 */
function charSet(s: string): CharSet {
  const set = new Set(isAscii(s) ? s.split("") : s);
  return { set, members: [...set] };
}

function jaccard(a: CharSet, b: CharSet): number {
  const [small, large] = a.set.size <= b.set.size ? [a, b] : [b, a];
  let inter = 0;
  const members = small.members;
  for (let i = 0; i < members.length; i++) if (large.set.has(members[i] as string)) inter++;
  const union = a.set.size + b.set.size - inter;
  return union === 0 ? 1 : inter / union;
}

/**
 * LinkSimilarity of every position of the A-tag list, eq. 3.3: the max {@link urlJaccard}
 * with the tags at positions i−2..i+2 (excluding i, clipped at the list ends)
 * (seed 000 §3.2.2.2). The list is the page's candidate anchors in document order before
 * merging by URL.
 *
 * @param urls target URL of each anchor of the A-tag list, in document order
 * @returns one similarity per position, in 0..1; 0 for a list of one
 */
export function linkSimilarities(urls: readonly string[]): number[] {
  const at = linkSimilarityAt(urls);
  return urls.map((_, i) => at(i));
}

/** {@link linkSimilarities} one position at a time, for the positions asked only (each
 * URL's character set built once). */
function linkSimilarityAt(urls: readonly string[]): (i: number) => number {
  const sets = new Map<string, CharSet>();
  const setOf = (u: string): CharSet => {
    let s = sets.get(u);
    if (s === undefined) {
      s = charSet(u);
      sets.set(u, s);
    }
    return s;
  };
  return (i) => {
    const u = urls[i] ?? "";
    let best = 0;
    for (let j = Math.max(0, i - 2); j <= Math.min(urls.length - 1, i + 2); j++) {
      if (j !== i) best = Math.max(best, jaccard(setOf(u), setOf(urls[j] ?? "")));
    }
    return best;
  };
}

// ---------------------------------------------------------------------------
// Extensions, one anchor at a time

/**
 * rel="next" on the anchor, or a `<link rel="next">` of the document pointing at the same
 * URL. The thesis finds rel="next" only as a substring of the tag (Fig. 3.5); here it is a
 * feature of its own (extension of seed 000 §3.2.2.1 (1)).
 *
 * @param a anchor
 * @param url the anchor's candidate URL
 * @param relNextUrls URLs of the document's `<link rel=next>` ({@link relNextLinkUrls})
 * @returns 1 or 0
 */
export function relNext(a: Element, url: string, relNextUrls: ReadonlySet<string>): number {
  const rel = a.getAttribute("rel");
  if (rel !== null && attrTokens(rel).includes("next")) return 1;
  return relNextUrls.has(url) ? 1 : 0;
}

/**
 * Absolute URLs (fragment removed) of the document's `<link rel="next">` elements.
 *
 * @param doc document
 * @param base result of {@link documentBaseUrl}
 * @returns set of URLs, usually empty or of one
 */
export function relNextLinkUrls(doc: Document, base: URL): Set<string> {
  const out = new Set<string>();
  for (const link of doc.querySelectorAll("link[rel][href]")) {
    if (!attrTokens(link.getAttribute("rel") ?? "").includes("next")) continue;
    const u = parseUrl((link.getAttribute("href") ?? "").trim(), base);
    if (u === null) continue;
    u.hash = "";
    out.add(u.href);
  }
  return out;
}

/**
 * alt texts of the images inside an anchor (image-only "next" buttons carry their label
 * there).
 *
 * @param a anchor
 * @returns alt attributes in document order ("" for an img without alt)
 */
export function imageAlts(a: Element): string[] {
  const out: string[] = [];
  collectAlts(a, out);
  return out;
}

function collectAlts(parent: Element, out: string[]): void {
  for (let e = parent.firstElementChild; e !== null; e = e.nextElementSibling) {
    if (e.localName === "img") out.push(e.getAttribute("alt") ?? "");
    else collectAlts(e, out);
  }
}

/**
 * The visible text, or the alt of an image inside the anchor, reads as "next"
 * ({@link matchesNextText}: "Next »", "次へ", "»"; not "The next slide")
 * (multilingual extension of seed 000 §3.2.2.1 (1)).
 *
 * @param text visible text of the anchor
 * @param alts {@link imageAlts} of the anchor
 * @returns 1 or 0
 */
export function nextText(text: string, alts: readonly string[]): number {
  return matchesNextText(text) || alts.some(matchesNextText) ? 1 : 0;
}

/**
 * class/id/rel/title/aria-label of the anchor, or of its parent `<li>`, hint "next"
 * ({@link attrHintsNext}) (extension of seed 000 §3.2.2.1 (1), Fig. 3.5).
 *
 * @param a anchor
 * @returns 1 or 0
 */
export function nextAttr(a: Element): number {
  if (attrHintsNext(a)) return 1;
  const li = a.parentElement;
  return li !== null && li.localName === "li" && attrHintsNext(li) ? 1 : 0;
}

/**
 * The anchor reads as "previous": its text or an image alt ({@link matchesPrevText}), or
 * the attributes of the anchor or its parent `<li>` ({@link attrHintsPrev}). A negative
 * signal: pagers put prev and next side by side with near-identical markup.
 *
 * @param a anchor
 * @param text its visible text
 * @param alts {@link imageAlts} of the anchor
 * @returns 1 or 0
 */
export function prevHint(a: Element, text: string, alts: readonly string[]): number {
  if (matchesPrevText(text) || alts.some(matchesPrevText) || attrHintsPrev(a)) return 1;
  const li = a.parentElement;
  return li !== null && li.localName === "li" && attrHintsPrev(li) ? 1 : 0;
}

/**
 * The anchor's text or title names the next single item ("Next Thread", "Older Post",
 * "次の記事", {@link matchesNextItemText}): a sequence of items, not pagination.
 *
 * @param a anchor
 * @param text its visible text
 * @returns 1 or 0
 */
export function nextItem(a: Element, text: string): number {
  return matchesNextItemText(text) || matchesNextItemText(a.getAttribute("title") ?? "") ? 1 : 0;
}

/**
 * How much of the link's URL is the page's own URL: the common prefix of the two, as a
 * share of the longer. Pagination stays inside one document's address space
 * (`/story` → `/story/2`, `?page=1` → `?page=2`: near 1), while "next post" and comment
 * pagers jump to another slug or script (near the length of the origin).
 *
 * @param pageHref the page URL, fragment removed
 * @param url the candidate URL
 * @returns 0..1
 */
export function pagePrefix(pageHref: string, url: string): number {
  const n = Math.min(pageHref.length, url.length);
  let k = 0;
  while (k < n && pageHref.charCodeAt(k) === url.charCodeAt(k)) k++;
  const longer = Math.max(pageHref.length, url.length);
  return longer > 0 ? k / longer : 0;
}

const PAGE_NUMBER_TEXT = /^[0-9０-９]+$/;

/**
 * The visible text is a page number: only ASCII or full-width digits (Fig. 3.6: "2" is
 * the next page next to ">"; extension of seed 000 §3.2.2.1 (3)).
 *
 * @param text visible text of the anchor
 * @returns 1 or 0
 */
export function numericText(text: string): number {
  return PAGE_NUMBER_TEXT.test(text) ? 1 : 0;
}

/**
 * The anchor sits in a pager: it or one of its {@link PAGER_ANCESTOR_LEVELS} nearest
 * ancestors has a class, id, role or aria-label naming one (pag, pager, pagination,
 * paging, page-nav, nav-links, page-numbers, wp-pagenavi, "page navigation"), or
 * role="navigation". The explicit form of the "pager region" that seed 000 §3.2.2.2
 * approximates with LinkSimilarity.
 *
 * @param a anchor
 * @param memo each element's own pager hint, kept across the anchors of one page (read
 *   and written; the page must not change meanwhile)
 * @returns 1 or 0
 */
export function inPager(a: Element, memo?: Map<Element, boolean>): number {
  let e: Element | null = a;
  for (let level = 0; e !== null && level <= PAGER_ANCESTOR_LEVELS; level++) {
    let hint = memo?.get(e);
    if (hint === undefined) {
      hint = pagerHint(e);
      memo?.set(e, hint);
    }
    if (hint) return 1;
    e = e.parentElement;
  }
  return 0;
}

function pagerHint(e: Element): boolean {
  if (!e.hasAttributes()) return false;
  const names = e.getAttributeNames();
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (!PAGER_ATTRS.has(name)) continue;
    const v = (e.getAttribute(name) ?? "").toLowerCase();
    if ((name === "role" && v === "navigation") || PAGER_HINT.test(v)) return true;
  }
  return false;
}

function stateAria(e: Element): boolean {
  return e.getAttribute("aria-disabled") === "true" || ariaCurrent(e);
}

/**
 * The anchor, or its parent element, is marked disabled or current: class token
 * disabled/current/active/selected (also inside "is-active", "current_page_item"),
 * aria-disabled="true", or any aria-current but "false". Pagers mark the page being read
 * that way, and a disabled "Next" on the last page (extension of seed 000 §3.2.2).
 *
 * @param a anchor
 * @returns 1 or 0
 */
export function disabledOrCurrent(a: Element): number {
  const p = a.parentElement;
  const marked = (e: Element) => classNamesState(e, STATE_TOKENS) || stateAria(e);
  return marked(a) || (p !== null && marked(p)) ? 1 : 0;
}

/**
 * The anchor is inside a `<header>` or `<footer>` element, where site navigation lives
 * (extension of seed 000 §3.2.2).
 *
 * @param a anchor
 * @returns 1 or 0
 */
export function inHeadOrFooter(a: Element): number {
  for (let e = a.parentElement; e !== null; e = e.parentElement) {
    if (e.localName === "header" || e.localName === "footer") return 1;
  }
  return 0;
}

const COMMENTS_HINT = /comment|talkback|discussion|disqus|replies|respond/;

/**
 * The anchor sits inside a comment section (an ancestor's class or id names one:
 * comment, talkback, discussion, disqus, replies, respond). A pager there pages the
 * comments, not the article: joining it would append comment pages under the story
 * (extension of seed 000 §3.2.2).
 *
 * @param a anchor
 * @param memo answers for ancestors already seen (shared by one page's anchors)
 * @returns 1 or 0
 */
export function inComments(a: Element, memo?: Map<Element, boolean>): number {
  return a.parentElement !== null && commentSection(a.parentElement, memo) ? 1 : 0;
}

/** Whether `e` or an ancestor below `body` names a comment section; memoized per
 * element, since the links of a page share most of their ancestors. */
function commentSection(start: Element, memo?: Map<Element, boolean>): boolean {
  // Walk up iteratively (documents built by scripts can be deeper than any stack).
  const chain: Element[] = [];
  let found = false;
  for (let e: Element | null = start; e !== null; e = e.parentElement) {
    const known = memo?.get(e);
    if (known !== undefined) {
      found = known;
      break;
    }
    if (e.localName === "body") break;
    chain.push(e);
    const hint = `${e.getAttribute("class") ?? ""} ${e.getAttribute("id") ?? ""}`.toLowerCase();
    if (COMMENTS_HINT.test(hint)) {
      found = true;
      break;
    }
  }
  // Everything between `start` and the answer shares it.
  for (const e of chain) memo?.set(e, found);
  return found;
}

/**
 * Rendered area of the anchor's border box (layout extension, seed 000 §5.2).
 *
 * @param a anchor
 * @param layout whether the document has layout ({@link hasLayout})
 * @returns px²; 0 without layout
 */
export function anchorArea(a: Element, layout: boolean): number {
  return boxArea(elementBox(a, layout));
}

function boxArea(b: Box): number {
  return b.width * b.height;
}

/**
 * Whether the anchor can be seen ({@link isVisible}): with layout a non-empty box not hidden
 * by CSS; without layout 1 unless a `hidden` attribute or inline display:none /
 * visibility:hidden on it or an ancestor hides it (layout extension, seed 000 §5.2).
 *
 * @param a anchor
 * @param layout whether the document has layout
 * @returns 1 or 0
 */
export function anchorVisible(a: Element, layout: boolean): number {
  return isVisible(a, layout) ? 1 : 0;
}

/**
 * Vertical position of the anchor's top edge relative to the document's scroll height
 * (layout extension, seed 000 §5.2: next links tend to sit below the content).
 *
 * @param a anchor
 * @param layout whether the document has layout
 * @param docHeight px scroll height of the document ({@link documentSize})
 * @returns 0..1; 0 without layout
 */
export function relativeTop(a: Element, layout: boolean, docHeight: number): number {
  return relativeTopOf(elementBox(a, layout), layout, docHeight);
}

function relativeTopOf(box: Box, layout: boolean, docHeight: number): number {
  if (!layout || docHeight <= 0) return 0;
  return Math.min(1, Math.max(0, box.top / docHeight));
}

// ---------------------------------------------------------------------------
// Gathering and merging (Table 3.2)

function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

interface AnchorRow {
  a: HTMLAnchorElement;
  url: string;
  text: string;
  markup: string;
  alts: string[];
  /** position in the A-tag list of §3.2.2.2 */
  position: number;
  /** {@link CandidateAnchor.parsed} */
  parsed: URL;
}

/** An anchor of {@link candidateAnchors}. */
export interface CandidateAnchor {
  anchor: HTMLAnchorElement;
  /** absolute target URL, fragment removed ({@link candidateUrl}) */
  url: string;
  /** the same URL parsed, its fragment kept, shared by the anchors with the same href
   * (read it, never change it): read by the URL-shape signals so that they
   * do not parse every link again (the fragment changes none of them) */
  parsed: URL;
}

/**
 * The candidate anchors of seed 000 §3.2.1 in document order (the "A-tag list" of
 * §3.2.2.2), each with its target URL: HTML `<a href>` elements whose target
 * ({@link anchorHref}: the href, or the data-href behind a script hook) passes
 * {@link candidateUrl}.
 *
 * @param doc document
 * @param pageUrl absolute URL of the document
 * @returns anchors, URLs and the parsed URLs, unmerged
 */
export function candidateAnchors(doc: Document, pageUrl: string): CandidateAnchor[] {
  return runNow(candidateAnchorsSteps(doc, pageUrl));
}

/** Anchors or links read between two yields of the link-feature loops. */
const LINK_BATCH = 32;

/**
 * {@link candidateAnchors} as a loop that yields every {@link LINK_BATCH} anchors, for a
 * {@link SliceBudget}: the same anchors.
 *
 * @param doc document
 * @param pageUrl absolute URL of the document
 * @returns anchors, URLs and the parsed URLs, unmerged
 */
export function* candidateAnchorsSteps(doc: Document, pageUrl: string): Steps<CandidateAnchor[]> {
  const base = documentBaseUrl(doc, pageUrl);
  const page = parseBareUrl(pageUrl);
  if (base === null || page === null) return [];
  const out: CandidateAnchor[] = [];
  // A page repeats its hrefs (a title and its thumbnail, the pager above and below the
  // list): each distinct one is parsed once. The parsed URLs are only read after this.
  const targets = new Map<string, { url: string; parsed: URL } | null>();
  // A static NodeList: jsdom answers every index or length read on a live HTMLCollection
  // through a Proxy that scans the collection, which made this loop quadratic.
  const anchors = doc.querySelectorAll("a[href]");
  for (let i = 0, n = anchors.length; i < n; i++) {
    if (i % LINK_BATCH === LINK_BATCH - 1) yield;
    const el = anchors[i] as Element;
    if (el.namespaceURI !== XHTML_NS) continue;
    const href = anchorHref(el);
    if (href === null) continue;
    let target = targets.get(href);
    if (target === undefined) {
      target = candidateTarget(href, base, page);
      targets.set(href, target);
    }
    if (target !== null)
      out.push({ anchor: el as HTMLAnchorElement, url: target.url, parsed: target.parsed });
  }
  return out;
}

/** What {@link linkSignals} reads besides a link's anchors (one page's, shared). */
interface SignalContext {
  /** the page URL, fragment removed */
  pageHref: string;
  /** {@link smallestPositiveOffset} of the page's links */
  offsetStep: number;
  /** {@link relNextLinkUrls} of the page */
  relNextUrls: ReadonlySet<string>;
  /** numbered runs of the page's anchors (`numberedRunFeatures`) */
  runs: ReadonlyMap<Element, { plusOne: number }>;
  /** {@link textSignals} of the page's link texts so far, by text */
  textMemo: Map<string, number>;
  /** {@link inPager}'s answer for each element asked so far: anchors share ancestors */
  pagerMemo: Map<Element, boolean>;
}

/** Bits of {@link textSignals}. */
export const TEXT_SIGNAL = { nextText: 1, numericText: 2, olderText: 4, moreText: 8 } as const;

/**
 * The pager signals read from an anchor's words alone ({@link nextText},
 * {@link numericText}, olderText, moreText), as the bits of {@link TEXT_SIGNAL}, kept per
 * text for the rest of the page: a page repeats its link texts ("Read more", "Reply", the
 * numbers of a pager shown twice; 4 anchors in 10 of a corpus pagination page repeat an
 * earlier text), and these vocabulary tests were a tenth of a page's first, uncompiled
 * detection. An anchor with image alts is read afresh: its alts count too.
 *
 * @param text the anchor's visible text
 * @param alts its {@link imageAlts}
 * @param memo the page's answers so far, by text (read and written)
 * @returns the set bits of the signals that hold
 */
export function textSignals(
  text: string,
  alts: readonly string[],
  memo: Map<string, number>,
): number {
  const keyed = alts.length === 0;
  if (keyed) {
    const known = memo.get(text);
    if (known !== undefined) return known;
  }
  let bits = 0;
  if (nextText(text, alts) === 1) bits |= TEXT_SIGNAL.nextText;
  if (numericText(text) === 1) bits |= TEXT_SIGNAL.numericText;
  if (olderText(text, alts) === 1) bits |= TEXT_SIGNAL.olderText;
  if (moreText(text) === 1) bits |= TEXT_SIGNAL.moreText;
  if (keyed) memo.set(text, bits);
  return bits;
}

/**
 * The pager signals of one link (./pager-signal.ts): each 0/1 signal is 1 when any of the
 * link's anchors shows it (Table 3.2's any()). One pass over the anchors rather than a
 * closure and an `Array.some` per signal: every link of a page is read here, in code
 * that runs uncompiled on the page's first detection.
 *
 * @param rows the link's anchors
 * @param url the link's URL
 * @param change the link's {@link pageNumberChange} from the page
 * @param ctx the page's shared inputs
 * @returns the signal features' values (`PAGER_SIGNAL_FEATURES`)
 */
function linkSignals(
  rows: readonly AnchorRow[],
  url: string,
  change: PageNumberChange | null,
  ctx: SignalContext,
): Record<PagerSignalName, number> {
  let label = 0;
  let page = 0;
  let rel = 0;
  let next = 0;
  let attr = 0;
  let numeric = 0;
  let pager = 0;
  let run = 0;
  let icon = 0;
  let older = 0;
  let more = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as AnchorRow;
    if (label === 0 && nextLabel(r.markup) === 1) label = 1;
    if (page === 0 && pageLabel(r.markup) === 1) page = 1;
    if (rel === 0 && relNext(r.a, url, ctx.relNextUrls) === 1) rel = 1;
    const words = textSignals(r.text, r.alts, ctx.textMemo);
    if ((words & TEXT_SIGNAL.nextText) !== 0) next = 1;
    if (attr === 0 && nextAttr(r.a) === 1) attr = 1;
    if ((words & TEXT_SIGNAL.numericText) !== 0) numeric = 1;
    if (pager === 0 && inPager(r.a, ctx.pagerMemo) === 1) pager = 1;
    if (run === 0 && (ctx.runs.get(r.a)?.plusOne ?? 0) === 1) run = 1;
    if (icon === 0 && iconNext(r.a, r.text) === 1) icon = 1;
    if ((words & TEXT_SIGNAL.olderText) !== 0) older = 1;
    if ((words & TEXT_SIGNAL.moreText) !== 0) more = 1;
  }
  const plusOne = isPlusOne(change, ctx.offsetStep);
  const cursor = cursorParam(ctx.pageHref, url, rows[0]?.parsed);
  return {
    nextLabel: label,
    pageLabel: page,
    relNext: rel,
    nextText: next,
    nextAttr: attr,
    numericText: numeric,
    isPlusOne: Math.max(plusOne, cursorStep(cursor, older, next)),
    inPager: pager,
    runPlusOne: run,
    iconNext: icon,
    cursorParam: cursor,
    olderText: older,
    moreText: more,
    olderStep: olderStep(older, plusOne, cursor),
  };
}

/**
 * Candidate next links of a page, seed 000 §3.2: same-origin links merged by URL (their
 * referrer and click-tracker parameters aside, {@link mergeKey}), each with the features of {@link LINK_FEATURE_NAMES}. Merge rules (Table 3.2 and ours):
 * any() for nextLabel, pageLabel, oneChar and the binary extensions; the anchor count
 * for occurrences; the median for textLength, textRatio, urlLength, urlRatio; the max for
 * linkSimilarity and area; all() for inHeadOrFooter (a link repeated outside the header
 * is not header-only); the first anchor for relTop. isPlusOne is 1 when pageNumberDelta
 * is +1, or, for an offset parameter (start/offset/from/skip), when the delta is the
 * smallest positive offset step among the page's candidates, or when a cursor link reads
 * "older" or "next" ({@link cursorStep}).
 * Never throws on a well-formed Document; returns [] for an unparsable pageUrl.
 *
 * @param doc document (live, DOMParser or jsdom)
 * @param pageUrl absolute URL of the document (its fragment is ignored)
 * @param options `pagerSignalsOnly`: return only the links that show a pager signal
 *   (./pager-signal.ts), and compute the other features for those alone (detection; the
 *   training harvest takes every link). `features`: the names the caller reads (the
 *   detector: what its forest tests and its choice reads, `linkFeaturesRead`); the
 *   features outside them that are not pager signals are left 0, which spares their code
 *   on a page's first detection and, for the page-reading ones (`textRatio` walks the
 *   page's text, `relTop` reads its height, `area` every anchor's rect; the next-link
 *   forest is trained without them, src/train/experiment.ts), a walk over the page (all
 *   of them by default)
 * @returns one vector per distinct target URL (per {@link mergeKey}; the vector's URL is its
 *   first anchor's), in order of first appearance
 */
export function extractLinkVectors(
  doc: Document,
  pageUrl: string,
  options: LinkVectorOptions = {},
): LinkVector[] {
  return runNow(extractLinkVectorsSteps(doc, pageUrl, options));
}

/** Options of {@link extractLinkVectors}. */
export interface LinkVectorOptions {
  pagerSignalsOnly?: boolean;
  features?: ReadonlySet<string>;
}

/**
 * {@link extractLinkVectors} as a loop that yields every {@link LINK_BATCH} anchors or
 * links, for a {@link SliceBudget}: the same vectors.
 *
 * @param doc document
 * @param pageUrl absolute URL of the document
 * @param options as {@link extractLinkVectors}
 * @returns one vector per distinct target URL, in order of first appearance
 */
export function* extractLinkVectorsSteps(
  doc: Document,
  pageUrl: string,
  options: LinkVectorOptions = {},
): Steps<LinkVector[]> {
  const page = parseBareUrl(pageUrl);
  const base = documentBaseUrl(doc, pageUrl);
  if (page === null || base === null) return [];
  const pageHref = page.href;

  const list = yield* candidateAnchorsSteps(doc, pageUrl);
  const similarityAt = linkSimilarityAt(list.map((c) => c.url));
  const texts: string[] = [];
  for (let i = 0; i < list.length; i++) {
    if (i % LINK_BATCH === LINK_BATCH - 1) yield;
    texts.push(visibleText((list[i] as CandidateAnchor).anchor));
  }
  const runs = numberedRunFeatures(list, pageHref, texts);
  // The URLs in order of first appearance and each one's anchors, in arrays (the loops
  // below walk them: iterating a Map allocates an entry per step in the uncompiled code
  // of a page's first detection); the map only finds a URL's place.
  const groupOf = new Map<string, number>();
  const urls: string[] = [];
  const grouped: AnchorRow[][] = [];
  for (let i = 0; i < list.length; i++) {
    if (i % LINK_BATCH === LINK_BATCH - 1) yield;
    const c = list[i] as CandidateAnchor;
    const row: AnchorRow = {
      a: c.anchor,
      url: c.url,
      text: texts[i] ?? "",
      markup: anchorMarkup(c.anchor),
      alts: imageAlts(c.anchor),
      position: i,
      parsed: c.parsed,
    };
    const key = mergeKey(c.url);
    const g = groupOf.get(key);
    if (g === undefined) {
      groupOf.set(key, urls.length);
      urls.push(c.url);
      grouped.push([row]);
    } else grouped[g]?.push(row);
  }

  const layout = hasLayout(doc);
  const reads = (name: LinkFeatureName) => options.features?.has(name) ?? true;
  const needTextRatio = reads("textRatio");
  const needArea = reads("area");
  const needRelTop = reads("relTop");
  const docHeight = needRelTop ? documentSize(doc, layout).height : 0;
  const scroll = scrollOffsets(doc);
  const commentMemo = new Map<Element, boolean>();
  // One layout read per anchor, shared by area, visibility and position.
  const measured = new Map<Element, Measure>();
  const measureOf = (a: Element): Measure => {
    let m = measured.get(a);
    if (m === undefined) {
      m = measure(a, layout, scroll);
      measured.set(a, m);
    }
    return m;
  };
  // Walked only once a link gets all its features (see `pagerSignalsOnly`).
  let pageLength: number | undefined;
  const pageLengthOnce = (): number => {
    pageLength ??= pageTextLength(doc);
    return pageLength;
  };
  const relNextUrls = relNextLinkUrls(doc, base);
  const textMemo = new Map<string, number>();
  const pagerMemo = new Map<Element, boolean>();

  const changes: (PageNumberChange | null)[] = [];
  for (let g = 0; g < urls.length; g++) {
    if (g % LINK_BATCH === LINK_BATCH - 1) yield;
    changes.push(pageNumberChange(pageHref, urls[g] as string, grouped[g]?.[0]?.parsed));
  }
  const offsetStep = smallestPositiveOffset(changes);

  const ctx: SignalContext = { pageHref, offsetStep, relNextUrls, runs, textMemo, pagerMemo };
  const out: LinkVector[] = [];
  for (let g = 0; g < urls.length; g++) {
    if (g % LINK_BATCH === LINK_BATCH - 1) yield;
    const url = urls[g] as string;
    const rows = grouped[g] as AnchorRow[];
    const change = changes[g] ?? null;
    const signals = linkSignals(rows, url, change, ctx);
    if (options.pagerSignalsOnly && !hasPagerSignal(signals)) continue;
    const any = (f: (r: AnchorRow) => number) => (rows.some((r) => f(r) === 1) ? 1 : 0);
    const lengths = rows.map((r) => r.text.length);
    const first = rows[0];
    const features: Record<LinkFeatureName, number> = {
      ...signals,
      oneChar: reads("oneChar") ? any((r) => oneChar(r.text)) : 0,
      occurrences: reads("occurrences") ? rows.length : 0,
      textLength: reads("textLength") ? median(lengths) : 0,
      textRatio: needTextRatio ? median(lengths.map((n) => textRatio(n, pageLengthOnce()))) : 0,
      urlLength: reads("urlLength") ? url.length : 0,
      urlRatio: reads("urlRatio") ? urlRatio(url.length, pageHref.length) : 0,
      linkSimilarity: reads("linkSimilarity")
        ? Math.max(...rows.map((r) => similarityAt(r.position)))
        : 0,
      prevHint: reads("prevHint") ? any((r) => prevHint(r.a, r.text, r.alts)) : 0,
      pageNumberDelta: reads("pageNumberDelta") ? (change?.delta ?? 0) : 0,
      disabledOrCurrent: reads("disabledOrCurrent") ? any((r) => disabledOrCurrent(r.a)) : 0,
      inHeadOrFooter:
        reads("inHeadOrFooter") && rows.every((r) => inHeadOrFooter(r.a) === 1) ? 1 : 0,
      inComments:
        reads("inComments") && rows.every((r) => inComments(r.a, commentMemo) === 1) ? 1 : 0,
      area: needArea ? Math.max(...rows.map((r) => boxArea(measureOf(r.a).box))) : 0,
      visible: reads("visible") ? any((r) => (measureOf(r.a).visible ? 1 : 0)) : 0,
      relTop:
        needRelTop && first !== undefined
          ? relativeTopOf(measureOf(first.a).box, layout, docHeight)
          : 0,
      nextItem: reads("nextItem") ? any((r) => nextItem(r.a, r.text)) : 0,
      pagePrefix: reads("pagePrefix") ? pagePrefix(pageHref, url) : 0,
      runTemplate: reads("runTemplate") ? any((r) => runs.get(r.a)?.template ?? 0) : 0,
      dateStep: reads("dateStep") ? dateStep(pageHref, url) : 0,
      hrefNotUrl: reads("hrefNotUrl") ? any((r) => hrefNotUrl(r.a.getAttribute("href") ?? "")) : 0,
      disabledLink: reads("disabledLink") && rows.every((r) => disabledLink(r.a) === 1) ? 1 : 0,
      plusOneLinks: 0,
      datedTarget: reads("datedTarget") ? datedTarget(pageHref, url) : 0,
      postNavigation: reads("postNavigation") ? any((r) => postNavigation(r.a)) : 0,
      headlineText: reads("headlineText") ? any((r) => headlineText(r.text)) : 0,
      otherDocument: reads("otherDocument") ? otherDocument(pageHref, url) : 0,
    };
    out.push({ url, anchors: rows.map((r) => r.a), features });
  }
  const rivals = plusOneLinks(out.map((v) => v.features.runPlusOne));
  for (const v of out) v.features.plusOneLinks = rivals;
  return out;
}

/**
 * Smallest positive delta among offset-like page-number changes: the page's offset step.
 *
 * @param changes page-number changes of all candidates (nulls ignored)
 * @returns items per page, or 0 when no candidate moves an offset forward
 */
export function smallestPositiveOffset(
  changes: readonly (PageNumberChange | null | undefined)[],
): number {
  let step = 0;
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i];
    if (c?.offsetLike && c.delta > 0 && (step === 0 || c.delta < step)) step = c.delta;
  }
  return step;
}

/**
 * Whether a link is "current page + 1": a page-number delta of exactly 1, or an
 * offset-like delta equal to the page's offset step ({@link smallestPositiveOffset}).
 *
 * @param change the link's {@link pageNumberChange} (null when none)
 * @param offsetStep the page's offset step (0 when none)
 * @returns 1 or 0
 */
export function isPlusOne(change: PageNumberChange | null | undefined, offsetStep: number): number {
  if (change === null || change === undefined) return 0;
  if (!change.offsetLike) return change.delta === 1 ? 1 : 0;
  return change.delta > 0 && change.delta === offsetStep ? 1 : 0;
}

/**
 * Feature values of a link vector as an array in {@link LINK_FEATURE_NAMES} order, the
 * layout the model files expect.
 *
 * @param v link vector
 * @returns numbers, one per feature name
 */
export function linkFeatureArray(v: LinkVector): number[] {
  return LINK_FEATURE_NAMES.map((n) => v.features[n]);
}
