/**
 * A second look by the gate on a page whose own script filled it after the first one.
 * An app shell's page 1 is short at load (its list and its numbered pager come later,
 * from JSON), so the entry wakes at once and the gate, in the page's first idle time,
 * may see an empty container and close. Without a second look the page stays idle while
 * the reader reads a list with a pager. The gate is asked again when the page has gained
 * links since it last looked and the reader is near the end, checked on the reader's
 * scroll and, for a page too short to scroll, a few times after the first look
 * ({@link RECHECK_MS}); a few looks at most, so a page without a pager pays one integer
 * comparison per check.
 */
import { nearEnd, type ScrolledWindow } from "./near-end";

/** How many times the gate may look again on one page: an app shell renders its list in
 * one or two steps; a page whose links keep growing (its own infinite scroll) is not
 * gated on every batch. */
export const MAX_REGATES = 3;

/** When a page that does not scroll is checked again, ms after the first look: an app
 * shell's API answers within a second or two on most sites, a slow one within several. */
export const RECHECK_MS: readonly number[] = [1000, 3000, 8000];

/** The window the watch needs: scroll events, timers, the scroll position and the live
 * link list. */
export interface RegateWindow extends ScrolledWindow {
  setTimeout(handler: () => void, ms: number): number;
  clearTimeout(id: number): void;
  addEventListener(type: "scroll", listener: () => void, options: { passive: true }): void;
  removeEventListener(type: "scroll", listener: () => void): void;
  document: ScrolledWindow["document"] & { links: { length: number } };
}

/**
 * Watch an idle page for links its own script added after the gate looked.
 *
 * @param win the page's window
 * @param regate asked on a scroll or a recheck when the reader is near the end (as the
 *   entry wakes, ./near-end.ts) and the page has another number of links than at the last
 *   look; it runs the gate again and returns true when the page is no longer idle (the
 *   watch ends)
 * @param looked the page's number of links when the gate (or the detection) last looked;
 *   default: now. A look that took a while may have missed links the page added meanwhile
 * @returns a function that ends the watch
 */
export function watchForLateLinks(
  win: RegateWindow,
  regate: () => boolean,
  looked: number = win.document.links.length,
): () => void {
  let seen = looked;
  let looks = 0;
  const check = () => {
    if (win.document.links.length === seen || !nearEnd(win)) return;
    seen = win.document.links.length;
    looks++;
    if (regate() || looks >= MAX_REGATES) stop();
  };
  const timers = RECHECK_MS.map((ms) => win.setTimeout(check, ms));
  const stop = () => {
    win.removeEventListener("scroll", check);
    for (const id of timers) win.clearTimeout(id);
  };
  win.addEventListener("scroll", check, { passive: true });
  return stop;
}
