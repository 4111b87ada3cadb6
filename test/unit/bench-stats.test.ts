import { describe, expect, it } from "vitest";
import { againstLastRun, median, pairedEffect } from "../../bench/stats";

describe("pairedEffect (bench:pair)", () => {
  it("takes the order of the runs out where the plain median cannot", () => {
    // B is 1 ms slower than A; running second saves 3 ms; the pages alternate the order.
    const bSecond = Array.from({ length: 41 }, (_, i) => i % 2 === 0);
    const diffs = bSecond.map((late, i) => 1 + (late ? -3 : 3) + ((i * 7) % 5) * 0.01);
    const p = pairedEffect(diffs, bSecond);
    expect(p.effect).toBeCloseTo(1.02, 2);
    expect(p.order).toBeCloseTo(-3, 2);
    // 21 pages where B ran second, 20 where it ran first: the plain median is −2 ms.
    expect(median(diffs)).toBeLessThan(-1.9);
    expect(p.interval[0]).toBeLessThanOrEqual(p.effect);
    expect(p.interval[1]).toBeGreaterThanOrEqual(p.effect);
    expect(p.interval[1] - p.interval[0]).toBeLessThan(0.1);
  });

  it("gives an interval that holds 0 for two builds that only differ by noise", () => {
    const bSecond = Array.from({ length: 60 }, (_, i) => i % 2 === 0);
    const diffs = bSecond.map((_, i) => Math.sin(i * 12.9898) * 8);
    const p = pairedEffect(diffs, bSecond);
    expect(p.interval[0]).toBeLessThan(0);
    expect(p.interval[1]).toBeGreaterThan(0);
    expect(pairedEffect(diffs, bSecond)).toEqual(p);
  });

  it("refuses mismatched inputs and gives zeros without both orders", () => {
    expect(() => pairedEffect([1, 2], [true])).toThrow(/one order flag/);
    expect(pairedEffect([1, 2], [true, true])).toEqual({ effect: 0, interval: [0, 0], order: 0 });
  });
});

describe("againstLastRun (npm run bench)", () => {
  const page = (key: string, first: number, min: number, rFirst: number, next: string | null) => ({
    key,
    detect: { first, min },
    readability: { first: rFirst, min: rFirst / 2 },
    nextUrl: next,
  });

  it("gives each detector's median page-by-page ratio over the pages both runs timed", () => {
    const last = [
      page("a", 10, 4, 20, "x"),
      page("b", 20, 8, 40, null),
      page("gone", 5, 1, 5, null),
    ];
    // The machine ran twice as slow (Readability.js 2x); tsugi's code got a quarter faster.
    const now = [page("a", 15, 6, 40, "x"), page("b", 30, 12, 80, "y"), page("new", 9, 9, 9, null)];
    const r = againstLastRun(last, now);
    expect(r.pages).toBe(2);
    expect(r.tsugi).toEqual({ cold: 1.5, warm: 1.5 });
    expect(r.readability).toEqual({ cold: 2, warm: 2 });
    expect(r.nextLinkChanged).toBe(1);
  });

  it("leaves out pages without a time and says null when none is left", () => {
    const r = againstLastRun([page("a", 0, 0, 0, null)], [page("a", 3, 1, 3, null)]);
    expect(r).toEqual({
      pages: 1,
      tsugi: { cold: null, warm: null },
      readability: { cold: null, warm: null },
      nextLinkChanged: 0,
    });
    expect(againstLastRun([], []).pages).toBe(0);
  });
});
