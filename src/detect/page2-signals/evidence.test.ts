// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  anotherTitleAndHeading,
  leadsForward,
  pageElementAbsent,
  pagerLeavesSequence,
  sameTitleAndHeading,
  titleNamesNextPage,
  urlLeavesSequence,
  wayBack,
} from "./evidence";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");
const doc = (title: string, h1: string, body = "") =>
  parse(`<title>${title}</title><body>${h1 ? `<h1>${h1}</h1>` : ""}${body}</body>`);

describe("sameTitleAndHeading", () => {
  it("holds for an article's second part: title and heading kept", () => {
    expect(sameTitleAndHeading(doc("The log", "The log"), doc("The log", "The log"))).toBe(true);
  });
  it("does not hold for the next post under the site's one title", () => {
    expect(sameTitleAndHeading(doc("Blog", "On tea"), doc("Blog", "On cups"))).toBe(false);
  });
  it("does not hold where page 1 has no heading", () => {
    expect(sameTitleAndHeading(doc("Blog", ""), doc("Blog", ""))).toBe(false);
  });
});

describe("anotherTitleAndHeading", () => {
  it("holds for the next post: both change", () => {
    expect(
      anotherTitleAndHeading(doc("On tea | Blog", "On tea"), doc("On cups | Blog", "On cups")),
    ).toBe(true);
  });
  it("does not hold when the title keeps page 1's words with a page number added", () => {
    expect(
      anotherTitleAndHeading(doc("Blog", "First post"), doc("Page 2 of 5 - Blog", "Eleventh post")),
    ).toBe(false);
  });
  it("does not hold when the heading is kept", () => {
    expect(
      anotherTitleAndHeading(doc("Teapots", "Teapots"), doc("Teapots (cheap)", "Teapots")),
    ).toBe(false);
  });
  it("gives no evidence without titles", () => {
    expect(anotherTitleAndHeading(doc("", "A"), doc("", "B"))).toBe(false);
  });
});

describe("pageElementAbsent", () => {
  const xp = ["//div[@id='list']"];
  it("holds when page 1's XPaths select nothing with text", () => {
    expect(pageElementAbsent(doc("t", "", '<div id="app"></div>'), xp)).toBe(true);
  });
  it("does not hold when they do", () => {
    expect(pageElementAbsent(doc("t", "", '<div id="list">Items</div>'), xp)).toBe(false);
  });
  it("gives no evidence without XPaths", () => {
    expect(pageElementAbsent(doc("t", ""), undefined)).toBe(false);
  });
});

describe("pagerLeavesSequence / urlLeavesSequence", () => {
  const pager = (hrefs: string[]) =>
    doc("t", "", hrefs.map((h, i) => `<a href="${h}">${i + 1}</a>`).join(" "));
  const p1list = {
    doc: pager(["/list", "/list?page=2", "/list?page=3"]),
    url: "https://s.test/list",
  };
  it("holds when every numbered link of page 2 sets a filter page 1 did not", () => {
    const d = pager(["/list?cat=7", "/list?cat=7&page=2", "/list?cat=7&page=3"]);
    expect(pagerLeavesSequence(p1list, d, "https://s.test/list?cat=7&page=2")).toBe(true);
  });
  it("does not hold for page 1's own pager", () => {
    const d = pager(["/list", "/list?page=2", "/list?page=3"]);
    expect(pagerLeavesSequence(p1list, d, "https://s.test/list?page=2")).toBe(false);
  });
  it("does not hold for a pager whose links carry a parameter page 1's own pager carries", () => {
    const hrefs = ["/f?type=new", "/f?type=new&page=2", "/f?type=new&page=3"];
    const p1 = { doc: pager(hrefs), url: "https://s.test/f" };
    // From page 1's URL alone every link sets "type": page 1's pager shows it is the list's own.
    expect(
      pagerLeavesSequence(
        { doc: doc("t", ""), url: "https://s.test/f" },
        pager(hrefs),
        "https://s.test/f?type=new&page=2",
      ),
    ).toBe(true);
    expect(pagerLeavesSequence(p1, pager(hrefs), "https://s.test/f?type=new&page=2")).toBe(false);
  });
  it("takes the parameter page 1's own next link sets as the pager's", () => {
    // A pager built by script on page 1; its head names `?o=2`, whose pager moves `o`.
    const p1 = { doc: doc("t", ""), url: "https://s.test/cars/honda" };
    const d = pager(["/cars/honda?o=1", "/cars/honda?o=3", "/cars/honda?o=4"]);
    expect(pagerLeavesSequence(p1, d, "https://s.test/cars/honda?o=2")).toBe(true);
    expect(pagerLeavesSequence(p1, d, "https://s.test/cars/honda?o=2", true)).toBe(false);
    // Another list stays another list, whatever page 1 leads to.
    const other = pager(["/cars/honda?cat=7", "/cars/honda?cat=7&page=2"]);
    expect(pagerLeavesSequence(p1list, other, "https://s.test/list?page=2", true)).toBe(true);
  });
  it("reads the addresses as the pager writes them, whatever spelling page 1 was opened at", () => {
    // Page 1 opened with a tracker, on www. and without its trailing slash; page 2's own
    // "2" (written with the slash) is no link of its pager to elsewhere.
    const p1 = { doc: doc("t", ""), url: "https://www.s.test/list?utm_source=mail" };
    const d = pager([
      "https://s.test/list/",
      "https://s.test/list/?p=2",
      "https://s.test/list/?p=3",
    ]);
    expect(pagerLeavesSequence(p1, d, "https://s.test/list/?p=2", true)).toBe(false);
    // The one parameter page 1's next link steps, page 1's tracker aside.
    const jobs = "https://jobs.test/jobs/search?pr=1&utm_source=mail&fbclid=x1";
    expect(urlLeavesSequence(jobs, "https://jobs.test/jobs/search?pr=2", true)).toBe(false);
  });
  it("gives no evidence without a pager", () => {
    expect(pagerLeavesSequence(p1list, doc("t", ""), "https://s.test/x")).toBe(false);
  });
  it("reads another path in the fetched URL, not a page step", () => {
    expect(urlLeavesSequence("https://s.test/blog/", "https://s.test/tags/tea/")).toBe(true);
    expect(urlLeavesSequence("https://s.test/blog/", "https://s.test/blog/page/2/")).toBe(false);
  });
  it("takes the one parameter page 1's next link steps as the pager's, named as it may be", () => {
    // A job board counting `pr` (no page word): another list from page 1's URL alone.
    const p1 = "https://jobs.test/jobs/search?pr=1";
    expect(urlLeavesSequence(p1, "https://jobs.test/jobs/search?pr=2")).toBe(true);
    expect(urlLeavesSequence(p1, "https://jobs.test/jobs/search?pr=2", true)).toBe(false);
    // Two parameters changed are a filter whatever page 1 leads to.
    expect(urlLeavesSequence(p1, "https://jobs.test/jobs/search?pr=2&dept=7", true)).toBe(true);
  });
});

describe("wayBack", () => {
  it("holds when page 1 links to the fetched page as newer posts", () => {
    const p1 = doc(
      "Blog",
      "",
      '<a href="/blog/">Newer posts</a> <a href="/blog/page/3/">Older posts</a>',
    );
    const p2 = doc("Blog", "", '<a href="/blog/page/2/">Older posts</a>');
    expect(
      wayBack(
        { doc: p1, url: "https://b.test/blog/page/2/" },
        { doc: p2, url: "https://b.test/blog/" },
      ),
    ).toBe(true);
  });
  it("does not hold for the real page 2", () => {
    const p1 = doc("Blog", "", '<a href="/blog/page/2/">Older posts</a>');
    const p2 = doc(
      "Blog",
      "",
      '<a href="/blog/">Newer posts</a> <a href="/blog/page/3/">Older posts</a>',
    );
    expect(
      wayBack(
        { doc: p1, url: "https://b.test/blog/" },
        { doc: p2, url: "https://b.test/blog/page/2/" },
      ),
    ).toBe(false);
  });
  it("does not read page 2 of a pager from 0 (`?page=1`) as page 1's own first page", () => {
    // Page 1 links its own "1" too; its numbered links say `page=1` is page 2.
    const pager = (cur: number) =>
      [1, 2, 3, 4]
        .map((n) => `<a href="/list${n === 1 ? "" : `?page=${n - 1}`}">${n}</a>`)
        .join(" ")
        .replace(`>${cur}</a>`, ` class="current">${cur}</a>`);
    const p1 = doc("Products", "Products", `<div class="pager">${pager(1)}</div>`);
    const p2 = doc("Products", "Products", `<div class="pager">${pager(2)}</div>`);
    expect(
      wayBack(
        { doc: p1, url: "https://c.test/list" },
        { doc: p2, url: "https://c.test/list?page=1" },
      ),
    ).toBe(false);
  });
});

describe("leadsForward", () => {
  it("holds when page 1 links to the page by 'Next' or by its current + 1", () => {
    const byText = doc("Shop", "", '<a href="/list?page=2">Next ›</a>');
    expect(
      leadsForward({ doc: byText, url: "https://s.test/list" }, "https://s.test/list?page=2"),
    ).toBe(true);
    const byNumber = doc(
      "Shop",
      "",
      '<b>1</b> <a href="/list?page=2">2</a> <a href="/list?page=3">3</a>',
    );
    expect(
      leadsForward({ doc: byNumber, url: "https://s.test/list" }, "https://s.test/list?page=2"),
    ).toBe(true);
  });
  it("holds by page 1's current + 1 written as another spelling of the page's address", () => {
    const d = doc(
      "Shop",
      "",
      '<b>1</b> <a href="http://www.s.test/list/?page=2">2</a> <a href="/list/?page=3">3</a>',
    );
    expect(leadsForward({ doc: d, url: "https://s.test/list" }, "https://s.test/list?page=2")).toBe(
      true,
    );
  });
  it("does not hold for a jump to page 3 or a link back", () => {
    const d = doc(
      "Shop",
      "",
      '<a href="/list?page=1">‹ Previous</a> <b>2</b> <a href="/list?page=3">3</a>',
    );
    const page1 = { doc: d, url: "https://s.test/list?page=2" };
    expect(leadsForward(page1, "https://s.test/list?page=1")).toBe(false);
    expect(
      leadsForward(
        { doc: byNumberOnly(), url: "https://s.test/list" },
        "https://s.test/list?page=3",
      ),
    ).toBe(false);
  });
});

function byNumberOnly(): Document {
  return doc("Shop", "", '<b>1</b> <a href="/list?page=2">2</a> <a href="/list?page=3">3</a>');
}

describe("titleNamesNextPage", () => {
  it("holds when the fetched page's title names page 1's page + 1", () => {
    expect(titleNamesNextPage("Blog | Tagline", "Page 2 of 19 for Home | Blog")).toBe(true);
    expect(titleNamesNextPage("News – Seite 3", "News – Seite 4")).toBe(true);
    expect(titleNamesNextPage("ブログ", "ブログ 2ページ")).toBe(true);
  });
  it("does not hold for another page number or a title without one", () => {
    expect(titleNamesNextPage("Blog", "Page 5 of 19 | Blog")).toBe(false);
    expect(titleNamesNextPage("Blog – Page 3", "Blog – Page 2")).toBe(false);
    expect(titleNamesNextPage("Blog", "My second post | Blog")).toBe(false);
    expect(titleNamesNextPage("Blog", "Top 2 pages of my notes")).toBe(false);
  });
});
