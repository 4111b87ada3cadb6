/**
 * The next page a document names in its head alone: `<link rel="next">` (HTML's way to
 * name the next page of a series, which shops and classifieds keep for search engines
 * while their visible pager is built by script and has no `href`). Seed 000 §3.2 reads
 * only anchors; rel="next" is one of its features there (§3.2.2.1 (1), ./link-features.ts
 * `relNext`). Here the head link stands in for a pager that has no link to read.
 */

import { samePageKey } from "../keys/page-url";
import { attrTokens } from "./keywords";
import { candidateUrl, documentBaseUrl } from "./link-features";
import { urlStepsForward } from "./page-number";
import { pageStep } from "./page-step";
import { stepParameter } from "./sequence-bounds";
import { parseBareUrl, parseUrl } from "./url-query";

/** A `<link rel="next">` of the document and where it leads. */
export interface HeadNextLink {
  /** absolute URL, fragment removed */
  url: string;
  /** the `<link>` element (a site rule's `nextLink` reads it on every page) */
  element: Element;
}

/**
 * The document's `<link rel="next">` that leads one page on: same origin, not the page
 * itself, and its URL is the page's one page on: one parameter of at most four digits
 * counted on ({@link countsOn}: `/honda` → `?o=2`), or a page step (./page-step.ts
 * `pageStep`: no date, no identifier, no other slug) whose page number is the page's + 1
 * or whose offset is further on (./page-number.ts `urlStepsForward`: `?page=2`,
 * `/page/2/`, `?start=24`). Blogs
 * name the next post there (`…-production-6/` → `…/10/08/…-production-7/`, `?p=34521` →
 * `?p=34524`): another document, no link here. The first such link in document order.
 *
 * @param doc the page (live or parsed)
 * @param pageUrl its absolute URL
 * @returns the link, or null when the head names no next page of this one
 */
export function headNextLink(doc: Document, pageUrl: string): HeadNextLink | null {
  const base = documentBaseUrl(doc, pageUrl);
  const page = parseBareUrl(pageUrl);
  if (base === null || page === null) return null;
  const own = samePageKey(page.href);
  for (const element of doc.querySelectorAll("link[rel][href]")) {
    if (!attrTokens(element.getAttribute("rel") ?? "").includes("next")) continue;
    // Same origin, http(s), not the page itself: the anchors' candidate test.
    const url = candidateUrl((element.getAttribute("href") ?? "").trim(), base, page);
    if (url === null || samePageKey(url) === own) continue;
    if (countsOn(page.href, url) || (pageStep(page.href, url) && urlStepsForward(page.href, url)))
      return { url, element };
  }
  return null;
}

/**
 * The link changes one query parameter of the page, its path kept, from the page's number
 * (1 where the page has none) to the next (`/honda` → `/honda?o=2`, `?pg=4` → `?pg=5`): a
 * page parameter whatever its name, since the page's own head names it as next.
 *
 * @param pageUrl the page's URL
 * @param url the link's URL
 * @returns true when it counts on by one
 */
export function countsOn(pageUrl: string, url: string): boolean {
  const key = stepParameter(pageUrl, url);
  if (key === undefined) return false;
  const now = parseUrl(pageUrl)?.searchParams.get(key) ?? null;
  const next = parseUrl(url)?.searchParams.get(key) ?? "";
  if (!/^\d{1,4}$/.test(next) || (now !== null && !/^\d{1,4}$/.test(now))) return false;
  return Number(next) === (now === null ? 1 : Number(now)) + 1;
}
