import { describe, expect, it } from "vitest";
import { duration, progressLine, summaryLine } from "./progress";

describe("batch progress", () => {
  it("formats durations", () => {
    expect(duration(12_400)).toBe("12s");
    expect(duration(187_000)).toBe("3m07s");
    expect(duration(3_720_000)).toBe("1h02m");
  });

  it("shows done, errors, rate and the time left from the rate", () => {
    const c = { done: 20, errors: 1, skipped: 10, total: 70, elapsedMs: 10_000 };
    // 2 pages/s, 40 pages left (70 - 20 done - 10 skipped): 20 s.
    expect(progressLine(c)).toBe("tsugi: 20/70 done, 1 errors, 2.00 pages/s, 20s left");
    expect(progressLine({ ...c, total: null })).toBe("tsugi: 20 done, 1 errors, 2.00 pages/s");
    expect(summaryLine(c)).toBe(
      "tsugi: 20 pages in 10s (2.00 pages/s): 19 answered, 1 failed, 10 skipped (already answered)",
    );
  });
});
