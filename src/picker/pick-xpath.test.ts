// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { evaluateXPath } from "../rule/xpath";
import { linkOf, pickedNextLinkXPath, pickedPageElementXPath } from "./pick-xpath";

const page = (body: string): Document =>
  new DOMParser().parseFromString(`<!doctype html><body>${body}</body>`, "text/html");

describe("linkOf", () => {
  it("takes the link around a picked image, and nothing outside a link", () => {
    const d = page('<p>text</p><a class="go" href="2.html"><img src="arrow.png"></a>');
    expect(linkOf(d.querySelector("img") as Element)).toBe(d.querySelector("a"));
    expect(linkOf(d.querySelector("p") as Element)).toBeNull();
  });
});

describe("pickedNextLinkXPath", () => {
  it("names an unlabelled arrow by its class, not its position, and resolves back to it alone", () => {
    const d = page(
      '<div id="main"><p>one</p></div><div class="nav"><a href="/">Home</a><a href="/a">A</a>' +
        '<a class="zz-q7" href="chapter-b.html"><img src="arrow.png"></a></div>',
    );
    const a = d.querySelector("a.zz-q7") as Element;
    const xp = pickedNextLinkXPath(a);
    expect(xp).toContain("zz-q7");
    expect(xp).not.toMatch(/\[\d+\]/);
    expect(evaluateXPath(d, xp)).toEqual([a]);
  });

  it("holds on page 2, where a Prev link with the same look comes first", () => {
    const p1 = page(
      '<div class="nav"><a class="arrow fwd" href="b.html"><img src="r.png"></a></div>',
    );
    const xp = pickedNextLinkXPath(p1.querySelector("a") as Element);
    const p2 = page(
      '<div class="nav"><a class="arrow back" href="a.html"><img src="l.png"></a>' +
        '<a class="arrow fwd" href="c.html"><img src="r.png"></a></div>',
    );
    expect(evaluateXPath(p2, xp).map((e) => e.getAttribute("href"))).toEqual(["c.html"]);
  });

  it("prefers rel=next and a link text in its pager", () => {
    const d = page('<div class="pages"><a href="1">1</a><a rel="next" href="2">Next</a></div>');
    expect(pickedNextLinkXPath(d.querySelector("a[rel]") as Element)).toContain("@rel");
    const e = page('<div class="pages"><a href="1">1</a><a href="2">Onward</a></div>');
    const xp = pickedNextLinkXPath(e.querySelectorAll("a")[1] as Element);
    expect(xp).toContain('"Onward"');
  });

  it("falls back to a path that still selects the link alone", () => {
    const d = page("<div><a href='a'>x</a></div><div><a href='b'>x</a></div>");
    const b = d.querySelectorAll("a")[1] as Element;
    expect(evaluateXPath(d, pickedNextLinkXPath(b))).toEqual([b]);
  });
});

describe("pickedPageElementXPath", () => {
  it("anchors on an id and steps by class, resolving back to the element", () => {
    const d = page(
      '<div id="wrap"><div class="ad">ad</div><div class="story-body"><p>text</p></div></div>',
    );
    const el = d.querySelector(".story-body") as Element;
    const xp = pickedPageElementXPath(el);
    expect(xp).toContain("story-body");
    expect(evaluateXPath(d, xp)).toEqual([el]);
  });
});
