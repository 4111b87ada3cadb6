// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  goldNextAnchors,
  linkUrl,
  looseHit,
  outermost,
  pairSchedule,
  positionalXPath,
  rates,
  sameElements,
  textCoverage,
} from "./transfer-metrics";
import { evaluateXPath } from "./xpath";

function doc(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

describe("positionalXPath", () => {
  it("writes a full path with positions only among same-tag siblings", () => {
    const d = doc("<div>x</div><div><p>p</p><a>1</a><a>2</a><a id='n' class='next'>3</a></div>");
    const a = d.getElementById("n") as Element;
    expect(positionalXPath(a)).toBe("/html/body/div[2]/a[3]");
    expect(evaluateXPath(d, positionalXPath(a))).toEqual([a]);
  });
  it("selects by position only, so a shifted pager selects another link", () => {
    const a1 = doc("<nav><a>1</a><a>next</a></nav>").querySelectorAll("a")[1] as Element;
    const d2 = doc("<nav><a>prev</a><a>1</a><a>next</a></nav>");
    expect(evaluateXPath(d2, positionalXPath(a1)).map((e) => e.textContent)).toEqual(["1"]);
  });
});

describe("pairSchedule", () => {
  it("spreads over pages before repeating one as A, then stops at the cap", () => {
    expect(pairSchedule(4, 6)).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 0],
      [0, 2],
      [1, 3],
    ]);
  });
  it("gives every ordered pair when under the cap, none for one page", () => {
    expect(pairSchedule(3, 6)).toHaveLength(6);
    expect(new Set(pairSchedule(3, 6).map((p) => p.join()))).toHaveProperty("size", 6);
    expect(pairSchedule(2, 6)).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(pairSchedule(1, 6)).toEqual([]);
  });
});

describe("gold labels", () => {
  it("reads next anchors from the selector's match, its closest or first inner link", () => {
    const d = doc(
      '<li class="next"><a href="/p/2">»</a></li><a href="/p/2"><span class="nx">n</span></a>',
    );
    const anchors = goldNextAnchors(d, ".next, .nx") ?? [];
    expect(anchors.map((a) => a.getAttribute("href"))).toEqual(["/p/2", "/p/2"]);
    expect(anchors).toHaveLength(2);
    expect(goldNextAnchors(d, "a[")).toBeNull();
  });
  it("resolves links against <base href> and drops fragments", () => {
    const d = doc('<base href="/forum/"><a href="page-2#top">2</a>');
    expect(linkUrl("page-2#top", d, "https://x.test/a/b")).toBe("https://x.test/forum/page-2");
    expect(linkUrl("javascript:void(0)", d, "https://x.test/")).toBeNull();
  });
  it("keeps only the outermost of nested matches", () => {
    const d = doc("<div id='o'><div id='i'>x</div></div>");
    const o = d.getElementById("o") as Element;
    expect(outermost([o, d.getElementById("i") as Element])).toEqual([o]);
  });
});

describe("page-element hits", () => {
  const d = doc(
    "<ul id='l'><li>alpha beta</li><li>gamma delta</li><li>epsilon zeta</li></ul><p id='s'>side</p>",
  );
  const items = Array.from(d.querySelectorAll("li"));
  const list = d.getElementById("l") as Element;
  it("matches sets exactly regardless of order", () => {
    expect(sameElements(items, [...items].reverse())).toBe(true);
    expect(sameElements(items, items.slice(1))).toBe(false);
  });
  it("counts the list and its items as the same text (loose hit)", () => {
    expect(textCoverage([list], items)).toEqual({ recall: 1, precision: 1 });
    expect(looseHit([list], items, 0.9)).toBe(true);
  });
  it("misses when a third of the gold text is absent or the selection is empty", () => {
    expect(textCoverage(items.slice(1), items).recall).toBeCloseTo(2 / 3);
    expect(looseHit(items.slice(1), items, 0.9)).toBe(false);
    expect(looseHit([], items, 0.9)).toBe(false);
  });
});

describe("rates", () => {
  it("averages over pairs (micro) and over sites (macro)", () => {
    const r = rates([
      { site: "a", hit: true },
      { site: "a", hit: true },
      { site: "a", hit: true },
      { site: "b", hit: false },
    ]);
    expect(r.micro).toBe(0.75);
    expect(r.macro).toBe(0.5);
    expect(rates([])).toEqual({ micro: 0, macro: 0 });
  });
});
