import { describe, expect, it } from "vitest";
import { countNextLink, emptyCounts, nextLinkScores, shingleScores, shingles } from "./measures";

describe("next-link measures", () => {
  it("counts correct, wrong, missed and false activations per page", () => {
    const c = emptyCounts();
    countNextLink(c, "u/2", new Set(["u/2"])); // correct
    countNextLink(c, "u/9", new Set(["u/3"])); // wrong link
    countNextLink(c, null, new Set(["u/4"])); // missed
    countNextLink(c, "u/5", new Set()); // false activation
    countNextLink(c, null, new Set()); // correctly idle
    const s = nextLinkScores(c);
    expect(s.precision).toBeCloseTo(1 / 3);
    expect(s.recall).toBeCloseTo(1 / 3);
    expect(s.f1).toBeCloseTo(1 / 3);
    expect(s.falseActivation).toBeCloseTo(1 / 2);
  });
  it("scores 0, not NaN, with nothing predicted", () => {
    expect(nextLinkScores(emptyCounts())).toEqual({
      precision: 0,
      recall: 0,
      f1: 0,
      falseActivation: 0,
    });
  });
});

describe("shingle measures", () => {
  it("uses word 4-grams", () => {
    expect(shingles("a b c d e")).toEqual(new Set(["a b c d", "b c d e"]));
  });
  it("gives 1 for identical text and less for partial overlap", () => {
    const gold = "one two three four five six seven eight";
    expect(shingleScores(gold, gold).f1).toBe(1);
    const half = shingleScores("one two three four five", gold);
    expect(half.precision).toBe(1);
    expect(half.recall).toBeCloseTo(2 / 5);
  });
});
