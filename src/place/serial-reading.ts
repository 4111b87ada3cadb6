/**
 * Which chapter of a joined serial the reader is in, and how far, read from the
 * separators the pager put before each joined chapter; and the scroll back to such a
 * place. The chapter is the one whose start is at or above the reading line (as the
 * address bar's page, ../pager/address-bar.ts).
 */
import { joinedPageStarts, type PageStart } from "../pager/address-bar";

/** Where the reader is in a joined serial. */
export interface ReadingChapter {
  /** 1 for the page the reader opened, 2 for the first joined chapter, … */
  page: number;
  url: string;
  /** The separator's words (the chapter heading), when the chapter was joined. */
  label?: string;
  /** The reading line's share of the chapter's height, 0..1. */
  fraction: number;
}

/** The reading line's distance from the viewport's top, as a share of its height. */
export const READING_LINE = 1 / 3;

/**
 * The chapter at the reading line, and the line's fraction of it.
 * @param starts the joined chapters' starts (px from the viewport's top), in order
 * @param line the reading line, px from the viewport's top
 * @param first page 1's chapter: its URL, and its top (px from the viewport's top)
 * @param end the bottom of the last chapter, px from the viewport's top
 * @returns the chapter (page 1 above the first joined one), fraction clamped to 0..1
 */
export function chapterAtLine(
  starts: readonly (PageStart & { label?: string })[],
  line: number,
  first: { url: string; top: number },
  end: number,
): ReadingChapter {
  let i = -1;
  for (let k = 0; k < starts.length; k++) if ((starts[k] as PageStart).top <= line) i = k;
  const top = i < 0 ? first.top : (starts[i] as PageStart).top;
  const bottom = starts[i + 1]?.top ?? end;
  const height = bottom - top;
  const fraction = height > 0 ? Math.min(1, Math.max(0, (line - top) / height)) : 0;
  const at = starts[i];
  if (!at) return { page: 1, url: first.url, fraction };
  return { page: i + 2, url: at.url, ...(at.label ? { label: at.label } : {}), fraction };
}

/**
 * The live page's reading chapter ({@link chapterAtLine}) in `win`.
 * @param page1 the elements of the chapter the reader opened
 * @param pageUrl its URL
 */
export function readingChapter(
  win: Window,
  page1: readonly Element[],
  pageUrl: string,
): ReadingChapter {
  const doc = win.document;
  const starts = joinedPageStarts(doc).map((s, i) => {
    const sep = doc.querySelector(`.tsugi-separator[data-tsugi-separator="${i + 2}"] a`);
    const label = sep?.textContent?.trim();
    return label ? { ...s, label } : s;
  });
  const firstTop = page1[0]?.getBoundingClientRect().top ?? -win.scrollY;
  const end = doc.documentElement.scrollHeight - win.scrollY;
  return chapterAtLine(
    starts,
    win.innerHeight * READING_LINE,
    { url: pageUrl, top: firstTop },
    end,
  );
}

/**
 * Scroll so that the reading line is `fraction` of the way into the page's own chapter.
 * @param page1 the chapter's elements, in document order
 * @param fraction 0..1
 * @returns whether the page got there (false: it is too short yet, e.g. until the next
 *   chapter is joined below it)
 */
export function scrollIntoChapter(
  win: Window,
  page1: readonly Element[],
  fraction: number,
): boolean {
  const first = page1[0];
  const last = page1[page1.length - 1];
  if (!first || !last) return true;
  const top = first.getBoundingClientRect().top + win.scrollY;
  const bottom = last.getBoundingClientRect().bottom + win.scrollY;
  const y = top + fraction * (bottom - top) - win.innerHeight * READING_LINE;
  const target = Math.max(0, Math.round(y));
  win.scrollTo(0, target);
  return win.scrollY >= target - 1;
}
