import { JSDOM } from "jsdom";
import { describe, expect, it, vi } from "vitest";
import {
  elementAtMiddle,
  findAnchor,
  pageOf,
  pageScope,
  readingAnchor,
  SNIPPET_CHARS,
  scrollToAnchor,
  snippetOf,
} from "./anchor";

/** Page 1 as served, with pages 2 and 3 joined after it as tsugi inserts them. */
const JOINED = `<body>
  <header><a href="/">Home</a></header>
  <main>
    <article data-tsugi-page="1"><p>First page text.</p><p>Shared line</p></article>
    <div class="tsugi-separator" data-tsugi-separator="2"><a href="/p/2">Page 2</a></div>
    <article data-tsugi-page="2"><p>Second page text.</p><p>Shared line</p><a href="/x">Read on</a></article>
    <div class="tsugi-separator" data-tsugi-separator="3"><a href="/p/3">Page 3</a></div>
    <article data-tsugi-page="3"><p>Shared line</p><p>Third page text.</p><p>Shared line</p>
      <img src="http://s.test/pic.png"></article>
    <div class="tsugi-status"><span>Loading page 4…</span></div>
  </main></body>`;

function dom(html = JOINED) {
  return new JSDOM(html, { url: "http://s.test/p/1" }).window as unknown as Window;
}

/** Lay elements out in jsdom (which has no layout): each gets a top in viewport px. */
function placeAt(el: Element, top: number, height = 20) {
  el.getBoundingClientRect = () => ({ top, height, bottom: top + height }) as DOMRect;
}

describe("snippetOf", () => {
  it("is the collapsed text, cut to the snippet length", () => {
    const win = dom(`<p>  a\n  b  </p><p>${"x".repeat(500)}</p>`);
    const [a, b] = Array.from(win.document.querySelectorAll("p"));
    expect(snippetOf(a as Element)).toBe("a b");
    expect(snippetOf(b as Element)).toHaveLength(SNIPPET_CHARS);
  });
  it("is the source of an element without text", () => {
    const win = dom(`<img src="http://s.test/i.png">`);
    expect(snippetOf(win.document.querySelector("img") as Element)).toBe("http://s.test/i.png");
  });
});

describe("pageOf and pageScope", () => {
  it("name the joined page an element is in, 1 outside joined pages", () => {
    const doc = dom().document;
    expect(pageOf(doc.querySelector("header a") as Element)).toBe(1);
    expect(pageOf(doc.querySelector("[data-tsugi-page='3'] img") as Element)).toBe(3);
  });
  it("page 1's scope leaves out joined pages and tsugi's own blocks", () => {
    const scope = pageScope(dom().document, 1);
    expect(scope.map(snippetOf)).toContain("First page text.");
    const outside = ".tsugi-separator, .tsugi-status, [data-tsugi-page='2'], [data-tsugi-page='3']";
    expect(scope.filter((e) => e.closest(outside))).toEqual([]);
  });
  it("a joined page's scope is its nodes and their descendants", () => {
    const scope = pageScope(dom().document, 3);
    expect(scope.filter((e) => e.localName === "p").map(snippetOf)).toEqual([
      "Shared line",
      "Third page text.",
      "Shared line",
    ]);
  });
});

describe("findAnchor", () => {
  const anchor = { page: 3, tag: "p", text: "Shared line", nth: 1, offset: 200 };
  it("finds the nth element of its tag and text on its page", () => {
    const doc = dom().document;
    const el = findAnchor(doc, anchor);
    expect(el?.previousElementSibling?.textContent).toBe("Third page text.");
  });
  it("shifts pages when the document now starts at a later page", () => {
    // Reopened at page 3's own URL: page 3 is now the page as served.
    const doc = dom(`<body><article><p>Shared line</p><p>Third page text.</p><p>Shared line</p>
      </article><article data-tsugi-page="2"><p>Fourth page text.</p></article></body>`).document;
    const el = findAnchor(doc, anchor, 2);
    expect(el?.previousElementSibling?.textContent).toBe("Third page text.");
  });
  it("is null when the page no longer has such an element", () => {
    expect(findAnchor(dom().document, { ...anchor, text: "Gone" })).toBeNull();
  });
});

describe("readingAnchor and scrollToAnchor", () => {
  it("names the element at the middle of the viewport and finds it again", () => {
    const win = dom();
    const doc = win.document;
    const target = doc.querySelectorAll("[data-tsugi-page='3'] p")[2] as Element;
    placeAt(target, 380);
    Object.assign(win, { innerWidth: 1000, innerHeight: 800 });
    doc.elementFromPoint = () => target;
    const anchor = readingAnchor(win);
    expect(anchor).toEqual({ page: 3, tag: "p", text: "Shared line", nth: 1, offset: 380 });
    // Later, in a document laid out differently: the element is 1,000 px lower.
    placeAt(target, 1380);
    const scrollTo = vi.fn();
    Object.assign(win, { scrollTo, scrollY: 40 });
    expect(scrollToAnchor(win, anchor as NonNullable<typeof anchor>)).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1040, behavior: "instant" });
  });
  it("climbs out of an inline element without text, and skips tsugi's own blocks", () => {
    const win = dom(
      `<body><p id="t">Words <span></span></p><div class="tsugi-status">x</div></body>`,
    );
    Object.assign(win, { innerWidth: 1000, innerHeight: 800 });
    const doc = win.document;
    const span = doc.querySelector("span") as Element;
    const status = doc.querySelector(".tsugi-status") as Element;
    placeAt(doc.getElementById("t") as Element, 390);
    let calls = 0;
    doc.elementFromPoint = () => (calls++ === 0 ? status : span);
    expect(elementAtMiddle(win)?.id).toBe("t");
  });
  it("is null on a screen with nothing to name", () => {
    const win = dom("<body></body>");
    win.document.elementFromPoint = () => win.document.body;
    expect(readingAnchor(win)).toBeNull();
  });
});
