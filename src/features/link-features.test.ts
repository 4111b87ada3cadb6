// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";
import { describe, expect, it, vi } from "vitest";
import { ARS_LION_URL, arsLionFile } from "../../test/support/corpus";
import { moreText, olderText } from "./continuation";
import {
  anchorArea,
  anchorMarkup,
  anchorVisible,
  candidateAnchors,
  candidateUrl,
  disabledOrCurrent,
  documentBaseUrl,
  extractLinkVectors,
  imageAlts,
  inComments,
  inHeadOrFooter,
  inPager,
  isPlusOne,
  LINK_FEATURE_NAMES,
  type LinkFeatureName,
  type LinkVector,
  linkFeatureArray,
  linkSimilarities,
  nextAttr,
  nextLabel,
  nextText,
  numericText,
  oneChar,
  pageLabel,
  pagePrefix,
  prevHint,
  relativeTop,
  relNext,
  relNextLinkUrls,
  smallestPositiveOffset,
  TEXT_SIGNAL,
  textRatio,
  textSignals,
  urlJaccard,
  urlRatio,
} from "./link-features";
import { PAGER_SIGNAL_FEATURES } from "./pager-signal";

const PAGE = "http://ex.com/article";
const docOf = (body: string, url = PAGE, head = "") =>
  new JSDOM(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, { url }).window
    .document;
const anchor = (html: string): HTMLAnchorElement => {
  const a = docOf(html).querySelector("a");
  if (a === null) throw new Error(html);
  return a;
};
const vectorFor = (vs: LinkVector[], url: string): LinkVector => {
  const v = vs.find((x) => x.url === url);
  if (v === undefined) throw new Error(`no vector for ${url}: ${vs.map((x) => x.url).join(" ")}`);
  return v;
};

const PAGER =
  '<p>Some article text, long enough to matter.</p><div class="pagination">' +
  '<a href="/article?page=0">«</a> <span class="current">1</span> ' +
  '<a href="/article?page=2">2</a> <a href="/article?page=3">3</a> ' +
  '<a href="/article?page=2">Next »</a></div>';

describe("candidate links (§3.2.1)", () => {
  it("resolves relative hrefs and drops the fragment", () => {
    const base = new URL(PAGE);
    expect(candidateUrl("b/2#top", base, base)).toBe("http://ex.com/b/2");
  });

  it("drops cross-origin, other schemes, javascript:, mailto: and self links", () => {
    const base = new URL(PAGE);
    for (const href of [
      "http://other.com/x",
      "https://ex.com/x",
      "http://ex.com:8080/x",
      "javascript:void(0)",
      "mailto:a@ex.com",
      "ftp://ex.com/x",
      "#top",
      "/article#comments",
      "",
    ]) {
      expect(candidateUrl(href, base, base), href).toBeNull();
    }
  });

  it("candidateAnchors keeps each target parsed: the URL with its fragment, https form included", () => {
    const d = docOf(
      '<a href="/list/2#top">2</a><a href="http://ex.com/list/3?p=3#c">3</a><a href="b?x=1">b</a>',
      "https://ex.com/list",
    );
    const found = candidateAnchors(d, "https://ex.com/list");
    expect(found.map((c) => c.url)).toEqual([
      "https://ex.com/list/2",
      "https://ex.com/list/3?p=3",
      "https://ex.com/b?x=1",
    ]);
    for (const c of found) {
      const parsed = new URL(c.parsed.href);
      parsed.hash = "";
      expect(parsed.href).toBe(c.url);
    }
  });

  it("takes an http link to the same host of an https page as its https form", () => {
    const page = new URL("https://ex.com/list");
    expect(candidateUrl("http://ex.com/list/2", page, page)).toBe("https://ex.com/list/2");
    expect(candidateUrl("http://other.com/list/2", page, page)).toBeNull();
    expect(candidateUrl("http://ex.com:8080/list/2", page, page)).toBeNull();
  });

  it("gives what the URL parser's own origin and hash setter give, for every kind of href", () => {
    // The first form of the test: origin compared whole, the fragment removed by `hash`.
    const reference = (href: string, base: URL, page: URL): string | null => {
      let u: URL;
      try {
        u = new URL(href.trim(), base);
      } catch {
        return null;
      }
      if (u.protocol !== "http:" && u.protocol !== "https:") return null;
      if (u.protocol === "http:" && page.protocol === "https:" && u.host === page.host)
        u.protocol = "https:";
      if (u.origin !== page.origin) return null;
      u.hash = "";
      return u.href === page.href ? null : u.href;
    };
    const hrefs = [
      "b/2#top",
      "b/2#",
      "b/2?q=a#b#c",
      "b/2?q=%23#x",
      "/a%23b/c#d",
      "?page=2",
      "?",
      "#",
      "",
      " /list/2 ",
      "//ex.com/x#y",
      "http://ex.com:80/x#f",
      "https://ex.com:443/x",
      "http://user:pa#ss@ex.com/x",
      "http://u@ex.com/x",
      "HTTP://EX.COM/Y#Z",
      "http://ex.com\\a\\b#c",
      "http://[::1]/x",
      "http://münchen.de/x",
      "javascript:alert('#')",
      "data:text/html,#",
    ];
    const pages = ["http://ex.com/list", "https://ex.com/list", "http://ex.com:8080/list"];
    for (const p of pages) {
      const page = new URL(p);
      for (const href of hrefs) {
        expect(candidateUrl(href, page, page), `${href} on ${p}`).toBe(reference(href, page, page));
      }
    }
  });

  it("reads IPv4 shorthand as the parser does (not as another host)", () => {
    const page = new URL("http://127.0.0.1/list");
    expect(candidateUrl("http://127.1/list/2", page, page)).toBe("http://127.0.0.1/list/2");
    expect(candidateUrl("http://0x7f.0.0.1/list/3", page, page)).toBe("http://127.0.0.1/list/3");
    expect(
      candidateUrl("https://EX.com/x", new URL("https://ex.com/"), new URL("https://ex.com/")),
    ).toBe("https://ex.com/x");
  });

  it("uses <base href> when the document has one", () => {
    const doc = docOf('<a href="p2">x</a>', PAGE, '<base href="http://ex.com/dir/">');
    expect(documentBaseUrl(doc, PAGE)?.href).toBe("http://ex.com/dir/");
    expect(candidateAnchors(doc, PAGE).map((c) => c.url)).toEqual(["http://ex.com/dir/p2"]);
  });

  it("excludes cross-origin links from the vectors", () => {
    const doc = docOf('<a href="http://other.com/2">Next</a><a href="/2">2</a>');
    expect(extractLinkVectors(doc, PAGE).map((v) => v.url)).toEqual(["http://ex.com/2"]);
  });

  it("returns [] for a page URL that does not parse", () => {
    expect(extractLinkVectors(docOf('<a href="/2">2</a>'), "not a url")).toEqual([]);
  });
});

describe("thesis features, one anchor (Table 3.1)", () => {
  it("nextLabel (1): NEXT/次 in text or attributes, case-insensitive", () => {
    const label = (html: string) => nextLabel(anchorMarkup(anchor(html)));
    expect(label('<a href="/2">next</a>')).toBe(1);
    expect(label('<a href="/2" rel="next">»</a>')).toBe(1);
    expect(label('<a href="/2">次へ</a>')).toBe(1);
    expect(label('<a href="/2">2</a>')).toBe(0);
  });

  it("pageLabel (2): PAGE/ページ in text or attributes", () => {
    const label = (html: string) => pageLabel(anchorMarkup(anchor(html)));
    expect(label('<a href="/2" class="page-numbers">2</a>')).toBe(1);
    expect(label('<a href="/2">次のページ</a>')).toBe(1);
    expect(label('<a href="/2">2</a>')).toBe(0);
  });

  it("oneChar (3): exactly one character", () => {
    expect(oneChar("»")).toBe(1);
    expect(oneChar("次")).toBe(1);
    expect(oneChar("😀")).toBe(1);
    expect(oneChar("12")).toBe(0);
    expect(oneChar("")).toBe(0);
  });

  it("textRatio (6): link text over page text", () => {
    expect(textRatio(5, 100)).toBe(0.05);
    expect(textRatio(5, 0)).toBe(0);
  });

  it("urlRatio (8): link URL length over page URL length", () => {
    expect(urlRatio(30, 20)).toBe(1.5);
    expect(urlRatio(30, 0)).toBe(0);
  });

  it("urlJaccard (eq. 3.4–3.5): the thesis example is 17/19", () => {
    const j = urlJaccard(
      "https://nancoco.net/nyuuin_report2",
      "https://nancoco.net/nyuuin_report3",
    );
    expect(j).toBeCloseTo(17 / 19, 10);
    expect(j).toBeCloseTo(0.895, 3);
  });

  it("linkSimilarity (9, eq. 3.3): max over the ±2 window, clipped at the ends", () => {
    const urls = [
      "http://a.jp/x1",
      "http://a.jp/x2",
      "http://zz.com/q",
      "http://b.org/",
      "http://a.jp/x9",
    ];
    const s = linkSimilarities(urls);
    expect(s[0]).toBeCloseTo(urlJaccard("http://a.jp/x1", "http://a.jp/x2"), 10);
    // Position 4 sees 2 and 3 only, not 0 or 1.
    expect(s[4]).toBeCloseTo(
      Math.max(urlJaccard(urls[4] ?? "", urls[2] ?? ""), urlJaccard(urls[4] ?? "", urls[3] ?? "")),
      10,
    );
    expect(linkSimilarities(["http://a.jp/"])).toEqual([0]);
  });
});

describe("extension features, one anchor", () => {
  it("relNext: rel=next on the anchor or a <link rel=next> with the same URL", () => {
    expect(relNext(anchor('<a rel="next" href="/2">x</a>'), "http://ex.com/2", new Set())).toBe(1);
    const doc = docOf('<a href="/2">x</a>', PAGE, '<link rel="next" href="/2#a">');
    const urls = relNextLinkUrls(doc, new URL(PAGE));
    expect([...urls]).toEqual(["http://ex.com/2"]);
    const a = doc.querySelector("a");
    expect(a && relNext(a, "http://ex.com/2", urls)).toBe(1);
    expect(a && relNext(a, "http://ex.com/3", urls)).toBe(0);
  });

  it("nextText: the text or an image alt reads as next; a sentence does not", () => {
    expect(nextText("Next »", [])).toBe(1);
    expect(nextText("", imageAlts(anchor('<a href="/2"><img alt="次へ"><img></a>')))).toBe(1);
    expect(nextText("The next slide", [])).toBe(0);
  });

  it("imageAlts: alt of every img inside, '' when missing", () => {
    expect(imageAlts(anchor('<a href="/2"><img alt="Next"><span><img></span></a>'))).toEqual([
      "Next",
      "",
    ]);
  });

  it("nextAttr: next-ish class/id/aria on the anchor or its parent li", () => {
    expect(nextAttr(anchor('<a class="nav-next" href="/2">x</a>'))).toBe(1);
    expect(nextAttr(anchor('<ul><li class="pagination-next"><a href="/2">x</a></li></ul>'))).toBe(
      1,
    );
    expect(nextAttr(anchor('<div class="next"><a href="/2">x</a></div>'))).toBe(0);
    expect(nextAttr(anchor('<a class="context" href="/2">x</a>'))).toBe(0);
  });

  it("prevHint: previous text or attributes", () => {
    expect(prevHint(anchor('<a href="/1">« Prev</a>'), "« Prev", [])).toBe(1);
    expect(prevHint(anchor('<a class="prev" href="/1">x</a>'), "x", [])).toBe(1);
    expect(prevHint(anchor('<li class="previous"><a href="/1">x</a></li>'), "x", [])).toBe(1);
    expect(prevHint(anchor('<a href="/1"><img alt="前へ"></a>'), "", ["前へ"])).toBe(1);
    expect(prevHint(anchor('<a href="/2">Next »</a>'), "Next »", [])).toBe(0);
  });

  it("numericText: the text is an integer", () => {
    expect(numericText("2")).toBe(1);
    expect(numericText("１２")).toBe(1);
    expect(numericText("2a")).toBe(0);
    expect(numericText("")).toBe(0);
  });

  it("isPlusOne: page delta 1, or the smallest positive offset step", () => {
    expect(isPlusOne({ delta: 1, offsetLike: false }, 0)).toBe(1);
    expect(isPlusOne({ delta: 2, offsetLike: false }, 0)).toBe(0);
    expect(isPlusOne(null, 0)).toBe(0);
    const step = smallestPositiveOffset([
      { delta: 40, offsetLike: true },
      { delta: 20, offsetLike: true },
      { delta: -20, offsetLike: true },
      { delta: 1, offsetLike: false },
      null,
    ]);
    expect(step).toBe(20);
    expect(isPlusOne({ delta: 20, offsetLike: true }, step)).toBe(1);
    expect(isPlusOne({ delta: 40, offsetLike: true }, step)).toBe(0);
  });

  it("inPager: a pager class/id/role/aria-label within 4 ancestors", () => {
    expect(
      inPager(anchor('<div class="pagination"><ul><li><a href="/2">2</a></li></ul></div>')),
    ).toBe(1);
    expect(inPager(anchor('<nav role="navigation"><a href="/2">2</a></nav>'))).toBe(1);
    expect(inPager(anchor('<div class="wp-pagenavi"><a href="/2">2</a></div>'))).toBe(1);
    expect(inPager(anchor('<div aria-label="Page navigation"><a href="/2">2</a></div>'))).toBe(1);
    expect(inPager(anchor('<div class="page-wrapper"><a href="/2">2</a></div>'))).toBe(0);
    expect(
      inPager(
        anchor(
          '<div class="pager"><div><div><div><div><a href="/2">2</a></div></div></div></div></div>',
        ),
      ),
    ).toBe(0);
  });

  it("inPager: a memo kept across a page's anchors changes no answer", () => {
    // Anchors at every depth below a pager and beside it share ancestors, so a memo that
    // kept one anchor's answer for its ancestors, or an ancestor's for a level beyond
    // reach, would answer differently for some of them.
    const d = docOf(
      '<div class="pager"><div><div><div><a href="/1">1</a><div><a href="/5">5</a>' +
        '</div></div><a href="/3">3</a></div><a href="/2">2</a></div></div>' +
        '<div class="side"><ul><li><a href="/x">x</a></li></ul></div>',
    );
    const anchors = [...d.querySelectorAll("a")];
    const memo = new Map<Element, boolean>();
    for (const order of [anchors, [...anchors].reverse()]) {
      memo.clear();
      expect(order.map((a) => inPager(a, memo))).toEqual(order.map((a) => inPager(a)));
    }
    expect(anchors.map((a) => inPager(a))).toEqual([1, 0, 1, 1, 0]);
    expect(memo.size).toBeGreaterThan(0);
  });

  it("disabledOrCurrent: state classes and aria on the anchor or its parent", () => {
    expect(disabledOrCurrent(anchor('<a class="disabled" href="/2">x</a>'))).toBe(1);
    expect(disabledOrCurrent(anchor('<li class="active"><a href="/2">x</a></li>'))).toBe(1);
    expect(disabledOrCurrent(anchor('<a aria-current="page" href="/2">x</a>'))).toBe(1);
    expect(disabledOrCurrent(anchor('<a aria-disabled="true" href="/2">x</a>'))).toBe(1);
    expect(disabledOrCurrent(anchor('<a class="current_page_item" href="/2">x</a>'))).toBe(1);
    expect(disabledOrCurrent(anchor('<a class="inactive-link" href="/2">x</a>'))).toBe(0);
  });

  it("inComments: inside a comment section (class or id), not merely near one", () => {
    expect(
      inComments(
        anchor(
          '<div class="commentwrapper"><ul class="pagination"><li><a href="/2">next</a></li></ul></div>',
        ),
      ),
    ).toBe(1);
    expect(inComments(anchor('<section id="disqus_thread"><a href="/2">2</a></section>'))).toBe(1);
    expect(
      inComments(
        anchor('<div class="comments-link">x</div><div class="pager"><a href="/2">next</a></div>'),
      ),
    ).toBe(0);
  });

  it("inHeadOrFooter: inside <header> or <footer>", () => {
    expect(inHeadOrFooter(anchor('<header><a href="/2">x</a></header>'))).toBe(1);
    expect(inHeadOrFooter(anchor('<footer><p><a href="/2">x</a></p></footer>'))).toBe(1);
    expect(inHeadOrFooter(anchor('<main><a href="/2">x</a></main>'))).toBe(0);
  });

  it("layout features are 0 (visible 1 unless hidden by markup) without layout", () => {
    const a = anchor('<a href="/2">x</a>');
    expect(anchorArea(a, false)).toBe(0);
    expect(relativeTop(a, false, 1000)).toBe(0);
    expect(anchorVisible(a, false)).toBe(1);
    expect(anchorVisible(anchor('<div hidden><a href="/2">x</a></div>'), false)).toBe(0);
    expect(anchorVisible(anchor('<a style="display:none" href="/2">x</a>'), false)).toBe(0);
  });

  it("layout features read the box when layout exists", () => {
    const a = anchor('<a href="/2">x</a>');
    const rect = { top: 250, left: 0, width: 40, height: 20, right: 40, bottom: 270, x: 0, y: 250 };
    vi.spyOn(a, "getBoundingClientRect").mockReturnValue(rect as DOMRect);
    expect(anchorArea(a, true)).toBe(800);
    expect(relativeTop(a, true, 1000)).toBe(0.25);
    expect(anchorVisible(a, true)).toBe(1);
  });
});

describe("textSignals", () => {
  const texts = [
    "Next",
    "次へ »",
    "2",
    "２",
    "Older posts",
    "Load more",
    "Read more",
    "",
    "»",
    "Next 10",
  ];
  const altSets: string[][] = [[], ["next"], ["older"]];

  it("sets the bit of each word signal that holds, as the signal functions answer", () => {
    for (const t of texts)
      for (const alts of altSets) {
        const bits = textSignals(t, alts, new Map());
        expect((bits & TEXT_SIGNAL.nextText) !== 0, t).toBe(nextText(t, alts) === 1);
        expect((bits & TEXT_SIGNAL.numericText) !== 0, t).toBe(numericText(t) === 1);
        expect((bits & TEXT_SIGNAL.olderText) !== 0, t).toBe(olderText(t, alts) === 1);
        expect((bits & TEXT_SIGNAL.moreText) !== 0, t).toBe(moreText(t) === 1);
      }
    expect(textSignals("Next", [], new Map())).toBe(TEXT_SIGNAL.nextText);
  });

  it("answers a text it has seen from the memo, and reads an anchor with alts afresh", () => {
    const memo = new Map<string, number>();
    expect(textSignals("Load more", [], memo)).toBe(TEXT_SIGNAL.moreText);
    expect(memo.get("Load more")).toBe(TEXT_SIGNAL.moreText);
    memo.set("Load more", TEXT_SIGNAL.numericText);
    expect(textSignals("Load more", [], memo)).toBe(TEXT_SIGNAL.numericText);
    expect(textSignals("Load more", ["next"], memo)).toBe(
      TEXT_SIGNAL.moreText | TEXT_SIGNAL.nextText,
    );
    expect(memo.size).toBe(1);
  });
});

describe("extractLinkVectors", () => {
  it("merges the pager's '2' and 'Next »' into one vector", () => {
    const vs = extractLinkVectors(docOf(PAGER), PAGE);
    const next = vectorFor(vs, "http://ex.com/article?page=2");
    expect(next.anchors.map((a) => a.textContent)).toEqual(["2", "Next »"]);
    expect(next.features).toMatchObject({
      occurrences: 2,
      nextLabel: 1,
      nextText: 1,
      numericText: 1,
      oneChar: 1,
      pageNumberDelta: 1,
      isPlusOne: 1,
      inPager: 1,
      prevHint: 0,
      textLength: 3.5,
      urlLength: "http://ex.com/article?page=2".length,
    });
    const three = vectorFor(vs, "http://ex.com/article?page=3");
    expect(three.features).toMatchObject({ occurrences: 1, nextText: 0, isPlusOne: 0 });
    expect(three.features.pageNumberDelta).toBe(2);
    const prev = vectorFor(vs, "http://ex.com/article?page=0");
    expect(prev.features.prevHint).toBe(1);
  });

  it("merges links to one page that differ only in their referrer, and reads data-href", () => {
    const page = `<div class="pager">
      <a href="/list?page=2&ref=pg_2">2</a> <a href="/list?page=3&ref=pg_3">3</a>
      <a href="javascript:;" data-href="/list?page=2&ref=pg_next">Next »</a></div>`;
    const vs = extractLinkVectors(docOf(page), "http://ex.com/list");
    expect(vs.map((v) => v.url)).toEqual([
      "http://ex.com/list?page=2&ref=pg_2",
      "http://ex.com/list?page=3&ref=pg_3",
    ]);
    const next = vectorFor(vs, "http://ex.com/list?page=2&ref=pg_2");
    expect(next.anchors.map((a) => a.textContent)).toEqual(["2", "Next »"]);
    expect(next.features).toMatchObject({ occurrences: 2, nextText: 1, pageNumberDelta: 1 });
  });

  it("with pagerSignalsOnly, drops the links without a pager signal and keeps the others' features", () => {
    const page = `<nav><a href="/about">About us</a> <a href="/contact">Contact</a></nav>${PAGER}`;
    const all = extractLinkVectors(docOf(page), PAGE);
    const scored = extractLinkVectors(docOf(page), PAGE, { pagerSignalsOnly: true });
    expect(all.map((v) => v.url)).toContain("http://ex.com/about");
    expect(scored.map((v) => v.url)).toEqual([
      "http://ex.com/article?page=0",
      "http://ex.com/article?page=2",
      "http://ex.com/article?page=3",
    ]);
    for (const v of scored) expect(v.features).toEqual(vectorFor(all, v.url).features);
  });

  it("leaves 0 the page-read features its caller does not read, and computes the rest alike", () => {
    const page = `<p>${"Article text, long enough to make a ratio. ".repeat(8)}</p>${PAGER}`;
    const all = extractLinkVectors(docOf(page), PAGE);
    const read = new Set(LINK_FEATURE_NAMES.filter((n) => n !== "textRatio"));
    const some = extractLinkVectors(docOf(page), PAGE, { features: read });
    expect(some.map((v) => v.url)).toEqual(all.map((v) => v.url));
    for (const v of some) {
      const full = vectorFor(all, v.url).features;
      expect(full.textRatio).toBeGreaterThan(0);
      expect(v.features.textRatio).toBe(0);
      expect({ ...v.features, textRatio: full.textRatio }).toEqual(full);
    }
  });

  it("leaves 0 every feature outside what its caller reads, except the pager signals", () => {
    const page = `<p>${"Article text, long enough to make a ratio. ".repeat(8)}</p>${PAGER}`;
    const all = extractLinkVectors(docOf(page), PAGE);
    // Left out: features every link has above 0, and prevHint, which "«" sets.
    const left = ["prevHint", "occurrences", "urlLength", "textLength"];
    expect(all.some((v) => v.features.prevHint === 1)).toBe(true);
    const read = new Set(LINK_FEATURE_NAMES.filter((n) => !left.includes(n)));
    // The pager signals decide which links are candidates: they are computed regardless.
    for (const n of PAGER_SIGNAL_FEATURES) read.delete(n);
    const some = extractLinkVectors(docOf(page), PAGE, { features: read });
    expect(some.map((v) => v.url)).toEqual(all.map((v) => v.url));
    for (const v of some) {
      const full = vectorFor(all, v.url).features;
      for (const n of left) expect([n, v.features[n as LinkFeatureName]]).toEqual([n, 0]);
      for (const n of PAGER_SIGNAL_FEATURES) expect(v.features[n]).toBe(full[n]);
      for (const n of read) expect([n, v.features[n]]).toEqual([n, full[n]]);
    }
  });

  it("keeps vectors in order of first appearance and arrays in name order", () => {
    const vs = extractLinkVectors(docOf(PAGER), PAGE);
    expect(vs.map((v) => v.url)).toEqual([
      "http://ex.com/article?page=0",
      "http://ex.com/article?page=2",
      "http://ex.com/article?page=3",
    ]);
    const v = vs[1] as LinkVector;
    const arr = linkFeatureArray(v);
    expect(arr).toHaveLength(LINK_FEATURE_NAMES.length);
    LINK_FEATURE_NAMES.forEach((n, i) => {
      expect(arr[i]).toBe(v.features[n]);
    });
  });

  it("merges textLength by the median and linkSimilarity by the max", () => {
    const doc = docOf('<a href="/x">a</a><a href="/x">abcde</a><a href="/x">abc</a>');
    const v = vectorFor(extractLinkVectors(doc, PAGE), "http://ex.com/x");
    expect(v.features.textLength).toBe(3);
    expect(v.features.linkSimilarity).toBe(1);
  });

  it("does not set nextText for a sentence that contains 'next'", () => {
    const doc = docOf('<p><a href="/slides/4">The next slide</a></p>');
    const v = vectorFor(extractLinkVectors(doc, PAGE), "http://ex.com/slides/4");
    expect(v.features.nextText).toBe(0);
    expect(v.features.nextLabel).toBe(1);
  });

  it("sets inHeadOrFooter only when every anchor is in a header or footer", () => {
    const doc = docOf(
      '<header><a href="/about">About</a><a href="/2">2</a></header><a href="/2">Next</a>',
    );
    const vs = extractLinkVectors(doc, PAGE);
    expect(vectorFor(vs, "http://ex.com/about").features.inHeadOrFooter).toBe(1);
    expect(vectorFor(vs, "http://ex.com/2").features.inHeadOrFooter).toBe(0);
  });

  it("finds the next page of the offset-paged search results", () => {
    const doc = docOf(
      '<a href="/s?q=a&start=0">1</a><a href="/s?q=a&start=40">3</a><a href="/s?q=a&start=60">4</a>',
      "http://ex.com/s?q=a&start=20",
    );
    const vs = extractLinkVectors(doc, "http://ex.com/s?q=a&start=20");
    expect(vs.map((v) => v.features.isPlusOne)).toEqual([0, 1, 0]);
    expect(vs.map((v) => v.features.pageNumberDelta)).toEqual([-20, 20, 40]);
  });

  it("counts a blog's cursor link as one page on when it reads older, not newer", () => {
    const home = "http://blog.ex.com/";
    const doc = docOf(
      '<a href="/search?updated-max=2016-03-18T10:00:00&max-results=1&reverse-paginate=true">Newer Posts</a>' +
        '<a href="/search?updated-max=2016-03-18T09:00:00&max-results=1">Older Posts</a>' +
        '<a href="/search?updated-min=2015-01-01T00:00:00&updated-max=2016-01-01T00:00:00">2015</a>',
      home,
    );
    const vs = extractLinkVectors(doc, home);
    expect(vs.map((v) => v.features.cursorParam)).toEqual([1, 1, 0]);
    expect(vs.map((v) => v.features.isPlusOne)).toEqual([0, 1, 0]);
    expect(vs.map((v) => v.features.olderStep)).toEqual([0, 1, 0]);
  });

  it("never throws on an empty document or <html></html>", () => {
    const empty = new JSDOM("").window.document;
    empty.documentElement.remove();
    expect(extractLinkVectors(empty, PAGE)).toEqual([]);
    expect(extractLinkVectors(new JSDOM("<html></html>").window.document, PAGE)).toEqual([]);
  });

  it("works on a DOMParser document (no window, foreign base URI)", () => {
    const { window } = new JSDOM("", { url: "http://elsewhere.org/" });
    const doc = new window.DOMParser().parseFromString(PAGER, "text/html");
    const v = vectorFor(extractLinkVectors(doc, PAGE), "http://ex.com/article?page=2");
    expect(v.features.occurrences).toBe(2);
    expect(v.features.visible).toBe(1);
    expect(v.features.area).toBe(0);
  });
});

const ARS_FILE = arsLionFile("the arstechnica real-page test");
const ARS_URL = ARS_LION_URL;

describe("real page", () => {
  it.skipIf(ARS_FILE === "")("finds page 2 of the arstechnica Lion review", () => {
    const doc = new JSDOM(readFileSync(ARS_FILE, "utf8"), { url: ARS_URL }).window.document;
    const t0 = performance.now();
    const vs = extractLinkVectors(doc, ARS_URL);
    const ms = performance.now() - t0;
    const v = vectorFor(vs, `${ARS_URL}/2`);
    expect(v.features.occurrences).toBeGreaterThanOrEqual(2);
    expect(v.features.nextText).toBe(1);
    expect(v.features.isPlusOne).toBe(1);
    expect(vs.filter((x) => x.features.isPlusOne === 1).map((x) => x.url)).toEqual([
      `${ARS_URL}/2`,
    ]);
    console.info(`arstechnica link extraction: ${vs.length} vectors in ${ms.toFixed(1)} ms`);
  });
});

describe("pagePrefix", () => {
  it("is high for pages of one document and low for another slug", () => {
    expect(pagePrefix("http://ex.com/story", "http://ex.com/story/2")).toBeGreaterThan(0.85);
    expect(pagePrefix("http://ex.com/list?page=1", "http://ex.com/list?page=2")).toBeGreaterThan(
      0.9,
    );
    expect(
      pagePrefix("http://ex.com/2011/08/a_post.html", "http://ex.com/2011/08/another_post.html"),
    ).toBeLessThan(0.7);
    expect(pagePrefix("", "")).toBe(0);
  });
});
