import { describe, expect, it } from "vitest";
import {
  LOAD_WAKE_SCREENS,
  nearEnd,
  remainingBelow,
  type ScrolledWindow,
  WAKE_SCREENS,
} from "./near-end";

/** A window of `innerHeight` px scrolled `scrollY` px down a page `page` px high. */
function win(page: number, scrollY: number, innerHeight = 800, scrolling = true): ScrolledWindow {
  const el = { scrollHeight: page };
  return {
    scrollY,
    innerHeight,
    document: { scrollingElement: scrolling ? el : null, documentElement: el },
  };
}

describe("remainingBelow", () => {
  it("is the page height below the viewport's bottom edge, px", () => {
    expect(remainingBelow(win(10_000, 0))).toBe(9_200);
    expect(remainingBelow(win(10_000, 9_200))).toBe(0);
  });

  it("reads the document element where the document names no scrolling element", () => {
    expect(remainingBelow(win(3_000, 1_000, 800, false))).toBe(1_200);
  });
});

describe("nearEnd", () => {
  it("is false until the unread part is at most the given screens, then true", () => {
    const page = 20_000;
    const edge = page - 800 - WAKE_SCREENS * 800;
    expect(nearEnd(win(page, edge - 1))).toBe(false);
    expect(nearEnd(win(page, edge))).toBe(true);
    expect(nearEnd(win(page, page))).toBe(true);
  });

  it("wakes at load a shorter page than it wakes on a scroll", () => {
    expect(LOAD_WAKE_SCREENS).toBeLessThan(WAKE_SCREENS);
    const page = 800 * (LOAD_WAKE_SCREENS + 2);
    expect(nearEnd(win(page, 0), LOAD_WAKE_SCREENS)).toBe(false);
    expect(nearEnd(win(page, 0))).toBe(true);
  });

  it("holds at load for a page that fits in a few screens", () => {
    expect(nearEnd(win(800 * (WAKE_SCREENS + 1), 0))).toBe(true);
    expect(nearEnd(win(800 * (WAKE_SCREENS + 1) + 1, 0))).toBe(false);
  });

  it("takes another distance in screens", () => {
    expect(nearEnd(win(5_000, 0), 1)).toBe(false);
    expect(nearEnd(win(5_000, 3_400), 1)).toBe(true);
  });
});
