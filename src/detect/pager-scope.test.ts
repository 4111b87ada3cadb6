import { describe, expect, it } from "vitest";
import { pageElementFromProbabilities } from "./page-element-choice";
import { outsidePagerScope } from "./pager-scope";

// A shop home page (the corpus's "featured businesses" block paged on the home page):
//   0 body
//   ├ 1 div.editorial ─ 2 p, 3 p          (long prose, the forest calls it content)
//   └ 4 div.featured
//     ├ 5 div.item, 6 div.item, 7 div.item (short entries, content: 27 % of it)
//     └ 8 div.pager ─ 9 a                  (the next link)
const parent = [-1, 0, 1, 1, 0, 4, 4, 4, 4, 8];
const own = [0, 0, 400, 400, 0, 100, 100, 100, 0, 6];
const probs = [0.1, 0.2, 0.9, 0.9, 0.3, 0.9, 0.9, 0.9, 0.1, 0.1];
const next = [1, 0, 0, 0, 1, 0, 0, 0, 1, 1];
// Content chars in each subtree when every item and paragraph is marked content.
const inside = [1100, 800, 400, 400, 300, 100, 100, 100, 0, 0];

describe("outsidePagerScope", () => {
  it("scopes to the lowest ancestor of the next link holding a quarter of the content", () => {
    const out = outsidePagerScope(parent, inside, 1100, next);
    expect(Array.from(out ?? [])).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0, 0]);
  });

  it("climbs past an ancestor whose content is under the share", () => {
    expect(outsidePagerScope(parent, inside, 1100, next, 0.5)).toBeNull();
  });

  it("restricts nothing without a next link or without content", () => {
    expect(
      outsidePagerScope(
        parent,
        inside,
        1100,
        next.map(() => 0),
      ),
    ).toBeNull();
    expect(
      outsidePagerScope(
        parent,
        inside.map(() => 0),
        0,
        next,
      ),
    ).toBeNull();
  });
});

describe("pageElementFromProbabilities with pagerScope", () => {
  it("chooses the paged items beside the pager, not the longer prose elsewhere", () => {
    const free = pageElementFromProbabilities(parent, own, probs, next, { pagerScope: 0 });
    expect(free.nodes).toEqual([1]);
    const scoped = pageElementFromProbabilities(parent, own, probs, next, { pagerScope: 1 });
    expect(scoped.nodes).toEqual([5, 6, 7]);
  });
});

describe("pagerScope with nothing to choose inside", () => {
  it("falls back to the whole page when the scope is the paragraph holding the next link", () => {
    //   0 body ─ 1 div.story ─ 2 p (holds 3 a, the inline next link), 4 p
    const par = [-1, 0, 1, 2, 1];
    const text = [0, 0, 300, 6, 300];
    const p = [0.1, 0.5, 0.9, 0.1, 0.9];
    const nx = [1, 1, 1, 1, 0];
    const r = pageElementFromProbabilities(par, text, p, nx, { pagerScope: 1 });
    expect(r.nodes.length).toBeGreaterThan(0);
  });
});
