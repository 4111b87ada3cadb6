import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { SliceBudget } from "../budget/slices";
import { findLoadMore } from "../features/load-more";
import { pagerGate, pagerGateSteps } from "./gate";

const doc = (body: string, head = "") =>
  new JSDOM(`<head>${head}</head><body>${body}</body>`).window.document;

describe("pagerGate", () => {
  it("reads rel=next as a token, in any ASCII case, on links and on anchors with an href", () => {
    const signal = (body: string, head = "") => pagerGate(doc(body, head)).signal;
    expect(signal("<a href='/2' rel='nofollow NEXT'>2</a>")).toBe("rel-next");
    expect(signal("", "<link rel='Next' href='/2'>")).toBe("rel-next");
    // Not the token: the attribute test may still read it as a next class-like word.
    expect(signal("<a href='/2' rel='nextpage'>2</a>")).not.toBe("rel-next");
    expect(signal("<a rel='next'>2</a>")).toBeNull();
    expect(signal("", "<link rel='prefetch' href='/next'>")).toBeNull();
  });
  it("opens on a next-chapter link (下一章, 다음화), not on a next story", () => {
    const signal = (body: string) => pagerGate(doc(body)).signal;
    expect(
      signal("<a href='/b/1.html'>上一章</a><a href='/b/'>目录</a><a href='/b/3.html'>下一章</a>"),
    ).toBe("next-chapter");
    expect(signal("<a href='/e/9'>다음화</a>")).toBe("next-chapter");
    expect(signal("<a href='/n/2'>Read this story: markets fall</a>")).toBeNull();
  });
  it("opens on <link rel=next> in the head before reading any anchor", () => {
    const g = pagerGate(doc("<a href='/a'>A</a>", "<link rel='next' href='/2'>"));
    expect(g).toMatchObject({ pass: true, signal: "rel-next", links: 0 });
  });
  it("opens on a numbered pager whose current page is not a link", () => {
    const g = pagerGate(
      doc("<p>text</p><div><span>1</span><a href='/x'>2</a><a href='/y'>3</a></div>"),
    );
    expect(g).toMatchObject({ pass: true, signal: "numbered-run" });
  });
  it("opens on an icon-only next control", () => {
    const g = pagerGate(doc("<a href='/b' class='btn'>Home</a><a href='/c' title='Next'>›</a>"));
    expect(g.pass).toBe(true);
  });
  it("opens on a next link drawn only by an icon class or an icon-font ligature", () => {
    const fa = pagerGate(
      doc("<a href='/b'>Home</a><a href='/c'><i class='fa fa-angle-right'></i></a>"),
    );
    expect(fa).toMatchObject({ pass: true, signal: "next-icon" });
    const lig = pagerGate(
      doc("<a href='/c'><span class='material-icons'>navigate_next</span></a>"),
    );
    expect(lig.pass).toBe(true);
    const back = pagerGate(doc("<a href='/c'><i class='fa fa-angle-left'></i></a>"));
    expect(back.pass).toBe(false);
  });
  it("stays closed on an article whose links show no pager signal", () => {
    const g = pagerGate(
      doc(
        "<nav><a href='/'>Home</a><a href='/about'>About</a></nav><article><p>Text <a href='/w'>word</a>.</p>" +
          "<a href='/c#1'>1</a> comment</article><footer><a href='/?p=12'>Older article</a></footer>",
      ),
    );
    expect(g).toMatchObject({ pass: false, signal: null, links: 5 });
  });
  it("opens on a blog index's Older posts link, the next page of a list shown newest first", () => {
    // WordPress Twenty Ten's index pager: no "next" word, a relative page path, an empty
    // .nav-next on page 1.
    const twentyTen = doc(
      "<div id='nav-above' class='navigation'><div class='nav-previous'><a href='page/2/'>" +
        "<span class='meta-nav'>&larr;</span> Older posts</a></div><div class='nav-next'></div></div>" +
        "<div class='post'><h2><a href='../2012/07/02/la-paz/' rel='bookmark'>La Paz</a></h2></div>",
    );
    expect(pagerGate(twentyTen, "bernieandju.de", "https://bernieandju.de/posts/").signal).toBe(
      "older-text",
    );
    // Gatsby: the label and an icon-font chevron, a page path without "page".
    const gatsby = doc(
      "<div style='display:flex'><a class='arrow' href='/blog/2'>Older posts <i class='fa fa-chevron-right' aria-hidden='true'></i></a></div>",
    );
    expect(pagerGate(gatsby).signal).toBe("older-text");
  });
  it("opens on an icon-only link whose aria-label says older or next, and on a long arrow", () => {
    const icon = doc(
      "<nav class='pagination'><a href='/pagina/2/' aria-label='Older'><svg class='icon'><use href='#i-l'></use></svg></a></nav>",
    );
    expect(pagerGate(icon).signal).toBe("older-text");
    expect(pagerGate(doc("<a href='/news/p/2'>⟶</a>")).signal).toBe("next-text");
    // An svg icon that labels itself, in a link without a label of its own.
    const svg = doc(
      "<a href='/news/2' class='btn'><svg class='icon' aria-label='Next page'><path d='M0'></path></svg></a>",
    );
    expect(pagerGate(svg).signal).toBe("next-icon");
  });
  it("opens on translated words: Ältere Ausgaben, Następna, Trang sau", () => {
    const german = doc(
      "<nav class='pagination' aria-label='Seitennavigation'><span class='pagination-info'>Seite 1 von 4</span>" +
        "<a href='/seite/2/'>Ältere Ausgaben &rarr;</a></nav>",
    );
    expect(pagerGate(german).signal).toBe("older-text");
    expect(pagerGate(doc("<a href='/blog/strona/2'>Następna</a>")).signal).toBe("next-text");
    expect(
      pagerGate(doc("<a href='/vi/ml/p/2/'><span><span>Trang sau</span></span></a>")).signal,
    ).toBe("next-text");
  });
  it("stays closed on a single post whose navigation leads to one older or newer post", () => {
    const post = doc(
      "<article><h1>La Paz</h1><p>Text <a href='/w'>word</a>.</p></article>" +
        "<nav class='post-navigation'><a href='/2012/06/30/cusco/' rel='prev'>&larr; Older post</a>" +
        "<a href='/2012/07/09/uyuni/'>Newer post &rarr;</a></nav>" +
        "<div class='nav-links'><a href='/2012/06/01/lima/'>Ältere Beitrag</a></div>",
    );
    expect(pagerGate(post)).toMatchObject({ pass: false, signal: null });
  });
  it("takes no signal from carousel arrows or links to another site, but keeps rel=next", () => {
    const carousel = "<a href='#' class='next'>›</a><a href='javascript:go(1)'>Next</a>";
    expect(pagerGate(doc(carousel), "a.example").pass).toBe(false);
    const foreign = "<a href='https://b.example/list?page=2'>Next</a>";
    expect(pagerGate(doc(foreign), "a.example").pass).toBe(false);
    const foreignRel = "<a rel='next' href='https://b.example/2'>more</a>";
    expect(pagerGate(doc(foreignRel), "a.example").signal).toBe("rel-next");
  });

  it("ignores the text of very long anchors (cards), not their attributes", () => {
    const long = "word ".repeat(60);
    expect(pagerGate(doc(`<a href='/x'>${long} next</a>`)).pass).toBe(false);
    expect(pagerGate(doc(`<a href='/x' rel='next'>${long}</a>`)).pass).toBe(true);
  });

  it("stays closed on the last page of a numbered sequence, open on the pages before it", () => {
    const pager = (links: string) => doc(`<article><p>text</p></article><nav>${links}</nav>`);
    const last = pager("<a href='/blog/page/2/'>2</a><a href='/blog/page/3/'>3</a><span>4</span>");
    const g = pagerGate(last, "", "https://a.example/blog/page/4/");
    expect(g).toMatchObject({ pass: false, signal: null, lastPage: true });
    // The same pager read without the page's URL still opens, and so does page 3's.
    expect(pagerGate(last).signal).toBe("numbered-run");
    const third = pager("<a href='/blog/page/2/'>2</a><span>3</span><a href='/blog/page/4/'>4</a>");
    expect(pagerGate(third, "", "https://a.example/blog/page/3/").signal).toBe("numbered-run");
    // A link to a higher page by its URL alone (an unlabelled icon) keeps it open.
    const icon = pager(
      "<a href='/l?page=1'>1</a><a href='/l?page=2'>2</a><a href='/l?page=4'></a>",
    );
    expect(pagerGate(icon, "", "https://a.example/l?page=3").pass).toBe(true);
    // So does an icon link beside the numbers, whose URL names no page.
    const bare = pager(
      "<ul><li><a href='/l/1'>1</a></li><li><a href='/l?page=2'>2</a></li><li><span>3</span></li><li><a href='/l/4'><svg></svg></a></li></ul>",
    );
    expect(pagerGate(bare, "", "https://a.example/l?page=3").pass).toBe(true);
    // A number in the URL that no link confirms (no link to the page before) is not read.
    const unconfirmed = pager("<a href='/x?page=1'>1</a><a href='/x?page=2'>2</a>");
    expect(pagerGate(unconfirmed, "", "https://a.example/x?page=7").pass).toBe(true);
    // An offset or cursor whose page cannot be read keeps it open too.
    const offset = pager(
      "<a href='/l?page=1'>1</a><a href='/l?page=2'>2</a><a href='/l?start=60'></a>",
    );
    expect(pagerGate(offset, "", "https://a.example/l?page=3").pass).toBe(true);
  });

  it("opens on a load-more button after a list, not on a toggle or one without a list", () => {
    const list = "<ul><li class='i'>a</li><li class='i'>b</li><li class='i'>c</li></ul>";
    const g = pagerGate(doc(`<a href='/'>Home</a>${list}<button type='button'>Load more</button>`));
    expect(g).toMatchObject({ pass: true, signal: "load-more", links: 1 });
    expect(pagerGate(doc(`<p>No list here.</p><button>Load more</button>`)).pass).toBe(false);
    const toggle = `${list}<button aria-expanded='false'>Show more</button>`;
    expect(pagerGate(doc(toggle)).pass).toBe(false);
  });

  it("leaves the deny list and the form test to the detector: it opens, the control is refused", () => {
    const list = "<ul><li class='i'>a</li><li class='i'>b</li><li class='i'>c</li></ul>";
    for (const page of [
      `${list}<button>Subscribe to load more</button>`,
      `<form>${list}<button>Load more</button></form>`,
    ]) {
      expect(pagerGate(doc(page)).signal, page).toBe("load-more");
      expect(findLoadMore(doc(page)), page).toBeNull();
    }
  });
});

describe("pagerGateSteps", () => {
  it("yields between batches of links and decides as pagerGate does", async () => {
    const links = Array.from({ length: 300 }, (_, i) => `<a href="/story/${i}">Story ${i}</a>`);
    for (const body of [links.join(""), `${links.join("")}<a href="/list?page=2">Next</a>`]) {
      const d = doc(body);
      const whole = pagerGate(d, "127.0.0.1", "http://127.0.0.1/list");
      let yields = 0;
      const budget = new SliceBudget({
        sliceMs: 0,
        yieldToPage: async () => {
          yields++;
        },
      });
      const sliced = await budget.run(pagerGateSteps(d, "127.0.0.1", "http://127.0.0.1/list"));
      expect({ ...sliced, ms: 0 }).toEqual({ ...whole, ms: 0 });
      expect(yields).toBe(Math.floor(whole.links / 64));
      expect(yields).toBeGreaterThan(3);
    }
  });
});
