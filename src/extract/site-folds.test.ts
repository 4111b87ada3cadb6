// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { declaredHost, nameStem, siteFolds, siteGroups, siteOfHost } from "./site-folds";

const doc = (head: string) =>
  new DOMParser().parseFromString(`<html><head>${head}</head><body></body></html>`, "text/html");

describe("declaredHost", () => {
  it("reads canonical, then og:url, then twitter:url", () => {
    expect(declaredHost(doc('<link rel="canonical" href="https://www.a.test/x">'))).toBe(
      "www.a.test",
    );
    expect(declaredHost(doc('<meta property="og:url" content="http://b.test/y">'))).toBe("b.test");
    expect(declaredHost(doc('<meta name="twitter:url" content="https://c.test/">'))).toBe("c.test");
  });
  it("ignores relative URLs and the test pages' fake host", () => {
    expect(declaredHost(doc('<link rel="canonical" href="/x">'))).toBeNull();
    expect(
      declaredHost(doc('<link rel="canonical" href="http://fakehost/test/page.html">')),
    ).toBeNull();
    expect(declaredHost(doc(""))).toBeNull();
  });
});

describe("siteOfHost", () => {
  it("keeps the registrable name", () => {
    expect(siteOfHost("www.example.com")).toBe("example.com");
    expect(siteOfHost("news.bbc.co.uk")).toBe("bbc.co.uk");
    expect(siteOfHost("www1.folha.uol.com.br")).toBe("uol.com.br");
    expect(siteOfHost("example.org")).toBe("example.org");
  });
});

describe("nameStem", () => {
  it("drops a trailing page number", () => {
    expect(nameStem("nytimes-3")).toBe("nytimes");
    expect(nameStem("wikipedia")).toBe("wikipedia");
    expect(nameStem("001")).toBe("001");
  });
});

describe("siteGroups and siteFolds", () => {
  const pages = [
    { id: "a1", host: "www.a.test", keys: ["a"] },
    { id: "a2", host: "m.a.test" },
    { id: "b1", host: null, keys: ["b"] },
    { id: "b2", host: "b.test", keys: ["b"] },
    { id: "b3", host: "b.test" },
    { id: "c", host: null },
    { id: "d", host: null },
    { id: "e", host: "e.test" },
    { id: "f", host: "f.test" },
    { id: "g1", host: null, keys: ["g"] },
    { id: "g2", host: null, keys: ["g"] },
  ];
  it("joins pages of one host or one key, transitively", () => {
    const g = siteGroups(pages);
    expect(g[0]).toBe(g[1]);
    expect(g[2]).toBe(g[4]);
    expect(g[9]).toBe(g[10]);
    expect(g[5]).not.toBe(g[6]);
    expect(new Set(g).size).toBe(7);
  });
  it("never puts one site in two folds", () => {
    const g = siteGroups(pages);
    const folds = siteFolds(g, 3);
    const foldOf = new Map<string, number>();
    g.forEach((site, i) => {
      const f = folds[i] as number;
      expect(foldOf.get(site) ?? f).toBe(f);
      foldOf.set(site, f);
    });
    expect(new Set(folds).size).toBe(3);
  });
});
