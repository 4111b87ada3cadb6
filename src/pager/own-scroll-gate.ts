/**
 * Waiting out the site's answer to the reader's scroll before tsugi's first fetch. A page
 * with both a pager link and its own infinite scroll (../features/own-scroll.ts) appends
 * its next items itself once the reader nears the end; were tsugi to fetch page 2 at the
 * same moment, the reader would see its joined pages flash in and be taken back. So the
 * first scroll-triggered fetch waits {@link OWN_SCROLL_GRACE_MS} for the site's own items;
 * if they come, tsugi fetches nothing at all.
 *
 * Method: a grace window after the trigger, closed early by the own-scroll watch's verdict
 * (the site's items arrived). Later pages are not held: by then the site has had its turn.
 */

/** How long the first fetch waits for the site's own items, ms: a same-site JSON fetch and
 * its rendering after the scroll that set it off; short enough that a page without its own
 * scroll gets page 2 well within the two screens the trigger leaves. */
export const OWN_SCROLL_GRACE_MS = 400;

/** The gate between the own-scroll watch and the pager's first fetch. */
export interface OwnScrollGate {
  /** The watch saw the site append its own items: every wait, pending or later, says no. */
  found(): void;
  /**
   * Wait for the site's answer: resolves false at once (or as soon as {@link found} is
   * called), else true after the grace.
   * @returns true: tsugi may fetch; false: the site scrolls by itself
   */
  wait(): Promise<boolean>;
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
  const pending = new Set<(ok: boolean) => void>();
  return {
    found() {
      seen = true;
      for (const done of pending) done(false);
      pending.clear();
    },
    wait() {
      if (seen) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const done = (ok: boolean) => {
          timers.clearTimeout(timer);
          pending.delete(done);
          resolve(ok);
        };
        const timer = timers.setTimeout(() => done(!seen), graceMs);
        pending.add(done);
      });
    },
  };
}
