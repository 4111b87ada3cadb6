import { describe, expect, it } from "vitest";
import { seededRandom } from "../train/random";
import {
  BOUNDARY_LINK_DENSITY,
  boundarySignal,
  choiceScore,
  choosePageElement,
  completeRun,
  extendRunOverSiblings,
  keptTree,
  namedBoilerplate,
  pageElementFromProbabilities,
  promoteFullRun,
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
    // (Without the run completion, which would take in node 6 as the body's sibling.)
    const a = pageElementFromProbabilities(parent, own, probs, [0, 0, 0, 0, 0, 0, 0], {
      relabel: 0,
      completeRun: 0,
    });
    expect(a.nodes).toEqual([4, 5]);
  });
});

// An article body whose paragraphs do not all look alike:
//   0 body
//   ├ 1 h1
//   ├ 2 div.story-body
//   │ ├ 3 div.lead ─ 4 p        (the first paragraph, wrapped)
//   │ ├ 5 p, 6 p
//   │ ├ 7 figure ─ 8 figcaption
//   │ ├ 9 p
//   │ ├ 10 x-pullquote          (a custom element)
//   │ ├ 11 p
//   │ └ 12 div.pager ─ 13 a     (the next link; only in `withPager`)
//   └ 14 ol.comments ─ 15 li    (class hint −1)
const withPager = [-1, 0, 0, 2, 3, 2, 2, 2, 7, 2, 2, 2, 2, 12, 0, 14];
const storyOwn = [0, 60, 0, 0, 200, 300, 300, 0, 40, 300, 100, 300, 0, 8, 0, 500];
const storyNext = [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0];
const storyBoundary = storyNext.map((c, i) => (c === 1 || i === 14 || i === 15 ? 1 : 0));
// The forest marks only the plain paragraphs 5, 6, 9, 11.
const storyProbs = storyOwn.map((_, i) => ([5, 6, 9, 11].includes(i) ? 0.9 : 0.1));
// The same page without the pager (positions 12, 13 dropped; comments become 12, 13).
const drop = <T>(a: readonly T[]) => a.filter((_, i) => i !== 12 && i !== 13);
const noPager = drop(withPager).map((p) => (p === 14 ? 12 : p));
const noPagerOwn = drop(storyOwn);
const noPagerNext = drop(storyNext).map(() => 0);
const noPagerBoundary = noPagerOwn.map((_, i) => (i >= 12 ? 1 : 0));
const noPagerProbs = drop(storyProbs);

describe("boundarySignal", () => {
  const prose = { containsNextLink: 0, classHint: 0, linkDensity: 0.05 };
  it("is 0 for prose, wrapped or not", () => {
    expect(boundarySignal(prose)).toBe(0);
    expect(boundarySignal({ ...prose, classHint: 1 })).toBe(0);
  });
  it("is 1 for the element holding the next link (the pager)", () => {
    expect(boundarySignal({ ...prose, containsNextLink: 1 })).toBe(1);
  });
  it("is 1 for comments, share bars and other names of boilerplate", () => {
    expect(boundarySignal({ ...prose, classHint: -1 })).toBe(1);
  });
  it("is 1 for link-dense navigation, above a majority of link text", () => {
    expect(boundarySignal({ ...prose, linkDensity: 0.9 })).toBe(1);
    expect(boundarySignal({ ...prose, linkDensity: BOUNDARY_LINK_DENSITY })).toBe(0);
    expect(boundarySignal({ ...prose, linkDensity: 0.3 }, 0.25)).toBe(1);
  });
});

describe("namedBoilerplate", () => {
  it("is 1 only for a class or id with a boilerplate word (classHint -1)", () => {
    expect(namedBoilerplate({ classHint: -1 })).toBe(1);
    expect(namedBoilerplate({ classHint: 0 })).toBe(0);
    expect(namedBoilerplate({ classHint: 1 })).toBe(0);
  });
});

describe("pageElementFromProbabilities with named boilerplate", () => {
  it("keeps a sidebar with more text than the short list items from being chosen", () => {
    // 0 → 1 (the list: items 3, 4), 2 (a sidebar with more text than the list)
    const tree = [-1, 0, 0, 1, 1];
    const own = [0, 0, 300, 40, 40];
    const probs = [0, 0.2, 0.9, 0.9, 0.9];
    const none = [0, 0, 0, 0, 0];
    expect(pageElementFromProbabilities(tree, own, probs, none).nodes).toEqual([0]);
    const sidebar = [0, 0, 1, 0, 0];
    const chosen = pageElementFromProbabilities(tree, own, probs, none, {}, none, sidebar);
    expect(chosen.nodes).toEqual([1]);
    const off = pageElementFromProbabilities(
      tree,
      own,
      probs,
      none,
      { boilerplate: 0 },
      none,
      sidebar,
    );
    expect(off.nodes).toEqual([0]);
  });
});

describe("extendRunOverSiblings", () => {
  it("takes in the first paragraph wrapped in a div", () => {
    expect(extendRunOverSiblings(withPager, [5, 6, 7, 9, 10, 11], storyBoundary)).toEqual([
      3, 5, 6, 7, 9, 10, 11,
    ]);
  });
  it("takes in a figure between paragraphs and the paragraphs after it", () => {
    expect(extendRunOverSiblings(withPager, [5, 6], storyBoundary)).toEqual([
      3, 5, 6, 7, 9, 10, 11,
    ]);
  });
  it("takes in a custom element between paragraphs", () => {
    expect(
      extendRunOverSiblings(
        withPager,
        [9, 10],
        storyBoundary.map(() => 0),
      ),
    ).toContain(10);
    expect(extendRunOverSiblings(withPager, [11], storyBoundary)).toEqual([11]);
    expect(extendRunOverSiblings(withPager, [9, 10, 11], storyBoundary)).toEqual([
      3, 5, 6, 7, 9, 10, 11,
    ]);
  });
  it("stops at the pager after the body", () => {
    const r = extendRunOverSiblings(withPager, [9, 10, 11], storyBoundary);
    expect(r).not.toContain(12);
  });
  it("stops at the first boundary on each side, not at the parent's ends", () => {
    // Link-dense navigation at 6 and a share bar at 10: only 7 and 9 join the run.
    const b = storyBoundary.map((v, i) => (i === 6 || i === 10 ? 1 : v));
    expect(extendRunOverSiblings(withPager, [7, 9], b)).toEqual([7, 9]);
    const b2 = storyBoundary.map((v, i) => (i === 6 ? 1 : v));
    expect(extendRunOverSiblings(withPager, [7, 9], b2)).toEqual([7, 9, 10, 11]);
  });
  it("leaves a single container or a set of non-siblings as it is", () => {
    expect(extendRunOverSiblings(withPager, [2], storyBoundary)).toEqual([2]);
    expect(extendRunOverSiblings(withPager, [4, 5], storyBoundary)).toEqual([4, 5]);
  });
});

describe("promoteFullRun", () => {
  it("takes the parent when the run holds all its children", () => {
    expect(promoteFullRun(noPager, [3, 5, 6, 7, 9, 10, 11], noPagerNext)).toEqual([2]);
  });
  it("keeps the run when a child is left out", () => {
    expect(promoteFullRun(noPager, [5, 6, 7, 9, 10, 11], noPagerNext)).toEqual([
      5, 6, 7, 9, 10, 11,
    ]);
  });
  it("never takes a parent that holds the next link", () => {
    const next = noPagerNext.map((_, i) => (i === 2 ? 1 : 0));
    expect(promoteFullRun(noPager, [3, 5, 6, 7, 9, 10, 11], next)).toHaveLength(7);
  });
});

describe("completeRun", () => {
  it("extends, then promotes to the body container", () => {
    expect(completeRun(noPager, [5, 6, 7, 9, 10, 11], noPagerBoundary, noPagerNext)).toEqual([2]);
  });
  it("stops at the next link even when the boundary signal misses it", () => {
    const r = completeRun(
      withPager,
      [9, 10, 11],
      storyBoundary.map(() => 0),
      storyNext,
    );
    expect(r).toEqual([3, 5, 6, 7, 9, 10, 11]);
  });
});

describe("choiceScore", () => {
  it("is the text F1 of the nodes against the mask", () => {
    // content 600 (5, 6); [5, 6, 7] holds 600 content of 640 chars: 1200 / 1240.
    const mask = withPager.map((_, i) => (i === 5 || i === 6 ? 1 : 0));
    expect(choiceScore(withPager, storyOwn, mask, [5, 6, 7])).toBeCloseTo(1200 / 1240, 9);
    expect(
      choiceScore(
        withPager,
        storyOwn,
        mask.map(() => 0),
        [5],
      ),
    ).toBe(0);
  });
});

describe("pageElementFromProbabilities on an article body", () => {
  it("holds the wrapped first paragraph, the figure and the custom element", () => {
    // The forest's choice alone: the run of marked paragraphs, without the lead.
    const bare = pageElementFromProbabilities(
      noPager,
      noPagerOwn,
      noPagerProbs,
      noPagerNext,
      { completeRun: 0 },
      noPagerBoundary,
    );
    expect(bare.nodes).toEqual([5, 6, 7, 9, 10, 11]);
    const r = pageElementFromProbabilities(
      noPager,
      noPagerOwn,
      noPagerProbs,
      noPagerNext,
      {},
      noPagerBoundary,
    );
    expect(r.nodes).toEqual([2]);
    expect(r.score).toBeCloseTo(2400 / (1200 + 1540), 9);
  });
  it("stops before the pager and the comment list after the body", () => {
    const r = pageElementFromProbabilities(
      withPager,
      storyOwn,
      storyProbs,
      storyNext,
      {},
      storyBoundary,
    );
    expect(r.nodes).toEqual([3, 5, 6, 7, 9, 10, 11]);
  });
  it("treats the next link as the only boundary when no signal is given", () => {
    const r = pageElementFromProbabilities(withPager, storyOwn, storyProbs, storyNext);
    expect(r.nodes).toEqual([3, 5, 6, 7, 9, 10, 11]);
  });
});

describe("keptTree", () => {
  it("hangs kept candidates under their nearest kept ancestor and gives it the left-out text", () => {
    // 0 body > 1 p > (2 a > 3 b), 4 div > 5 span
    const parent = [-1, 0, 1, 2, 0, 4];
    const own = [0, 10, 5, 3, 0, 7];
    const t = keptTree(parent, own, [1, 1, 0, 0, 1, 0]);
    expect(t.at).toEqual([0, 1, 4]);
    expect(Array.from(t.parent)).toEqual([-1, 0, 0]);
    expect(Array.from(t.ownText)).toEqual([0, 18, 7]);
  });
  it("keeps everything as it was when nothing is left out", () => {
    const parent = [-1, 0, 1, 0];
    const own = [1, 2, 3, 4];
    const t = keptTree(parent, own, [1, 1, 1, 1]);
    expect(t.at).toEqual([0, 1, 2, 3]);
    expect(Array.from(t.parent)).toEqual(parent);
    expect(Array.from(t.ownText)).toEqual(own);
  });
});

/** A random candidate tree, parents before children; wide parents now and then. */
function randomTree(rand: () => number, n: number): number[] {
  const parent = [-1];
  for (let i = 1; i < n; i++) {
    // Lean on a few recent candidates, so some parents get dozens of children.
    const back = rand() < 0.6 ? Math.floor(rand() * Math.min(i, 4)) : Math.floor(rand() * i);
    parent.push(i - 1 - back);
  }
  return parent;
}

/** The choice and relabel as first written (child arrays, every run tried): the reference
 * the faster forms must match exactly. */
function referenceRelabel(p: number[], first: number[], upper: number, lower: number): number[] {
  const label = first.map((x) => (x >= 1 ? 1 : 0));
  const children: number[][] = p.map(() => []);
  for (const [i, q] of p.entries()) if (q >= 0) children[q]?.push(i);
  for (let b = p.length - 1; b >= 0; b--) {
    const kids = children[b] ?? [];
    if (kids.length === 0) continue;
    const share =
      (kids.reduce((s, c) => s + (label[c] ?? 0), 0) + (label[b] ?? 0)) / (kids.length + 1);
    if (share >= upper) {
      label[b] = 1;
      for (const c of kids) label[c] = 1;
    } else if (share < lower) label[b] = 0;
  }
  return label;
}

function referenceChoice(
  p: number[],
  own: number[],
  mask: number[],
  excluded: number[],
  maxRun: number,
) {
  const n = p.length;
  const inside = own.map((o, i) => o * (mask[i] ?? 0));
  const total = [...own];
  const contentTotal = inside.reduce((a, b) => a + b, 0);
  for (let i = n - 1; i >= 0; i--) {
    const q = p[i] ?? -1;
    if (q < 0) continue;
    inside[q] = (inside[q] ?? 0) + (inside[i] ?? 0);
    total[q] = (total[q] ?? 0) + (total[i] ?? 0);
  }
  if (contentTotal <= 0) return { nodes: [] as number[], score: 0 };
  const children: number[][] = p.map(() => []);
  for (const [i, q] of p.entries()) if (q >= 0) children[q]?.push(i);
  const f1 = (a: number, t: number) => (2 * a) / (contentTotal + t);
  let best = { nodes: [] as number[], score: 0 };
  for (let i = 0; i < n; i++) {
    if (excluded[i] !== 1) {
      const s = f1(inside[i] ?? 0, total[i] ?? 0);
      if (s > best.score) best = { nodes: [i], score: s };
    }
    const kids = (children[i] ?? []).slice(0, maxRun);
    for (let a = 0; a < kids.length; a++) {
      let inn = 0;
      let tot = 0;
      for (let b = a; b < kids.length; b++) {
        const k = kids[b] ?? 0;
        if (excluded[k] === 1) break;
        inn += inside[k] ?? 0;
        tot += total[k] ?? 0;
        if (b > a && f1(inn, tot) > best.score)
          best = { nodes: kids.slice(a, b + 1), score: f1(inn, tot) };
      }
    }
  }
  return best;
}

describe("the choice on random trees", () => {
  it("relabels and chooses exactly as the plain all-runs search", () => {
    const rand = seededRandom(13);
    let runs = 0;
    for (let trial = 0; trial < 400; trial++) {
      const n = 2 + Math.floor(rand() * 120);
      const p = randomTree(rand, n);
      const own = p.map(() => (rand() < 0.3 ? 0 : Math.floor(rand() * 400)));
      const probs = p.map(() => Math.round(rand() * 40) / 40);
      const excluded = p.map(() => (rand() < 0.08 ? 1 : 0));
      const first = probs.map((x) => (x >= 0.5 ? 1 : 0));
      const labels = [...relabelByHierarchy(p, first)];
      expect(labels).toEqual(referenceRelabel(p, first, 0.7, 0.4));
      const maxRun = trial % 5 === 0 ? 3 : 400;
      for (const mask of [labels, probs]) {
        const got = choosePageElement(p, own, mask, excluded, maxRun);
        expect(got).toEqual(referenceChoice(p, own, mask, excluded, maxRun));
        if (got.nodes.length > 1) runs++;
      }
    }
    // The trees must exercise runs of siblings, not only single containers.
    expect(runs).toBeGreaterThan(20);
  });
});
