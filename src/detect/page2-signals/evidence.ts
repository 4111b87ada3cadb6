/**
 * Evidence that a fetched page is another document or another list, not page 2 of page 1:
 * the signals on which the page-2 judge (../page2-judge.ts) refuses. Each is one function.
 * Seed 004 reads what sibling pages' titles share; seed 000 §3.2.2.1 (7)–(8) compares the
 * shapes of a page's URL and its links' (../../features/sequence-bounds.ts names what else
 * changed beside the page number).
 *
 * Pure functions over two documents (no layout).
 */

import { olderText } from "../../features/continuation";
import { imageAlts, nextText } from "../../features/link-features";
import { leavesSequence, stepParameter } from "../../features/sequence-bounds";
import { visibleText } from "../../features/text";
import { isPageOneOf, plainUrl, samePageKey } from "../../keys/page-url";
import {
  numberedLinks,
  pageCountOf,
  pagerCurrentPage,
  pointsBackToPage1,
  titleKey,
  titlePageNumber,
} from "../confirm-next";
import { holdsPageElement } from "./page-element";

/** Two title or heading keys name one thing: equal, or one holds the other's words in a
 * row ("blog" and "of blog": a pager adds "Page 2 of 5"). Empty keys say nothing. */
function sameKey(a: string, b: string): boolean {
  if (a === "" || b === "") return true;
  return ` ${a} `.includes(` ${b} `) || ` ${b} `.includes(` ${a} `);
}

/**
 * The fetched page's title names its page number, one more than page 1's (a title that
 * names none is page 1): "Blog" → "Page 2 of 19 for Home | Blog". Where the URL steps one
 * page on too, the title says the page is the list's next page however the rest of it
 * reads (Jekyll's "Page 2 of 19 for Home" drops the site's tagline), so another title is
 * then no evidence of another document (./read.ts); an archive's page 2 reached from the
 * home page names page 2 as well, but its URL does not step from the home page's.
 *
 * @param title1 page 1's title
 * @param title2 the fetched page's title
 * @returns true when page 2's title names page 1's page + 1
 */
export function titleNamesNextPage(title1: string, title2: string): boolean {
  const n = titlePageNumber(title2);
  return n !== null && n === (titlePageNumber(title1) ?? 1) + 1;
}

/**
 * Page 2 has another title AND another first heading than page 1 (page numbering taken
 * out, {@link titleKey}; one holding the other's words counts as the same, and a page
 * without a title or heading gives no evidence on that side). The next post of a blog,
 * another category of a shop: both change. Page 2 of one list keeps at least one of them.
 *
 * @param doc1 page 1
 * @param doc2 the fetched page
 * @returns true when both title and heading differ
 */
export function anotherTitleAndHeading(doc1: Document, doc2: Document): boolean {
  const t1 = titleKey(doc1.title);
  const t2 = titleKey(doc2.title);
  if (t1 === "" || t2 === "" || sameKey(t1, t2)) return false;
  const h1 = titleKey(doc1.querySelector("h1")?.textContent ?? "");
  const h2 = titleKey(doc2.querySelector("h1")?.textContent ?? "");
  if (h1 === "" && h2 === "") return true;
  return h1 !== h2 && !(h1 !== "" && h2 !== "" && sameKey(h1, h2));
}

/**
 * Page 2 has page 1's title AND page 1's first heading, both present (page numbering taken
 * out, {@link titleKey}; equal keys only). The second part of one article keeps both; a
 * site's next post under the site's one title changes its heading.
 *
 * @param doc1 page 1
 * @param doc2 the fetched page
 * @returns true when title and heading are page 1's
 */
export function sameTitleAndHeading(doc1: Document, doc2: Document): boolean {
  const t1 = titleKey(doc1.title);
  const h1 = titleKey(doc1.querySelector("h1")?.textContent ?? "");
  if (t1 === "" || h1 === "") return false;
  return (
    t1 === titleKey(doc2.title) && h1 === titleKey(doc2.querySelector("h1")?.textContent ?? "")
  );
}

/**
 * The hook for a missing page element: page 1's page-element XPaths select nothing with
 * text or an image on the fetched page ({@link holdsPageElement} negated). The judge only
 * reports it; whether a missing element means "render it" (an app shell) or "stop" is the
 * pager's to decide.
 *
 * @param doc2 the fetched page
 * @param xpaths page 1's page-element XPaths (none given: no evidence)
 * @returns true when the page element is absent
 */
export function pageElementAbsent(doc2: Document, xpaths: readonly string[] | undefined): boolean {
  return xpaths !== undefined && xpaths.length > 0 && !holdsPageElement(doc2, xpaths);
}

/**
 * The pager's own parameter where page 1 leads forward to the fetched page: the one
 * parameter that step changes, whatever its name (`?pr=1` → `?pr=2`), read on the plain
 * addresses (page 1's trackers or host spelling are no second change).
 *
 * @param page1Url page 1's URL
 * @param page2Url the fetched page's URL
 * @param forward whether page 1 leads forward to it ({@link leadsForward})
 * @returns the parameter's name, or undefined
 */
function forwardStepParameter(
  page1Url: string,
  page2Url: string,
  forward: boolean,
): string | undefined {
  return forward ? stepParameter(plainUrl(page1Url), plainUrl(page2Url)) : undefined;
}

/**
 * Page 2's pager pages through another list: it has numbered links, and every one of them
 * leaves page 1's sequence ({@link leavesSequence}: another path, or a filter page 1 did
 * not set), measured from page 1's URL and from each of page 1's own numbered links (a
 * pager whose links carry a parameter page 1's URL lacks, `&st=20` or `?sort=new&page=3`,
 * pages through page 1's list all the same). Page 2 of one filtered category numbers its
 * pages through that category. Where page 1 itself leads forward to the fetched page
 * ({@link leadsForward}), that page's URL is in the sequence too: the parameter page 1's
 * own next link sets (`/honda` → `/honda?o=2`) is the pager's, not a filter.
 *
 * @param page1 page 1 and its URL
 * @param doc2 the fetched page
 * @param page2Url its URL
 * @param forward page 1 leads forward to the fetched page (default false)
 * @returns true when page 2 has a pager and none of its links stays in page 1's sequence
 */
export function pagerLeavesSequence(
  page1: { doc: Document; url: string },
  doc2: Document,
  page2Url: string,
  forward = false,
): boolean {
  const own = samePageKey(page2Url);
  const links = numberedLinks(doc2, page2Url).filter((l) => samePageKey(l.url) !== own);
  if (links.length === 0) return false;
  const from = [page1.url, ...numberedLinks(page1.doc, page1.url).map((l) => l.url)];
  const pageKey = forwardStepParameter(page1.url, page2Url, forward);
  if (forward) from.push(page2Url);
  return links.every((l) => from.every((f) => leavesSequence(f, l.url, pageKey)));
}

/**
 * The fetched page's own URL leaves page 1's sequence ({@link leavesSequence}): another
 * path (a category, a board, a next post's slug) or a filter page 1 did not set. Page 1
 * read at the site's root stays in the sequence of the list whose later page it fetched.
 * Where page 1 leads forward to the fetched page ({@link leadsForward}), the one parameter
 * that step changes is the pager's, whatever its name (`?pr=1` → `?pr=2`), as in
 * {@link pagerLeavesSequence}.
 *
 * @param page1Url page 1's URL
 * @param page2Url the fetched page's URL
 * @param forward page 1 leads forward to the fetched page (default false)
 * @returns true when it leaves
 */
export function urlLeavesSequence(page1Url: string, page2Url: string, forward = false): boolean {
  return leavesSequence(page1Url, page2Url, forwardStepParameter(page1Url, page2Url, forward));
}

/**
 * Page 2 is page 1's previous page ("the way back"): its pager shows page 1's current
 * page − 1, or page 1 links to it as its previous page ({@link pointsBackToPage1} read
 * from page 1), or it links to page 1 as its next page ("Next", "Older posts", rel=next).
 *
 * @param page1 page 1 and its URL
 * @param page2 the fetched page and its URL
 * @returns true when page 2 comes before page 1
 */
export function wayBack(
  page1: { doc: Document; url: string },
  page2: { doc: Document; url: string },
): boolean {
  const shown1 = pagerCurrentPage(page1.doc, page1.url);
  const shown2 = pagerCurrentPage(page2.doc, page2.url);
  if (shown1 !== null && shown2 !== null && shown2 === shown1 - 1) return true;
  // Page 1's pager says how it counts: under a pager from 0, page 2's `?page=1` is no
  // alias of page 1, so page 1's links to page 1 are no links to the fetched page.
  const count = pageCountOf(page1.doc, page1.url);
  if (pointsBackToPage1(page1.doc, page1.url, page2.url, (u) => isPageOneOf(u, page2.url, count)))
    return true;
  return linksForwardTo(page2.doc, page2.url, page1.url);
}

/**
 * Page 1 leads to the fetched page forward: it links to it as its next page (rel=next,
 * "Next", "Older posts") or by the number after its current page (page 1 counting as 1
 * when its pager shows none). The mirror of {@link wayBack}: the direction a list of
 * unknown order shows through its links.
 *
 * @param page1 page 1 and its URL
 * @param page2Url the fetched page's URL
 * @returns true when such a link exists
 */
export function leadsForward(page1: { doc: Document; url: string }, page2Url: string): boolean {
  if (linksForwardTo(page1.doc, page1.url, page2Url)) return true;
  const after = (pagerCurrentPage(page1.doc, page1.url) ?? 1) + 1;
  const target = samePageKey(page2Url);
  return numberedLinks(page1.doc, page1.url).some(
    (l) => l.n === after && samePageKey(l.url) === target,
  );
}

/** The document links to `target` as its next page: rel=next, or a "next" / "older
 * posts" text or image alt. */
function linksForwardTo(doc: Document, url: string, target: string): boolean {
  const want = samePageKey(target);
  for (const a of doc.querySelectorAll("a[href], link[rel][href]")) {
    let href: string;
    try {
      href = samePageKey(new URL(a.getAttribute("href") ?? "", url).href);
    } catch {
      continue;
    }
    if (href !== want) continue;
    const rel = (a.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    if (rel.includes("next")) return true;
    if (a.localName !== "a") continue;
    const text = visibleText(a);
    const alts = imageAlts(a);
    if (nextText(text, alts) === 1 || olderText(text, alts) === 1) return true;
  }
  return false;
}
