/**
 * Result lists whose visible pager is built by the page's own script (buttons with no
 * `href`; Vue's `@click` on an `href="#main"`), which name their next page only in the head
 * (`<link rel="next">`), as the shops, classifieds and directories of `corpus/pairs/scrape/`
 * do for search engines. Binds 127.0.0.1 only and records every request.
 *
 * Two shapes, each as a real list of the pairs corpus writes it:
 * - `directory`: `/programs/?page=N` (page 1 read at `?page=1`), a title and heading that
 *   say "Page 2 of 3, …" from page 2 on, `rel=prev` naming page 1 without its `?page=1`,
 *   and a "Next" that is a script's `href="#main"`;
 * - `classifieds`: `/cars/honda`, then `?o=2` (a page parameter of one letter no generator
 *   names), the same title and heading on every page, a canonical that names page 1 on
 *   every page, and a pager of numbered buttons filled in by script.
 * Every page has the site's header and footer and {@link ITEMS} result cards. Opened at
 * `#read`, page 1's script plays the reader (for Firefox): it scrolls to its end every
 * 200 ms, and once the list has not grown for 3 s asks for `/report?items=N&inorder=0|1&
 * headers=N&footers=N&clicked=N` (answered 204).
 */
import { type PagesServer, servePages } from "./local-server";

/** Pages of each list. */
export const PAGES = 3;
/** Result cards per page. */
export const ITEMS = 12;

/** How a list names its pages. */
export interface ShopShape {
  name: string;
  /** the path page 1 is read at */
  home: string;
  /** the request path of page n (1-based) as its head names it */
  path: (n: number) => string;
  /** the `<title>` and `<h1>` of page n */
  title: (n: number) => string;
  heading: (n: number) => string;
  /** the canonical URL of page n, if the page names one */
  canonical?: (n: number) => string;
  /** the visible pager of page n: script-built, no `href` to follow */
  pager: (n: number) => string;
}

export const SHOP_SHAPES: ShopShape[] = [
  {
    name: "directory: ?page=N, Page 2 of 3 in the title, a script's Next",
    home: "/programs/?page=1",
    path: (n) => (n === 1 ? "/programs/" : `/programs/?page=${n}`),
    title: (n) =>
      `${n > 1 ? `Page ${n} of ${PAGES}, ` : ""}Best Bachelor Degrees in Computer Science 2026`,
    heading: (n) =>
      n > 1 ? `Page ${n} of ${PAGES}, ` : "36 Bachelor Programs in Computer Science",
    pager: (n) =>
      `<div class="pagination" data-current="${n}">${
        n < PAGES ? '<a href="#main" class="next-button" data-go="next">Next</a>' : ""
      }</div>`,
  },
  {
    name: "classifieds: ?o=N, one title, a canonical naming page 1, numbered buttons",
    home: "/cars/honda",
    path: (n) => (n === 1 ? "/cars/honda" : `/cars/honda?o=${n}`),
    title: () => "Honda Cars for sale - Buy New and Used Cars | Wheels",
    heading: () => "Honda Cars for sale",
    canonical: () => "/cars/honda",
    pager: (n) =>
      `<nav class="paging" aria-label="pages">${Array.from(
        { length: PAGES },
        (_, k) =>
          `<button type="button" class="page-btn${k + 1 === n ? " is-current" : ""}" data-o="${k + 1}">${k + 1}</button>`,
      ).join("")}</nav>`,
  },
];

/** The name of result `k` (0-based over the whole list) of a shape, distinct. */
export function itemName(shape: ShopShape, k: number): string {
  return `${shape.name.split(":")[0]} result ${k + 1}: ${["Wreath", "Garland", "Lantern", "Basket"][k % 4]} no. ${1000 + k}`;
}

function card(shape: ShopShape, k: number): string {
  return `<li class="result-card">
  <a class="result-link" href="/item/${7000 + k}"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="" width="80" height="60"><h3 class="result-name">${itemName(shape, k)}</h3></a>
  <p class="result-meta">From a seller near you, in good condition, with papers and a short history of its use.</p>
  <span class="result-price">RM ${(k + 3) * 1100}</span>
</li>`;
}

/** Page n of a shape, as the server sends it. */
export function shopPage(shape: ShopShape, n: number, origin: string): string {
  const head = [
    `<title>${shape.title(n)}</title>`,
    shape.canonical ? `<link rel="canonical" href="${origin}${shape.canonical(n)}">` : "",
    n > 1 ? `<link rel="prev" href="${origin}${shape.path(n - 1)}">` : "",
    n < PAGES ? `<link rel="next" href="${origin}${shape.path(n + 1)}">` : "",
  ].join("\n");
  const cards = Array.from({ length: ITEMS }, (_, i) => card(shape, (n - 1) * ITEMS + i)).join(
    "\n",
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
${head}
<style>.result-card { height: 140px; } body { font: 16px sans-serif; }</style>
</head>
<body>
<header class="site-header"><a href="/">Wheels</a> <a href="/sell">Sell</a> <a href="/help">Help</a></header>
<main id="main">
<h1 class="listing-title">${shape.heading(n)}</h1>
<ul class="results">
${cards}
</ul>
${shape.pager(n)}
</main>
<footer class="site-footer"><a href="/about">About</a> <a href="/terms">Terms</a> © Wheels</footer>
<script>
// The site's pager: its buttons load a page by script (here they only mark the click).
document.addEventListener("click", function (e) {
  var b = e.target.closest && e.target.closest("[data-o], [data-go]");
  if (b) { e.preventDefault(); b.setAttribute("data-clicked", "1"); }
});
// A reader for browsers the tests cannot drive (Firefox): opened at #read, page 1 scrolls
// to its end, and once the list has not grown for 3 s reports what it shows.
if (location.hash === "#read") (function () {
  var last = -1, still = 0;
  var t = setInterval(function () {
    scrollTo(0, document.documentElement.scrollHeight);
    var names = document.querySelectorAll("h3.result-name");
    if (names.length !== last) { last = names.length; still = 0; return; }
    if ((still += 200) < 3000) return;
    clearInterval(t);
    var nums = Array.prototype.map.call(names, function (h) { return Number((/result (\\d+):/.exec(h.textContent) || [])[1]); });
    var inorder = nums.every(function (n, i) { return n === i + 1; }) ? 1 : 0;
    fetch("/report?items=" + names.length + "&inorder=" + inorder +
      "&headers=" + document.querySelectorAll("header.site-header").length +
      "&footers=" + document.querySelectorAll("footer.site-footer").length +
      "&clicked=" + document.querySelectorAll("[data-clicked]").length);
  }, 200);
})();
</script>
</body></html>
`;
}

/** A running site; see {@link startShopServer}. */
export type ShopServer = PagesServer;

/**
 * Serve one shape's pages on a free port of 127.0.0.1; anything else answers 404.
 * @param shape the list's shape
 * @returns the site; `close()` stops it
 */
export function startShopServer(shape: ShopShape): Promise<ShopServer> {
  return servePages((path, origin) => {
    const n = Array.from({ length: PAGES }, (_, i) => i + 1).find(
      (k) => shape.path(k) === path || (k === 1 && shape.home === path),
    );
    return n === undefined ? null : shopPage(shape, n, origin);
  });
}
