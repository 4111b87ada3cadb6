/**
 * The page-2 check of serial reading: the next chapter is another document, so it is
 * joined only once it shows it belongs to the same work as page 1 (the same table of
 * contents, breadcrumb, work id in the URL or series title) and is a chapter to read (not
 * the work's index, a login or age wall, or a teaser of a few lines). The page-2 check of
 * ./confirm-next.ts asks the opposite (that page 2 continues the same document).
 */

import { chapterHeading, chapterNumber, readSerial, tocUrl } from "../features/serial";
import { visibleText } from "../features/text";
import { saysSignIn, signInForm, wallSized } from "../features/walls";

/** One page as the check reads it. */
export interface ChapterPage {
  doc: Document;
  url: string;
}

/** Why a fetched chapter is not joined. */
export type NotSameWork = "other-work" | "index" | "wall" | "teaser";

/**
 * The breadcrumb's work: the last breadcrumb item that is not the chapter itself (a
 * `BreadcrumbList`, a `nav`/list whose class or label says breadcrumb), lower-cased.
 * @param doc the page
 * @returns the item's text, or null when the page has no breadcrumb
 */
export function breadcrumbWork(doc: Document): string | null {
  const trail = doc.querySelector(
    '[itemtype*="BreadcrumbList"], nav[aria-label*="breadcrumb" i], .breadcrumb, .breadcrumbs, #breadcrumb, .crumbs',
  );
  if (!trail) return null;
  const items = Array.from(trail.querySelectorAll("li, a"))
    .map((e) => (e.textContent ?? "").replace(/\s+/g, " ").trim())
    .filter((t) => t !== "" && chapterNumber(t) === null);
  return items.length > 0 ? (items[items.length - 1] as string).toLowerCase() : null;
}

/** Separators between a title's parts: "第5話 旅立ち - 星の旅人 - 小説家になろう",
 * "Chapter 5 | The Work | Site", "第五章_书名_站名". */
const TITLE_PARTS = /\s+[-–—|:・/]\s+|\s*[|｜_＿«»]\s*|\s+::\s+|\s*[：]\s*|\s*[「」『』【】]\s*/u;

/** Chapter words and numbers, removed from a title before its parts are compared. */
const CHAPTER_PARTS =
  /第\s*[0-9０-９〇零一二两三四五六七八九十百千]+\s*[話话章回節节幕篇集]|(?:제\s*)?[0-9]+\s*[화장]|\b(?:chapter|chap\.?|ch\.|episode|ep\.?|part|issue|comic)\s*#?\s*[0-9]+(?:\s+of\s+[0-9]+)?|\(\s*[0-9]+\s*\/\s*[0-9]+\s*\)|[0-9]+/giu;

/**
 * The parts of a page's title that name the work and the site, not the chapter: the
 * title without chapter markers and numbers, split at its separators, lower-cased;
 * parts shorter than three letters are dropped.
 * @param title the page's title
 * @returns the parts
 */
export function titleParts(title: string): string[] {
  return title
    .replace(CHAPTER_PARTS, " ")
    .split(TITLE_PARTS)
    .map((p) =>
      p
        .replace(/[\s,.;!?、。,]+$/u, "")
        .replace(/^[\s,.;!?、。,]+/u, "")
        .trim()
        .toLowerCase(),
    )
    .filter((p) => [...p].length >= 3);
}

/** The site's own name (`og:site_name`, `application-name`), lower-cased. */
function siteName(doc: Document): string | null {
  const meta = doc.querySelector('meta[property="og:site_name"], meta[name="application-name"]');
  return meta?.getAttribute("content")?.trim().toLowerCase() || null;
}

/**
 * The two titles share a part that names the work: a title part ({@link titleParts})
 * both have, other than the site's name. "第5話 旅立ち - 星の旅人 - 小説家になろう" and
 * "第6話 港町 - 星の旅人 - 小説家になろう" share "星の旅人"; "Building a compiler, part 2
 * of 5 – Jane's notes" and "…, part 3 of 5 – Jane's notes" share "building a compiler".
 * @param a page 1
 * @param b the fetched chapter
 */
export function sameSeriesTitle(a: Document, b: Document): boolean {
  const names = new Set([siteName(a), siteName(b)].filter((n): n is string => n !== null));
  const ours = titleParts(a.title).filter((p) => !names.has(p));
  const theirs = new Set(titleParts(b.title));
  // The site's name is the one part every page of the site shares: where the site does
  // not say its name, a work must share two parts (work and site), or be the only part.
  const shared = ours.filter((p) => theirs.has(p));
  if (names.size > 0) return shared.length > 0;
  return shared.length >= 2 || (shared.length === 1 && ours.length === 1 && theirs.size === 1);
}

/**
 * The work's part of a chapter URL: its path without the last segment, when that
 * prefix holds an identifier (a segment with a digit, or two segments or more):
 * `/n1234ab/5/` → `/n1234ab/`, `/works/1177/episodes/82` → `/works/1177/episodes/`,
 * `/book/3021/98121.html` → `/book/3021/`. Null for `/comic/page-title/` (no id).
 * @param url the chapter's URL
 */
export function workPath(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const parts = path.split("/").filter(Boolean);
  if (parts.length < 2) return null;
  const prefix = parts.slice(0, -1);
  const year = (p: string | undefined) => p !== undefined && /^(?:19|20)\d\d$/.test(p);
  // A dated archive's year, month and day name a time, not a work.
  const dated = (p: string, i: number) =>
    year(p) || (/^\d{1,2}$/.test(p) && (year(prefix[i - 1]) || year(prefix[i - 2])));
  const id = prefix.some((p, i) => /\d/.test(p) && !dated(p, i));
  return id ? `/${prefix.join("/")}/` : null;
}

/**
 * Whether the fetched chapter belongs to page 1's work: the same table of contents
 * ({@link tocUrl}), else the same breadcrumb work ({@link breadcrumbWork}), else the same
 * work id in the URL ({@link workPath}), else a shared series title
 * ({@link sameSeriesTitle}). A sign both pages carry and that differs (another contents
 * page, another breadcrumb work) says another work whatever the title shares.
 * @param page1 the page the reader opened
 * @param next the fetched chapter
 */
export function sameWork(page1: ChapterPage, next: ChapterPage): boolean {
  const toc1 = tocUrl(page1.doc, page1.url);
  const toc2 = tocUrl(next.doc, next.url);
  if (toc1 !== null && toc2 !== null) return toc1 === toc2;
  const crumb1 = breadcrumbWork(page1.doc);
  const crumb2 = breadcrumbWork(next.doc);
  if (crumb1 !== null && crumb2 !== null) return crumb1 === crumb2;
  const path1 = workPath(page1.url);
  const path2 = workPath(next.url);
  if (path1 !== null && path2 !== null && path1 === path2) return true;
  return sameSeriesTitle(page1.doc, next.doc);
}

/** Words of an age wall in front of a chapter (sign-in words are ../features/walls.ts's),
 * and the bare Korean "log in" a chapter page never shows otherwise. */
const AGE_WORDS =
  /age\s+verification|are\s+you\s+(?:over\s+)?18|you\s+must\s+be\s+18|年齢確認|18歳以上|未满18|로그인|성인\s*인증/iu;

/**
 * The page is a login or age wall: a password field ({@link signInForm}), or the words of
 * one ("Log in to read", "年齢確認", "18歳以上", "请登录"; {@link saysSignIn}) in a page of
 * little text ({@link wallSized}).
 * @param doc the fetched page
 */
export function chapterWall(doc: Document): boolean {
  if (signInForm(doc)) return true;
  const body = doc.body;
  if (!body || !wallSized(doc)) return false;
  const text = visibleText(body);
  return saysSignIn(text) || AGE_WORDS.test(text);
}

/** The table-of-contents page lists this many chapter links at least. */
const INDEX_CHAPTERS = 5;

/**
 * The page is a work's index, not a chapter: it links to {@link INDEX_CHAPTERS} chapters
 * or more (links whose text names a chapter number) and names no chapter in its
 * headings, or it is no chapter at all (no next-chapter link, no chapter heading).
 * @param page the fetched page
 */
export function chapterIndex(page: ChapterPage): boolean {
  if (chapterHeading(page.doc) !== null) return false;
  let chapters = 0;
  for (const a of Array.from(page.doc.querySelectorAll("a[href]")))
    if (chapterNumber(a.textContent ?? "") !== null) chapters += 1;
  if (chapters >= INDEX_CHAPTERS) return true;
  return (
    readSerial(page.doc, page.url) === null && page.doc.querySelector("article, main") === null
  );
}

/** A teaser holds less than this share of page 1's chapter text. */
export const TEASER_SHARE = 0.2;
/** …and fewer characters than this. */
export const TEASER_CHARS = 600;

/**
 * The fetched chapter is only a teaser: its text is under {@link TEASER_SHARE} of page
 * 1's chapter text and under {@link TEASER_CHARS} characters (a preview of a paid or app
 * chapter). An image chapter (a webcomic page) is none, whatever its text.
 * @param page1 page 1's chapter elements
 * @param next the fetched chapter's elements
 */
export function chapterTeaser(page1: readonly Element[], next: readonly Element[]): boolean {
  if (next.some((e) => e.querySelector("img, picture") !== null || e.localName === "img"))
    return false;
  const len = (els: readonly Element[]) => els.reduce((n, e) => n + visibleText(e).length, 0);
  const ours = len(page1);
  const theirs = len(next);
  return ours > 0 && theirs < TEASER_CHARS && theirs < TEASER_SHARE * ours;
}

/**
 * The whole check of a fetched chapter, in the order a reader would name it: a wall,
 * another work, an index, a teaser.
 * @param page1 the page the reader opened, and its chapter elements
 * @param next the fetched chapter, and the elements the rule read there
 * @returns null when it may be joined, else why not
 */
export function checkChapter(
  page1: ChapterPage & { elements: readonly Element[] },
  next: ChapterPage & { elements: readonly Element[] },
): NotSameWork | null {
  if (chapterWall(next.doc)) return "wall";
  if (chapterIndex(next)) return "index";
  if (!sameWork(page1, next)) return "other-work";
  // Where nothing was read there, the pager says so itself.
  if (next.elements.length > 0 && chapterTeaser(page1.elements, next.elements)) return "teaser";
  return null;
}
