import { describe, expect, it } from "vitest";
import { groupFolds } from "./folds";

describe("groupFolds", () => {
  const groups = ["a", "a", "a", "b", "b", "c", "d", "d", "e", "f", "g", "g", "g", "g"];
  it("keeps every group inside one fold", () => {
    const folds = groupFolds(groups, 3);
    const foldOf = new Map<string, number>();
    groups.forEach((g, i) => {
      const f = folds[i] ?? -1;
      expect(foldOf.get(g) ?? f).toBe(f);
      foldOf.set(g, f);
    });
  });
  it("balances the folds and uses all of them", () => {
    const folds = groupFolds(groups, 3);
    const sizes = [0, 1, 2].map((f) => folds.filter((x) => x === f).length);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(4);
  });
  it("is deterministic and refuses impossible splits", () => {
    expect(groupFolds(groups, 3)).toEqual(groupFolds(groups, 3));
    expect(() => groupFolds(["a", "b"], 3)).toThrow(RangeError);
    expect(() => groupFolds(groups, 1)).toThrow(RangeError);
  });
});
