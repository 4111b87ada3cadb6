/**
 * Keeps the background's record of this tab's joined pages and the reader's place up to
 * date: after each joined page, when scrolling settles, and when the page is
 * hidden or left. It holds no message port and adds no `unload` handler, so the page stays
 * eligible for the browser's back/forward cache; it writes nothing into the page's own
 * storage or history state.
 */
import type { JoinedPlace } from "../messaging/joined-place";
import { readingAnchor } from "./anchor";

/** Quiet time after the last scroll event before the place is written, ms. */
export const SETTLE_MS = 250;

/** What the keeper asks the pager for: the pages shown and the rule (or the "Load more"
 * clicks that added items), or null while there is nothing worth restoring (nothing
 * joined). */
export type PlaceSource = () => Pick<JoinedPlace, "pages" | "rule" | "clicks"> | null;

/**
 * Watch the reader's place in `win` and hand each new record to `send` (which messages the
 * background). Returns stop: removes every listener.
 * @param entryKey the history entry's key, when the browser has one
 */
export function keepPlace(
  win: Window,
  source: PlaceSource,
  send: (place: JoinedPlace) => void,
  entryKey?: string,
): { save(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let tookScroll = false;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const shown = source();
    if (!shown || (shown.pages.length < 2 && !shown.clicks)) return;
    // tsugi restores this entry's scroll itself; the browser's own restoration would first
    // put the reader at a clamped offset of page 1 alone (the wrong place, then a jump).
    // The mode lives in the history entry, not in anything the site stores.
    if (!tookScroll && win.history.scrollRestoration === "auto") {
      win.history.scrollRestoration = "manual";
      tookScroll = true;
    }
    send({
      ...shown,
      anchor: readingAnchor(win),
      ...(entryKey ? { entryKey } : {}),
      at: Date.now(),
    });
  };
  const onScroll = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, SETTLE_MS);
  };
  const onHide = () => {
    if (win.document.visibilityState === "hidden") save();
  };
  win.addEventListener("scroll", onScroll, { passive: true });
  win.addEventListener("pagehide", save);
  win.document.addEventListener("visibilitychange", onHide);
  return {
    save,
    stop() {
      if (timer) clearTimeout(timer);
      win.removeEventListener("scroll", onScroll);
      win.removeEventListener("pagehide", save);
      win.document.removeEventListener("visibilitychange", onHide);
      if (tookScroll) win.history.scrollRestoration = "auto";
    },
  };
}
