import { describe, expect, it } from "vitest";
import {
  choosePageElement,
  pageElementFromProbabilities,
  relabelByHierarchy,
} from "./page-element-choice";

// Tree:      0
//        /   |   \
//       1    2    3        (1: a header, 2: the body, 3: a footer)
//          / | \
//         4  5  6          (paragraphs of the body)
const parent = [-1, 0, 0, 0, 2, 2, 2];

describe("relabelByHierarchy (seed 001)", () => {
  it("makes a parent and all its children content above the upper threshold", () => {
    // Body's set: 2 (0) + 4, 5 (1) + 6 (0) => 2/4 = 0.5: between thresholds, unchanged.
    expect([...relabelByHierarchy(parent, [0, 0, 0, 0, 1, 1, 0])]).toEqual([0, 0, 0, 0, 1, 1, 0]);
    // 2 (0) + 4, 5, 6 (1) => 3/4 = 0.75 >= 0.7: the set becomes content.
    expect([...relabelByHierarchy(parent, [0, 0, 0, 0, 1, 1, 1])].slice(2)).toEqual([
      1, 0, 1, 1, 1,
    ]);
  });
  it("drops a parent below the lower threshold, leaving its children", () => {
    // 2 (1) + 4 (1), 5 (0), 6 (0) => 2/4 = 0.5 stays; with 4 off too => 1/4 < 0.4 drops 2.
    expect(relabelByHierarchy(parent, [0, 0, 1, 0, 1, 0, 0])[2]).toBe(1);
    expect([...relabelByHierarchy(parent, [0, 0, 1, 0, 0, 0, 0])]).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
  it("follows the thresholds it is given", () => {
    expect(relabelByHierarchy(parent, [0, 0, 0, 0, 1, 1, 0], 0.5, 0.1)[2]).toBe(1);
  });
});

describe("choosePageElement", () => {
  const own = [0, 20, 0, 20, 300, 300, 300];
  it("takes the container that covers the content", () => {
    const r = choosePageElement(parent, own, [0, 0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 0, 0, 0]);
    expect(r.nodes).toEqual([2]);
    expect(r.score).toBeCloseTo(1, 6);
  });
  it("takes a run of siblings when their parent also holds the pager", () => {
    const own2 = [0, 20, 0, 20, 300, 300, 10];
    const contains = [1, 0, 1, 0, 0, 0, 1]; // node 6 is the pager
    const r = choosePageElement(parent, own2, [0, 0, 0, 0, 1, 1, 0], contains);
    expect(r.nodes).toEqual([4, 5]);
  });
  it("never returns an element that holds the next link", () => {
    const r = choosePageElement(parent, own, [1, 1, 1, 1, 1, 1, 1], [1, 0, 1, 0, 0, 0, 1]);
    for (const k of r.nodes) expect([0, 2, 6]).not.toContain(k);
  });
  it("returns nothing when nothing is content", () => {
    expect(
      choosePageElement(parent, own, [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0]).nodes,
    ).toEqual([]);
  });
});

describe("pageElementFromProbabilities", () => {
  const own = [0, 20, 0, 20, 300, 300, 300];
  it("falls back to the probabilities when no node reaches the first threshold", () => {
    const r = pageElementFromProbabilities(
      parent,
      own,
      [0.1, 0.1, 0.2, 0.1, 0.4, 0.4, 0.4],
      [0, 0, 0, 0, 0, 0, 0],
    );
    expect(r.nodes).toEqual([2]);
  });
  it("can skip the relabel", () => {
    const probs = [0, 0, 0, 0, 0.9, 0.9, 0.1];
    const a = pageElementFromProbabilities(parent, own, probs, [0, 0, 0, 0, 0, 0, 0], {
      relabel: 0,
    });
    expect(a.nodes).toEqual([4, 5]);
  });
});
