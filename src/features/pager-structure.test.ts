// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { iconNext } from "./icon-next";
import { candidateAnchors, extractLinkVectors } from "./link-features";
import {
  currentPageMarker,
  currentPageOfRun,
  cursorParam,
  cursorStep,
  followsRunArithmetic,
  markedCurrent,
  numberedRunFeatures,
  singleNumberDifference,
} from "./pager-structure";

const PAGE = "https://ex.com/list";

function doc(body: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${body}</body>`, "text/html");
}

function runOf(body: string, pageUrl = PAGE): Map<string, { plusOne: number; template: number }> {
  const d = doc(body);
  const list = candidateAnchors(d, pageUrl);
  const runs = numberedRunFeatures(list, new URL(pageUrl).href);
  const out = new Map<string, { plusOne: number; template: number }>();
  for (const c of list) {
    const r = runs.get(c.anchor);
    if (r) out.set(c.anchor.textContent?.trim() ?? "", r);
  }
  return out;
}

describe("markedCurrent", () => {
  it("reads aria-current and current/active classes on the element or its li", () => {
    const d = doc(
      `<a id=a aria-current="page">1</a><a id=b aria-current="false">2</a>
       <ul><li class="page-item is-active"><a id=c>3</a></li></ul><span id=d class="cur">4</span>`,
    );
    const el = (id: string) => d.getElementById(id) as Element;
    expect(markedCurrent(el("a"))).toBe(true);
    expect(markedCurrent(el("b"))).toBe(false);
    expect(markedCurrent(el("c"))).toBe(true);
    expect(markedCurrent(el("d"))).toBe(true);
  });
});

describe("currentPageMarker", () => {
  it("finds a number that is not a link", () => {
    const d = doc(
      `<div id=p><a href="?page=2">2</a><strong>3</strong><a href="?page=4">4</a></div>`,
    );
    expect(currentPageMarker(d.getElementById("p") as Element, PAGE)).toBe(3);
  });
  it("finds a numbered link marked current or pointing at the page itself", () => {
    const d = doc(
      `<div id=p><a href="?page=4">4</a><a href="${PAGE}">5</a><a href="?page=6">6</a></div>
       <div id=q><a href="?page=1">1</a><a class="active" href="?page=2">2</a></div>`,
    );
    expect(currentPageMarker(d.getElementById("p") as Element, PAGE)).toBe(5);
    expect(currentPageMarker(d.getElementById("q") as Element, PAGE)).toBe(2);
  });
  it("finds the numbered link to the page itself under another spelling of its address", () => {
    // Page 1 opened from a newsletter on the other host spelling; its pager writes it bare.
    const d = doc(
      `<div id=p><a href="https://s.test/list/">1</a><a href="https://s.test/list/?page=2">2</a></div>`,
    );
    const read = "https://www.s.test/list?utm_source=mail&fbclid=x1";
    expect(currentPageMarker(d.getElementById("p") as Element, read)).toBe(1);
  });
  it("reads a class that every numbered link shares as styling, not a marker", () => {
    const d = doc(
      `<ul id=p><li><a class="btn--active btn--prev" href="?page=3">&nbsp;</a></li>
       <li><a class="btn--active" href="?page=2">2</a></li>
       <li><a class="btn--active" href="?page=3">3</a></li><li><span>4</span></li></ul>
       <div id=q><a class="active" href="?page=1">1</a><a class="active" href="?page=2">2</a></div>`,
    );
    expect(currentPageMarker(d.getElementById("p") as Element, PAGE)).toBe(4);
    expect(currentPageMarker(d.getElementById("q") as Element, PAGE)).toBeNull();
  });
  it("is null when every number is a plain link", () => {
    const d = doc(`<div id=p><a href="?page=2">2</a><a href="?page=3">3</a></div>`);
    expect(currentPageMarker(d.getElementById("p") as Element, PAGE)).toBeNull();
  });
});

describe("currentPageOfRun", () => {
  it("takes page 1 for a run that starts at 2 with no marker", () => {
    const d = doc(`<div id=p><a href="?page=2">2</a><a href="?page=3">3</a></div>`);
    const el = d.getElementById("p") as Element;
    expect(currentPageOfRun(el, [{ n: 2 }, { n: 3 }], PAGE)).toBe(1);
    expect(currentPageOfRun(el, [{ n: 3 }, { n: 4 }], PAGE)).toBeNull();
  });
});

describe("singleNumberDifference / followsRunArithmetic", () => {
  it("reads the one number that differs", () => {
    expect(singleNumberDifference("https://e/x?page=2", "https://e/x?page=3")).toEqual([2, 3]);
    expect(singleNumberDifference("https://e/a/2", "https://e/b/3")).toBeNull();
    expect(singleNumberDifference("https://e/2/2", "https://e/3/3")).toBeNull();
    expect(singleNumberDifference("https://e/x", "https://e/x")).toBeNull();
  });
  it("accepts page steps and offset steps, refuses numbers out of step", () => {
    const two = { url: "https://e/s?start=20", n: 2 };
    expect(followsRunArithmetic(two, [{ url: "https://e/s?start=40", n: 3 }])).toBe(true);
    expect(followsRunArithmetic(two, [{ url: "https://e/s?start=30", n: 4 }])).toBe(false);
    expect(
      followsRunArithmetic({ url: "https://e/c/17", n: 2 }, [{ url: "https://e/c/93", n: 3 }]),
    ).toBe(false);
    expect(
      followsRunArithmetic({ url: "https://e/c/1", n: 2 }, [{ url: "https://e/c/2", n: 3 }]),
    ).toBe(true);
    expect(
      followsRunArithmetic({ url: "https://e/c/17", n: 2 }, [{ url: "https://e/d/18", n: 3 }]),
    ).toBe(false);
  });
});

describe("numberedRunFeatures", () => {
  it("marks current + 1 on page 1 of a pager whose page 1 URL has no number", () => {
    const r = runOf(
      `<div class="nav"><span>1</span><a href="/list?page=2">2</a><a href="/list?page=3">3</a>
       <a href="/list?page=2">Next</a></div>`,
    );
    expect(r.get("2")).toEqual({ plusOne: 1, template: 1 });
    expect(r.get("3")).toEqual({ plusOne: 0, template: 1 });
    expect(r.has("Next")).toBe(false);
  });
  it("reads the current page from an li marked active", () => {
    const r = runOf(
      `<ul><li><a href="/list/p1">1</a></li><li class="active"><a href="/list/p2">2</a></li>
       <li><a href="/list/p3">3</a></li><li><a href="/list/p4">4</a></li></ul>`,
      "https://ex.com/list/p2",
    );
    expect(r.get("3")?.plusOne).toBe(1);
    expect(r.get("4")?.plusOne).toBe(0);
  });
  it("gives nothing to a lone number and keeps separate runs apart", () => {
    expect(runOf(`<p>See <a href="/n/7">7</a></p>`).size).toBe(0);
    const r = runOf(
      `<div><div><b>4</b><a href="/x?p=5">5</a><a href="/x?p=6">6</a></div></div>
       <section><div><a href="/ch/10">10</a><a href="/ch/11">11</a></div></section>`,
    );
    expect(r.get("5")?.plusOne).toBe(1);
    expect(r.get("11")?.plusOne).toBe(0);
  });
  it("marks a lone '2' right after the current page's marker (a two-page pager)", () => {
    const r = runOf(
      `<ul><li>First</li><li class="thisclass">1</li><li><a href="list_70_2.html">2</a></li>
       <li><a href="list_70_2.html">Next</a></li></ul>`,
    );
    expect(r.get("2")).toEqual({ plusOne: 1, template: 0 });
    expect(runOf(`<ul><li>1</li><li><a href="/x/3">3</a></li></ul>`).size).toBe(0);
    expect(
      runOf(`<ul><li><a href="/x/1">1</a></li><li><a href="/y">2</a></li></ul>`).get("2"),
    ).toEqual({ plusOne: 0, template: 0 });
  });
  it("takes the marker that fits the run, not a page count before it", () => {
    const r = runOf(
      `<div>共 <span>213</span> 頁 <span class="here">1</span><a href="/q/page/2/">2</a>
       <a href="/q/page/3/">3</a></div>`,
    );
    expect(r.get("2")?.plusOne).toBe(1);
  });
  it("merges into the link vector: the Next link sharing the URL of '2' gets runPlusOne", () => {
    const d = doc(
      `<div><span>1</span><a href="/list?pg=2">2</a><a href="/list?pg=3">3</a>
       <a href="/list?pg=2"><i class="fa fa-chevron-right"></i></a></div>`,
    );
    const v = extractLinkVectors(d, PAGE).find((x) => x.url.endsWith("pg=2"));
    expect(v?.features.runPlusOne).toBe(1);
    expect(v?.features.runTemplate).toBe(1);
    expect(v?.features.iconNext).toBe(1);
  });
});

describe("iconNext", () => {
  const a = (html: string) => {
    const d = doc(html);
    const el = d.querySelector("a") as Element;
    return iconNext(el, el.textContent ?? "");
  };
  it("reads forward icons in classes, data-icon and svg use", () => {
    expect(a(`<a href="/2"><i class="fa fa-angle-right"></i></a>`)).toBe(1);
    expect(a(`<a href="/2"><span class="icon-arrow-right"></span></a>`)).toBe(1);
    expect(a(`<a href="/2"><svg><use href="#chevron-right"></use></svg></a>`)).toBe(1);
    expect(a(`<a href="/2"><span class="material-icons">navigate_next</span></a>`)).toBe(1);
  });
  it("reads an icon that labels itself next (aria-label or title), not previous", () => {
    expect(
      a(`<a href="/2"><svg class="icon" aria-label="Next page"><path d="M0"></path></svg></a>`),
    ).toBe(1);
    expect(a(`<a href="/2"><span class="ico" title="Siguiente"></span></a>`)).toBe(1);
    expect(a(`<a href="/1"><svg class="icon" aria-label="Previous page"></svg></a>`)).toBe(0);
  });
  it("refuses backward icons, labelled links and plain text", () => {
    expect(a(`<a href="/1"><i class="fa fa-chevron-left"></i></a>`)).toBe(0);
    expect(a(`<a href="/2"><i class="fa fa-chevron-right"></i> Read the story</a>`)).toBe(0);
    expect(a(`<a href="/2">More</a>`)).toBe(0);
    expect(a(`<a href="/2"><i class="bright"></i></a>`)).toBe(0);
  });
  it("reads upper-case icon names, as the expression ignores case", () => {
    expect(a(`<a href="/2"><i class="FA FA-CHEVRON-RIGHT"></i></a>`)).toBe(1);
    expect(a(`<a href="/2" data-icon="Arrow_Forward"></a>`)).toBe(1);
  });
  it("reads the first 16 descendant elements in document order, nested ones included", () => {
    const spans = (k: number) => "<span></span>".repeat(k);
    const icon = `<i class="icon-next"></i>`;
    // Depth first: the icon inside the first span comes before the 15 spans after it.
    expect(a(`<a href="/2"><span><b>${icon}</b></span>${spans(20)}</a>`)).toBe(1);
    expect(a(`<a href="/2">${spans(15)}${icon}</a>`)).toBe(1);
    expect(a(`<a href="/2">${spans(16)}${icon}</a>`)).toBe(0);
    expect(a(`<a href="/2"><span>${spans(14)}</span>${icon}</a>`)).toBe(1);
    expect(a(`<a href="/2"><span>${spans(15)}</span>${icon}</a>`)).toBe(0);
    // Elements after the anchor are not its descendants.
    const d = doc(`<p><a href="/2"><span></span></a>${icon}</p>`);
    expect(iconNext(d.querySelector("a") as Element, "")).toBe(0);
  });
});

describe("cursorParam", () => {
  it("sees a cursor set or moved", () => {
    expect(
      cursorParam("https://b.com/", "https://b.com/?updated-max=2024-05-01T10:00:00&max-results=7"),
    ).toBe(1);
    expect(cursorParam("https://f.com/r?after=t3_a", "https://f.com/r?after=t3_b")).toBe(1);
    // Blogger's home page pages on through /search.
    expect(cursorParam("https://b.com/", "https://b.com/search?updated-max=2016-03-18")).toBe(1);
  });
  it("ignores other parameters, another site and an unchanged cursor", () => {
    expect(cursorParam("https://b.com/", "https://b.com/?page=2")).toBe(0);
    expect(cursorParam("https://b.com/a", "https://c.com/b?after=x")).toBe(0);
    expect(cursorParam("https://b.com/?after=x", "https://b.com/?after=x&sort=new")).toBe(0);
  });
  it("ignores a switch and a range that sets both bounds", () => {
    expect(cursorParam("https://f.com/list", "https://f.com/thread?id=9&last=1")).toBe(0);
    expect(cursorParam("https://f.com/list", "https://f.com/thread?id=9&last=9001")).toBe(1);
    expect(
      cursorParam(
        "https://b.com/",
        "https://b.com/search?updated-min=2015-01-01T00:00:00&updated-max=2016-01-01T00:00:00",
      ),
    ).toBe(0);
  });
});

describe("cursorParam with the link already parsed", () => {
  it("answers as it does from the URL string, a fragment on the parsed link included", () => {
    const pairs: [string, string][] = [
      ["https://b.com/", "https://b.com/?updated-max=2024-05-01T10:00:00&max-results=7"],
      ["https://f.com/r?after=t3_a", "https://f.com/r?after=t3_b"],
      ["https://b.com/?after=x", "https://b.com/?after=x&sort=new"],
      ["https://f.com/list", "https://f.com/thread?id=9&last=1"],
      ["https://b.com/a", "https://c.com/b?after=x"],
    ];
    for (const [page, link] of pairs) {
      expect(cursorParam(page, link, new URL(`${link}#frag`)), link).toBe(cursorParam(page, link));
    }
    // The parsed link is what is read.
    expect(
      cursorParam(
        "https://f.com/r?after=t3_a",
        "https://f.com/r?after=t3_b",
        new URL("https://f.com/r?x=1"),
      ),
    ).toBe(0);
  });
});

describe("cursorStep", () => {
  it("takes a cursor forward only when its label reads older or next", () => {
    expect(cursorStep(1, 1, 0)).toBe(1);
    expect(cursorStep(1, 0, 1)).toBe(1);
    expect(cursorStep(1, 0, 0)).toBe(0);
    expect(cursorStep(0, 1, 1)).toBe(0);
  });
});
