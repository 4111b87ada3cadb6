import { describe, expect, it } from "vitest";
import { LINK_FEATURE_NAMES } from "../features/link-features";
import { chooseNextLink, eligibleNextLink } from "./next-link-choice";

const row = (over: Partial<Record<(typeof LINK_FEATURE_NAMES)[number], number>> = {}) =>
  LINK_FEATURE_NAMES.map((n) => over[n] ?? 0);

describe("chooseNextLink", () => {
  it("takes the most probable candidate at or above the threshold", () => {
    expect(chooseNextLink([row(), row(), row()], [0.2, 0.9, 0.85], 0.8)).toEqual({
      index: 1,
      score: 0.9,
    });
    expect(chooseNextLink([row(), row()], [0.2, 0.7], 0.8)).toEqual({ index: -1, score: 0.7 });
    expect(chooseNextLink([], [], 0.5)).toEqual({ index: -1, score: 0 });
  });
  it("never takes a link that lives only in the comments", () => {
    expect(eligibleNextLink(row({ inComments: 1 }))).toBe(false);
    const r = chooseNextLink([row({ inComments: 1 }), row()], [0.95, 0.85], 0.8);
    expect(r).toEqual({ index: 1, score: 0.85 });
  });
  it("never takes a link to the next single item", () => {
    expect(eligibleNextLink(row({ nextItem: 1, nextText: 1 }))).toBe(false);
    const r = chooseNextLink([row({ nextItem: 1 }), row()], [0.88, 0.7], 0.6);
    expect(r).toEqual({ index: 1, score: 0.7 });
  });
  it("never takes a candidate the reader refused, and may take the next-best one", () => {
    const r = chooseNextLink([row(), row(), row()], [0.97, 0.2, 0.6], 0.5, [true, false, false]);
    expect(r).toEqual({ index: 2, score: 0.6 });
    expect(chooseNextLink([row()], [0.97], 0.5, [true])).toEqual({ index: -1, score: 0 });
  });
  it("never takes a link that is switched off", () => {
    expect(eligibleNextLink(row({ disabledLink: 1 }))).toBe(false);
    const r = chooseNextLink([row({ disabledLink: 1 }), row()], [0.97, 0.4], 0.8);
    expect(r).toEqual({ index: -1, score: 0.4 });
  });
});
