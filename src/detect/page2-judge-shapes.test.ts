// @vitest-environment jsdom
/**
 * The page-2 judge on the shapes of real list pages it must join (a blog index paged by
 * "Older / Newer posts" alone, a list whose pager marks no current page) and on those it
 * must refuse (another list of the site, the way back, a filtered category, another
 * article; a post's board list is ./page2-judge.test.ts's), with page 1's page element given as the pager gives it.
 */
import { describe, expect, it } from "vitest";
import { judgePage2 } from "./page2-judge";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

/** A blog page: masthead, the posts in `<main>`, a sidebar, a footer. */
function blogPage(title: string, main: string): Document {
  return parse(`<!doctype html><html><head><title>${title}</title></head><body>
    <header class="masthead"><a href="/">Tea Notes</a> <nav><a href="/about/">About</a>
    <a href="/tags/">Tags</a></nav></header>
    <main id="posts">${main}</main>
    <aside class="sidebar"><h3>Tags</h3><a href="/tags/green/">green</a> <a href="/tags/black/">black</a></aside>
    <footer class="foot">© Tea Notes</footer></body></html>`);
}

const DAY = 86_400_000;
/** Posts `from`..`from + n − 1`, newest first: post k is dated k days before 2024-06-30. */
const posts = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const k = from + i;
    const date = new Date(Date.UTC(2024, 5, 30) - k * 3 * DAY).toISOString().slice(0, 10);
    return `<article class="post-summary"><h2><a href="/posts/note-${k}/">Note ${k} on brewing</a></h2>
      <time datetime="${date}">${date}</time><p>Summary of note ${k}, a few words about tea.</p></article>`;
  }).join("");

const judgeBlog = (p1: Document, url1: string, p2: Document, url2: string) =>
  judgePage2(
    {
      doc: p1,
      url: url1,
      candidates: [],
      elements: [p1.querySelector("main") as Element],
      xpaths: ['//main[@id="posts"]'],
    },
    { doc: p2, url: url2 },
  );

describe("the judge joins a blog index paged by Older / Newer posts alone", () => {
  const p1 = blogPage(
    "Tea Notes",
    `${posts(0, 5)}<nav class="older"><a href="/page/2/">Older posts</a></nav>`,
  );
  const p2 = blogPage(
    "Tea Notes — page 2 of 7",
    `${posts(5, 5)}<nav class="older"><a href="/">Newer posts</a> <a href="/page/3/">Older posts</a></nav>`,
  );

  it("reads the continuation from the posts: their shape, new posts, dates going on", () => {
    const v = judgeBlog(p1, "https://tea.test/", p2, "https://tea.test/page/2/");
    expect(v.signals).toMatchObject({
      records1: 5,
      records2: 5,
      repeatedShare: 0,
      dates: "continues",
    });
    expect(v.continues).toBe(true);
  });

  it("joins it when page 2 neither keeps the title nor links back by a known word", () => {
    const quiet = blogPage(
      "Archive — Tea Notes, since 2019",
      `${posts(5, 5)}<nav class="older"><a href="/page/3/">→</a></nav>`,
    );
    const v = judgeBlog(p1, "https://tea.test/", quiet, "https://tea.test/page/2/");
    expect(v.confirmation.pointsBack).toBe(false);
    expect(v.decision.continuation).toBe("items go on");
    expect(v.continues).toBe(true);
  });

  it("refuses the way back: page 2 taken for page 1's next", () => {
    const v = judgeBlog(p2, "https://tea.test/page/2/", p1, "https://tea.test/");
    expect(v.continues).toBe(false);
    expect(v.decision.refusedBy).toBe("the way back");
  });

  it("refuses another list of the site: a tag page repeating page 1's posts", () => {
    const tag = blogPage("Green — Tea Notes tags", `<h1>Tag: green</h1>${posts(1, 4)}`);
    const v = judgeBlog(p1, "https://tea.test/", tag, "https://tea.test/tags/green/");
    expect(v.continues).toBe(false);
    expect(v.decision.refusedBy).toBe("items repeated");
  });

  it("refuses another article: the next post linked from a post", () => {
    const post = (k: number, name: string) =>
      blogPage(
        `${name} — Tea Notes`,
        `<h1>${name}</h1><p>The long text of note ${k}, with a comma, a full stop.</p>
         <p>A second paragraph of note ${k}.</p><a href="/posts/note-${k + 1}/">Next post</a>
         <a href="/posts/note-${k - 1}/">Previous post</a>`,
      );
    const v = judgeBlog(
      post(3, "Brewing green tea"),
      "https://tea.test/posts/note-3/",
      post(4, "A visit to Uji"),
      "https://tea.test/posts/note-4/",
    );
    expect(v.continues).toBe(false);
    expect(v.decision.refusedBy).toBe("another document");
  });
});

/** A shop list page whose pager marks no current page: its numbers are script buttons,
 * its "Previous" / "Next" links the only addresses. */
function shopPage(title: string, h1: string, from: number, base: string, page = 1): Document {
  const rows = Array.from(
    { length: 8 },
    (_, i) =>
      `<div class="product"><a href="/item/${from + i}">Teapot model ${from + i}</a><span class="price">${20 + i} €</span></div>`,
  ).join("");
  const numbers = [1, 2, 3, 4].map((n) => `<button data-page="${n}">${n}</button>`).join(" ");
  const prev = page > 1 ? `<a href="${base}${page - 1}">‹ Previous</a> ` : "";
  const pager = `${prev}${numbers} <a href="${base}${page + 1}">Next ›</a>`;
  return parse(`<!doctype html><html><head><title>${title}</title></head><body>
    <header class="top"><a href="/">Shop</a></header><h1>${h1}</h1>
    <div id="grid">${rows}</div><div class="pages">${pager}</div>
    <footer class="bottom">Shop Ltd.</footer></body></html>`);
}

const judgeShop = (p1: Document, url1: string, p2: Document, url2: string) =>
  judgePage2(
    {
      doc: p1,
      url: url1,
      candidates: [],
      elements: [p1.getElementById("grid") as Element],
      xpaths: ['//div[@id="grid"]'],
    },
    { doc: p2, url: url2 },
  );

describe("the judge on a list whose pager marks no current page", () => {
  const p1 = shopPage("Teapots", "Teapots", 1, "/teapots?page=");

  it("joins page 2: new products of page 1's shape, no pager marker needed", () => {
    const p2 = shopPage("Teapots", "Teapots", 9, "/teapots?page=", 2);
    const v = judgeShop(
      p1,
      "https://shop.test/teapots?page=1",
      p2,
      "https://shop.test/teapots?page=2",
    );
    expect(v.confirmation.pagerMoved).toBe(false);
    expect(v.signals).toMatchObject({ records2: 8, repeatedShare: 0 });
    expect(v.continues).toBe(true);
  });

  it("refuses page 2 of a filtered category: its address sets a filter page 1 did not", () => {
    const p2 = shopPage("Teapots", "Teapots", 101, "/teapots?color=red&page=", 2);
    const v = judgeShop(
      p1,
      "https://shop.test/teapots",
      p2,
      "https://shop.test/teapots?color=red&page=2",
    );
    expect(v.signals?.urlLeaves).toBe(true);
    expect(v.continues).toBe(false);
  });

  it("refuses another category of the shop: another title and heading", () => {
    const cups = shopPage("Tea cups", "Tea cups", 201, "/cups?page=");
    const v = judgeShop(p1, "https://shop.test/teapots", cups, "https://shop.test/cups");
    expect(v.continues).toBe(false);
  });
});
