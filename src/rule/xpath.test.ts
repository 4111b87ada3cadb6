// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { evaluateXPath, evaluateXPaths, isStableToken, xpathFor, xpathsForRun } from "./xpath";

function doc(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

describe("xpathFor", () => {
  it("anchors on a unique, stable id", () => {
    const d = doc('<div id="story"><div class="meta">m</div><div class="body">b</div></div>');
    const el = d.querySelector(".body") as Element;
    const xp = xpathFor(el);
    expect(xp.startsWith('//*[@id="story"]/')).toBe(true);
    expect(evaluateXPath(d, xp)).toEqual([el]);
  });
  it("selects the same-role element on another page of the template", () => {
    const page1 = doc(
      '<div id="story"><div class="body">one</div></div><div class="body">side</div>',
    );
    const page2 = doc('<div id="story"><p>ad</p><div class="body">two</div></div>');
    const xp = xpathFor(page1.querySelector("#story .body") as Element);
    expect(evaluateXPath(page2, xp).map((e) => e.textContent)).toEqual(["two"]);
  });
  it("skips generated ids and uses positions only when tag and class do not decide", () => {
    const d = doc('<main><div id="x-839201"><p>a</p><p>b</p></div></main>');
    const second = d.querySelectorAll("p")[1] as Element;
    const xp = xpathFor(second);
    expect(xp).not.toContain("839201");
    expect(xp).toContain("p[2]");
    expect(evaluateXPath(d, xp)).toEqual([second]);
  });
  it("quotes ids holding quotes", () => {
    const d = doc(`<div id="a&quot;b"><span>q</span></div>`);
    const el = d.querySelector("span") as Element;
    expect(evaluateXPath(d, xpathFor(el))).toEqual([el]);
  });
});

describe("xpathsForRun", () => {
  it("gives one expression for a run of same-class siblings", () => {
    const d = doc(
      '<div id="list"><div class="post">1</div><div class="post">2</div><div class="pager">p</div></div>',
    );
    const posts = Array.from(d.querySelectorAll(".post"));
    const xps = xpathsForRun(posts);
    expect(xps).toHaveLength(1);
    expect(evaluateXPath(d, xps[0] as string)).toEqual(posts);
  });
  it("gives one step per tag and class for mixed runs, holding on pages with more items", () => {
    const d = doc('<div id="body"><h2>t</h2><p>x</p><p>y</p><div class="pager">p</div></div>');
    const run = Array.from(d.querySelectorAll("h2, p"));
    const xps = xpathsForRun(run);
    expect(xps).toHaveLength(2);
    expect(evaluateXPaths(d, xps)).toEqual(run);
    const page2 = doc(
      '<div id="body"><h2>u</h2><p>1</p><h2>v</h2><p>2</p><p>3</p><div class="pager">p</div></div>',
    );
    expect(evaluateXPaths(page2, xps).map((e) => e.textContent)).toEqual(["u", "1", "v", "2", "3"]);
  });
});

describe("xpathsForRun on table rows", () => {
  // A job board's results: a header row of th, then records whose cells alternate classes.
  const table = (jobs: string[]) =>
    `<div id="wrapper"><table class="jobs"><tr><th>Job ID</th><th>Title</th></tr>${jobs
      .map((j, i) => `<tr><td class="${i % 2 ? "even" : "odd"}">${i}</td><td>${j}</td></tr>`)
      .join("")}</table></div>`;

  it("selects every record row but the header as tr[td], so a one-row last page holds it", () => {
    const p1 = doc(table(["a", "b", "c", "d"]));
    const rows = Array.from(p1.querySelectorAll("tr")).slice(1);
    const xps = xpathsForRun(rows);
    expect(xps).toHaveLength(1);
    expect(xps[0]).toMatch(/\/tr\[td\]$/);
    expect(evaluateXPaths(p1, xps)).toEqual(rows);
    const last = doc(table(["e"]));
    expect(evaluateXPaths(last, xps).map((e) => e.textContent)).toEqual(["0e"]);
  });

  it("keeps positions for a run that is only some of the records", () => {
    const p1 = doc(table(["a", "b", "c", "d"]));
    const rows = Array.from(p1.querySelectorAll("tr")).slice(2);
    const xps = xpathsForRun(rows);
    expect(xps.some((x) => x.endsWith("tr[td]"))).toBe(false);
    expect(evaluateXPaths(p1, xps)).toEqual(rows);
  });
});

describe("evaluateXPath and isStableToken", () => {
  it("returns [] for a malformed expression instead of throwing", () => {
    expect(evaluateXPath(doc("<p>x</p>"), "//p[")).toEqual([]);
  });
  it("rejects hash-like and counter tokens", () => {
    expect(isStableToken("content")).toBe(true);
    expect(isStableToken("post-1234567")).toBe(false);
    expect(isStableToken("a1b2c3d4e5f6")).toBe(false);
    expect(isStableToken("css-1x2y3z")).toBe(false);
  });
});

describe("robust XPaths", () => {
  it("drops steps that vary between pages (an extra row) when the tail alone decides", () => {
    const p1 = doc(
      '<div id="content"><div class="row">a</div><div class="row"><div class="product-layout">1</div><div class="product-layout">2</div></div></div>',
    );
    const items = Array.from(p1.querySelectorAll(".product-layout"));
    const xps = xpathsForRun(items);
    expect(evaluateXPaths(p1, xps)).toEqual(items);
    const p2 = doc(
      '<div id="content"><div class="row">a</div><div class="row">b</div><div class="row"><div class="product-layout">3</div></div></div>',
    );
    expect(evaluateXPaths(p2, xps).map((e) => e.textContent)).toEqual(["3"]);
  });

  it("leaves out same-parent siblings that only share a class with the run (ad slots)", () => {
    const d = doc(
      '<div id="main"><div class="post hentry">1</div><div class="post ad">ad</div><div class="post hentry">2</div></div>',
    );
    const run = Array.from(d.querySelectorAll(".hentry"));
    const xps = xpathsForRun(run);
    expect(evaluateXPaths(d, xps)).toEqual(run);
  });
});

describe("odd names", () => {
  it("survives ids holding both kinds of quote", () => {
    const d = doc(`<div id="a'b&quot;c"><p>x</p><p>y</p></div>`);
    const second = d.querySelectorAll("p")[1] as Element;
    const xp = xpathFor(second);
    expect(xp).toContain("concat(");
    expect(evaluateXPath(d, xp)).toEqual([second]);
  });

  it("names prefixed tags (fb:like) by local-name(), which XPath accepts without a namespace", () => {
    const d = doc("<main><fb:like>x</fb:like></main>");
    const xp = xpathFor(d.getElementsByTagName("fb:like")[0] as Element);
    expect(xp).toContain('*[local-name()="fb:like"]');
    expect(xp).not.toMatch(/\/fb:like/);
  });
});
