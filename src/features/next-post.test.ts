import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { headlineText, postNavigation } from "./next-post";

function anchor(html: string): Element {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  const a = doc.querySelector("a#t");
  if (!a) throw new Error("fixture has no a#t");
  return a;
}

describe("postNavigation", () => {
  it("finds WordPress single-post navigation", () => {
    const html = `<nav class="navigation post-navigation"><div class="nav-links">
      <div class="nav-next"><a id="t" href="/b/">Nächste →</a></div></div></nav>`;
    expect(postNavigation(anchor(html))).toBe(1);
  });
  it("reads a .nav-next outside any list pager as post navigation", () => {
    expect(
      postNavigation(anchor(`<div class="nav-next"><a id="t" href="/b/">Next</a></div>`)),
    ).toBe(1);
  });
  it("leaves WordPress' list pager alone", () => {
    const html = `<nav class="navigation posts-navigation"><div class="nav-links">
      <div class="nav-previous"><a id="t" href="/page/2/">Older posts</a></div></div></nav>`;
    expect(postNavigation(anchor(html))).toBe(0);
  });
  it("finds item words in a class or id: nextpost, next-article, story-nav", () => {
    expect(postNavigation(anchor(`<span class="nextpost"><a id="t" href="/x">»</a></span>`))).toBe(
      1,
    );
    expect(
      postNavigation(anchor(`<div id="next-article"><p><a id="t" href="/x">Next</a></p></div>`)),
    ).toBe(1);
    expect(
      postNavigation(anchor(`<div class="story-nav"><a id="t" href="/x">Next</a></div>`)),
    ).toBe(1);
  });
  it("reads Joomla's pagenav as article navigation only without page numbers", () => {
    const joomla = `<ul class="pagenav"><li class="pagenav-next"><a id="t" href="/x">Weiter</a></li></ul>`;
    expect(postNavigation(anchor(joomla))).toBe(1);
    const numbered = `<ul class="pagenav"><li><a href="?p=1">1</a></li><li><a href="?p=2">2</a></li><li><a id="t" href="?p=2">Weiter</a></li></ul>`;
    expect(postNavigation(anchor(numbered))).toBe(0);
  });
  it("is 0 in a plain pager", () => {
    expect(
      postNavigation(anchor(`<div class="pagination"><a id="t" href="?page=2">Next</a></div>`)),
    ).toBe(0);
    expect(postNavigation(anchor(`<p><a id="t" href="?page=2">Next</a></p>`))).toBe(0);
  });
});

describe("headlineText", () => {
  it("reads another post's title as a headline", () => {
    expect(headlineText("« Sometimes VC Just Ain't Enough")).toBe(1);
    expect(headlineText("Next: How we rebuilt the search index")).toBe(1);
    expect(headlineText("東京の新しいラーメン店を十軒食べ比べてみた")).toBe(1);
  });
  it("does not read pager labels as headlines", () => {
    expect(headlineText("Next »")).toBe(0);
    expect(headlineText("Older posts")).toBe(0);
    expect(headlineText("Nachfolgender Beitrag »")).toBe(0);
    expect(headlineText("Go to the next page")).toBe(0);
    expect(headlineText("2")).toBe(0);
    expect(headlineText("次のページ")).toBe(0);
  });
});
