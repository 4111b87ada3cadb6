// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { SliceBudget } from "../budget/slices";
import { judgePage2, judgePage2Steps, numberedLinkTo } from "./page2-judge";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

/** One page of a site's template: a header menu, the main block, a footer. */
function page(title: string, h1: string, main: string, menu = ""): Document {
  return parse(`<!doctype html><html><head><title>${title}</title></head><body>
    <header class="site"><a href="/">Home</a> <nav class="menu">${menu}</nav></header>
    <div class="wrap"><h1>${h1}</h1><div class="main">${main}</div></div>
    <footer class="foot"><a href="/about">About</a> <a href="/contact">Contact</a></footer>
    </body></html>`);
}

const items = (from: number, n: number) =>
  `<ul class="items">${Array.from(
    { length: n },
    (_, i) =>
      `<li class="item"><a href="/p/${from + i}">Item ${from + i}</a> <span>¥${100 + i}</span></li>`,
  ).join("")}</ul>`;

const pager = (current: number, last: number, href: (n: number) => string) =>
  `<div class="pager">${Array.from({ length: last }, (_, i) => i + 1)
    .map((n) =>
      n === current ? `<span class="current">${n}</span>` : `<a href="${href(n)}">${n}</a>`,
    )
    .join(" ")}${current < last ? ` <a href="${href(current + 1)}">Next</a>` : ""}</div>`;

describe("judgePage2 on true pages 2", () => {
  it("lets page 2 of a list continue page 1 (its pager moved on by one)", () => {
    const href = (n: number) => (n === 1 ? "/list" : `/list?page=${n}`);
    const p1 = page("Teapots | Shop", "Teapots", items(1, 10) + pager(1, 5, href));
    const p2 = page("Teapots | Shop", "Teapots", items(11, 10) + pager(2, 5, href));
    const v = judgePage2(
      { doc: p1, url: "https://s.test/list", candidates: [] },
      { doc: p2, url: "https://s.test/list?page=2" },
    );
    expect(v.continues).toBe(true);
  });

  it("names page 2's link when the pick was page 3 of a pager counted from 0", () => {
    const href = (n: number) => `/s?q=tea&p=${n - 1}`;
    const p1 = page("tea - Search", "Results", items(1, 10) + pager(1, 5, href));
    const p3 = page("tea - Search", "Results", items(21, 10) + pager(3, 5, href));
    const v = judgePage2(
      {
        doc: p1,
        url: "https://e.test/s?q=tea",
        candidates: ["https://e.test/s?q=tea&p=3", "https://e.test/s?q=tea&p=1"],
      },
      { doc: p3, url: "https://e.test/s?q=tea&p=2" },
    );
    expect(v.continues).toBe(false);
    expect(v.candidate).toBe("https://e.test/s?q=tea&p=1");
  });
});

describe("judgePage2 whatever spelling page 1 was opened at", () => {
  // A Hugo theme's list (Blowfish): posts grouped under their year's heading, and a pager
  // whose current page is a link to the page itself with a highlight class, the next page
  // an arrow with rel=next. Read as another spelling, the "1" would no longer mark page 1,
  // and the year beside the pager would pass for the page shown.
  const hugoPager = (current: number) =>
    `<ul class="flex"><li><a href="/fr/posts/" class="${current === 1 ? "bg-primary-200 " : ""}mx-1">1</a></li>` +
    `<li><a href="/fr/posts/page/2/" class="${current === 2 ? "bg-primary-200 " : ""}mx-1">2</a></li>` +
    (current === 1
      ? `<li><a href="/fr/posts/page/2/" class="mx-1" rel="next">&rarr;</a></li>`
      : "") +
    "</ul>";
  const p1 = () => page("Posts · poolp", "Posts", `<h2>2024</h2>${items(1, 10)}${hugoPager(1)}`);
  const p2 = () => page("Posts · poolp", "Posts", `<h2>2023</h2>${items(11, 10)}${hugoPager(2)}`);
  it.each([
    ["as the pager writes it", "https://poolp.test/fr/posts/"],
    [
      "from a newsletter",
      "https://poolp.test/fr/posts/?utm_source=mail&utm_medium=email&fbclid=x1",
    ],
    ["at an anchor", "https://poolp.test/fr/posts/#top"],
    ["with a session id", "https://poolp.test/fr/posts/?PHPSESSID=5f2c9a"],
  ])("lets page 2 continue page 1 opened %s", (_, url) => {
    const v = judgePage2(
      { doc: p1(), url, candidates: [] },
      { doc: p2(), url: "https://poolp.test/fr/posts/page/2/" },
    );
    expect(v.decision.refusedBy).toBeNull();
    expect(v.continues).toBe(true);
  });
});

describe("judgePage2 on the shapes of other documents joined as page 2", () => {
  it("refuses a shop's next category, whose identifier steps", () => {
    const cat = (id: number, name: string) =>
      page(
        `${name} | Tea Shop`,
        name,
        `${items(id * 10, 10)}${pager(1, 3, (n) => `/L1000000${id}.aspx?pg=${n}`)}
         <div class="catnav"><a href="/L1000000${id - 1}.aspx">« Previous category</a>
         <a href="/L1000000${id + 1}.aspx">Next category »</a></div>`,
      );
    const v = judgePage2(
      { doc: cat(31, "Teapots"), url: "https://t.test/L100000031.aspx", candidates: [] },
      { doc: cat(32, "Tea cups"), url: "https://t.test/L100000032.aspx" },
    );
    expect(v.continues).toBe(false);
  });

  it("refuses the next point of a feature tour, each a page of one menu", () => {
    const menu = [1, 2, 3, 4, 5]
      .map((n) => `<a href="/tour/point${n}.html">Point ${n}</a>`)
      .join(" ");
    const point = (n: number, topic: string) =>
      page(
        `Point ${n}: ${topic} | Product tour`,
        topic,
        `<p>${topic} explained in a paragraph, with a comma, a full stop, and enough words.</p>
         <p><a href="/tour/point${n - 1}.html">‹ Back</a> <a href="/tour/point${n + 1}.html">Next ›</a></p>`,
        menu,
      );
    const v = judgePage2(
      { doc: point(1, "Easy to set up"), url: "https://p.test/tour/point1.html", candidates: [] },
      { doc: point(2, "Safe by design"), url: "https://p.test/tour/point2.html" },
    );
    expect(v.continues).toBe(false);
  });

  it("refuses page 2 of a filtered category reached from the unfiltered list", () => {
    const list = (title: string, from: number, current: number, base: string) =>
      page(title, title, items(from, 10) + pager(current, 4, (n) => `${base}Page=${n}`));
    const v = judgePage2(
      {
        doc: list("All goods", 1, 1, "/goods/list.asp?"),
        url: "https://g.test/goods/list.asp",
        candidates: [],
      },
      {
        doc: list("Green tea", 51, 2, "/goods/list.asp?type_id2=34&"),
        url: "https://g.test/goods/list.asp?type_id2=34&Page=2",
      },
    );
    // Its pager moved to 2, but none of its numbers leads to a page of page 1's pager.
    expect(v.confirmation).toMatchObject({ pagerMoved: true, samePager: false });
    expect(v.continues).toBe(false);
  });
});

describe("judgePage2 on a post whose board's list below carries a pager", () => {
  it("refuses the board's list page: it lacks the post's page element", () => {
    const href = (n: number) => `/board/list.php?page=${n}`;
    const board = (current: number) => items(current * 10, 10) + pager(current, 20, href);
    const post = page(
      "A trip to the hills | Board",
      "A trip to the hills",
      `<div class="post"><p>We walked up the tea terraces at dawn, with mist over the rows.</p>
       <p>The second paragraph of the post, with a comma, a full stop, and enough words.</p></div>
       <div class="board">${board(15)}</div>`,
    );
    const list = page("Board", "Board", `<div class="board">${board(16)}</div>`);
    const v = judgePage2(
      {
        doc: post,
        url: "https://b.test/board/read.php?id=5678",
        candidates: [],
        elements: Array.from(post.querySelectorAll("div.post")),
        xpaths: ['//div[@class="post"]'],
      },
      { doc: list, url: "https://b.test/board/list.php?page=16" },
    );
    // The pager alone says "page 2": only the page element tells the two apart.
    expect(v.confirmation).toMatchObject({ confirmed: true, pagerMoved: true });
    expect(v.signals?.elementAbsent).toBe(true);
    expect(v.decision.refusedBy).toBe("page element absent");
    expect(v.continues).toBe(false);
  });
});

describe("numberedLinkTo", () => {
  it("finds the links of a pager that show a number", () => {
    const doc = parse(
      `<div><a href="/x?p=1">2</a> <a href="/x?p=2">[3]</a> <a href="/y">2 comments</a></div>`,
    );
    expect(numberedLinkTo(doc, "https://x.test/x", 2)).toEqual(["https://x.test/x?p=1"]);
  });
});

describe("judgePage2Steps", () => {
  it("gives the page the main thread back within a long list, with the same verdict", async () => {
    const href = (n: number) => (n === 1 ? "/list" : `/list?page=${n}`);
    const p1 = page("Teapots | Shop", "Teapots", items(1, 1500) + pager(1, 5, href));
    const p2 = page("Teapots | Shop", "Teapots", items(1501, 1500) + pager(2, 5, href));
    const args = [
      { doc: p1, url: "https://s.test/list", candidates: [] },
      { doc: p2, url: "https://s.test/list?page=2" },
    ] as const;
    let yields = 0;
    // A clock that moves 1 ms a read: every step's end is a slice's end.
    let t = 0;
    const budget = new SliceBudget({
      sliceMs: 0,
      now: () => t++,
      yieldToPage: async () => {
        yields++;
      },
    });
    const sliced = await budget.run(judgePage2Steps(...args));
    expect(sliced).toEqual(judgePage2(...args));
    expect(sliced.continues).toBe(true);
    // Two template walks of over 4,500 elements each, 250 elements a step, then each read.
    expect(yields).toBeGreaterThan(30);
    // jsdom reads text slowly: the judge runs twice over 3,000 links and their text here.
  }, 30_000);
});
