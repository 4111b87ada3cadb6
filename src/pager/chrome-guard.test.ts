// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  footerRegion,
  headerRegion,
  siteChromeOf,
  tagPath,
  textPosition,
  twinOfPage1Chrome,
  withoutChrome,
} from "./chrome-guard";

const parse = (body: string) =>
  new DOMParser().parseFromString(`<!doctype html><title>t</title><body>${body}`, "text/html");
const HEADER =
  '<header><h1><a href="/">Harbour forum</a></h1><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>';
const FOOTER =
  '<footer><p>© 2026 Harbour Forum Ltd. All rights reserved.</p><p><a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></p></footer>';
const ITEMS = (from: number) =>
  `<ol class="threads">${Array.from({ length: 5 }, (_, k) => `<li><a href="/t/${from + k}">Thread ${from + k}: ferry times after the storm, a long title</a></li>`).join("")}</ol>`;

describe("page 1's chrome", () => {
  const page1 = parse(`${HEADER}<div id="app">${ITEMS(1)}</div>${FOOTER}`);
  const list1 = page1.querySelector("ol") as Element;
  const chrome = siteChromeOf(page1, [list1]);
  it("its header, footer and nav, by tag path and text", () => {
    expect(chrome.keys.size).toBe(3);
    expect(tagPath(page1.querySelector("footer p") as Element)).toBe("body/footer/p");
  });
  it("a twin on a fetched page, or an element inside one, is chrome", () => {
    const page2 = parse(`${HEADER}<div id="app"><p>Loading…</p></div>${FOOTER}`);
    expect(twinOfPage1Chrome(page2.querySelector("footer") as Element, chrome)).toBe(true);
    expect(twinOfPage1Chrome(page2.querySelector("footer p") as Element, chrome)).toBe(true);
    expect(twinOfPage1Chrome(page2.querySelector("nav a") as Element, chrome)).toBe(true);
    expect(twinOfPage1Chrome(page2.querySelector("#app p") as Element, chrome)).toBe(false);
  });
  it("the guard keeps page 2's list and drops its footer", () => {
    const page2 = parse(`${HEADER}<div id="app">${ITEMS(6)}</div>${FOOTER}`);
    const list = page2.querySelector("ol") as Element;
    const foot = page2.querySelector("footer") as Element;
    expect(withoutChrome([list, foot], chrome)).toEqual([list]);
    expect(withoutChrome([foot], chrome)).toEqual([]);
  });
});

describe("seed 004's footer and header regions", () => {
  it("footer words at the page's end, or in a footer, are a footer", () => {
    const doc = parse(
      `${ITEMS(1)}<div class="bottom">© 2026 Other Ltd · <a href="/terms">Terms</a></div>`,
    );
    expect(footerRegion(doc.querySelector(".bottom") as Element)).toBe(true);
    expect(footerRegion(doc.querySelector("ol") as Element)).toBe(false);
    // The same words far from the end are an item's, not a footer.
    const early = parse(`<div class="top">© 2026 Other Ltd</div>${ITEMS(1)}${ITEMS(6)}`);
    expect(footerRegion(early.querySelector(".top") as Element)).toBe(false);
  });
  it("a link home at the page's start, or in a header, is a header", () => {
    const doc = parse(`<div class="top"><a href="/">Other site</a></div>${ITEMS(1)}`);
    expect(headerRegion(doc.querySelector(".top") as Element)).toBe(true);
    expect(headerRegion(doc.querySelector("ol") as Element)).toBe(false);
  });
  it("textPosition counts the text before and after an element", () => {
    const doc = parse("<p>abc</p><p id='x'>de</p><p>fghi</p>");
    expect(textPosition(doc.getElementById("x") as Element)).toEqual({ before: 3, after: 4 });
  });
});
