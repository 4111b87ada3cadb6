import { describe, expect, it } from "vitest";
import { containment, defersToReadability } from "./defer";

const a = "one two three four five six seven eight";
const half = "one two three four five nine ten eleven";

describe("containment", () => {
  it("is the share of a text's shingles found in another", () => {
    expect(containment(a, a)).toBe(1);
    expect(containment(half, a)).toBe(0.4);
    expect(containment("", a)).toBe(0);
  });
});

describe("defersToReadability", () => {
  const rule = { tsugiInReadability: 0.9, readabilityInTsugi: 0.5 };
  it("defers when both agreement levels are met", () => {
    expect(defersToReadability(a, a, rule)).toBe(true);
  });
  it("keeps tsugi's body when they part", () => {
    expect(defersToReadability(half, a, rule)).toBe(false);
  });
  it("never defers to an empty Readability.js result, always from an empty body", () => {
    expect(defersToReadability(a, "", rule)).toBe(false);
    expect(defersToReadability("", a, rule)).toBe(true);
  });
  it("reads the levels for a body Readability.js chose when told so", () => {
    const split = { ...rule, chosenTsugiInReadability: 0, chosenReadabilityInTsugi: 0.3 };
    expect(defersToReadability(half, a, split)).toBe(false);
    expect(defersToReadability(half, a, split, true)).toBe(true);
    expect(defersToReadability(half, a, rule, true)).toBe(false);
  });
});
