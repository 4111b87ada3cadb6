/**
 * A small site for end-to-end tests of Back and Reload. Binds 127.0.0.1 only and
 * counts every request it answers.
 *
 * - `/{mode}/article/N` (1 ≤ N ≤ {@link PAGES}): page N of a long article, {@link PARAGRAPHS}
 *   paragraphs, with a link in its middle ("Continue to the story from page N") to
 *   `/elsewhere?from=N` and a next link (`rel=next`, "Next page") to page N + 1 below.
 *   `mode` is `cached` (`Cache-Control: max-age=3600`: the browser's HTTP cache may keep it
 *   and its back/forward cache may keep the page) or `nostore` (`Cache-Control: no-store`:
 *   kept by neither, as on many news and shop sites).
 * - `/scripted/article/N`: as `cached`, for browsers the tests cannot drive (Firefox): page
 *   1's own script plays the reader. On a fresh visit it scrolls to the end until page 4's
 *   first paragraph is in, brings page 3's link to the middle of the screen, waits, and
 *   reloads; after the reload it waits until page 4 is back (at most 5 s) and reports what
 *   it sees to `/report?order=…&counts=…&onscreen=0|1&ms=…` (ms since its navigation
 *   started).
 * - `/elsewhere`: a short page the reader visits before coming back.
 * Anything else answers 404.
 */
import http from "node:http";
import { listenLocally } from "./local-server";

/** Pages of the article. */
export const PAGES = 4;
/** Paragraphs per page; the link sits after half of them. */
export const PARAGRAPHS = 40;

/** A running site; see {@link startPlaceServer}. */
export interface PlaceServer {
  origin: string;
  /** Requests answered per path (query included), e.g. `/cached/article/2` → 1. */
  counts: Map<string, number>;
  close(): Promise<void>;
}

/** Text of paragraph `p` of page `n`, distinct across the article. */
export function paragraphOf(n: number, p: number): string {
  return `Page ${n}, paragraph ${p}: the story goes on with words that belong to this place only.`;
}

/** Text of the link in the middle of page `n`. */
export function linkTextOf(n: number): string {
  return `Continue to the story from page ${n}`;
}

function articlePage(mode: string, n: number): string {
  let body = "";
  for (let p = 1; p <= PARAGRAPHS; p++) {
    body += `<p>${paragraphOf(n, p)}</p>\n`;
    if (p === PARAGRAPHS / 2)
      body += `<p class="go"><a href="/elsewhere?from=${n}">${linkTextOf(n)}</a></p>\n`;
  }
  const next =
    n < PAGES ? `<a rel="next" href="/${mode}/article/${n + 1}">Next page</a>` : "<span>End</span>";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A long story, page ${n}</title>
<style>p { font: 16px/24px serif; margin: 0 0 16px; }</style></head>
<body>
<header><a href="/">Home</a></header>
<main>
<article class="entry"><h1>A long story, page ${n}</h1>
${body}</article>
<nav class="pager">${n > 1 ? `<a rel="prev" href="/${mode}/article/${n - 1}">Previous page</a> ` : ""}${next}</nav>
</main>
${mode === "scripted" && n === 1 ? `<script>${READER_SCRIPT}</script>` : ""}
</body></html>
`;
}

/** Page 1's reader for `scripted` mode (see the module comment); plain ES5 in the page. */
const READER_SCRIPT = `
(function () {
  var firsts = [1, 2, 3, 4].map(function (n) { return ${JSON.stringify(paragraphOf(0, 1))}.replace("Page 0", "Page " + n); });
  var link = ${JSON.stringify(linkTextOf(3))};
  function has(t) { return (document.body.textContent || "").indexOf(t) >= 0; }
  function linkEl() {
    return Array.prototype.find.call(document.querySelectorAll("a"), function (a) { return a.textContent === link; });
  }
  var nav = performance.getEntriesByType("navigation")[0];
  if (!nav || nav.type !== "reload") {
    var t = setInterval(function () {
      if (has(firsts[3])) {
        clearInterval(t);
        linkEl().scrollIntoView({ block: "center" });
        setTimeout(function () { location.reload(); }, 1500);
      } else window.scrollTo(0, document.documentElement.scrollHeight);
    }, 200);
    return;
  }
  var t0 = Date.now();
  var w = setInterval(function () {
    if (!has(firsts[3]) && Date.now() - t0 < 5000) return;
    clearInterval(w);
    // Give tsugi's scroll to the reader's place a moment after page 4 is in.
    setTimeout(function () {
      var text = document.body.textContent || "";
      var counts = firsts.map(function (f) { return text.split(f).length - 1; });
      var order = firsts.map(function (f, i) { return { at: text.indexOf(f), n: i + 1 }; })
        .filter(function (x) { return x.at >= 0; })
        .sort(function (a, b) { return a.at - b.at; })
        .map(function (x) { return x.n; });
      var a = linkEl();
      var r = a && a.getBoundingClientRect();
      var on = r && r.top >= 0 && r.bottom <= innerHeight ? 1 : 0;
      fetch("/report?order=" + order.join(",") + "&counts=" + counts.join(",") +
        "&onscreen=" + on + "&ms=" + Math.round(performance.now()));
    }, 300);
  }, 50);
})();
`;

/**
 * Start the site on a free port of 127.0.0.1.
 * @returns the site; `close()` stops it
 */
export async function startPlaceServer(): Promise<PlaceServer> {
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const m = /^\/(cached|nostore|scripted)\/article\/(\d+)$/.exec(path);
    const n = Number(m?.[2]);
    const html = "text/html; charset=utf-8";
    if (m?.[1] && n >= 1 && n <= PAGES) {
      res.writeHead(200, {
        "content-type": html,
        "cache-control": m[1] === "nostore" ? "no-store" : "max-age=3600",
      });
      res.end(articlePage(m[1], n));
    } else if (path.startsWith("/report")) {
      res.writeHead(204);
      res.end();
    } else if (path.startsWith("/elsewhere")) {
      res.writeHead(200, { "content-type": html, "cache-control": "no-store" });
      res.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Elsewhere</title></head><body><p>Somewhere else.</p></body></html>',
      );
    } else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  return { ...(await listenLocally(server)), counts };
}
