import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_REGATES, RECHECK_MS, type RegateWindow, watchForLateLinks } from "./regate";

/** A window whose height, scroll position and link count the test sets. */
function fakeWindow(links: number) {
  let listener: (() => void) | null = null;
  const win = {
    scrollY: 0,
    innerHeight: 800,
    document: {
      scrollingElement: { scrollHeight: 1000 },
      documentElement: { scrollHeight: 1000 },
      links: { length: links },
    },
    addEventListener: (_: "scroll", l: () => void) => {
      listener = l;
    },
    removeEventListener: () => {
      listener = null;
    },
    setTimeout: (f: () => void, ms: number) => setTimeout(f, ms) as unknown as number,
    clearTimeout: (id: number) => clearTimeout(id),
  } satisfies RegateWindow;
  const scroll = () => listener?.();
  return { win, scroll, watching: () => listener !== null };
}

describe("watchForLateLinks", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("looks again on a page too short to scroll once its links came, on the rechecks", () => {
    const { win, watching } = fakeWindow(3);
    let asked = 0;
    watchForLateLinks(win, () => {
      asked++;
      return true;
    });
    vi.advanceTimersByTime((RECHECK_MS[0] ?? 0) - 1);
    win.document.links.length = 20;
    expect(asked).toBe(0);
    vi.advanceTimersByTime(1);
    expect(asked).toBe(1);
    expect(watching()).toBe(false);
    // Its timers went with it.
    vi.advanceTimersByTime(60_000);
    expect(asked).toBe(1);
  });

  it("asks the gate again once the page gained links and the reader is near the end", () => {
    const { win, scroll, watching } = fakeWindow(3);
    let asked = 0;
    watchForLateLinks(win, () => {
      asked++;
      return true;
    });
    scroll();
    expect(asked).toBe(0);
    win.document.links.length = 40;
    // Far from the end of a page grown by its list: not yet.
    win.document.scrollingElement.scrollHeight = 20_000;
    win.document.documentElement.scrollHeight = 20_000;
    scroll();
    expect(asked).toBe(0);
    win.scrollY = 19_000;
    scroll();
    expect(asked).toBe(1);
    expect(watching()).toBe(false);
  });

  it("keeps watching while the gate stays closed, and gives up after a few looks", () => {
    const { win, scroll, watching } = fakeWindow(3);
    let asked = 0;
    watchForLateLinks(win, () => {
      asked++;
      return false;
    });
    for (let i = 1; i <= MAX_REGATES + 2; i++) {
      win.document.links.length = 3 + i;
      scroll();
      scroll();
    }
    expect(asked).toBe(MAX_REGATES);
    expect(watching()).toBe(false);
  });

  it("counts links added while the last look ran as new ones", () => {
    // The detection began on 0 links; the page's script rendered 20 before it ended.
    const { win, scroll } = fakeWindow(20);
    let asked = 0;
    watchForLateLinks(
      win,
      () => {
        asked++;
        return true;
      },
      0,
    );
    scroll();
    expect(asked).toBe(1);
    const same = fakeWindow(20);
    watchForLateLinks(same.win, () => {
      asked++;
      return true;
    });
    same.scroll();
    expect(asked).toBe(1);
  });

  it("ends when told to", () => {
    const { win, watching } = fakeWindow(3);
    const stop = watchForLateLinks(win, () => true);
    stop();
    expect(watching()).toBe(false);
  });
});
