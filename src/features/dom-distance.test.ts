// @vitest-environment jsdom
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { domDepth, lowestCommonAncestor, treeDistance } from "./dom-distance";

// seed 000 Fig. 3.11: body > div1 > p1 > a, and body > div2, div3, div4.
const fig311 = new JSDOM(
  "<body><div id=div1><p id=p1><a id=a href=/2>next</a></p></div>" +
    "<div id=div2></div><div id=div3></div><div id=div4></div></body>",
).window.document;
const byId = (id: string): Element => {
  const el = fig311.getElementById(id);
  if (el === null) throw new Error(id);
  return el;
};

describe("domDepth", () => {
  it("counts element ancestors from <html> = 0", () => {
    expect(domDepth(fig311.documentElement)).toBe(0);
    expect(domDepth(byId("a"))).toBe(4);
  });
});

describe("lowestCommonAncestor", () => {
  it("finds the deepest shared ancestor", () => {
    expect(lowestCommonAncestor(byId("div2"), byId("a"))).toBe(fig311.body);
    expect(lowestCommonAncestor(byId("p1"), byId("a"))).toBe(byId("p1"));
  });

  it("is null across documents", () => {
    const other = new JSDOM("<p id=q>x</p>").window.document.getElementById("q");
    expect(other && lowestCommonAncestor(byId("a"), other)).toBeNull();
  });
});

describe("treeDistance (eq. 3.8)", () => {
  it("gives 4 for div2 → a in Fig. 3.11, and the same for div3 and div4", () => {
    expect(treeDistance(byId("div2"), byId("a"))).toBe(4);
    expect(treeDistance(byId("div3"), byId("a"))).toBe(4);
    expect(treeDistance(byId("div4"), byId("a"))).toBe(4);
  });

  it("is 0 to itself and −1 across documents", () => {
    expect(treeDistance(byId("a"), byId("a"))).toBe(0);
    const other = new JSDOM("<p id=q>x</p>").window.document.getElementById("q");
    expect(other && treeDistance(byId("a"), other)).toBe(-1);
  });
});
