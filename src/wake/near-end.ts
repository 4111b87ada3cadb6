/**
 * When the entry wakes on a page: not at load, but when the reader comes near
 * the end of the page, where an auto-pager is needed. AutoPagerize and Pagetual append
 * the next page when the unread part below the viewport is shorter than a few screens
 * (AutoPagerize's `BASE_REMAIN_HEIGHT`, our `triggerScreens`); the entry wakes earlier than
 * that, so the gate, the detector and the page-2 confirmation finish while the reader
 * still has screens left to read.
 */

/**
 * How near the end the reader must come, in viewport heights below the viewport: twice the
 * pager's default trigger distance (`triggerScreens` = 2, ../reader/settings.ts), so two
 * screens of reading remain for detection and the fetch of page 2. A reader's choice, not a
 * fitted value: the corpus has no scroll traces to fit it on.
 */
export const WAKE_SCREENS = 4;

/**
 * At load, before any scroll, the entry wakes only where the pager would join page 2
 * without one: the end is within the pager's default trigger distance (`triggerScreens` =
 * 2). A longer page waits for the reader's first scroll, which wakes it once the end is
 * within {@link WAKE_SCREENS}; a page that cannot scroll wakes at load.
 */
export const LOAD_WAKE_SCREENS = 2;

/** The part of a window the distance is read from. */
export interface ScrolledWindow {
  /** px scrolled from the top */
  scrollY: number;
  /** viewport height, px */
  innerHeight: number;
  document: {
    scrollingElement: { scrollHeight: number } | null;
    documentElement: { scrollHeight: number };
  };
}

/**
 * Height of the page below the viewport's bottom edge, px (0 or less at the end). A
 * page whose own element scrolls (an app layout with `overflow: hidden` on the body)
 * reads as fitting in its viewport, so it counts as at its end.
 *
 * @param win the window (its document's scrolling element gives the page height)
 * @returns px still below the viewport
 */
export function remainingBelow(win: ScrolledWindow): number {
  const page = (win.document.scrollingElement ?? win.document.documentElement).scrollHeight;
  return page - (win.scrollY + win.innerHeight);
}

/**
 * Whether the reader is within `screens` viewport heights of the page's end.
 *
 * @param win the window
 * @param screens distance in viewport heights (default {@link WAKE_SCREENS})
 * @returns true when the unread part below the viewport is at most that long
 */
export function nearEnd(win: ScrolledWindow, screens = WAKE_SCREENS): boolean {
  return remainingBelow(win) <= screens * win.innerHeight;
}
