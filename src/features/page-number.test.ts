import { describe, expect, it } from "vitest";
import {
  pageNumberChange,
  pageNumberDelta,
  pageNumberText,
  urlNamesNextPage,
  urlStepsForward,
} from "./page-number";

describe("pageNumberDelta", () => {
  it("reads an added trailing path number as page 1 → N", () => {
    expect(pageNumberDelta("http://ex.com/2011/07/a.ars", "http://ex.com/2011/07/a.ars/2")).toBe(1);
    expect(pageNumberDelta("http://ex.com/a.ars", "http://ex.com/a.ars/3")).toBe(2);
  });

  it("accepts /page/N after a trailing slash", () => {
    expect(pageNumberDelta("http://ex.com/blog/", "http://ex.com/blog/page/2/")).toBe(1);
  });

  it("subtracts a changed query value", () => {
    expect(pageNumberDelta("http://ex.com/list?page=3", "http://ex.com/list?page=4")).toBe(1);
    expect(pageNumberDelta("http://ex.com/list?page=3&q=x", "http://ex.com/list?q=x&page=2")).toBe(
      -1,
    );
  });

  it("subtracts an offset and marks it offset-like", () => {
    expect(pageNumberDelta("http://ex.com/s?q=a&start=20", "http://ex.com/s?q=a&start=40")).toBe(
      20,
    );
    expect(
      pageNumberChange("http://ex.com/s?q=a&start=20", "http://ex.com/s?q=a&start=40")?.offsetLike,
    ).toBe(true);
  });

  it("treats an added page parameter as page 1 and an added offset as 0", () => {
    expect(pageNumberDelta("http://ex.com/list", "http://ex.com/list?page=2")).toBe(1);
    expect(pageNumberDelta("http://ex.com/list", "http://ex.com/list?p=2")).toBe(1);
    expect(pageNumberDelta("http://ex.com/s?q=a", "http://ex.com/s?q=a&start=20")).toBe(20);
  });

  it("reads no page step in an identifier parameter (the next item)", () => {
    expect(
      pageNumberDelta("http://ex.com/category.php?id=8", "http://ex.com/category.php?id=9"),
    ).toBe(0);
    expect(pageNumberDelta("http://ex.com/t?tid=41&x=1", "http://ex.com/t?tid=42&x=1")).toBe(0);
    expect(pageNumberDelta("http://ex.com/l?pageID=1", "http://ex.com/l?pageID=2")).toBe(1);
  });

  it("ignores an added parameter that is not named like a page", () => {
    expect(pageNumberDelta("http://ex.com/list", "http://ex.com/list?id=2")).toBe(0);
  });

  it("reads a page parameter when the link drops or adds other parameters", () => {
    expect(
      pageNumberDelta(
        "http://ex.com/s.html?query=x&filter=y",
        "http://ex.com/s.html?page=2&pageSize=32",
      ),
    ).toBe(1);
    expect(
      pageNumberDelta("http://ex.com/new.html?p=2&o=2&n=40", "http://ex.com/new.html?p=3"),
    ).toBe(1);
    expect(pageNumberDelta("http://ex.com/s?q=a&sort=1", "http://ex.com/s?q=a&start=20&x=y")).toBe(
      20,
    );
  });

  it("reads page parameters named in other languages", () => {
    expect(
      pageNumberDelta("http://ex.com/r/10545", "http://ex.com/r/10545?perPagina=10&pagina=2"),
    ).toBe(1);
    expect(pageNumberDelta("http://ex.com/liste", "http://ex.com/liste?seite=2")).toBe(1);
  });

  it("does not read a page step where the link changes another parameter or the path", () => {
    expect(pageNumberDelta("http://ex.com/s?cat=3", "http://ex.com/s?cat=4&page=2&n=1")).toBe(0);
    expect(pageNumberDelta("http://ex.com/s?q=a", "http://ex.com/s?q=b&page=2&n=1")).toBe(0);
    expect(pageNumberDelta("http://ex.com/a?x=1", "http://ex.com/b?page=2&n=1")).toBe(0);
    expect(pageNumberDelta("http://ex.com/s?x=1", "http://ex.com/s?page=2&pn=3")).toBe(0);
    expect(pageNumberDelta("http://ex.com/s?x=1", "http://ex.com/s?pageSize=40&n=2")).toBe(0);
  });

  it("reads a number inside a segment (nyuuin_report2 → 3)", () => {
    expect(
      pageNumberDelta("https://nancoco.net/nyuuin_report2", "https://nancoco.net/nyuuin_report3"),
    ).toBe(1);
  });

  it("gives the mirror for a link back to the bare URL", () => {
    expect(pageNumberDelta("http://ex.com/a.ars/3", "http://ex.com/a.ars")).toBe(-2);
  });

  it("is 0 for unrelated URLs, two changed numbers, or another origin", () => {
    expect(pageNumberDelta("http://ex.com/a/1", "http://ex.com/b/2")).toBe(0);
    expect(pageNumberDelta("http://ex.com/2011/07/a", "http://ex.com/2012/08/a")).toBe(0);
    expect(pageNumberDelta("http://ex.com/a?page=1", "http://other.com/a?page=2")).toBe(0);
    expect(pageNumberDelta("http://ex.com/about", "http://ex.com/contact")).toBe(0);
  });
});

describe("pageNumberChange on links to related and unrelated paths", () => {
  it("keeps every rule where the paths allow it and none where they do not", () => {
    const cases: [string, string, number][] = [
      // the same path: query rules
      ["http://ex.com/a/b", "http://ex.com/a/b?page=2", 1],
      // numbers in the same segments: the changed token, in the middle of the path too
      ["http://ex.com/a/2/x", "http://ex.com/a/3/x", 1],
      ["http://ex.com/list_2.html", "http://ex.com/list_4.html", 2],
      // one or two trailing segments more, and fewer (back to page 1)
      ["http://ex.com/a/b", "http://ex.com/a/b/3", 2],
      ["http://ex.com/a/b", "http://ex.com/a/b/page/3", 2],
      ["http://ex.com/a/b/4", "http://ex.com/a/b", -3],
      ["http://ex.com/a/b/page/4", "http://ex.com/a/b", -3],
      // three segments more, another word in a segment, another prefix
      ["http://ex.com/a", "http://ex.com/a/page/x/2", 0],
      ["http://ex.com/a/2/x", "http://ex.com/a/3/y", 0],
      ["http://ex.com/a/b", "http://ex.com/c/b/2", 0],
      ["http://ex.com/a/b?page=1", "http://ex.com/c/d?page=2", 0],
    ];
    for (const [page, link, delta] of cases) expect(pageNumberDelta(page, link), link).toBe(delta);
  });
});

describe("pageNumberChange with the link already parsed", () => {
  it("answers as it does from the URL string, a fragment on the parsed link included", () => {
    const pairs: [string, string][] = [
      ["http://ex.com/list?page=3", "http://ex.com/list?page=4"],
      ["http://ex.com/a.ars", "http://ex.com/a.ars/3"],
      ["http://ex.com/blog/page/2/", "http://ex.com/blog/"],
      ["http://ex.com/s?q=a&start=20", "http://ex.com/s?q=a&start=40"],
      ["http://ex.com/list?query=x", "http://ex.com/list?page=2&pageSize=32"],
      ["http://ex.com/category.php?id=8", "http://ex.com/category.php?id=9"],
      ["http://ex.com/list", "https://ex.com/list?page=2"],
      ["http://ex.com/a", "http://ex.com/b"],
    ];
    for (const [page, link] of pairs) {
      const expected = pageNumberChange(page, link);
      expect(pageNumberChange(page, link, new URL(`${link}#frag`)), link).toEqual(expected);
    }
    // The parsed link is what is read: a different one gives its own answer.
    expect(
      pageNumberChange(
        "http://ex.com/list?page=3",
        "http://ex.com/list?page=4",
        new URL("http://ex.com/x"),
      ),
    ).toBeNull();
  });
});

describe("pageNumberText", () => {
  it("reads a lone number, bracketed or spaced", () => {
    expect(pageNumberText(" 3 ")).toBe(3);
    expect(pageNumberText("[12]")).toBe(12);
  });
  it("rejects zero, long numbers and words", () => {
    expect(pageNumberText("0")).toBeNull();
    expect(pageNumberText("12345")).toBeNull();
    expect(pageNumberText("2 comments")).toBeNull();
  });
});

describe("pageNumberChange beside volatile parameters and locales", () => {
  const amazon = (path: string, page: number | null, qid: string, ref: string) =>
    `https://www.amazon.co.jp${path}?k=python&rh=n%3A52033011${page === null ? "" : `&page=${page}`}&qid=${qid}&ref=${ref}`;

  it("reads the page step when a search request id and a referrer change too", () => {
    const page = amazon("/s", 15, "1603699998", "sr_pg_4");
    expect(pageNumberDelta(page, amazon("/s", 16, "1610515410", "sr_pg_15"))).toBe(1);
    expect(
      pageNumberDelta(
        amazon("/s", null, "1602477565", "sr_nr_n_15"),
        amazon("/s", 2, "1610515313", "sr_pg_1"),
      ),
    ).toBe(1);
  });

  it("sets aside a locale prefix that only the link carries", () => {
    const page = amazon("/s", 3, "1603253436", "sr_pg_3");
    expect(pageNumberDelta(page, amazon("/-/en/s", 4, "1610515373", "sr_pg_3"))).toBe(1);
    expect(
      pageNumberDelta("https://a.example/shop?page=1", "https://a.example/en-us/shop?page=2"),
    ).toBe(1);
  });

  it("keeps another language's page and a changed filter apart", () => {
    expect(
      pageNumberDelta("https://a.example/de/shop?page=1", "https://a.example/en/shop?page=2"),
    ).toBe(0);
    expect(
      pageNumberDelta("https://a.example/shop?page=1&cat=4", "https://a.example/shop?page=2&cat=5"),
    ).toBe(0);
    expect(
      pageNumberDelta("https://a.example/shop?page=1", "https://a.example/blog/shop?page=2"),
    ).toBe(0);
  });
});

describe("pageNumberDelta on static site generators' blog indexes", () => {
  it("reads no segment in a trailing default document", () => {
    expect(
      pageNumberDelta(
        "https://a.example/blog/index.html",
        "https://a.example/blog/page/2/index.html",
      ),
    ).toBe(1);
    expect(pageNumberDelta("https://a.example/", "https://a.example/page/2/index.html")).toBe(1);
    expect(
      pageNumberDelta("https://a.example/page/3/index.html", "https://a.example/page/4/"),
    ).toBe(1);
  });

  it("reads a numbered document as page N of its directory", () => {
    expect(pageNumberDelta("https://a.example/", "https://a.example/index2.html")).toBe(1);
    expect(pageNumberDelta("https://a.example/index.html", "https://a.example/index3.html")).toBe(
      2,
    );
    expect(pageNumberDelta("https://a.example/blog/", "https://a.example/blog/page2/")).toBe(1);
    expect(pageNumberDelta("https://a.example/index2.html", "https://a.example/")).toBe(-1);
    expect(pageNumberDelta("https://a.example/", "https://a.example/about.html")).toBe(0);
    expect(pageNumberDelta("https://a.example/", "https://a.example/post2.html")).toBe(0);
  });

  it("reads a numbered suffix on the page's own document", () => {
    expect(
      pageNumberDelta(
        "https://a.example/inmuebles-en-venta.html",
        "https://a.example/inmuebles-en-venta-pagina-2.html",
      ),
    ).toBe(1);
    expect(
      pageNumberDelta("https://a.example/news/list", "https://a.example/news/list_page2"),
    ).toBe(1);
    expect(
      pageNumberDelta("https://a.example/wiki/Riverdale", "https://a.example/wiki/Riverdale_2"),
    ).toBe(0);
    expect(
      pageNumberDelta(
        "https://a.example/inmuebles.html",
        "https://a.example/inmuebles-usados.html",
      ),
    ).toBe(0);
    expect(pageNumberDelta("https://a.example/a.html", "https://a.example/a-2.php")).toBe(0);
    expect(
      pageNumberDelta("https://a.example/2024/my-trip", "https://a.example/2024/my-trip-2"),
    ).toBe(0);
  });

  it("reads translated page words before the number", () => {
    expect(pageNumberDelta("https://a.example/", "https://a.example/seite/2/")).toBe(1);
    expect(pageNumberDelta("https://a.example/", "https://a.example/pagina/2/")).toBe(1);
    expect(pageNumberDelta("https://a.example/", "https://a.example/tag/2/")).toBe(0);
  });

  it("keeps a page at the locale itself in its language", () => {
    expect(pageNumberDelta("https://a.example/ru/", "https://a.example/ru/page/2")).toBe(1);
    expect(pageNumberDelta("https://a.example/ru/", "https://a.example/en/page/2")).toBe(0);
  });
});

describe("urlStepsForward", () => {
  it("holds for page 1's number + 1 in a path, a document or a parameter", () => {
    expect(urlStepsForward("https://a.test/blog/page/3/", "https://a.test/blog/page/4/")).toBe(
      true,
    );
    expect(urlStepsForward("https://a.test/", "https://a.test/index2.html")).toBe(true);
    expect(urlStepsForward("https://a.test/s?q=x&p=2", "https://a.test/s?q=x&p=3")).toBe(true);
    expect(urlStepsForward("https://a.test/s?start=20", "https://a.test/s?start=40")).toBe(true);
  });
  it("does not hold for the way back, a jump, another list or the next item", () => {
    expect(urlStepsForward("https://a.test/page/3/", "https://a.test/page/2/")).toBe(false);
    expect(urlStepsForward("https://a.test/page/3/", "https://a.test/page/9/")).toBe(false);
    expect(urlStepsForward("https://a.test/tag/a/", "https://a.test/tag/b/page/2/")).toBe(false);
    expect(urlStepsForward("https://a.test/item?id=8", "https://a.test/item?id=9")).toBe(false);
    expect(urlStepsForward("https://a.test/s?start=40", "https://a.test/s?start=20")).toBe(false);
  });
});

describe("urlNamesNextPage", () => {
  it("holds for page 1's page number + 1", () => {
    expect(urlNamesNextPage("https://a.test/c?page=1", "https://a.test/c?page=2")).toBe(true);
    expect(urlNamesNextPage("https://a.test/rural", "https://a.test/rural?pagina=2")).toBe(true);
    expect(urlNamesNextPage("https://a.test/", "https://a.test/page/2/")).toBe(true);
  });
  it("does not hold for an item offset, a jump, the way back or the next item", () => {
    expect(urlNamesNextPage("https://a.test/f?forum=2", "https://a.test/f?forum=2&start=75")).toBe(
      false,
    );
    expect(urlNamesNextPage("https://a.test/c?page=1", "https://a.test/c?page=3")).toBe(false);
    expect(urlNamesNextPage("https://a.test/c?page=3", "https://a.test/c?page=2")).toBe(false);
    expect(urlNamesNextPage("https://a.test/item?id=8", "https://a.test/item?id=9")).toBe(false);
  });
});
