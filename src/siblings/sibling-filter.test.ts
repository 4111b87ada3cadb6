// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { SiblingFilter } from "./sibling-filter";

const parse = (html: string): Document =>
  new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");

const NEWSLETTER =
  '<div class="newsletter"><h3>Sign up for the letter</h3><p>Every Friday, in your inbox.</p><form><input name="e"><button>Subscribe</button></form></div>';
const SERIES =
  '<aside class="series"><h3>Read more from this series</h3><ul><li><a href="/s/1">Part one</a></li><li><a href="/s/2">Part two</a></li><li><a href="/s/3">Part three</a></li></ul></aside>';
const SHARE = '<p class="share">Share this story: Mail · Mastodon · Copy link</p>';

/** One page of a 3-page article: its own paragraphs between the same three boxes. */
function articlePage(n: number): Document {
  const own = [1, 2, 3].map(
    (i) => `<p>Page ${n}, paragraph ${i}: words of its own, never seen before.</p>`,
  );
  return parse(
    `<article id="story">${SHARE}${own[0]}${NEWSLETTER}${own[1]}${own[2]}${SERIES}</article>`,
  );
}

/** A news list: items `from`..`to` (newest first), each with its permalink. */
function newsPage(ids: number[]): Document {
  const li = ids.map(
    (i) =>
      `<li class="story"><h2><a href="/news/${i}">Story ${i}</a></h2><p>What happened in story ${i}.</p></li>`,
  );
  return parse(`<ol id="news">${li.join("")}</ol>`);
}

const root = (doc: Document) => doc.body.firstElementChild as Element;
const texts = (els: readonly Element[]) => els.map((e) => e.textContent ?? "").join("\n");

describe("SiblingFilter on an article series (seed 003)", () => {
  it("removes on pages 2+ the blocks repeated across the sibling pages, keeps each page's own", () => {
    const p1 = articlePage(1);
    const page1Html = p1.body.innerHTML;
    const f = new SiblingFilter([root(p1)], "https://x.test/story/1");
    expect(p1.body.innerHTML).toBe(page1Html);

    for (const n of [2, 3]) {
      const doc = articlePage(n);
      const out = f.filter([root(doc)], `https://x.test/story/${n}`, n);
      const text = texts(out.elements);
      for (const i of [1, 2, 3]) expect(text).toContain(`Page ${n}, paragraph ${i}`);
      expect(text).not.toContain("Sign up for the letter");
      expect(text).not.toContain("Subscribe");
      expect(text).not.toContain("Read more from this series");
      expect(text).not.toContain("Share this story");
      expect(doc.querySelector(".newsletter, .series, .share")).toBeNull();
      expect(out.skippedItems).toBe(0);
    }
    // Page 1 is learned from, never changed.
    expect(p1.body.innerHTML).toBe(page1Html);
  });

  it("keeps a block that only page 2 has, even beside template blocks", () => {
    const f = new SiblingFilter([root(articlePage(1))], "https://x.test/story/1");
    const doc = parse(
      `<article id="story">${SHARE}<div class="newsletter"><p>Corrections: an earlier version misnamed the bridge.</p></div></article>`,
    );
    const out = f.filter([root(doc)], "https://x.test/story/2", 2);
    expect(texts(out.elements)).toContain("Corrections");
    expect(texts(out.elements)).not.toContain("Share this story");
  });
});

describe("SiblingFilter on a shifting list (seed 002)", () => {
  it("skips the items an earlier page showed, keeps the rest in order", () => {
    const f = new SiblingFilter([root(newsPage([30, 29, 28, 27, 26]))], "https://x.test/news");
    // Three stories were published before page 2 was served: 27, 26, 25 slid onto it.
    const doc2 = newsPage([27, 26, 25, 24, 23]);
    const out2 = f.filter([root(doc2)], "https://x.test/news?page=2", 2);
    expect(out2.skippedItems).toBe(2);
    expect(Array.from(doc2.querySelectorAll("h2"), (h) => h.textContent)).toEqual([
      "Story 25",
      "Story 24",
      "Story 23",
    ]);
    const doc3 = newsPage([24, 23, 22, 21, 20]);
    const out3 = f.filter([root(doc3)], "https://x.test/news?page=3", 3);
    expect(out3.skippedItems).toBe(2);
    expect(out3.skippedBlocks).toBe(0);
    expect(Array.from(doc3.querySelectorAll("h2"), (h) => h.textContent)).toEqual([
      "Story 22",
      "Story 21",
      "Story 20",
    ]);
  });

  it("reads a last page of two items as records by page 1's signature, and skips the one shown", () => {
    const f = new SiblingFilter([root(newsPage([9, 8, 7, 6]))], "https://x.test/news");
    // Two items are too few to make a list on their own.
    const last = newsPage([6, 5]);
    const out = f.filter([root(last)], "https://x.test/news?page=2", 2);
    expect(out.skippedItems).toBe(1);
    expect(Array.from(last.querySelectorAll("h2"), (h) => h.textContent)).toEqual(["Story 5"]);
  });

  it("drops a record that is a page element by itself from the elements to insert", () => {
    const rows = (ids: number[]) =>
      parse(
        ids
          .map(
            (i) =>
              `<article class="post"><h2><a href="/p/${i}">Post ${i}</a></h2><p>Body ${i}</p></article>`,
          )
          .join(""),
      );
    const d1 = rows([9, 8, 7]);
    const f = new SiblingFilter(Array.from(d1.body.children), "https://x.test/");
    const d2 = rows([7, 6, 5]);
    const out = f.filter(Array.from(d2.body.children), "https://x.test/?p=2", 2);
    expect(out.skippedItems).toBe(1);
    expect(out.elements.map((e) => e.querySelector("h2")?.textContent)).toEqual([
      "Post 6",
      "Post 5",
    ]);
  });
});
