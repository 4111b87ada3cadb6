import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { matchesNextText } from "../features/keywords";
import {
  anchorLabel,
  hintAttributes,
  lastPageSignal,
  mayHintNext,
  nextAttrSignal,
  nextTextSignal,
  numberedRunSignal,
  offSiteHref,
  olderTextSignal,
  pageParamSignal,
  relNextSignal,
  type SequenceSeen,
  urlPageNumber,
} from "./signals";

function el(html: string): Element {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  const found = doc.body.querySelector("[data-t]") ?? doc.body.firstElementChild;
  if (!found) throw new Error("no element");
  return found;
}

describe("olderTextSignal", () => {
  it("reads a short older-entries label, or the aria-label of a link without text", () => {
    for (const label of [
      "« Older posts",
      "Older Posts",
      "← Older",
      "Ältere Ausgaben →",
      "Articoli precedenti",
      "Anciens articles",
    ])
      expect(olderTextSignal(el("<a href='/2'>x</a>"), label, "/blog/page/2/"), label).toBe(true);
    expect(olderTextSignal(el("<a aria-label='Older'><svg></svg></a>"), "", "/pagina/2/")).toBe(
      true,
    );
  });
  it("refuses one older post, a long label, and a label too long to read", () => {
    const a = el("<a href='/2'>x</a>");
    expect(olderTextSignal(a, "Older post", "/page/2/")).toBe(false);
    expect(olderTextSignal(a, "Ältere Beitrag", "/page/2/")).toBe(false);
    expect(olderTextSignal(a, "Home", "/page/2/")).toBe(false);
    expect(olderTextSignal(a, `Older posts ${"and more words ".repeat(5)}`, "/page/2/")).toBe(
      false,
    );
    expect(olderTextSignal(el("<a aria-label='Older posts'>x</a>"), null, "/page/2/")).toBe(false);
  });
  it("refuses an older label whose href leads to a slug, a long id or a date", () => {
    const a = el("<a href='/2'>x</a>");
    for (const href of [
      "/category/older-adults/",
      "/blog/2012/birthday",
      "/2009/03/facebook_is_getting_older_and.html",
      "/p/123456",
    ])
      expect(olderTextSignal(a, "Older", href), href).toBe(false);
    for (const href of [
      "/blog/2",
      "page/2/index.html",
      "/seite/2/",
      "https://x.dev/index2.html",
      "?page=2",
    ])
      expect(olderTextSignal(a, "Older posts", href), href).toBe(true);
  });
});

describe("relNextSignal", () => {
  it("reads rel tokens case-insensitively", () => {
    expect(relNextSignal(el('<a rel="NEXT" href="/2">x</a>'))).toBe(true);
    expect(relNextSignal(el('<a rel="nofollow next" href="/2">x</a>'))).toBe(true);
  });
  it("does not take a token that only contains next", () => {
    expect(relNextSignal(el('<a rel="nextpage-ish" href="/2">x</a>'))).toBe(false);
    expect(relNextSignal(el('<a href="/2">next</a>'))).toBe(false);
  });
});

describe("nextTextSignal", () => {
  it("takes next words in several languages and next arrows", () => {
    for (const t of ["Next", " 次へ ", "下一页", "weiter »", "»", "Следующая"])
      expect(nextTextSignal(t)).toBe(true);
  });
  it("rejects previous arrows, last-page marks and prose", () => {
    for (const t of ["«", "»|", "Read the next chapter of this long story about it", "context"])
      expect(nextTextSignal(t)).toBe(false);
  });
});

describe("nextAttrSignal", () => {
  it("takes a next class on the anchor or on its parent item", () => {
    expect(nextAttrSignal(el('<a class="pagination-next" href="/2"></a>'))).toBe(true);
    expect(nextAttrSignal(el('<li class="next"><a data-t href="/2">→</a></li>'))).toBe(true);
  });
  it("takes an aria-label or an image alt that says next", () => {
    expect(nextAttrSignal(el('<a aria-label="Next page" href="/2"><svg></svg></a>'))).toBe(true);
    const a = el('<a href="/2"><img alt="次へ" src="n.png"></a>');
    expect(nextAttrSignal(a, anchorLabel(a).imgAlt)).toBe(true);
  });
  it("ignores unrelated classes", () => {
    expect(nextAttrSignal(el('<a class="context menu" href="/x">Menu</a>'))).toBe(false);
  });
});

describe("anchorLabel", () => {
  it("reads the text and the first image's alt", () => {
    expect(anchorLabel(el('<a href="/2"><b>Next</b> <img alt="arrow"><img alt="x"></a>'))).toEqual({
      text: "Next ",
      imgAlt: "arrow",
    });
  });
  it("stops early on an anchor that wraps a whole section", () => {
    const big = el(`<a href="/x">${"<div><p>para</p></div>".repeat(500)}</a>`);
    expect(anchorLabel(big).text).toBeNull();
    const long = el(`<a href="/x">${"word ".repeat(100)}</a>`);
    expect(anchorLabel(long).text).toBeNull();
  });
});

describe("numberedRunSignal", () => {
  it("takes two consecutive numbers, wherever they are in the list", () => {
    expect(numberedRunSignal([7, 2, 3], false)).toBe(true);
  });
  it("takes a lone 2 only when its link carries a page parameter", () => {
    expect(numberedRunSignal([2], false)).toBe(false);
    expect(numberedRunSignal([2], true)).toBe(true);
  });
  it("rejects scattered numbers", () => {
    expect(numberedRunSignal([1, 5, 9, 14], false)).toBe(false);
  });
});

describe("pageParamSignal", () => {
  it("takes page, offset and cursor parameters and page paths", () => {
    for (const h of [
      "/list?page=2",
      "?start=40&q=x",
      "/search?updated-max=2024-01-01T00:00:00",
      "/r/x/?after=t3_abc",
      "/blog/page/3/",
      "/article-240215-p2/",
      "/news/index_2.html",
    ])
      expect(pageParamSignal(h), h).toBe(true);
  });
  it("leaves out WordPress post ids and plain article paths", () => {
    for (const h of ["/?p=123", "/2024/05/a-story.html", "/product/ap2000x", "#top"])
      expect(pageParamSignal(h), h).toBe(false);
  });
});

describe("offSiteHref", () => {
  it("drops fragments, script and mail links, and other hosts", () => {
    for (const h of [
      "#",
      "#slide-2",
      "javascript:void(0)",
      "mailto:a@b.c",
      "https://other.example/2",
      "//cdn.example/x",
    ])
      expect(offSiteHref(h, "news.example"), h).toBe(true);
  });
  it("reads absolute links as on-site when the page's host is not known", () => {
    expect(offSiteHref("https://other.example/2", "")).toBe(false);
    expect(offSiteHref("#top", "")).toBe(true);
  });
  it("keeps relative links and links to the page's own host", () => {
    for (const h of ["/page/2", "?page=2", "2.html", "https://NEWS.example/list?p=2"])
      expect(offSiteHref(h, "news.example"), h).toBe(false);
  });
});

describe("mayHintNext", () => {
  it("lets through every next word and arrow of the vocabulary, in any case", () => {
    for (const t of ["NEXT", "次へ", "下一页", "Weiter", "»", "pagination-nxt", "Suivant"])
      expect(mayHintNext(t), t).toBe(true);
  });
  it("stops labels that cannot name the next page", () => {
    for (const t of ["Home", "About us", "2", "Contact", "« Back"])
      expect(mayHintNext(t), t).toBe(false);
  });
  it("is never stricter than the exact tests on the same text", () => {
    for (const t of [
      "Next page",
      "次のページへ",
      "page suivante",
      "СЛЕДУЮЩАЯ",
      "NÄCHSTE SEITE",
      "›",
    ])
      expect(!matchesNextText(t) || mayHintNext(t), t).toBe(true);
  });
});

describe("hintAttributes", () => {
  it("joins the attributes the exact test reads", () => {
    expect(
      hintAttributes(el('<a class="c" id="i" rel="r" title="t" aria-label="l" href="/">x</a>')),
    ).toBe("c i r t l");
  });
});

describe("urlPageNumber", () => {
  it("reads page-number parameters and page paths", () => {
    expect(urlPageNumber("https://a.example/l?cat=1&paged=1422")).toBe(1422);
    expect(urlPageNumber("/reviews?pageNumber=12&sort=new")).toBe(12);
    expect(urlPageNumber("https://a.example/blog/page/91/")).toBe(91);
    expect(urlPageNumber("https://a.example/threads/x.405700/page-243?v=1")).toBe(243);
    // The last form counts; a fragment never does.
    expect(urlPageNumber("/tag/front-page-2019/page/2/")).toBe(2);
    expect(urlPageNumber("/list?page=3#!/page/9")).toBe(3);
  });
  it("reads no offset, cursor, post id, product or page size as a page number", () => {
    expect(urlPageNumber("/l?start=40")).toBeNull();
    expect(urlPageNumber("/search?updated-max=2016-03-18T09:57:00")).toBeNull();
    expect(urlPageNumber("/?p=12345")).toBeNull();
    expect(urlPageNumber("/events/p27")).toBeNull();
    expect(urlPageNumber("/list?pageSize=32")).toBeNull();
    expect(urlPageNumber("/pages/about")).toBeNull();
    expect(urlPageNumber("/page/123456/about")).toBeNull();
    expect(urlPageNumber("/cms?page=42&start=40")).toBeNull();
    expect(urlPageNumber("/list?page=0")).toBeNull();
  });
});

describe("lastPageSignal", () => {
  const seen = (o: Partial<SequenceSeen> = {}): SequenceSeen => ({
    highestNumber: 3,
    highestLinkedPage: 3,
    previousLinked: true,
    unread: false,
    ...o,
  });
  it("holds when the page names its number, links back to the page before and nowhere further", () => {
    expect(lastPageSignal(4, seen())).toBe(true);
    expect(lastPageSignal(4, seen({ highestNumber: 4, highestLinkedPage: 0 }))).toBe(true);
  });
  it("fails on anything that might lead further, or on a number the pager does not confirm", () => {
    expect(lastPageSignal(null, seen())).toBe(false);
    expect(lastPageSignal(1, seen({ highestNumber: 0, highestLinkedPage: 0 }))).toBe(false);
    expect(lastPageSignal(4, seen({ highestNumber: 5 }))).toBe(false);
    expect(lastPageSignal(4, seen({ highestLinkedPage: 5 }))).toBe(false);
    expect(lastPageSignal(4, seen({ unread: true }))).toBe(false);
    expect(lastPageSignal(4, seen({ previousLinked: false }))).toBe(false);
  });
});
