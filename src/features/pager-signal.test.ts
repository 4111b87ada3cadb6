import { describe, expect, it } from "vitest";
import { LINK_FEATURE_NAMES } from "./link-features";
import { hasPagerSignal, PAGER_SIGNAL_FEATURES, type PagerSignalName } from "./pager-signal";

const none = (): Record<PagerSignalName, number> =>
  Object.fromEntries(PAGER_SIGNAL_FEATURES.map((n) => [n, 0])) as Record<PagerSignalName, number>;

describe("hasPagerSignal", () => {
  it("is false when every signal is 0", () => {
    expect(hasPagerSignal(none())).toBe(false);
  });
  it.each(PAGER_SIGNAL_FEATURES.filter((n) => n !== "numericText"))(
    "is true when %s alone is set",
    (name) => {
      expect(hasPagerSignal({ ...none(), [name]: 1 })).toBe(true);
    },
  );
  it("is false for a number alone, true for a number beside another signal", () => {
    expect(hasPagerSignal({ ...none(), numericText: 1 })).toBe(false);
    expect(hasPagerSignal({ ...none(), numericText: 1, inPager: 1 })).toBe(true);
    expect(hasPagerSignal({ ...none(), numericText: 1, isPlusOne: 1 })).toBe(true);
  });
  it("names only link features", () => {
    for (const n of PAGER_SIGNAL_FEATURES) expect(LINK_FEATURE_NAMES).toContain(n);
  });
});
