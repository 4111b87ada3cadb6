/**
 * Two small sites for end-to-end tests of sibling pages. Binds 127.0.0.1 only
 * and records every request it answers.
 *
 * - `/news` (page 1) and `/news?page=N`: a news list, newest first, {@link NEWS_PER_PAGE}
 *   stories a page, starting with {@link NEWS_START} stories. Before each page after the
 *   first is served, {@link NEWS_PUBLISHED} new stories are published at the top, so every
 *   next page starts with stories the reader has already seen (a shifting list). Page 1
 *   starts the story over (back to {@link NEWS_START} stories).
 * - `/series/N` (1 ≤ N ≤ {@link SERIES_PAGES}): one article over 4 pages, each with
 *   {@link SERIES_PARAGRAPHS} paragraphs of its own and, inside the same body, the same
 *   share line, newsletter box and "Read more from this series" list.
 * Anything else answers 404.
 */
import http from "node:http";
import { listenLocally } from "./local-server";

export const NEWS_PER_PAGE = 10;
export const NEWS_START = 50;
export const NEWS_PUBLISHED = 3;
export const SERIES_PAGES = 4;
export const SERIES_PARAGRAPHS = 12;

/** The boilerplate blocks of every series page, by a phrase only that block holds. */
export const SERIES_BOILERPLATE = {
  share: "Share this part: Mail · Mastodon · Copy link",
  newsletter: "Sign up for the Saturday letter",
  series: "Read more from this series",
} as const;

/** One request the server answered. */
export interface SiblingsRequest {
  path: string;
  status: number;
}

/** A running sibling-pages site; see {@link startSiblingsServer}. */
export interface SiblingsServer {
  origin: string;
  requests: SiblingsRequest[];
  close(): Promise<void>;
}

const PLACES = ["harbour", "council", "bridge", "festival", "library", "railway", "market"];

/** Title of story `n` (distinct per story). */
export function storyTitle(n: number): string {
  return `Story ${n}: news from the ${PLACES[n % PLACES.length]}`;
}

/** Text of paragraph `k` (1-based) of series page `n`: words of its own. */
export function seriesParagraph(n: number, k: number): string {
  return `Part ${n}, paragraph ${k}. The walk along the ${PLACES[(n + k) % PLACES.length]} went on, and this sentence belongs to this page alone.`;
}

function doc(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body>
<header><a href="/">The Town Paper</a> <nav><a href="/news">News</a> <a href="/series/1">Series</a></nav></header>
${body}
<footer><p>© The Town Paper</p></footer>
</body></html>
`;
}

function newsPage(stories: number, page: number): string {
  // Newest first: the list is stories, stories-1, …, 1.
  const from = stories - (page - 1) * NEWS_PER_PAGE;
  const ids: number[] = [];
  for (let n = from; n > Math.max(0, from - NEWS_PER_PAGE); n--) ids.push(n);
  const items = ids
    .map(
      (n) =>
        `<article class="story"><h2><a href="/news/story/${n}">${storyTitle(n)}</a></h2>` +
        `<p class="dek">What the ${PLACES[n % PLACES.length]} decided, in story number ${n}, told in two short sentences. More inside.</p>` +
        `<p class="byline">By Desk ${n % 4}</p></article>`,
    )
    .join("\n");
  const older = from - NEWS_PER_PAGE > 0;
  const nav = `<nav class="pager">${page > 1 ? `<a rel="prev" href="/news?page=${page - 1}">‹ Newer</a> ` : ""}${older ? `<a rel="next" href="/news?page=${page + 1}">Older stories ›</a>` : ""}</nav>`;
  return doc(
    `Latest news — page ${page}`,
    `<main><h1>Latest news</h1><section id="stories">\n${items}\n</section>${nav}</main>`,
  );
}

function seriesPage(n: number): string {
  const own = Array.from(
    { length: SERIES_PARAGRAPHS },
    (_, i) => `<p>${seriesParagraph(n, i + 1)}</p>`,
  );
  const share = `<p class="share">${SERIES_BOILERPLATE.share}</p>`;
  const newsletter =
    `<div class="newsletter"><h3>${SERIES_BOILERPLATE.newsletter}</h3>` +
    "<p>One email a week with the best of the paper. No ads, ever.</p>" +
    '<form action="/subscribe"><input type="email" name="email"><button>Subscribe</button></form></div>';
  const series =
    `<aside class="more-series"><h3>${SERIES_BOILERPLATE.series}</h3><ul>` +
    Array.from(
      { length: SERIES_PAGES },
      (_, i) => `<li><a href="/series/${i + 1}">A walk around town, part ${i + 1}</a></li>`,
    ).join("") +
    "</ul></aside>";
  const body = [share, ...own.slice(0, 4), newsletter, ...own.slice(4, 8), series, ...own.slice(8)];
  const pager = `<nav class="pages">${n > 1 ? `<a rel="prev" href="/series/${n - 1}">‹ Previous part</a> ` : ""}${n < SERIES_PAGES ? `<a rel="next" href="/series/${n + 1}">Next part ›</a>` : ""}</nav>`;
  return doc(
    `A walk around town — part ${n}`,
    `<main><article class="post"><h1>A walk around town, part ${n}</h1><div class="entry">${body.join("\n")}</div></article>${pager}</main>`,
  );
}

/**
 * Start the site on a free port of 127.0.0.1.
 * @returns `{ origin, requests, close }` once listening
 */
export async function startSiblingsServer(): Promise<SiblingsServer> {
  const requests: SiblingsRequest[] = [];
  let stories = NEWS_START;
  const server = http.createServer((req, res) => {
    req.resume();
    const target = req.url ?? "/";
    const url = new URL(target, "http://127.0.0.1");
    let status = 200;
    let body = "not found\n";
    const seriesMatch = /^\/series\/(\d+)$/.exec(url.pathname);
    if (url.pathname === "/news") {
      const page = Number(url.searchParams.get("page") ?? "1");
      if (page === 1) stories = NEWS_START;
      else stories += NEWS_PUBLISHED;
      if (Number.isInteger(page) && page >= 1 && (page - 1) * NEWS_PER_PAGE < stories)
        body = newsPage(stories, page);
      else status = 404;
    } else if (
      seriesMatch &&
      Number(seriesMatch[1]) >= 1 &&
      Number(seriesMatch[1]) <= SERIES_PAGES
    ) {
      body = seriesPage(Number(seriesMatch[1]));
    } else status = 404;
    requests.push({ path: target, status });
    res.writeHead(status, {
      "Content-Type": status === 200 ? "text/html; charset=utf-8" : "text/plain",
      "Cache-Control": "no-store",
    });
    res.end(body);
  });
  return { ...(await listenLocally(server)), requests };
}
