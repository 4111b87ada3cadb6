// @vitest-environment jsdom
/**
 * The page-2 judge on the URL shapes of real page 2s that exact-string comparison
 * refused, and on the pages it must still refuse. Each fixture is the shape as sites write
 * it: a full page (header, main, footer), the pager as the site words it.
 */
import { describe, expect, it } from "vitest";
import { page1Names, pageCountOf } from "./confirm-next";
import { judgePage2 } from "./page2-judge";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

const page = (title: string, main: string) =>
  parse(`<!doctype html><html><head><title>${title}</title></head><body>
  <header class="masthead"><a href="/" class="logo">Site</a><nav class="sections">
  <a href="/world/">World</a><a href="/arts/">Arts</a><a href="/category/travel/">Travel</a></nav></header>
  <main class="content">${main}</main>
  <footer class="colophon"><a href="/about/">About</a> © 2012</footer></body></html>`);

const paragraphs = (from: number) =>
  Array.from(
    { length: 5 },
    (_, i) =>
      `<p>Paragraph ${from + i} of the long magazine story, about the river towns and the people who stayed behind.</p>`,
  ).join("");

const posts = (from: number) =>
  Array.from(
    { length: 5 },
    (_, i) =>
      `<article class="post"><h2><a href="/blog/post-${from + i}/">Post number ${from + i} of the blog</a></h2>
       <p class="summary">Summary of post ${from + i}: notes on building things slowly.</p></article>`,
  ).join("");

const verdict = (p1: { doc: Document; url: string }, p2: { doc: Document; url: string }) =>
  judgePage2({ ...p1, candidates: [] }, p2);

describe("real page 2s that URL spelling refused", () => {
  it("a magazine article whose page 2 adds a redirect counter to its numbered links", () => {
    const base = "https://www.nytimes.com/2012/03/04/magazine/river-towns.html";
    const pager = (links: string) => `<div class="pageNumbers">${links}</div>`;
    const p1 = page(
      "The River Towns - NYTimes.com",
      `<h1>The River Towns</h1><div class="articleBody">${paragraphs(1)}</div>${pager(
        `<span class="current">1</span> <a href="river-towns.html?pagewanted=2">2</a>
         <a href="river-towns.html?pagewanted=3">3</a> <a href="river-towns.html?pagewanted=4">4</a>
         <a href="river-towns.html?pagewanted=2" class="next">Next Page »</a>`,
      )}`,
    );
    const p2 = page(
      "The River Towns - NYTimes.com",
      `<h1>The River Towns</h1><div class="articleBody">${paragraphs(6)}</div>${pager(
        `<a href="river-towns.html?pagewanted=1&_r=1">1</a> <span class="current">2</span>
         <a href="river-towns.html?pagewanted=3&_r=1">3</a> <a href="river-towns.html?pagewanted=4&_r=1">4</a>
         <a href="river-towns.html?pagewanted=3&_r=1" class="next">Next Page »</a>`,
      )}`,
    );
    const v = verdict({ doc: p1, url: base }, { doc: p2, url: `${base}?pagewanted=2&_r=1` });
    expect(v.confirmation.pagerMoved).toBe(true);
    expect(v.confirmation.samePager).toBe(true);
    expect(v.continues).toBe(true);
  });

  it("a blog read at the site root whose page 2 calls page 1 /blog/", () => {
    const p1 = page(
      "Notes - a blog",
      `<section class="posts">${posts(1)}</section><nav class="pagination"><span class="page-number current">1</span>
       <a class="page-number" href="/blog/page/2/">2</a><a class="older" href="/blog/page/2/">Older posts →</a></nav>`,
    );
    const p2 = page(
      "Notes - a blog - Page 2",
      `<section class="posts">${posts(6)}</section><nav class="pagination"><a class="newer" href="/blog/">← Newer posts</a>
       <a class="page-number" href="/blog/">1</a><span class="page-number current">2</span></nav>`,
    );
    const v = verdict(
      { doc: p1, url: "https://notes.example.org/" },
      { doc: p2, url: "https://notes.example.org/blog/page/2/" },
    );
    expect(v.confirmation.samePager).toBe(true);
    expect(v.confirmation.pointsBack).toBe(true);
    expect(v.continues).toBe(true);
  });

  it("a blog with only Older/Newer links whose 'Newer posts' leads to /index.html", () => {
    const p1 = page(
      "Field notes",
      `<section class="posts">${posts(1)}</section><nav class="blog-pager">
       <a class="blog-pager-older-link" href="/page2.html">Older posts</a></nav>`,
    );
    const p2 = page(
      "Field notes",
      `<section class="posts">${posts(6)}</section><nav class="blog-pager">
       <a class="blog-pager-newer-link" href="/index.html">Newer posts</a>
       <a class="blog-pager-older-link" href="/page3.html">Older posts</a></nav>`,
    );
    const v = verdict(
      { doc: p1, url: "https://fieldnotes.example.net/" },
      { doc: p2, url: "https://fieldnotes.example.net/page2.html" },
    );
    expect(v.confirmation.pointsBack).toBe(true);
    expect(v.continues).toBe(true);
  });

  it("a list read with tracking parameters that page 2's pager drops", () => {
    const tracked = "utm_source=newsletter&utm_medium=email&utm_campaign=spring";
    const p1 = page(
      "Garden chairs | Shop",
      `<ul class="grid">${posts(1)}</ul><nav class="pages"><span class="active">1</span>
       <a href="/chairs?page=2&${tracked}">2</a><a href="/chairs?page=3&${tracked}">3</a>
       <a href="/chairs?page=2&${tracked}">Next</a></nav>`,
    );
    const p2 = page(
      "Garden chairs | Shop",
      `<ul class="grid">${posts(6)}</ul><nav class="pages"><a href="/chairs">1</a><span class="active">2</span>
       <a href="/chairs?page=3">3</a><a href="/chairs?page=3">Next</a></nav>`,
    );
    const v = verdict(
      { doc: p1, url: `https://shop.example.com/chairs?${tracked}` },
      { doc: p2, url: `https://shop.example.com/chairs?page=2&${tracked}` },
    );
    expect(v.confirmation.pagerMoved).toBe(true);
    expect(v.confirmation.samePager).toBe(true);
    expect(v.continues).toBe(true);
  });

  it("a shop's page 2 whose rel=canonical names page 1", () => {
    const canonical = (html: Document) => {
      const link = html.createElement("link");
      link.rel = "canonical";
      link.href = "https://shop.example.com/chairs";
      html.head.append(link);
      return html;
    };
    const p1 = canonical(
      page(
        "Garden chairs | Shop",
        `<ul class="grid">${posts(1)}</ul><nav class="pages"><span class="active">1</span>
         <a href="/chairs?page=2">2</a><a href="/chairs?page=3">3</a></nav>`,
      ),
    );
    const p2 = canonical(
      page(
        "Garden chairs | Shop",
        `<ul class="grid">${posts(6)}</ul><nav class="pages"><a href="/chairs">1</a><span class="active">2</span>
         <a href="/chairs?page=3">3</a></nav>`,
      ),
    );
    const v = verdict(
      { doc: p1, url: "https://shop.example.com/chairs" },
      { doc: p2, url: "https://shop.example.com/chairs?page=2" },
    );
    expect(v.continues).toBe(true);
  });
});

describe("pages the judge still refuses", () => {
  const p1 = page(
    "Notes - a blog",
    `<section class="posts">${posts(1)}</section><nav class="pagination"><span class="page-number current">1</span>
     <a class="page-number" href="/blog/page/2/">2</a><a class="page-number" href="/blog/page/3/">3</a>
     <a class="older" href="/blog/page/2/">Older posts →</a></nav>`,
  );
  const root = "https://notes.example.org/";

  it("another list of the same site (page 1 of a category)", () => {
    const other = page(
      "Travel - Notes - a blog",
      `<section class="posts">${posts(40)}</section><nav class="pagination"><span class="page-number current">1</span>
       <a class="page-number" href="/category/travel/page/2/">2</a></nav>`,
    );
    const v = verdict(
      { doc: p1, url: root },
      { doc: other, url: "https://notes.example.org/category/travel/" },
    );
    expect(v.continues).toBe(false);
  });

  it("a filtered category's page 2 reached from the site root", () => {
    const filtered = page(
      "Travel - Notes - a blog - Page 2",
      `<section class="posts">${posts(46)}</section><nav class="pagination"><a class="newer" href="/category/travel/">← Newer posts</a>
       <a class="page-number" href="/category/travel/">1</a><span class="page-number current">2</span>
       <a class="page-number" href="/category/travel/page/3/">3</a></nav>`,
    );
    const v = verdict(
      { doc: p1, url: root },
      { doc: filtered, url: "https://notes.example.org/category/travel/page/2/" },
    );
    expect(v.confirmation.samePager).toBe(false);
    expect(v.confirmation.pointsBack).toBe(false);
    expect(v.continues).toBe(false);
  });

  it("the way back: page 2's link to page 1 taken for next", () => {
    const p2 = page(
      "Notes - a blog - Page 2",
      `<section class="posts">${posts(6)}</section><nav class="pagination"><a class="newer" href="/blog/">← Newer posts</a>
       <a class="page-number" href="/blog/">1</a><span class="page-number current">2</span>
       <a class="page-number" href="/blog/page/3/">3</a><a class="older" href="/blog/page/3/">Older posts →</a></nav>`,
    );
    const v = verdict(
      { doc: p2, url: "https://notes.example.org/blog/page/2/" },
      { doc: p1, url: root },
    );
    expect(v.continues).toBe(false);
  });
});

describe("pageCountOf", () => {
  const pager = (links: string) => parse(`<!doctype html><body><nav>${links}</nav></body>`);
  it("reads how page 1's pager counts: from 0 or from 1, null without a query parameter", () => {
    const from0 = pager(`<b>1</b><a href="/l?p=1">2</a><a href="/l?p=2">3</a>`);
    expect(pageCountOf(from0, "https://e.com/l")).toEqual({ key: "p", first: 0 });
    const from1 = pager(`<b>1</b><a href="/l?page=2">2</a><a href="/l?page=3">3</a>`);
    expect(pageCountOf(from1, "https://e.com/l")).toEqual({ key: "page", first: 1 });
    const path = pager(`<b>1</b><a href="/l/page/2/">2</a><a href="/l/page/3/">3</a>`);
    expect(pageCountOf(path, "https://e.com/l/")).toBeNull();
  });
});

describe("page1Names", () => {
  const root = parse(
    `<!doctype html><body><a href="/blog/">Blog</a><a href="/blog/page/2/">Older posts</a></body>`,
  );
  it("names the list path of the page followed from a front page that links to it", () => {
    const names = page1Names({ doc: root, url: "https://e.com/" }, "https://e.com/blog/page/2/");
    expect(names("https://e.com/blog/")).toBe(true);
    expect(names("https://e.com/index.html")).toBe(true);
    expect(names("https://e.com/blog/page/3/")).toBe(false);
  });
  it("does not, for a page the front page does not link to", () => {
    const names = page1Names(
      { doc: root, url: "https://e.com/" },
      "https://e.com/category/travel/page/2/",
    );
    expect(names("https://e.com/category/travel/")).toBe(false);
  });
  it("takes p=0 for page 1 where page 1's pager counts from 0", () => {
    const from0 = parse(
      `<!doctype html><body><b>1</b><a href="/l?p=1">2</a><a href="/l?p=2">3</a></body>`,
    );
    const names = page1Names({ doc: from0, url: "https://e.com/l" }, "https://e.com/l?p=1");
    expect(names("https://e.com/l?p=0")).toBe(true);
    expect(names("https://e.com/l?p=1")).toBe(false);
  });
});
