import { describe, expect, it } from "vitest";
import { type ReaderSidePage, readerSide, readerSideByKind, spread } from "../../bench/reader-side";

const page = (
  key: string,
  part: string,
  bytes: number,
  total: number,
  longest: number,
  readability: number,
  joined?: { total: number; longest: number },
): ReaderSidePage => ({
  key,
  part,
  bytes,
  detect: { first: total, longestTaskMs: longest, longestTaskMax: longest, longTaskMs: 0 },
  readability: { first: readability },
  ...(joined
    ? { fetched: { ok: true, total: joined.total, longestTaskMs: joined.longest, longTaskMs: 0 } }
    : {}),
});

describe("readerSide", () => {
  it("counts the pages whose longest slice is a long task, and the ratio to Readability.js", () => {
    const rs = [
      page("a", "pagination", 100, 30, 12, 20),
      page("b", "pagination", 900, 120, 61, 40, { total: 25, longest: 70 }),
      page("c", "pagination", 500, 60, 50, 80, { total: 10, longest: 9 }),
    ];
    const s = readerSide(rs);
    expect(s.pages).toBe(3);
    // 50 ms is not over the line; 61 is.
    expect(s.overBudget).toBe(1);
    expect(s.longestTask).toEqual({ n: 3, median: 50, p95: 61, max: 61 });
    // Medians: tsugi 60, Readability.js 40.
    expect(s.ratio).toBe(1.5);
    // The slowest decile of 3 pages is the one slowest page: 120 / 40.
    expect(s.slowestDecile).toEqual({ pages: 1, ratio: 3, longestTask: 61 });
    expect(s.joined.pages).toBe(2);
    expect(s.joined.overBudget).toBe(1);
    expect(s.joined.longestTask.max).toBe(70);
  });

  it("has no ratio for no pages", () => {
    const s = readerSide([]);
    expect(s.pages).toBe(0);
    expect(Number.isNaN(s.ratio)).toBe(true);
    expect(s.slowestDecile.pages).toBe(0);
  });
});

describe("readerSideByKind", () => {
  it("groups by part, all pages, and the heaviest pages by bytes", () => {
    const rs = [
      page("a", "pagination", 100, 30, 12, 20),
      page("b", "dragnet", 900, 120, 61, 40),
      page("c", "dragnet", 500, 60, 20, 80),
    ];
    const g = readerSideByKind(rs, 2);
    expect(Object.keys(g)).toEqual(["pagination", "dragnet", "all", "heaviest 2"]);
    expect(g.dragnet?.pages).toBe(2);
    expect(g.all?.pages).toBe(3);
    // The two heaviest: b (900 bytes) and c (500).
    expect(g["heaviest 2"]?.total.max).toBe(120);
    expect(g["heaviest 2"]?.total.median).toBe(90);
  });
});

describe("spread", () => {
  it("takes the nearest-rank p95", () => {
    const xs = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(spread(xs)).toEqual({ n: 20, median: 10.5, p95: 19, max: 20 });
  });
});
