// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SliceBudget } from "../budget/slices";
import { detect, detectInSlices } from "./detect";

const FIXTURES = join(process.cwd(), "test/fixtures");
const load = (path: string) =>
  new DOMParser().parseFromString(readFileSync(join(FIXTURES, path), "utf8"), "text/html");

describe("detectInSlices", () => {
  it("decides as detect() does, waiting for idle time between the halves", async () => {
    const doc = load("chain/1.html");
    const url = "http://127.0.0.1/chain/1.html";
    let idles = 0;
    const sliced = await detectInSlices(doc, url, async () => {
      idles++;
    });
    const whole = detect(doc, url);
    expect(sliced.next.url).toBe(whole.next.url);
    expect(sliced.pageElements).toEqual(whole.pageElements);
    expect(sliced.pageElementXPaths).toEqual(whole.pageElementXPaths);
    expect(idles).toBe(1);
  });

  it("stops after the next-link half on a page without a next link", async () => {
    const doc = load("chain/3.html");
    let idles = 0;
    const d = await detectInSlices(doc, "http://127.0.0.1/chain/3.html", async () => {
      idles++;
    });
    expect(d.next.url).toBe(null);
    expect(d.pageElements).toEqual([]);
    expect(idles).toBe(0);
  });
});

/** A list page of `n` items with a numbered pager: long enough for many slices. */
function longList(n: number): Document {
  const items = Array.from(
    { length: n },
    (_, i) =>
      `<li class="item"><h2><a href="/post/${i}">Story number ${i} of the day</a></h2><p>${"A summary of the story, long enough to read as text. ".repeat(3)}</p><a class="tag" href="/tag/${i % 17}">tag ${i % 17}</a></li>`,
  ).join("");
  const pager = `<nav class="pagination"><a href="/list?page=1">1</a><span class="current">2</span><a href="/list?page=3">3</a><a href="/list?page=4">4</a><a rel="next" href="/list?page=3">Next</a></nav>`;
  return new DOMParser().parseFromString(
    `<html><body><header><a href="/">Home</a></header><main><ul class="list">${items}</ul>${pager}</main><footer><a href="/about">About</a></footer></body></html>`,
    "text/html",
  );
}

describe("detectInSlices in a budget", () => {
  it("yields to the page between slices and decides exactly as detect() does", async () => {
    const doc = longList(200);
    const url = "http://127.0.0.1/list?page=2";
    const whole = detect(doc, url);
    let yields = 0;
    // A budget of 0 ms: every step of every loop ends a slice.
    const budget = new SliceBudget({
      sliceMs: 0,
      yieldToPage: async () => {
        yields++;
      },
    });
    const sliced = await detectInSlices(
      doc,
      url,
      async () => {},
      undefined,
      undefined,
      null,
      budget,
    );
    expect(whole.next.url).toBe("http://127.0.0.1/list?page=3");
    expect(sliced.next).toEqual(whole.next);
    expect(sliced.pageElements).toEqual(whole.pageElements);
    expect(sliced.pageElementXPaths).toEqual(whole.pageElementXPaths);
    // Both forests' trees, the anchors, the nodes and the rows each yield.
    expect(yields).toBeGreaterThan(120);
    expect(budget.slices).toBe(yields + 2);
  }, 30_000);

  it("counts neither the idle wait nor the yields in its time", async () => {
    const doc = longList(40);
    const url = "http://127.0.0.1/list?page=2";
    const budget = new SliceBudget({
      yieldToPage: () => new Promise((resolve) => setTimeout(resolve, 5)),
      sliceMs: 0,
    });
    const t0 = performance.now();
    const d = await detectInSlices(
      doc,
      url,
      () => new Promise((resolve) => setTimeout(resolve, 200)),
      undefined,
      undefined,
      null,
      budget,
    );
    const wall = performance.now() - t0;
    budget.finish();
    expect(d.ms).toBeLessThan(wall - 200);
    expect(d.ms).toBeCloseTo(budget.totalMs, -1);
  });
});
