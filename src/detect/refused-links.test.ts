// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { type Correction, urlPatternOf } from "../reader/corrections";
import { refusedLinks } from "./refused-links";

const doc = new DOMParser().parseFromString(
  '<!doctype html><body><a class="wrong" href="/other-story.html">Next »</a>' +
    '<a class="pages" href="/story.html?page=2">2</a></body>',
  "text/html",
);
const correction: Correction = {
  site: "ex.com",
  nextLink: '//a[@class="wrong"]',
  urlPattern: urlPatternOf("https://ex.com/story-7.html"),
  url: "https://ex.com/story-7.html",
  at: 1,
};

describe("refusedLinks", () => {
  it("refuses a candidate the correction's XPath selects, or whose URL has the refused shape", () => {
    const refused = refusedLinks([correction], doc, "https://ex.com/story.html");
    if (!refused) throw new Error("no test");
    const [wrong, pages] = Array.from(doc.querySelectorAll("a"));
    expect(refused("https://ex.com/other-story.html", [wrong as Element])).toBe(true);
    expect(refused("https://ex.com/story-8.html", [])).toBe(true);
    expect(refused("https://ex.com/story.html?page=2", [pages as Element])).toBe(false);
  });

  it("is null on a site without corrections", () => {
    expect(refusedLinks([correction], doc, "https://ex.org/story.html")).toBeNull();
  });
});
