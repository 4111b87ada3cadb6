/**
 * The pager's chapter mode (serial reading): where page 1 reads as a chapter of a serial
 * (../features/serial.ts) and the reader switched "Join the next chapter" on for the site,
 * the next-link pager follows the next-chapter link instead of a next-page link, checks
 * every fetched chapter as the same work (../detect/same-work.ts: another work, the work's
 * index, a login or age wall, a teaser stop joining with their reason) and heads each one
 * with its chapter heading. Loops, the page cap, "Not the next page", Back and Reload are
 * the pager's own, as for pages.
 */
import { checkChapter } from "../detect/same-work";
import { chapterHeading, nextChapterUrl, type SerialPage } from "../features/serial";
import { learnSiteRule } from "../rule/learn-rule";
import type { FetchedChapter, PagerHooks, PagerStart } from "./pager";
import type { GetMessage } from "./pager-words";
import type { StopReason } from "./stop-conditions";

/** The separator's words of a joined chapter. */
export interface ChapterWords {
  /** "Chapter 6 · The harbour town" for chapter `number` titled `title`; "Chapter 6"
   * without a title. */
  chapter(number: number, title: string): string;
}

/** The English words. */
export const ENGLISH_CHAPTER: ChapterWords = {
  chapter: (n, title) => (title ? `Chapter ${n} · ${title}` : `Chapter ${n}`),
};

/**
 * The chapter words from a message catalogue (`chapterHeading`,
 * `chapterHeadingUntitled`), English where a message is missing.
 * @param getMessage `browser.i18n.getMessage`
 */
export function chapterWords(getMessage: GetMessage): ChapterWords {
  return {
    chapter: (n, title) =>
      (title
        ? getMessage("chapterHeading", [String(n), title])
        : getMessage("chapterHeadingUntitled", [String(n)])) || ENGLISH_CHAPTER.chapter(n, title),
  };
}

/**
 * What the chapter pager starts from: page 1's chapter elements, and the next-chapter
 * link as the site rule's next link (its XPath reads the later chapters where the
 * serial signals find none).
 * @param pageUrl page 1's URL
 * @param serial page 1's serial signals
 * @param pageElements page 1's chapter element(s), as detection found them
 * @param pageElementXPaths their XPaths
 * @param detectMs what detecting them cost, ms
 * @returns the start; null without page elements
 */
export function chapterStart(
  pageUrl: string,
  serial: SerialPage,
  pageElements: Element[],
  pageElementXPaths: string[],
  detectMs: number,
): PagerStart | null {
  if (pageElements.length === 0) return null;
  const rule = learnSiteRule(pageUrl, serial.next.anchor, pageElements, pageElementXPaths);
  return {
    pageUrl,
    nextUrl: serial.next.url,
    nextScore: 1,
    pageElements,
    pageElementXPaths,
    detectMs,
    rule,
  };
}

/**
 * The separator's words of a joined chapter: the site's own chapter heading where the
 * chapter has one (第6話 港町, "Chapter 6: The Gate"), else "Chapter N · title", N
 * counted from page 1's chapter number (or from 1 where page 1 names none).
 * @param page the fetched chapter
 * @param first page 1's chapter number (null: none named)
 * @param words the reader's words
 */
export function chapterLabel(
  page: FetchedChapter,
  first: number | null,
  words: ChapterWords,
): string {
  const own = chapterHeading(page.doc);
  if (own) return own.text;
  const n = (first ?? 1) + page.number - 1;
  return words.chapter(n, page.doc.title.replace(/\s+/g, " ").trim());
}

/**
 * The pager hooks of chapter mode: the same-work check of each fetched chapter, its
 * heading on the separator, and the next-chapter link to follow (none where the chapter
 * has none: the last chapter ends joining, whatever else the rule's XPath matches).
 * @param page1 the page the reader opened and its chapter elements
 * @param serial page 1's serial signals
 * @param words the reader's words
 */
export function chapterHooks(
  page1: { doc: Document; url: string; elements: readonly Element[] },
  serial: SerialPage,
  words: ChapterWords = ENGLISH_CHAPTER,
): Required<Pick<PagerHooks, "checkPage" | "separatorLabel" | "nextUrl">> {
  return {
    checkPage: (page): StopReason | null => {
      const why = checkChapter(page1, page);
      if (why === null) return null;
      const kind = why === "other-work" ? "other-work" : (`chapter-${why}` as const);
      return { kind, url: page.url };
    },
    separatorLabel: (page) => chapterLabel(page, serial.chapter, words),
    nextUrl: (page) => nextChapterUrl(page.doc, page.url),
  };
}
