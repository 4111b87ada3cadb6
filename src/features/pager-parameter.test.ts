import { describe, expect, it } from "vitest";
import {
  currentPageUnder,
  isStructuralNext,
  numberedLinks,
  pagerParameter,
  pagerStructureOf,
  pageUnder,
} from "./pager-parameter";

const links = (base: string, pairs: [string, string][]) =>
  pairs.map(([href, text]) => ({ url: new URL(href, base).href, texts: [text] }));

describe("numberedLinks", () => {
  it("keeps the links whose text is a page number, one per URL", () => {
    const out = numberedLinks([
      { url: "https://a.test/s?p=1", texts: ["Next", "2"] },
      { url: "https://a.test/s?p=2#top", texts: ["3"] },
      { url: "https://a.test/s?p=2", texts: ["[3]"] },
      { url: "https://a.test/about", texts: ["About"] },
    ]);
    expect(out).toEqual([
      { url: "https://a.test/s?p=1", n: 2 },
      { url: "https://a.test/s?p=2", n: 3 },
    ]);
  });
});

describe("pagerParameter", () => {
  it("reads a parameter counted from 0: '2' asks for p=1", () => {
    const page = "https://search.test/s?q=tea";
    const numbered = numberedLinks(
      links(page, [
        ["?q=tea&p=1", "2"],
        ["?q=tea&p=2", "3"],
        ["?q=tea&p=3", "4"],
      ]),
    );
    const param = pagerParameter(numbered);
    expect(param).toMatchObject({ first: 0, step: 1, links: 3 });
    expect(param && pageUnder(param, "https://search.test/s?q=tea&p=1")).toBe(2);
    expect(param && pageUnder(param, "https://search.test/s?q=tea&p=0")).toBe(1);
  });

  it("reads an item offset that steps by 10 from 1 (first=11 is page 2)", () => {
    const page = "https://bing.test/search?q=x";
    const numbered = numberedLinks(
      links(page, [
        ["?q=x&first=11&FORM=PERE", "2"],
        ["?q=x&first=21&FORM=PERE1", "3"],
        ["?q=x&first=31&FORM=PERE2", "4"],
      ]),
    );
    // FORM=PERE1/PERE2 change beside it: the query parameter is read on its own.
    const param = pagerParameter(numbered);
    expect(param).toMatchObject({ where: { key: "first" }, first: 1, step: 10 });
    expect(param && pageUnder(param, "https://bing.test/search?q=x&first=11&FORM=PORE")).toBe(2);
  });

  it("reads an offset that steps by 20 under any name (Nao=20 is page 2)", () => {
    const page = "https://shop.test/browse/N-1234";
    const param = pagerParameter(
      numberedLinks(
        links(page, [
          ["/browse/N-1234?Nao=20", "2"],
          ["/browse/N-1234?Nao=40", "3"],
          ["/browse/N-1234?Nao=60", "4"],
        ]),
      ),
    );
    expect(param).toMatchObject({ first: 0, step: 20 });
    expect(param && pageUnder(param, "https://shop.test/browse/N-1234?Nao=40")).toBe(3);
    expect(param && pageUnder(param, "https://shop.test/browse/N-1234?Nao=30")).toBeNull();
  });

  it("reads a number in the path", () => {
    const page = "https://blog.test/tag/tea/";
    const param = pagerParameter(
      numberedLinks(
        links(page, [
          ["/tag/tea/pd2/", "2"],
          ["/tag/tea/pd3/", "3"],
        ]),
      ),
    );
    expect(param).toMatchObject({ first: 1, step: 1 });
  });

  it("finds nothing in one numbered link, or in numbers that do not move with the text", () => {
    expect(pagerParameter(numberedLinks(links("https://a.test/", [["/x?p=2", "2"]])))).toBeNull();
    expect(
      pagerParameter(
        numberedLinks(
          links("https://a.test/", [
            ["/item/17", "2"],
            ["/item/4", "3"],
          ]),
        ),
      ),
    ).toBeNull();
  });
});

describe("currentPageUnder and isStructuralNext", () => {
  it("takes the page's own value, else the number the run skips, else 1 before a run from 2", () => {
    const base = "https://f.test/board";
    const numbered = numberedLinks(
      links(base, [
        ["?pg=1", "1"],
        ["?pg=2", "2"],
        ["?pg=4", "4"],
        ["?pg=5", "5"],
      ]),
    );
    const param = pagerParameter(numbered);
    if (!param) throw new Error("no parameter");
    expect(currentPageUnder(param, numbered, "https://f.test/board?pg=3")).toBe(3);
    expect(currentPageUnder(param, numbered, "https://f.test/board")).toBe(3);
    const fromTwo = numberedLinks(
      links(base, [
        ["?pg=2", "2"],
        ["?pg=3", "3"],
      ]),
    );
    const p2 = pagerParameter(fromTwo);
    if (!p2) throw new Error("no parameter");
    expect(currentPageUnder(p2, fromTwo, base)).toBe(1);
  });

  it("calls the link the pager shows as current + 1 the next page, whatever the URL says", () => {
    const page = "https://search.test/s?q=tea";
    const all = links(page, [
      ["?q=tea&p=1", "2"],
      ["?q=tea&p=2", "3"],
      ["?q=tea&p=3", "4"],
    ]);
    const s = pagerStructureOf(page, all);
    expect(s?.current).toBe(1);
    if (!s) throw new Error("no structure");
    expect(isStructuralNext(s, "https://search.test/s?q=tea&p=1")).toBe(true);
    expect(isStructuralNext(s, "https://search.test/s?q=tea&p=2")).toBe(false);
  });

  it("reads page 1 without the parameter as page 1 when the '2' stands as 'Next'", () => {
    const page = "https://search.test/s?q=tea";
    // "2" and "Next" are one link, shown by its "Next": the numbers after it still tell.
    const s = pagerStructureOf(
      page,
      links(page, [
        ["?q=tea&p=1", "Next ›"],
        ["?q=tea&p=2", "3"],
        ["?q=tea&p=3", "4"],
      ]),
    );
    expect(s?.current).toBe(1);
    if (!s) throw new Error("no structure");
    expect(isStructuralNext(s, "https://search.test/s?q=tea&p=1")).toBe(true);
  });
});
