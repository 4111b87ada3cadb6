/**
 * Waiting out the site's answer to the reader's scroll before tsugi's first fetch. A page
 * with both a pager link and its own infinite scroll (../features/own-scroll.ts) appends
 * its next items itself once the reader nears the end; were tsugi to fetch page 2 at the
 * same moment, the reader would see its joined pages flash in and be taken back. So the
 * first scroll-triggered fetch waits {@link OWN_SCROLL_GRACE_MS} for the site's own items;
 * if they come, tsugi fetches nothing at all.
 *
 * Method: a grace window after the trigger, closed early by the own-scroll watch's verdict
 * (the site's items arrived). The trigger may come before the reader's scroll that the site
 * answers (the pager starts on a page already near its end), and the site's answer can take
 * longer than the grace on a loaded machine, so two signals start the window again, once
 * each per wait: the reader's scroll ({@link OwnScrollGate.scrolled}) and the site's own
 * data request answered ({@link OwnScrollGate.siteLoading}, seen through Resource Timing,
 * ../features/own-scroll.ts `watchOwnRequests`). Later pages are not held: by then the
 * site has had its turn.
 */
import { watchOwnRequests } from "../features/own-scroll";

/** How long the first fetch waits for the site's own items, ms: a same-site JSON fetch and
 * its rendering after the scroll that set it off; short enough that a page without its own
 * scroll gets page 2 well within the two screens the trigger leaves. */
export const OWN_SCROLL_GRACE_MS = 400;

/** The gate between the own-scroll watch and the pager's first fetch. */
export interface OwnScrollGate {
  /** The watch saw the site append its own items: every wait, pending or later, says no. */
  found(): void;
  /**
   * Signal: the reader scrolled during a wait. The site answers that scroll, so a pending
   * wait's grace starts again from now: once per wait (a reader scrolling on does not
   * hold page 2 back), so page 2 of a page without its own scroll comes at most
   * {@link OWN_SCROLL_GRACE_MS} after the reader's first scroll in the wait.
   */
  scrolled(): void;
  /**
   * Signal: the site's own data request was answered during a wait (the site is loading
   * something itself; rendering it follows). A pending wait's grace starts again from
   * now: once per wait, so a page that polls its server does not hold page 2 back.
   */
  siteLoading(): void;
  /**
   * Wait for the site's answer: resolves false at once (or as soon as {@link found} is
   * called), else true after the grace, started again by {@link scrolled} and
   * {@link siteLoading} (at most three graces in all).
   * @returns true: tsugi may fetch; false: the site scrolls by itself
   */
  wait(): Promise<boolean>;
}

/** A pending wait: how it ends, and how a signal starts its grace again. */
interface Wait {
  done(ok: boolean): void;
  again(signal: "scroll" | "request"): void;
}

/**
 * A gate for one page.
 * @param graceMs the grace window, ms ({@link OWN_SCROLL_GRACE_MS} unless given)
 * @param timers setTimeout/clearTimeout (tests pass fakes)
 */
export function ownScrollGate(
  graceMs = OWN_SCROLL_GRACE_MS,
  timers: Pick<typeof globalThis, "setTimeout" | "clearTimeout"> = globalThis,
): OwnScrollGate {
  let seen = false;
  const pending = new Set<Wait>();
  return {
    found() {
      seen = true;
      for (const w of pending) w.done(false);
      pending.clear();
    },
    scrolled() {
      for (const w of pending) w.again("scroll");
    },
    siteLoading() {
      for (const w of pending) w.again("request");
    },
    wait() {
      if (seen) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const used = new Set<string>();
        const w: Wait = {
          done(ok) {
            timers.clearTimeout(timer);
            pending.delete(w);
            resolve(ok);
          },
          again(signal) {
            if (used.has(signal)) return;
            used.add(signal);
            timers.clearTimeout(timer);
            timer = timers.setTimeout(() => w.done(!seen), graceMs);
          },
        };
        let timer = timers.setTimeout(() => w.done(!seen), graceMs);
        pending.add(w);
      });
    },
  };
}

/**
 * Wait at `gate` ({@link OwnScrollGate.wait}) while its signals are listened for: the
 * reader's scroll ({@link OwnScrollGate.scrolled}) and the site's own data requests
 * ({@link OwnScrollGate.siteLoading}). Both listeners live only as long as the wait.
 * @param win the page's window
 * @param gate the page's gate
 * @param watchRequests how the site's requests are watched (tests pass fakes)
 * @returns the wait's answer: true: tsugi may fetch; false: the site scrolls by itself
 */
export function waitForSite(
  win: Window,
  gate: OwnScrollGate,
  watchRequests: typeof watchOwnRequests = watchOwnRequests,
): Promise<boolean> {
  // Added while the trigger's own scroll event is dispatched: that event does not count.
  const onScroll = () => gate.scrolled();
  win.addEventListener("scroll", onScroll, { passive: true });
  const unwatch = watchRequests(win, () => gate.siteLoading());
  return gate.wait().finally(() => {
    win.removeEventListener("scroll", onScroll);
    unwatch();
  });
}
