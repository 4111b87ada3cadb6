/**
 * Page-2 confirmation, the third stage of the staged detector: a next-link
 * candidate the forest is unsure of (probability between {@link UNSURE_FLOOR} and the
 * model's threshold), or one whose URL leads to another document (no page step of page 1's
 * URL, ../features/page-step.ts: another slug, identifier or date, as a next post's), is
 * fetched as the reader nears the end, as any next page is, and
 * joined only if the fetched page says it is page 2 of the same sequence. Seeds 002 and
 * 003 learn from pages that share one template; here the second page answers whether the
 * link really was "next": it keeps page 1's template, and its pager has moved on by one
 * (its current-page marker shows the number followed), or it links back to page 1 as the
 * previous page while still being the same document (same title or heading: the next
 * story of a site also links back to the one before it, under another title).
 *
 * Pure functions over two documents (the live page 1, the parsed page 2: no layout).
 */

import { runNow, type Steps } from "../budget/slices";
import { anchorHref } from "../features/anchor-href";
import { newerText } from "../features/continuation";
import { documentBaseUrl, prevHint } from "../features/link-features";
import { pageNumberText } from "../features/page-number";
import { numberedLinks as pagerNumberedLinks, pagerParameter } from "../features/pager-parameter";
import { currentPageMarker } from "../features/pager-structure";
import { visibleText } from "../features/text";
import {
  isPageOneOf,
  isSiteRoot,
  listHomeOf,
  type PageCount,
  sameKeyOrigin,
  samePageKey,
} from "../keys/page-url";
import { isStableToken } from "../rule/xpath";

/** Lowest forest probability that is worth a page-2 check: the forest's majority vote.
 * Not tuned on any page; below it most trees say "not next". */
export const UNSURE_FLOOR = 0.5;

/**
 * Whether a link that leads to another document (no page step) is worth a page-2 check:
 * the forest's majority vote says "next" ({@link UNSURE_FLOOR}). Below it the check would
 * fetch a next post that the forest itself doubts, once per article read to its end (with
 * a threshold of 0.3, a sixth of Dragnet's news and blog posts had such a link).
 *
 * @param score the link's forest probability (0..1)
 * @param floor the lowest probability worth a check (a caller's own floor; tests pass 0)
 * @returns true when the link may wait for page 2; false: the page has no next link
 */
export function worthPage2Check(score: number, floor = UNSURE_FLOOR): boolean {
  return score >= floor;
}

/** Least share of page 1's tag paths that page 2 must share to be the same template. */
export const SAME_TEMPLATE_SHARE = 0.5;

/** Most elements read per page for the template comparison. */
const TEMPLATE_ELEMENTS = 5000;

/** Elements read between two yields of {@link tagPathsSteps} (about 1 ms in Chromium). */
const PATHS_PER_STEP = 250;

/** What page 2 said about the link that led to it. */
export interface Confirmation {
  /** true when the page may be joined */
  confirmed: boolean;
  /** share of page 1's tag paths found on page 2 (0..1) */
  template: number;
  /** share of page 2's tag paths found on page 1 (0..1): a page 1 with a front page's
   * extra blocks shares little of itself with page 2, which still shares its own */
  templateBack: number;
  /** page 2's pager shows the followed number as current */
  pagerMoved: boolean;
  /** page 2's numbered links share a URL with page 1's (one pager, not another list's) */
  samePager: boolean;
  /** page 2 links back to page 1 as its previous page */
  pointsBack: boolean;
  /** page 2 carries page 1's title or main heading (page numbers aside) */
  sameDocument: boolean;
  /** page 2's pager shows another current page than page 1's current + 1 (and than
   * page 1's own) */
  otherPage: boolean;
}

/** Page words of other languages, in titles and headings ("Seite 2", "Página 2"). */
const PAGE_WORDS_ABROAD = "seite|pagina|página|pagine|страница|стр|sayfa|halaman|trang";

/** The words after a page number in CJK titles ("2ページ", "第2页"). */
const CJK_PAGE_WORDS = "ページ|页|頁|페이지";

/** Word edges for any script: `\b` knows ASCII letters only, so it cut "página" after its
 * "p" and never found "страница" at all. */
const WORD_START = "(?<![\\p{L}\\p{N}])";
const WORD_END = "(?![\\p{L}\\p{N}])";

/** Words that pagers add to a title or heading ("Page 2", "Seite 2", "2ページ"). */
const PAGE_WORDS = new RegExp(
  `${WORD_START}(?:page|pages|pg|p|${PAGE_WORDS_ABROAD})${WORD_END}|${CJK_PAGE_WORDS}`,
  "giu",
);

/** A page number with the count of pages after it ("Page 2 of 55", "Seite 2 von 5",
 * "Página 2 de 10", "Страница 2 из 5"): its "of" is pager wording, not the title's. */
const PAGE_OF_COUNT = new RegExp(
  `${WORD_START}(?:page|pg|p|${PAGE_WORDS_ABROAD})\\.?\\s*\\d{1,4}\\s*(?:of|von|de|di|sur|van|из|z|/)\\s*\\d{1,6}${WORD_END}`,
  "giu",
);

/** A page number a title names ("Page 2 of 19", "Seite 3", "第2页", "2ページ"). */
const TITLE_PAGE = new RegExp(
  `${WORD_START}(?:page|pg|${PAGE_WORDS_ABROAD})\\.?\\s*(\\d{1,4})${WORD_END}|(\\d{1,4})\\s*(?:${CJK_PAGE_WORDS})`,
  "iu",
);

/**
 * The page number a title names, by the words of {@link PAGE_WORDS} ("Page 2 of 19" → 2,
 * "2ページ" → 2).
 *
 * @param title a `<title>` text
 * @returns the first number named, or null
 */
export function titlePageNumber(title: string): number | null {
  const m = TITLE_PAGE.exec(title);
  return m ? Number(m[1] ?? m[2]) : null;
}

/**
 * A title or heading with its page numbering taken out: lower case, digits, pager words
 * and punctuation removed, spaces collapsed.
 *
 * @param text a `<title>` or heading text
 * @returns the normalized text ("" for none)
 */
export function titleKey(text: string): string {
  return text
    .toLowerCase()
    .replace(PAGE_OF_COUNT, " ")
    .replace(/[0-9０-９]+/g, " ")
    .replace(PAGE_WORDS, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function firstHeading(doc: Document): string {
  return doc.querySelector("h1")?.textContent ?? "";
}

/**
 * Page 2 is the same document as page 1 (another page of one article or list), not the
 * next item of a series: their titles, or their first `<h1>`s, are equal once page
 * numbering is taken out ({@link titleKey}); a heading equal on both pages is the site's
 * name, not evidence, when it is part of what two differing titles share. Seed 004 reads the site name as what the
 * titles of sibling pages share; pages of one document share the whole title.
 *
 * @param page1 page 1
 * @param page2 the fetched page
 * @returns true when title or heading match (and are not empty)
 */
export function sameDocument(page1: Document, page2: Document): boolean {
  const t1 = titleKey(page1.title);
  const t2 = titleKey(page2.title);
  if (t1 !== "" && t1 === t2) return true;
  const h1 = titleKey(firstHeading(page1));
  if (h1 === "" || h1 !== titleKey(firstHeading(page2))) return false;
  // Blogs head every post with the blog's name, which their titles share as well
  // ("Life as a Healthcare CIO: On the Road in China"): a heading that is the part two
  // differing titles share names the site, not the document.
  return t1 === "" || t2 === "" || !sharedTitlePart(t1, t2).includes(h1);
}

/**
 * The common start and the common end of two title keys (whole words), joined by a
 * space: "blog a post one" and "blog a post two" share "blog a post".
 *
 * @param a a {@link titleKey}
 * @param b another
 * @returns the shared words, "" for none
 */
export function sharedTitlePart(a: string, b: string): string {
  const x = a.split(" ");
  const y = b.split(" ");
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (
    tail < x.length - head &&
    tail < y.length - head &&
    x[x.length - 1 - tail] === y[y.length - 1 - tail]
  )
    tail++;
  return [...x.slice(0, head), ...x.slice(x.length - tail)].join(" ");
}

/**
 * Tag paths of a document's body: for each element, its tag and first stable class
 * (../rule/xpath.ts `isStableToken`: no counter or hash) joined with
 * those of its ancestors ("body>div.main>ul>li"), the template signature seed 002
 * compares between pages. At most {@link TEMPLATE_ELEMENTS} elements are read.
 *
 * @param doc document
 * @returns distinct paths
 */
export function tagPaths(doc: Document): Set<string> {
  return runNow(tagPathsSteps(doc));
}

/**
 * {@link tagPaths} as a loop that yields every {@link PATHS_PER_STEP} elements, for a
 * SliceBudget (../budget/slices.ts): the same paths.
 *
 * @param doc document
 * @returns the loop; its result is the distinct paths
 */
export function* tagPathsSteps(doc: Document): Steps<Set<string>> {
  const out = new Set<string>();
  const body = doc.body;
  if (!body) return out;
  const stack: { e: Element; path: string }[] = [{ e: body, path: "body" }];
  let read = 0;
  while (stack.length > 0 && read < TEMPLATE_ELEMENTS) {
    const { e, path } = stack.pop() as { e: Element; path: string };
    if (++read % PATHS_PER_STEP === 0) yield;
    out.add(path);
    for (let c = e.lastElementChild; c !== null; c = c.previousElementSibling) {
      // tsugi's own status block and separators are not the site's template.
      if ((c.getAttribute("class") ?? "").startsWith("tsugi-")) continue;
      // The first hand-written class: WordPress writes `post-1234` before `post`, and a
      // path per post id would make every page 2 another template.
      const cls = (c.getAttribute("class") ?? "").trim().split(/\s+/).find(isStableToken) ?? "";
      stack.push({ e: c, path: `${path}>${c.localName}${cls ? `.${cls}` : ""}` });
    }
  }
  return out;
}

/**
 * Share of page 1's tag paths that page 2 has too ({@link tagPaths}).
 *
 * @param page1 paths of page 1
 * @param page2 paths of page 2
 * @returns 0..1 (0 when page 1 has none)
 */
export function templateShare(page1: ReadonlySet<string>, page2: ReadonlySet<string>): number {
  if (page1.size === 0) return 0;
  let shared = 0;
  for (const p of page1) if (page2.has(p)) shared++;
  return shared / page1.size;
}

/**
 * A URL as two addresses of one page meet: the key of "the same page"
 * (../keys/page-url.ts: fragment, scheme, `www.`, trailing slash, default document, query
 * order, redirect counters, trackers and session ids make no difference).
 *
 * @param url absolute URL
 * @returns the key; the input itself when it does not parse
 */
export function normalPageUrl(url: string): string {
  return samePageKey(url);
}

/**
 * How page 1's own pager counts its page parameter (`p=0` or `p=1` for page 1), read from
 * its numbered links (../features/pager-parameter.ts); null when they show no query
 * parameter.
 *
 * @param doc page 1
 * @param url its URL
 * @returns the parameter's name and the value it gives page 1, or null
 */
export function pageCountOf(doc: Document, url: string): PageCount | null {
  const links = numberedLinks(doc, url).map((l) => ({ url: l.url, texts: [String(l.n)] }));
  const param = pagerParameter(pagerNumberedLinks(links));
  return param !== null && "key" in param.where
    ? { key: param.where.key, first: param.first }
    : null;
}

/**
 * Which URLs name page 1, as page 2 may write them: page 1's own URL and its aliases
 * ({@link isPageOneOf}: `/page/1/`, `?page=1`, `index1.html`, `p=0` as page 1's pager
 * counts). And where page 1 was read at the site's front page (`/`, `/index.html`) while
 * the link followed leads into a list under a path (`/blog/page/2/`), that list's own
 * address (`/blog/`): the site shows page 1 of its blog at its root, and page 2 calls it
 * by its list path. Only when page 1 itself links to the page fetched, so that another
 * list of the site (a category's `/category/x/page/2/`) never makes its own path page 1.
 *
 * @param page1 page 1 and its URL
 * @param page2Url the fetched page's URL
 * @returns a test of a link's absolute URL
 */
export function page1Names(
  page1: { doc: Document; url: string },
  page2Url: string,
): (url: string) => boolean {
  const count = pageCountOf(page1.doc, page1.url);
  const home =
    isSiteRoot(page1.url) && linksTo(page1.doc, page1.url, page2Url) ? listHomeOf(page2Url) : null;
  return (url) =>
    isPageOneOf(url, page1.url, count) || (home !== null && isPageOneOf(url, home, count));
}

/** Whether a document has a link to the page at `target` ({@link samePage}). */
function linksTo(doc: Document, url: string, target: string): boolean {
  const key = samePageKey(target);
  for (const a of doc.querySelectorAll("a[href], link[rel][href]")) {
    try {
      if (samePageKey(new URL(a.getAttribute("href") ?? "", url).href) === key) return true;
    } catch {
      // an unparsable href names no page
    }
  }
  return false;
}

/**
 * Page 2 links back to page 1 as its previous page: a link to page 1 by any of its names
 * ({@link page1Names}) that reads as "previous" ({@link prevHint}, `rel=prev`), as "newer
 * posts" ({@link newerText}: a blog shown newest first) or shows the number 1.
 *
 * @param page2 the fetched document
 * @param page2Url its URL
 * @param page1Url page 1's URL
 * @param names a test of page 1's names; default: page 1's URL and its aliases alone
 * @returns true when such a link exists
 */
export function pointsBackToPage1(
  page2: Document,
  page2Url: string,
  page1Url: string,
  names: (url: string) => boolean = (u) => isPageOneOf(u, page1Url),
): boolean {
  for (const a of page2.querySelectorAll("a[href], link[rel][href]")) {
    const rel = (a.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    let url: string;
    try {
      url = new URL(a.getAttribute("href") ?? "", page2Url).href;
    } catch {
      continue;
    }
    if (!names(url)) continue;
    if (rel.includes("prev") || rel.includes("previous")) return true;
    if (a.localName !== "a") continue;
    const text = visibleText(a);
    if (pageNumberText(text) === 1 || prevHint(a, text, []) === 1 || newerText(text)) return true;
  }
  return false;
}

/** Most nodes {@link holdsNumberedRun} visits in one container. */
const RUN_SCAN_NODES = 400;

/**
 * A container holds a numbered run: at least two of its leaf elements show a lone page
 * number ("1" in a span, "2" in a link).
 *
 * @param e container
 * @returns true when two numbers are found among its first {@link RUN_SCAN_NODES} nodes
 */
export function holdsNumberedRun(e: Element): boolean {
  const walker = e.ownerDocument.createTreeWalker(e, 1 /* SHOW_ELEMENT */);
  let numbers = 0;
  let visited = 0;
  for (
    let n = walker.nextNode();
    n !== null && ++visited <= RUN_SCAN_NODES;
    n = walker.nextNode()
  ) {
    const x = n as Element;
    if (x.firstElementChild !== null) continue;
    if (pageNumberText(x.textContent ?? "") !== null && ++numbers >= 2) return true;
  }
  return false;
}

/**
 * A document's numbered links ("2", "[3]") to its own site, in document order: resolved
 * against its base, on the page's origin as keys read it ({@link sameKeyOrigin}: a page 2
 * that a redirect landed on https or `www.` still reads its pager's absolute links).
 *
 * @param doc document
 * @param url its URL
 * @returns the anchors
 */
function ownNumberedAnchors(doc: Document, url: string): Element[] {
  const base = documentBaseUrl(doc, url);
  if (base === null) return [];
  const out: Element[] = [];
  for (const a of doc.querySelectorAll("a[href]")) {
    const href = anchorHref(a);
    if (href === null || pageNumberText(visibleText(a)) === null) continue;
    let target: string;
    try {
      target = new URL(href.trim(), base).href;
    } catch {
      continue;
    }
    if (sameKeyOrigin(target, url)) out.push(a);
  }
  return out;
}

/**
 * The current page a document's pager shows: the current-page marker
 * ({@link currentPageMarker}) of the first numbered run (a container within three levels
 * above a numbered candidate link that {@link holdsNumberedRun}) that has one.
 *
 * @param doc document
 * @param url its URL
 * @returns the page number, or null when no pager shows one
 */
export function pagerCurrentPage(doc: Document, url: string): number | null {
  const seen = new Set<Element>();
  // The marker test compares resolved hrefs with the page's as the parser writes it
  // (fragment dropped, trailing slash kept), as numberedRunFeatures does.
  let page = url;
  try {
    const u = new URL(url);
    u.hash = "";
    page = u.href;
  } catch {
    // An unparsable URL matches no link; the other markers still count.
  }
  for (const anchor of ownNumberedAnchors(doc, url)) {
    let e = anchor.parentElement;
    for (let level = 0; e !== null && level < 3; level++, e = e.parentElement) {
      if (seen.has(e)) continue;
      seen.add(e);
      // A link's own item is no run: its one class-marked link would be the current page
      // wherever a site marks every pager link (Drupal's `class="active"` on each).
      if (!holdsNumberedRun(e)) continue;
      const n = currentPageMarker(e, page);
      if (n !== null) return n;
    }
  }
  return null;
}

/**
 * A document's numbered links (a pager's "1", "2", "3"): each link's absolute URL,
 * fragment dropped, and the number its text shows.
 *
 * @param doc document
 * @param url its URL
 * @returns the links, document order
 */
export function numberedLinks(doc: Document, url: string): { url: string; n: number }[] {
  const out: { url: string; n: number }[] = [];
  for (const a of doc.querySelectorAll("a[href]")) {
    const n = pageNumberText(visibleText(a));
    if (n === null) continue;
    try {
      const u = new URL(a.getAttribute("href") ?? "", url);
      u.hash = "";
      out.push({ url: u.href, n });
    } catch {
      // an unparsable href names no page
    }
  }
  return out;
}

/**
 * Page 2's pager is page 1's pager moved on, not another list's: their numbered links
 * share a page ({@link samePageKey}: page 2's "3" is page 1's "3", whatever redirect
 * counter or tracker either adds), or page 2 has a numbered link to page 1 by any of its
 * names ({@link page1Names}). Page 2 of one filtered category shows "2" as current too,
 * but its numbers lead through that category, none of them to page 1's pages. A page 1
 * with no numbered link has nothing to compare: it holds.
 *
 * @param page1 page 1 and its URL
 * @param page2 page 2 and its URL
 * @param names a test of page 1's names; default: {@link page1Names}
 * @returns true when the two pagers are one
 */
export function samePager(
  page1: { doc: Document; url: string },
  page2: { doc: Document; url: string },
  names: (url: string) => boolean = page1Names(page1, page2.url),
): boolean {
  const a = new Set(numberedLinks(page1.doc, page1.url).map((l) => samePageKey(l.url)));
  if (a.size === 0) return true;
  for (const { url } of numberedLinks(page2.doc, page2.url))
    if (a.has(samePageKey(url)) || names(url)) return true;
  return false;
}

/**
 * Whether the fetched page confirms the unsure next link that led to it: it keeps page 1's
 * template (at least {@link SAME_TEMPLATE_SHARE} of page 1's tag paths), and either its
 * pager moved on by one (page 1's current page + 1, page 1 counting as 1 when its pager
 * shows none) and is page 1's pager ({@link samePager}), or it links back to page 1 as the previous page and is the same document
 * ({@link sameDocument}). A pager on page 2 that shows any other current page, one that
 * page 1 did not show too, refuses it (the "6" of a numbered run leads to page 6, whose
 * "1" also links back).
 *
 * @param page1 page 1 (the live document) and its URL
 * @param page2 the fetched document and its final URL
 * @returns the decision and the signals behind it
 */
export function confirmNextPage(
  page1: { doc: Document; url: string },
  page2: { doc: Document; url: string },
): Confirmation {
  return runNow(confirmNextPageSteps(page1, page2));
}

/**
 * {@link confirmNextPage} as a loop that yields between its reads (and within the
 * template walks), for a SliceBudget: the same decision.
 *
 * @param page1 page 1 (the live document) and its URL
 * @param page2 the fetched document and its final URL
 * @returns the loop; its result is the decision and the signals behind it
 */
export function* confirmNextPageSteps(
  page1: { doc: Document; url: string },
  page2: { doc: Document; url: string },
): Steps<Confirmation> {
  const paths1 = yield* tagPathsSteps(page1.doc);
  const paths2 = yield* tagPathsSteps(page2.doc);
  const template = templateShare(paths1, paths2);
  const templateBack = templateShare(paths2, paths1);
  yield;
  const shown = pagerCurrentPage(page1.doc, page1.url);
  const expected = (shown ?? 1) + 1;
  yield;
  const current = pagerCurrentPage(page2.doc, page2.url);
  const pagerMoved = current === expected;
  yield;
  const names = page1Names(page1, page2.url);
  yield;
  const onePager = !pagerMoved || samePager(page1, page2, names);
  yield;
  const pointsBack = pointsBackToPage1(page2.doc, page2.url, page1.url, names);
  yield;
  const same = sameDocument(page1.doc, page2.doc);
  // A pager that shows another page (page 6 of the list, reached by its "6") links to
  // page 1 by its "1" as well: the number it shows outweighs that link. A number shown
  // alike on both pages (a count beside an archive link) is no pager of this sequence.
  const otherPage = current !== null && !pagerMoved && current !== shown;
  return {
    confirmed:
      template >= SAME_TEMPLATE_SHARE &&
      !otherPage &&
      ((pagerMoved && onePager) || (pointsBack && same)),
    template,
    templateBack,
    pagerMoved,
    samePager: onePager,
    pointsBack,
    sameDocument: same,
    otherPage,
  };
}
