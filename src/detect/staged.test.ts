// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UNSURE_FLOOR } from "./confirm-next";
import { detectInSlices } from "./detect";
import { detectStaged } from "./staged";

const FIXTURES = join(process.cwd(), "test/fixtures");
const load = (path: string) =>
  new DOMParser().parseFromString(readFileSync(join(FIXTURES, path), "utf8"), "text/html");
const parse = (body: string) => new DOMParser().parseFromString(body, "text/html");

/** Hooks that count the waits, so a test sees which stages ran. */
function counting() {
  const n = { idle: 0, pageElement: 0 };
  return {
    n,
    hooks: {
      idle: async () => {
        n.idle++;
      },
      beforePageElement: async () => {
        n.pageElement++;
      },
    },
  };
}

const ITEMS = Array.from(
  { length: 12 },
  (_, i) =>
    `<li class="item"><h2><a href="/post/${i}">Story number ${i} of the day</a></h2><p>${"A summary of the story, long enough to read as text. ".repeat(3)}</p></li>`,
).join("");

describe("detectStaged", () => {
  it("finds the next link and its page element as the content script's slices do", async () => {
    const doc = load("chain/1.html");
    const url = "http://127.0.0.1/chain/1.html";
    const { n, hooks } = counting();
    const staged = await detectStaged(doc, url, hooks);
    const sliced = await detectInSlices(doc, url, async () => {}, UNSURE_FLOOR);
    expect(staged.found.next.url).toBe(sliced.next.url);
    expect(staged.found.next.url).not.toBeNull();
    expect(staged.found.pageElementXPaths).toEqual(sliced.pageElementXPaths);
    expect(staged.found.pageElements.length).toBeGreaterThan(0);
    expect(staged.loadMore).toBeNull();
    expect(n).toEqual({ idle: 1, pageElement: 1 });
  });

  it("runs no page-element stage on a page with neither a next link nor a load-more button", async () => {
    const { n, hooks } = counting();
    const staged = await detectStaged(load("chain/3.html"), "http://127.0.0.1/chain/3.html", hooks);
    expect(staged.found.next.url).toBeNull();
    expect(staged.found.pageElements).toEqual([]);
    expect(staged.loadMore).toBeNull();
    expect(n).toEqual({ idle: 0, pageElement: 0 });
  });

  it("looks for a load-more button only where there is no next link", async () => {
    const { n, hooks } = counting();
    const doc = parse(
      `<main><ul id="stories">${ITEMS}</ul><button type="button">Load more stories</button></main>`,
    );
    const staged = await detectStaged(doc, "http://127.0.0.1/news/", hooks);
    expect(staged.found.next.url).toBeNull();
    expect(staged.loadMore?.control.textContent).toBe("Load more stories");
    // The button must extend the main list: the page element is read for it.
    expect(n.pageElement).toBe(1);
  });
});
