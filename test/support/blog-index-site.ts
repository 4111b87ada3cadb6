/**
 * Blog indexes as static site generators write them, for the e2e suites (Chromium and
 * Firefox): page 1 at the site's root (or the blog's or the locale's), no "next" word,
 * only "Older posts" / "Newer posts" links or the numbers alone, and page N at an address
 * whose page number the URL writes its own way. The pagers are written as the real blogs
 * of `corpus/pairs/static/` write them (Pelican's button, WordPress's `.nav-previous`,
 * Material for MkDocs' numbers, a German archive's "Ältere Ausgaben", a locale's root).
 * Each index has the site's header and footer and five dated posts a page.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const PAGES = 3;
export const POSTS = 5;

/** How one generator names its index pages and writes its pager (each as a real blog
 * index of the pairs corpus writes it). */
export interface Shape {
  name: string;
  lang: string;
  /** the path page 1 is read at */
  home: string;
  /** the file that serves index page n (1-based), relative to the site's root */
  file: (n: number) => string;
  /** the request path index page n (from 2 on) is linked at */
  path: (n: number) => string;
  /** the pager of index page n of {@link PAGES}, `origin` the site's */
  pager: (n: number, origin: string) => string;
}

export const SHAPES: Shape[] = [
  {
    // Pelican's theme: one button, an absolute URL, a left-pointing icon for "older".
    name: "Pelican: /index2.html",
    lang: "en",
    home: "/",
    file: (n) => (n === 1 ? "index.html" : `index${n}.html`),
    path: (n) => `/index${n}.html`,
    pager: (n, origin) =>
      `<div class="pagination">${
        n < PAGES
          ? `<a class="btn float-left" href="${origin}/index${n + 1}.html"> <i class="fa fa-angle-left"></i> Older Posts </a>`
          : ""
      }${
        n > 1
          ? `<a class="btn float-right" href="${origin}/${n === 2 ? "index" : `index${n - 1}`}.html"> Newer Posts <i class="fa fa-angle-right"></i> </a>`
          : ""
      }</div>`,
  },
  {
    // WordPress's Twenty Ten exported as static files: "Older posts" sits in
    // `.nav-previous`, the href is relative, above and below the posts.
    name: "WordPress export: relative page/2/index.html",
    lang: "en",
    home: "/",
    file: (n) => (n === 1 ? "index.html" : `page/${n}/index.html`),
    path: (n) => `/page/${n}/index.html`,
    pager: (n) => {
      const up = n === 1 ? "" : "../../";
      const older =
        n < PAGES
          ? `<a href="${up}page/${n + 1}/index.html" ><span class="meta-nav">&laquo;</span> Older posts</a>`
          : "";
      const newer =
        n > 1
          ? `<a href="${up}${n === 2 ? "" : `page/${n - 1}/`}index.html" >Newer posts <span class="meta-nav">&raquo;</span></a>`
          : "";
      return `<div class="navigation"><div class="nav-previous">${older}</div><div class="nav-next">${newer}</div></div>`;
    },
  },
  {
    // Material for MkDocs' blog: the numbered links alone, no "next", page 1 at
    // `/blog/index.html`.
    name: "MkDocs blog: numbers only, blog/page/2/index.html",
    lang: "zh",
    home: "/blog/index.html",
    file: (n) => (n === 1 ? "blog/index.html" : `blog/page/${n}/index.html`),
    path: (n) => `/blog/page/${n}/index.html`,
    pager: (n) => {
      const up = n === 1 ? "" : "../../";
      const items = Array.from({ length: PAGES }, (_, i) => i + 1).map((k) =>
        k === n
          ? `<span class="md-pagination__current">${k}</span>`
          : `<a class="md-pagination__link" href="${up}${k === 1 ? "" : `page/${k}/`}index.html">${k}</a>`,
      );
      return `<nav class="md-pagination">${items.join(" ")}</nav>`;
    },
  },
  {
    // A German newsletter archive: "Seite 1 von 3" and "Ältere Ausgaben →" to `/seite/2/`.
    name: "German archive: /seite/2/",
    lang: "de",
    home: "/",
    file: (n) => (n === 1 ? "index.html" : `seite/${n}/index.html`),
    path: (n) => `/seite/${n}/`,
    pager: (n) =>
      `<nav class="pagination" aria-label="Seitennavigation">${
        n > 1 ? `<a href="${n === 2 ? "/" : `/seite/${n - 1}/`}">&larr; Neuere Ausgaben</a> ` : ""
      }<span class="pagination-info">Seite ${n} von ${PAGES}</span> ${
        n < PAGES ? `<a href="/seite/${n + 1}/">Ältere Ausgaben &rarr;</a>` : ""
      }</nav>`,
  },
  {
    // A Russian blog whose index is its locale's root: `/ru/` → `/ru/page/2`.
    name: "Locale root: /ru/ → /ru/page/2",
    lang: "ru",
    home: "/ru/",
    file: (n) => (n === 1 ? "ru/index.html" : `ru/page/${n}/index.html`),
    path: (n) => `/ru/page/${n}`,
    pager: (n) =>
      `<ul class="pager main-pager">${
        n > 1
          ? `<li class="previous"><a href="/ru/${n === 2 ? "" : `page/${n - 1}`}">&larr; Newer Posts</a></li>`
          : ""
      }${n < PAGES ? `<li class="next"><a href="/ru/page/${n + 1}">Older Posts &rarr;</a></li>` : ""}</ul>`,
  },
];

/** The title of post k (0-based over the whole blog, newest first). */
export const postTitle = (shape: Shape, k: number) => `${shape.name.split(":")[0]} note ${100 - k}`;

export function indexPage(shape: Shape, n: number, origin: string): string {
  const posts = Array.from({ length: POSTS }, (_, i) => {
    const k = (n - 1) * POSTS + i;
    const day = 28 - k;
    const date = `2026-03-${String(day).padStart(2, "0")}`;
    return `<article class="post-entry">
  <h2 class="entry-title"><a href="/posts/note-${100 - k}.html">${postTitle(shape, k)}</a></h2>
  <time datetime="${date}">${date}</time>
  <p>Field notes on soldering a keyboard, entry ${100 - k}: the switches, the stabilisers,
  the plate and what went wrong with the diodes on the second row this time.</p>
  <a class="more" href="/posts/note-${100 - k}.html">Read more</a>
</article>`;
  }).join("\n");
  return `<!doctype html><html lang="${shape.lang}"><head><meta charset="utf-8">
<title>Workbench notes</title></head><body>
<header class="site-header"><a class="brand" href="/">Workbench notes</a>
<nav><a href="/">Home</a> <a href="/about.html">About</a> <a href="/tags.html">Tags</a></nav></header>
<main id="main">${posts}
${shape.pager(n, origin)}</main>
<footer class="site-footer">© 2026 Workbench notes · <a href="/feed.xml">RSS</a></footer>
</body></html>`;
}

/**
 * Write a blog's index pages under `dir`.
 *
 * @param dir the site's root folder (created)
 * @param shape how the generator names and links its pages
 * @param origin the origin the site is served at (absolute hrefs use it)
 * @returns the request path of each index page as the reader's visit and its links ask
 *   for it, page 1 first
 */
export function writeBlogIndex(dir: string, shape: Shape, origin: string): string[] {
  const paths: string[] = [];
  for (let n = 1; n <= PAGES; n++) {
    const file = join(dir, shape.file(n));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, indexPage(shape, n, origin));
    paths.push(n === 1 ? shape.home : shape.path(n));
  }
  return paths;
}
