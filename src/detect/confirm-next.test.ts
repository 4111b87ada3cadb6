// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  confirmNextPage,
  holdsNumberedRun,
  pagerCurrentPage,
  pointsBackToPage1,
  sameDocument,
  sharedTitlePart,
  tagPaths,
  templateShare,
  titleKey,
  titlePageNumber,
  UNSURE_FLOOR,
  worthPage2Check,
} from "./confirm-next";

const doc = (body: string, title = "") =>
  new DOMParser().parseFromString(
    `<!doctype html><title>${title}</title><body>${body}</body>`,
    "text/html",
  );

const LIST = (items: string, pager: string) =>
  `<header class="top"><a href="/">Home</a></header><main class="list"><ul class="items">${items}</ul>
   <div class="pager">${pager}</div></main><footer class="foot">f</footer>`;

const P1 = "https://ex.com/news";
const P2 = "https://ex.com/news?page=2";

describe("tagPaths / templateShare", () => {
  it("is 1 for two pages of one template and low for another kind of page", () => {
    const a = tagPaths(doc(LIST("<li>a</li><li>b</li>", "")));
    const b = tagPaths(doc(LIST("<li>c</li>", "")));
    const other = tagPaths(doc(`<article class="story"><h1>T</h1><p>x</p></article>`));
    expect(templateShare(a, b)).toBe(1);
    expect(templateShare(a, other)).toBeLessThan(0.5);
  });

  it("names a class path by the first hand-written class, not a post's id class", () => {
    const posts = (ids: number[]) =>
      doc(
        ids.map((i) => `<article class="post-${i}0000 post"><h2>t</h2><p>x</p></article>`).join(""),
      );
    expect(templateShare(tagPaths(posts([1, 2])), tagPaths(posts([3, 4])))).toBe(1);
  });
});

describe("pagerCurrentPage", () => {
  it("reads the marker of a numbered run, null without one", () => {
    const d = doc(LIST("", `<a href="/news">1</a><b>2</b><a href="/news?page=3">3</a>`));
    expect(pagerCurrentPage(d, P2)).toBe(2);
    expect(pagerCurrentPage(doc(LIST("", `<a href="/news?page=3">Next</a>`)), P2)).toBeNull();
    // A pager that links the current page to itself, on a URL ending in a slash.
    const self = doc(
      LIST("", `<a href="/news/">1</a><a href="/news/page/2/">2</a><a href="/news/page/3/">3</a>`),
    );
    expect(pagerCurrentPage(self, "https://ex.com/news/page/2/#top")).toBe(2);
  });
  it("reads the pager of a page a redirect landed on another scheme or host spelling", () => {
    // Page 2 asked for at http://ex.com/, landed there, while the site writes its links
    // absolute on https://www.
    const d = doc(
      LIST(
        "",
        `<a href="https://www.ex.com/news">1</a><b>2</b><a href="https://www.ex.com/news?page=3">3</a>`,
      ),
    );
    expect(pagerCurrentPage(d, "http://ex.com/news?page=2")).toBe(2);
    // Another site's numbered links are no pager of this page.
    const other = doc(
      LIST("", `<a href="https://other.test/a">1</a><b>2</b><a href="https://other.test/b">3</a>`),
    );
    expect(pagerCurrentPage(other, "http://ex.com/news?page=2")).toBeNull();
  });
  it("reads a pager whose every link is class-marked by its marker, not by one link's item", () => {
    // Drupal marks each pager link `active` (they share the page's path); the current
    // page is the item without a link.
    const item = (n: number) =>
      n === 1
        ? `<li class="pager-current first"><span>1</span></li>`
        : `<li class="pager-item"><a href="/news?page=${n - 1}" class="active">${n}</a></li>`;
    const drupal = doc(LIST("", `<ul class="pager">${[1, 2, 3, 4].map(item).join(" ")}</ul>`));
    expect(pagerCurrentPage(drupal, P1)).toBe(1);
  });
});

describe("holdsNumberedRun", () => {
  it("holds for a pager's list, not for one link's item", () => {
    const d = doc(`<ul><li id="one"><a href="?p=2">2</a></li><li><span>1</span></li></ul>`);
    expect(holdsNumberedRun(d.querySelector("ul") as Element)).toBe(true);
    expect(holdsNumberedRun(d.querySelector("#one") as Element)).toBe(false);
  });
});

describe("pointsBackToPage1", () => {
  it("accepts a previous link or a '1' to page 1, also written as ?page=1", () => {
    expect(pointsBackToPage1(doc(`<a href="/news">« Prev</a>`), P2, P1)).toBe(true);
    expect(pointsBackToPage1(doc(`<a href="/news?page=1">1</a>`), P2, P1)).toBe(true);
    expect(pointsBackToPage1(doc(`<a rel="prev" href="/news">x</a>`), P2, P1)).toBe(true);
  });
  it("accepts a blog's 'Newer posts' to page 1", () => {
    expect(pointsBackToPage1(doc(`<a href="/news">Newer posts →</a>`), P2, P1)).toBe(true);
    expect(pointsBackToPage1(doc(`<a href="/news">新しい投稿</a>`), P2, P1)).toBe(true);
  });
  it("refuses a home or logo link to page 1", () => {
    expect(pointsBackToPage1(doc(`<a href="/news">News</a>`), P2, P1)).toBe(false);
    expect(pointsBackToPage1(doc(`<a href="/other">« Prev</a>`), P2, P1)).toBe(false);
  });
});

describe("titleKey / sameDocument", () => {
  it("takes page numbering out of titles", () => {
    expect(titleKey("Lion review | Ars")).toBe(titleKey("Lion review - Page 2 | Ars"));
    expect(titleKey("Forum – Seite 3")).toBe(titleKey("Forum"));
    expect(titleKey("ニュース一覧 2ページ目")).toBe(titleKey("ニュース一覧 目"));
  });
  it("takes page words of any script out whole, by letters of any script", () => {
    expect(titleKey("Imóveis Rurais - Página 2 - DFimoveis.com")).toBe(
      titleKey("Imóveis Rurais - DFimoveis.com"),
    );
    expect(titleKey("Новости — страница 3")).toBe(titleKey("Новости"));
    // A page word inside a longer word is part of that word.
    expect(titleKey("Páginas amarelas")).toBe("páginas amarelas");
    expect(titleKey("Spage")).toBe("spage");
    // The count after the page number goes with it, in the pagers' languages.
    const title = "Best Bachelor Degrees in Computer Science 2022";
    expect(titleKey(`Page 2 of 55, ${title}`)).toBe(titleKey(title));
    expect(titleKey("Forum – Seite 2 von 5")).toBe(titleKey("Forum"));
    expect(titleKey("Imóveis - Página 2 de 10")).toBe(titleKey("Imóveis"));
    // An "of" that is the title's own stays.
    expect(titleKey("Lord of the Rings - Page 2")).toBe(titleKey("Lord of the Rings"));
    expect(titleKey("Page 2 of the Lord")).not.toBe(titleKey("the Lord"));
    expect(titlePageNumber("Новости — Страница 3")).toBe(3);
    expect(titlePageNumber("Imóveis - Página 2")).toBe(2);
    expect(titlePageNumber("Página 22b")).toBe(null);
  });
  it("tells another page of one document from the next story", () => {
    expect(sameDocument(doc("", "Lion review | Ars"), doc("", "Lion review (2) | Ars"))).toBe(true);
    expect(sameDocument(doc("<h1>Lion</h1>", "A"), doc("<h1>Lion</h1>", "B"))).toBe(true);
    expect(
      sameDocument(doc("<h1>Lion</h1>", "Lion | Ars"), doc("<h1>Tiger</h1>", "Tiger | Ars")),
    ).toBe(false);
    expect(sameDocument(doc(""), doc(""))).toBe(false);
  });
  it("does not take a blog's name, heading every post, for the same document", () => {
    const post = (title: string) =>
      doc("<h1>Life as a Healthcare CIO</h1>", `Life as a Healthcare CIO: ${title}`);
    expect(sameDocument(post("On the Road in China"), post("In Shanghai this Week"))).toBe(false);
    // The heading still counts where the titles differ in a page's own words.
    expect(
      sameDocument(
        doc("<h1>Mac OS X Lion</h1>", "Finder | Ars"),
        doc("<h1>Mac OS X Lion</h1>", "Spotlight | Ars"),
      ),
    ).toBe(true);
    expect(sharedTitlePart("blog a post one", "blog a post two")).toBe("blog a post");
    expect(sharedTitlePart("x one y", "x two y")).toBe("x y");
  });
});

describe("confirmNextPage", () => {
  const page1 = {
    doc: doc(
      LIST("<li>a</li>", `<span>1</span><a href="/news?page=2">2</a><a href="/news?page=3">3</a>`),
    ),
    url: P1,
  };
  it("confirms a page 2 whose pager moved on by one", () => {
    const page2 = doc(
      LIST("<li>b</li>", `<a href="/news">1</a><span>2</span><a href="/news?page=3">3</a>`),
    );
    expect(confirmNextPage(page1, { doc: page2, url: P2 })).toMatchObject({
      confirmed: true,
      pagerMoved: true,
      pointsBack: true,
    });
  });
  it("refuses a page whose pager shows another page, though its '1' links back", () => {
    const page6 = doc(
      LIST("<li>f</li>", `<a href="/news">1</a><a href="/news?page=5">5</a><span>6</span>`),
    );
    const r = confirmNextPage(page1, { doc: page6, url: "https://ex.com/news?page=6" });
    expect(r).toMatchObject({ pointsBack: true, pagerMoved: false, confirmed: false });
  });
  it("refuses a page of another template even when it links back", () => {
    const story = doc(
      `<article class="story"><h1>T</h1><p>x</p><a href="/news">« Previous</a></article>`,
    );
    expect(confirmNextPage(page1, { doc: story, url: P2 }).confirmed).toBe(false);
  });
  it("refuses the next story: it links back as previous, but under another title", () => {
    const story = (t: string, nav: string) =>
      doc(
        `<article class="story"><h1>${t}</h1><p>text</p><nav>${nav}</nav></article>`,
        `${t} | Mag`,
      );
    const a = {
      doc: story("Rivers at dawn", `<a href="/s/hills">Next »</a>`),
      url: "https://ex.com/s/rivers",
    };
    const b = story("Hills in autumn", `<a href="/s/rivers">« Previous</a>`);
    const r = confirmNextPage(a, { doc: b, url: "https://ex.com/s/hills" });
    expect(r).toMatchObject({ pointsBack: true, sameDocument: false, confirmed: false });
    const b2 = story("Rivers at dawn", `<a href="/s/rivers">« Previous</a>`);
    expect(confirmNextPage(a, { doc: b2, url: "https://ex.com/s/rivers/2" }).confirmed).toBe(true);
  });
  it("refuses a same-template page that neither moves the pager nor points back", () => {
    const item = doc(LIST("<li>c</li>", `<a href="/news/other">Next story</a>`));
    const r = confirmNextPage(page1, { doc: item, url: "https://ex.com/news/item-7" });
    expect(r).toMatchObject({ confirmed: false, pagerMoved: false, pointsBack: false });
    expect(r.template).toBeGreaterThanOrEqual(0.5);
  });
});

describe("worthPage2Check", () => {
  it("checks another document only on the forest's majority vote, or the caller's floor", () => {
    expect(worthPage2Check(0.3)).toBe(false);
    expect(worthPage2Check(0.49)).toBe(false);
    expect(worthPage2Check(UNSURE_FLOOR)).toBe(true);
    expect(worthPage2Check(0.3, 0)).toBe(true);
  });
});
