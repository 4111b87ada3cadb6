/**
 * The reader's place as an anchor: which joined page, which element in it, and
 * that element's offset from the top of the viewport. A raw `scrollY` would point
 * elsewhere once pages are joined again, images load at other sizes or a page changed;
 * an element found again by its own text lands where the reader was.
 */

import type { ReadingAnchor } from "../messaging/joined-place";

/** Longest text kept to find an element again, chars. */
export const SNIPPET_CHARS = 120;

/** Elements tsugi adds itself: never an anchor. */
const TSUGI_UI = ".tsugi-separator, .tsugi-status";

/** Whitespace-collapsed text of an element (or its `src`/`href` when it has none),
 * cut to {@link SNIPPET_CHARS} chars. */
export function snippetOf(el: Element): string {
  const text = (el.textContent ?? "").replace(/\s+/g, " ").trim();
  if (text) return text.slice(0, SNIPPET_CHARS);
  return (el.getAttribute("src") ?? el.getAttribute("href") ?? "").slice(0, SNIPPET_CHARS);
}

/** The joined page an element belongs to: its nearest `data-tsugi-page` ancestor's number,
 * 1 outside every joined page. */
export function pageOf(el: Element): number {
  const n = Number(el.closest("[data-tsugi-page]")?.getAttribute("data-tsugi-page"));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * The elements of one joined page, in document order: for page 1 everything in the body
 * outside joined pages and tsugi's own blocks; for page N ≥ 2 the nodes tsugi inserted for
 * it and their descendants.
 * @param tag only elements of this tag (lower case); "*" for all. The keeper asks on every
 *   pause in scrolling, so it reads one tag, not the whole document.
 */
export function pageScope(doc: Document, page: number, tag = "*"): Element[] {
  if (page >= 2) {
    return Array.from(doc.querySelectorAll(`[data-tsugi-page="${page}"]`)).flatMap((top) =>
      top.parentElement?.closest(`[data-tsugi-page="${page}"]`)
        ? []
        : [
            ...(tag === "*" || top.localName === tag ? [top] : []),
            ...Array.from(top.getElementsByTagName(tag)),
          ],
    );
  }
  const body = doc.body;
  if (!body) return [];
  return Array.from(body.getElementsByTagName(tag)).filter(
    (el) => pageOf(el) === 1 && !el.closest(TSUGI_UI),
  );
}

/**
 * The element at the middle of the viewport worth anchoring to: the innermost element
 * hit at mid-height (probing a few horizontal positions, since the centre may fall in a
 * gutter) that has text or a source and is shorter than the viewport.
 * @returns null when nothing usable is on screen
 */
export function elementAtMiddle(win: Window): Element | null {
  const doc = win.document;
  const y = win.innerHeight / 2;
  for (const share of [0.5, 0.35, 0.65, 0.2, 0.8]) {
    let el = doc.elementFromPoint(win.innerWidth * share, y);
    // Climb out of inline bits with no text of their own; stop at a block too tall to pin.
    while (el && el !== doc.body && !snippetOf(el)) el = el.parentElement;
    if (!el || el === doc.body || el === doc.documentElement || el.closest(TSUGI_UI)) continue;
    if (el.getBoundingClientRect().height > win.innerHeight) continue;
    return el;
  }
  return null;
}

/**
 * The reader's place now: the element at the middle of the viewport, named by its page,
 * tag, text and rank among its like on that page.
 * @returns null when no element can be named (an empty or image-less screen)
 */
export function readingAnchor(win: Window): ReadingAnchor | null {
  const el = elementAtMiddle(win);
  if (!el) return null;
  const page = pageOf(el);
  const tag = el.localName;
  const text = snippetOf(el);
  const like = pageScope(win.document, page, tag).filter((e) => snippetOf(e) === text);
  const nth = Math.max(0, like.indexOf(el));
  return { page, tag, text, nth, offset: Math.round(el.getBoundingClientRect().top) };
}

/**
 * The anchored element in the document as it is now.
 * @param pageShift how many pages the document starts later than when the anchor was
 *   taken (reopened at joined page k's own URL: k − 1), so page p is now p − pageShift
 * @returns the element, the first of its like when fewer are found now, or null
 */
export function findAnchor(doc: Document, anchor: ReadingAnchor, pageShift = 0): Element | null {
  const page = Math.max(1, anchor.page - pageShift);
  const like = pageScope(doc, page, anchor.tag).filter((e) => snippetOf(e) === anchor.text);
  return like[anchor.nth] ?? like[0] ?? null;
}

/**
 * Scroll so the anchored element sits where it was on screen.
 * @returns true when the element was found (the scroll may still be clamped by the page's
 *   height)
 */
export function scrollToAnchor(win: Window, anchor: ReadingAnchor, pageShift = 0): boolean {
  const el = findAnchor(win.document, anchor, pageShift);
  if (!el) return false;
  const by = el.getBoundingClientRect().top - anchor.offset;
  if (Math.abs(by) >= 1) win.scrollTo({ top: win.scrollY + by, behavior: "instant" });
  return true;
}
