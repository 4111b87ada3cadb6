// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { learnSiteRule, nextLinkXPath, pagerBarXPath, urlPatternFor } from "./learn-rule";
import { evaluateXPath } from "./xpath";

const page = (body: string): Document =>
  new DOMParser().parseFromString(`<!doctype html><body>${body}</body>`, "text/html");

describe("urlPatternFor", () => {
  it("covers the site's section, escaped, and the root for one-segment paths", () => {
    expect(urlPatternFor("https://ex.com/news/2024/a-story?p=1")).toBe("^https://ex\\.com/news/");
    expect(urlPatternFor("https://ex.com/a-story.html")).toBe("^https://ex\\.com/");
    expect(new RegExp(urlPatternFor("https://ex.com/news/1")).test("https://ex.com/news/2")).toBe(
      true,
    );
    expect(new RegExp(urlPatternFor("https://ex.com/news/1")).test("https://ex.com/shop/2")).toBe(
      false,
    );
  });
});

describe("nextLinkXPath", () => {
  it("prefers rel=next", () => {
    const d = page('<div class="pager"><a href="/1">1</a><a rel="next" href="/2">Next</a></div>');
    const a = d.querySelector("a[rel]") as Element;
    expect(nextLinkXPath(a)).toContain("@rel");
  });

  it("uses the link text inside its pager rather than a position, so page 2's extra Prev link does not shift it", () => {
    const p1 = page('<div class="nav"><a href="/x">Home</a><a href="?p=2">Next »</a></div>');
    const xp = nextLinkXPath(p1.querySelectorAll("a")[1] as Element);
    expect(xp).toContain("Next »");
    const p2 = page(
      '<div class="nav"><a href="/x">Home</a><a href="?p=1">« Prev</a><a href="?p=3">Next »</a></div>',
    );
    expect(evaluateXPath(p2, xp)[0]?.getAttribute("href")).toBe("?p=3");
  });

  it("follows the current-page marker when the next link is a bare page number", () => {
    const p1 = page(
      '<div class="pages"><span class="cur">1</span><a href="?p=2">2</a><a href="?p=3">3</a></div>',
    );
    const xp = nextLinkXPath(p1.querySelector("a") as Element);
    expect(xp).toContain("following-sibling");
    const p2 = page(
      '<div class="pages"><a href="?p=1">1</a><span class="cur">2</span><a href="?p=3">3</a></div>',
    );
    expect(evaluateXPath(p2, xp)[0]?.getAttribute("href")).toBe("?p=3");
  });

  it("follows the current page's own item in a list pager, and selects nothing on the last page", () => {
    const pager = (current: number) =>
      page(
        `<div id="pageLinks"><ul>${[1, 2, 3, 4]
          .map((n) =>
            n === current ? `<li>${n}</li>` : `<li><a href="?pagewanted=${n}">${n}</a></li>`,
          )
          .join("")}</ul></div>`,
      );
    const p1 = pager(1);
    const xp = nextLinkXPath(p1.querySelector("a") as Element);
    expect(xp).toContain("following-sibling");
    expect(evaluateXPath(pager(3), xp)[0]?.getAttribute("href")).toBe("?pagewanted=4");
    // On the last page every other item is a link back: none follows the current one.
    expect(evaluateXPath(pager(4), xp)).toEqual([]);
  });

  it("always selects the link itself first on page 1", () => {
    const d = page('<p><a href="/a">Next</a></p><div id="pg"><a href="/b">Next</a></div>');
    const a = d.querySelectorAll("a")[1] as Element;
    expect(evaluateXPath(d, nextLinkXPath(a))[0]).toBe(a);
  });
});

describe("learnSiteRule", () => {
  it("builds a SITEINFO item: url, nextLink, pageElement, insertBefore, pager bar", () => {
    const d = page(
      '<main><article class="entry"><p>text</p></article><nav class="pager"><a href="/1">1</a><a href="/2">Next</a></nav></main>',
    );
    const rule = learnSiteRule("https://ex.com/blog/post", d.querySelectorAll("a")[1] as Element, [
      d.querySelector("article") as Element,
    ]);
    expect(rule.url).toBe("^https://ex\\.com/blog/");
    expect(evaluateXPath(d, rule.pageElement)).toEqual([d.querySelector("article")]);
    expect(evaluateXPath(d, rule.insertBefore ?? "")).toEqual([d.querySelector("nav")]);
    expect(evaluateXPath(d, rule.nextLink)[0]?.textContent).toBe("Next");
    expect(evaluateXPath(d, rule.pagerBar ?? "")).toEqual([d.querySelector("nav")]);
  });

  it("finds no pager bar inside the content", () => {
    const d = page('<div id="c"><p>x</p><a href="/1">1</a><a href="/2">Next</a></div>');
    expect(
      pagerBarXPath(d.querySelectorAll("a")[1] as Element, [d.querySelector("p") as Element]),
    ).toBe(undefined);
  });

  it("refuses detached page elements", () => {
    const d = page("<a href='/2'>Next</a>");
    expect(() => learnSiteRule("https://ex.com/", d.querySelector("a") as Element, [])).toThrow();
  });
});

describe("nextLinkXPath on awkward markup", () => {
  it("reads a no-break space in the link text as XPath sees it", () => {
    const p1 = page('<p class="pages"><a href="?p=1">1</a><a href="?p=3">Next&nbsp;&gt;</a></p>');
    const a = p1.querySelectorAll("a")[1] as Element;
    const xp = nextLinkXPath(a);
    expect(evaluateXPath(p1, xp)[0]).toBe(a);
    expect(xp).toContain("translate");
  });

  it("uses a next-like class even when it is not the first", () => {
    const p1 = page(
      '<div><a class="btn" href="/a">A</a><a class="btn next" href="/2"><img src="x.png"></a></div>',
    );
    const xp = nextLinkXPath(p1.querySelectorAll("a")[1] as Element);
    expect(xp).toContain('" next "');
    const p2 = page(
      '<div><a class="btn prev" href="/1"><img src="y.png"></a><a class="btn next" href="/3"><img src="x.png"></a></div>',
    );
    expect(evaluateXPath(p2, xp)[0]?.getAttribute("href")).toBe("/3");
  });

  it("keeps a script's name in the url pattern", () => {
    expect(urlPatternFor("https://ex.com/topicdetail.php?f=1&t=2")).toBe(
      "^https://ex\\.com/topicdetail\\.php",
    );
  });
});

describe("learnSiteRule on a completed article body", () => {
  // The page element chosen on page 1: the body's run from the wrapped lead to the last
  // paragraph, before the pager (page-element-choice.ts, completeRun).
  const story = (n: number, extra = "") =>
    page(
      `<div id="story"><h1>Title</h1><div class="story-body">` +
        `<div class="lead"><p>Lead of page ${n}.</p></div><p>First ${n}.</p>` +
        `<figure><img src="f${n}.png"><figcaption>Figure ${n}</figcaption></figure>` +
        `<p>Second ${n}.</p><x-pullquote>Quote ${n}</x-pullquote>${extra}<p>Last ${n}.</p>` +
        `<div class="pager"><a href="?p=${n - 1}">Prev</a><a href="?p=${n + 1}">Next</a></div>` +
        `</div></div>`,
    );
  it("selects the wrapped lead, the figure and the custom element on page 2, not the pager", () => {
    const p1 = story(1);
    const body = p1.querySelector(".story-body") as Element;
    const run = Array.from(body.children).filter((e) => !e.classList.contains("pager"));
    const next = p1.querySelector(".pager a:last-child") as Element;
    const rule = learnSiteRule("https://ex.com/news/story", next, run);
    const p2 = story(2, "<p>An extra paragraph.</p>");
    const texts = evaluateXPath(p2, rule.pageElement).map((e) => e.textContent);
    expect(texts).toEqual([
      "Lead of page 2.",
      "First 2.",
      "Figure 2",
      "Second 2.",
      "Quote 2",
      "An extra paragraph.",
      "Last 2.",
    ]);
  });
});
