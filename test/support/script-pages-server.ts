/**
 * A small site for end-to-end tests of pages built by script.
 * Binds 127.0.0.1 only and records every request it answers.
 *
 * - `/spa/N` (1 ≤ N ≤ {@link LAST_PAGE}): numbered pages whose HTML is an app shell: an
 *   empty `<ul id="items">` and a server-rendered pager (links 1…5, "Next ›" with
 *   rel=next). The page's own script fetches `/spa/api?page=N` (JSON) and fills the list;
 *   for N ≥ 2 the API answers after {@link API_DELAY_MS}, so whoever reads the page must
 *   wait for the script; meanwhile the list shows a "Loading…" item. Fetched as HTML (scripts never run), a page ≥ 2 has no item.
 *   The page counts AutoPagerize's events in `window.__ap` ({ nodes, pages }).
 *   `/spa/1?reader=1` (and `/ext/1?reader=1`, `/own/1?reader=1` and the placeholder shells') adds a script that plays the reader for browsers the tests cannot
 *   drive (Firefox): it scrolls to the end every 300 ms until every item is shown (or 60 s
 *   passed), then reports `/report?items=N&inorder=0|1&pages=P` (items shown, whether they
 *   are items 1…N once each in order, AutoPagerize page events seen).
 * - `/spa/api?page=N`: `{ items: [{ n, title, text }] }`, {@link PER_PAGE} items.
 * - `/stuck/N`: the same shell, whose script never fills the list (the iframe must time
 *   out); `/stuck/1` is filled, as page 1 must be for detection.
 * - `/away/N`: the same shell; on page ≥ 2 the script sends its own document to another
 *   origin (`http://localhost:PORT/spa/N`): a rendering frame that lands elsewhere.
 * - `/bust/N`: the same shell, filled, whose script on pages ≥ 2 first tries to take over
 *   the tab it is framed in (`top.location = …`, a frame-buster), to open a window
 *   (`window.open("/popup")`) and to submit a form to `/submit`; once filled, each item
 *   gets an `onclick`, a `javascript:` link and a `<script>` of its own.
 * - `/slow/N`: the same shell, filled, whose pages ≥ 2 also show an image that never
 *   arrives (`/hang` is never answered): their `load` event never fires.
 * - `/own/N`: a site with its own infinite scroll: page N's items in the HTML and a
 *   visible pager with "Next ›" to `/own/N+1` (also real pages, for readers without
 *   script), plus a script that, whenever the reader is within {@link OWN_THRESHOLD_PX}
 *   of the end, fetches `/own/api?page=K` and appends its items to the list itself,
 *   until page {@link LAST_PAGE}. `/feed` is its page 1 without any pager (no link at all).
 *   `/ownlong/N` is the same site with items {@link LONG_ITEM_PX} tall: its end lies
 *   several screens below the top, so tsugi's entry does not wake at load on its own.
 * - `/loading/N`, `/skeleton/N`, `/spinner/N`: app shells whose static HTML already holds
 *   the list container with a placeholder — a "Loading…" line, a skeleton of cards of the
 *   items' own kind with a grey avatar and no text, a small spinner image — and no pager at all: the page's script
 *   renders both the list and the numbered pager (`/loading` and `/spinner` from
 *   `/spa/api?page=N`, `/skeleton` from JSON inline in the page).
 * - `/toolbar/N`: an app shell whose list container holds only a toolbar row ("Sort by:
 *   newest · oldest", {@link TOOLBAR}) and no pager; the page's script keeps that row as
 *   the list's first child, appends the items (from `/spa/api?page=N`) after it and
 *   renders the pager. Page 1 shows the same row above its items: a fetched page 2 holds
 *   only page 1's boilerplate.
 * - `/late/N`: the `/loading` shell whose page 1 renders its list and its pager only
 *   {@link LATE_FILL_MS} after load (a slow API): the gate's first look, at load on a
 *   page this short, sees a shell without a pager.
 * - `/spinner.svg`: the spinner image.
 * - `/ext/N`: the `/spa` shell that also loads a script of another site
 *   (`http://localhost:PORT/ext.js?page=N`, the same server under another host name, as
 *   an ad or analytics script would come from another host); its list does not need it.
 * - `/ext.js?page=N`: that script (sets `window.__ext`).
 * - `/plain/N`: the `/ownlong` pages without their script: a pager and no scrolling of its
 *   own, the end several screens below the top.
 * - `/threads?page=N` (1 ≤ N ≤ {@link THREAD_PAGES}; no `page` is page 1): a forum whose every
 *   page, as served, is `<div id="app"><p class="loading">Loading…</p></div>` and one inline
 *   script. The script reads `?page=N`, fetches `/api/threads?page=N` (JSON: {@link THREADS_PER_PAGE}
 *   threads and `last`) and replaces the whole `#app` with a new one holding an
 *   `<ol class="threads">` of the page's threads and a `<nav class="pager">` of numbered links
 *   (the current page a `<span class="current">`) and `<a class="next">Next ›</a>`: nothing of
 *   the list or the pager is in the served HTML of any page. The API answers after
 *   {@link THREAD_DELAY_MS}; `/slowthreads?page=N` is the same forum whose API answers after
 *   {@link API_DELAY_MS}. `?reader=1` on page 1 adds a script that plays the reader (as
 *   `/spa/1?reader=1`, counting `li.thread` items, "Thread N" in order).
 * - `/forum?page=N`, `/slowforum?page=N`: the same forum as real app shells serve it: a
 *   static `<header>` (site name, a nav of Home / About / Contact) before the mount point
 *   and a static `<footer>` (©, Privacy, Terms) after it, on every page ({@link FORUM_HEADER},
 *   {@link FORUM_FOOTER}); the API answers at once (`/forum`) or after {@link API_DELAY_MS}.
 * - `/api/threads?page=N&delay=MS`: `{ threads: [{ id, title, replies }], page, last }`.
 * - `/report?…`: the reader script's report (recorded, answers 200).
 * Anything else answers 404.
 */
import http from "node:http";
import { listenLocally } from "./local-server";

/** Items per page. */
export const PER_PAGE = 8;
/** The last page of each list. */
export const LAST_PAGE = 6;
/** Delay of the JSON answer for pages ≥ 2, ms. */
export const API_DELAY_MS = 300;

/** Threads per page of the `/threads` forum. */
export const THREADS_PER_PAGE = 15;
/** The last page of the `/threads` forum. */
export const THREAD_PAGES = 5;
/** Delay of the `/threads` forum's JSON answer, ms: the reader sees the list about this
 * long after load. */
export const THREAD_DELAY_MS = 100;

/** How long `/late/1` waits after load before it fills its list, ms. */
export const LATE_FILL_MS = 3000;
/** Height of an item of `/ownlong/N`, px: 8 of them make a page of several screens. */
export const LONG_ITEM_PX = 700;
/** The own-scroll site loads more when the reader is this close to the end, px. */
export const OWN_THRESHOLD_PX = 300;

/** One request the server answered. */
export interface ScriptPagesRequest {
  method: string;
  /** Path and query as received, e.g. `/spa/api?page=2`. */
  path: string;
  /** The Host header: `127.0.0.1:PORT` for the site, `localhost:PORT` for the "other site". */
  host: string;
  status: number;
}

/** A running site; see {@link startScriptPagesServer}. */
export interface ScriptPagesServer {
  origin: string;
  requests: ScriptPagesRequest[];
  close(): Promise<void>;
}

/**
 * Title and text of item `n` (1-based), distinct per item.
 * @param n item number
 */
export function itemOf(n: number): { n: number; title: string; text: string } {
  return {
    n,
    title: `Entry ${n}`,
    text: `Entry ${n} of the script-built list, a paragraph of its own about topic ${n * 7} and ${n * 13}.`,
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function pageItems(page: number) {
  return Array.from({ length: PER_PAGE }, (_, k) => itemOf((page - 1) * PER_PAGE + k + 1));
}

function itemsHtml(page: number): string {
  return pageItems(page)
    .map((it) => `<li class="entry"><h2>${esc(it.title)}</h2><p>${esc(it.text)}</p></li>\n`)
    .join("");
}

function pagerHtml(base: string, n: number): string {
  const links = Array.from({ length: LAST_PAGE }, (_, k) =>
    k + 1 === n
      ? `<span class="current">${k + 1}</span>`
      : `<a href="${base}/${k + 1}">${k + 1}</a>`,
  ).join(" ");
  const next =
    n < LAST_PAGE ? ` <a href="${base}/${n + 1}" rel="next" class="next">Next ›</a>` : "";
  return `<nav class="pager">${links}${next}</nav>`;
}

const RENDER = `
window.__ap = { nodes: 0, pages: 0 };
document.addEventListener("AutoPagerize_DOMNodeInserted", () => window.__ap.nodes++, true);
document.addEventListener("GM_AutoPagerizeNextPageLoaded", () => window.__ap.pages++);
function render(items) {
  const list = document.getElementById("items");
  for (const l of list.querySelectorAll(".loading")) l.remove();
  for (const it of items) {
    const li = document.createElement("li");
    li.className = "entry";
    li.innerHTML = "<h2></h2><p></p>";
    li.querySelector("h2").textContent = it.title;
    li.querySelector("p").textContent = it.text;
    list.append(li);
  }
}
`;

function shell(base: string, n: number, script: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Script-built list, page ${n}</title></head>
<body>
<header><h1>Script-built list</h1></header>
<main>
<ul id="items"></ul>
${pagerHtml(base, n)}
</main>
<script>${RENDER}${script}</script>
</body></html>
`;
}

/** Plays the reader in `/spa/1?reader=1` (see the module comment). */
const READER_SCRIPT = `
const t0 = Date.now();
const timer = setInterval(() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  const titles = Array.from(document.querySelectorAll("li.entry h2"), (h) => h.textContent);
  if (titles.length < ${PER_PAGE * LAST_PAGE} && Date.now() - t0 < 60000) return;
  clearInterval(timer);
  const inorder = titles.every((t, i) => t === "Entry " + (i + 1)) ? 1 : 0;
  fetch("/report?items=" + titles.length + "&inorder=" + inorder + "&pages=" + window.__ap.pages);
}, 300);
`;

const fill = (n: number) =>
  `document.getElementById("items").innerHTML = '<li class="loading">Loading…</li>';
fetch("/spa/api?page=${n}").then((r) => r.json()).then((d) => render(d.items));`;

function ownPage(
  n: number,
  pager = true,
  base = "/own",
  itemPx = 140,
  own = true,
  reader = "",
): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Own scroll, page ${n}</title>
<style>li.entry { min-height: ${itemPx}px; }</style></head>
<body>
<header><h1>A feed that scrolls by itself</h1></header>
<main>
<ul id="items">
${itemsHtml(n)}</ul>
${pager ? pagerHtml(base, n) : ""}
</main>
<script${own ? "" : ' type="text/plain"'}>${RENDER}
let next = ${n + 1};
let busy = false;
window.__own = 0;
addEventListener("scroll", async () => {
  if (busy || next > ${LAST_PAGE}) return;
  const end = document.getElementById("items").getBoundingClientRect().bottom;
  if (end - innerHeight > ${OWN_THRESHOLD_PX}) return;
  busy = true;
  const d = await (await fetch("/own/api?page=" + next)).json();
  render(d.items);
  window.__own++;
  next++;
  busy = false;
}, { passive: true });
</script>
${reader ? `<script>${reader}</script>` : ""}
</body></html>
`;
}

/** The toolbar row of `/toolbar/N`'s list, on every page (see the module comment). */
export const TOOLBAR =
  '<li class="toolbar"><span>Sort by:</span> <span class="sort current">newest</span> · <span class="sort">oldest</span></li>';

/** Placeholders of the shells of `/loading`, `/skeleton`, `/spinner` and `/toolbar`. */
const PLACEHOLDERS: Record<string, string> = {
  toolbar: TOOLBAR,
  loading: '<li class="loading">Loading…</li>',
  late: '<li class="loading">Loading…</li>',
  skeleton:
    '<li class="entry skeleton"><img src="/spinner.svg" width="40" height="40" alt=""><h2></h2><p></p></li>'.repeat(
      3,
    ),
  spinner: '<li class="wait"><img src="/spinner.svg" width="32" height="32" alt=""></li>',
};

/** A shell whose list and pager both come from the page's script (see the module comment). */
function placeholderShell(kind: string, n: number, reader = ""): string {
  const pager = JSON.stringify(pagerHtml(`/${kind}`, n));
  const draw = `function draw(items) {
  const list = document.getElementById("items");
  list.innerHTML = ${JSON.stringify(kind === "toolbar" ? TOOLBAR : "")};
  render(items);
  document.querySelector("main").insertAdjacentHTML("beforeend", ${pager});
}
`;
  const fetched = `fetch("/spa/api?page=${n}").then((r) => r.json()).then((d) => draw(d.items));`;
  const data =
    kind === "skeleton"
      ? `setTimeout(() => draw(${JSON.stringify(pageItems(n))}), ${n >= 2 ? API_DELAY_MS : 0});`
      : kind === "late" && n === 1
        ? `setTimeout(() => { ${fetched} }, ${LATE_FILL_MS});`
        : fetched;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shell with a placeholder, page ${n}</title></head>
<body>
<header><h1>Shell with a placeholder</h1></header>
<main>
<ul id="items">${PLACEHOLDERS[kind]}</ul>
</main>
<script>${RENDER}${draw}${data}${reader}</script>
</body></html>
`;
}

/** Title of thread `n` (1-based) of the `/threads` forum. */
export function threadTitle(n: number): string {
  return `Thread ${n}: ferry times after the storm, part ${n * 3}`;
}

/** The `/threads` forum's JSON for page `page`. */
function threadsJson(page: number): string {
  const threads = Array.from({ length: THREADS_PER_PAGE }, (_, k) => {
    const n = (page - 1) * THREADS_PER_PAGE + k + 1;
    return { id: 1000 + n, title: threadTitle(n), replies: (n * 7) % 40 };
  });
  return JSON.stringify({ threads, page, last: THREAD_PAGES });
}

/** Plays the reader on `/threads?page=1&reader=1` (see the module comment). */
const THREAD_READER = `
const t0 = Date.now();
const timer = setInterval(() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  const titles = Array.from(document.querySelectorAll("li.thread a.title"), (a) => a.textContent);
  if (titles.length < ${THREADS_PER_PAGE * THREAD_PAGES} && Date.now() - t0 < 60000) return;
  clearInterval(timer);
  const inorder = titles.every((t, i) => t.startsWith("Thread " + (i + 1) + ":")) ? 1 : 0;
  fetch("/report?items=" + titles.length + "&inorder=" + inorder + "&pages=0");
}, 300);
`;

/** The static site chrome of the `/forum` shells: served on every page, outside the mount
 * point, as real app shells serve it (see the module comment). */
export const FORUM_HEADER =
  '<header class="site-header"><h1><a href="/forum">Harbour forum</a></h1><nav class="site-nav"><a href="/forum">Home</a> <a href="/about">About</a> <a href="/contact">Contact</a></nav></header>';
export const FORUM_FOOTER =
  '<footer class="site-footer"><p>© 2026 Harbour Forum Ltd. All rights reserved.</p><p><a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></p></footer>';

/** A page of the `/threads` forum as served: the mount point and its script; with
 * `chrome`, the `/forum` shape: a static header before it and a static footer after it. */
function threadsShell(base: string, delayMs: number, reader: string, chrome = false): string {
  const script = `(function () {
  var n = Number(new URLSearchParams(location.search).get("page")) || 1;
  fetch("/api/threads?page=" + n + "&delay=${delayMs}").then(function (r) { return r.json(); }).then(function (d) {
    var esc = function (s) { return String(s).replace(/[&<>"]/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; }); };
    var items = d.threads.map(function (t) {
      return '<li class="thread"><a class="title" href="/t/' + t.id + '">' + esc(t.title) + '</a> <span class="replies">' + t.replies + ' replies</span></li>';
    }).join("");
    var links = [];
    for (var k = 1; k <= d.last; k++)
      links.push(k === d.page ? '<span class="current">' + k + '</span>' : '<a href="${base}?page=' + k + '">' + k + '</a>');
    var next = d.page < d.last ? ' <a class="next" href="${base}?page=' + (d.page + 1) + '">Next ›</a>' : "";
    document.getElementById("app").outerHTML = '<div id="app"><ol class="threads">' + items + '</ol><nav class="pager">' + links.join(" ") + next + '</nav></div>';
  });
})();`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Harbour forum</title></head>
<body>
${chrome ? FORUM_HEADER : ""}
<div id="app"><p class="loading">Loading…</p></div>
${chrome ? FORUM_FOOTER : ""}
<script>${script}</script>${reader ? `\n<script>${reader}</script>` : ""}
</body></html>
`;
}

type Reply = { status: number; type: string; body: string; delayMs?: number; hang?: boolean };

function route(url: URL, origin: string): Reply {
  const html = (body: string): Reply => ({ status: 200, type: "text/html; charset=utf-8", body });
  const json = (page: number, delayMs: number): Reply => ({
    status: 200,
    type: "application/json",
    body: JSON.stringify({ items: pageItems(page) }),
    delayMs,
  });
  const m =
    /^\/(spa|stuck|away|bust|slow|own|ownlong|loading|skeleton|spinner|toolbar|ext|plain|late)\/(\d+)$/.exec(
      url.pathname,
    );
  if (/^\/(threads|slowthreads|forum|slowforum)$/.test(url.pathname)) {
    const n = Number(url.searchParams.get("page") ?? "1");
    if (!Number.isInteger(n) || n < 1 || n > THREAD_PAGES)
      return { status: 404, type: "text/plain", body: "not found\n" };
    const slow = url.pathname.startsWith("/slow");
    const delay = slow ? API_DELAY_MS : url.pathname === "/forum" ? 0 : THREAD_DELAY_MS;
    const reader = n === 1 && url.searchParams.has("reader") ? THREAD_READER : "";
    const chrome = url.pathname.endsWith("forum");
    return html(threadsShell(url.pathname, delay, reader, chrome));
  }
  if (url.pathname === "/api/threads") {
    const n = Number(url.searchParams.get("page"));
    if (!Number.isInteger(n) || n < 1 || n > THREAD_PAGES)
      return { status: 404, type: "application/json", body: "{}" };
    const delayMs = Number(url.searchParams.get("delay")) || 0;
    return { status: 200, type: "application/json", body: threadsJson(n), delayMs };
  }
  if (url.pathname === "/feed") return html(ownPage(1, false));
  const n = m ? Number(m[2]) : 0;
  if (m && n >= 1 && n <= LAST_PAGE) {
    const base = `/${m[1]}`;
    const reader = n === 1 && url.searchParams.has("reader") ? READER_SCRIPT : "";
    if (m[1] === "spa") return html(shell(base, n, fill(n) + reader));

    if (m[1] === "ext") {
      const other = origin.replace("127.0.0.1", "localhost");
      const tag = `<script src="${other}/ext.js?page=${n}"></script>`;
      return html(shell(base, n, fill(n) + reader).replace("</head>", `${tag}</head>`));
    }
    if (m[1] && m[1] in PLACEHOLDERS) return html(placeholderShell(m[1], n, reader));
    if (m[1] === "stuck") return html(shell(base, n, n === 1 ? fill(1) : ""));
    if (m[1] === "bust") {
      const bust = `try { if (top !== self) top.location.href = location.href; } catch (e) {}
try { window.open("/popup"); } catch (e) {}
try { history.pushState({}, "", location.pathname + "?pushed=1"); } catch (e) {}
try { const f = document.createElement("form"); f.method = "post"; f.action = "/submit"; document.body.append(f); f.submit(); } catch (e) {}
`;
      // Once filled, each item gets a handler, a javascript: link and a script of its own:
      // what the frame's copy must lose before it is joined.
      const arm = `fetch("/spa/api?page=${n}").then((r) => r.json()).then((d) => {
render(d.items);
for (const li of document.querySelectorAll("li.entry")) {
  li.setAttribute("onclick", "top.__pwned = 1");
  li.insertAdjacentHTML("beforeend", '<a class="js" href="javascript:top.__pwned=2">more</a><script>top.__pwned = 3<\\/script>');
}
});`;
      return html(shell(base, n, n === 1 ? fill(1) : bust + arm));
    }
    if (m[1] === "slow") {
      const img =
        n === 1
          ? ""
          : 'document.body.insertAdjacentHTML("beforeend", \'<img src="/hang" alt="">\');';
      return html(shell(base, n, img + fill(n)));
    }
    if (m[1] === "away") {
      const other = origin.replace("127.0.0.1", "localhost");
      return html(shell(base, n, n === 1 ? fill(1) : `location.replace("${other}/spa/${n}");`));
    }
    if (m[1] === "plain") return html(ownPage(n, true, base, LONG_ITEM_PX, false));
    if (m[1] === "ownlong") return html(ownPage(n, true, base, LONG_ITEM_PX));
    return html(ownPage(n, true, "/own", 140, true, reader));
  }
  const page = Number(url.searchParams.get("page"));
  const valid = Number.isInteger(page) && page >= 1 && page <= LAST_PAGE;
  if (url.pathname === "/spa/api" && valid) return json(page, page >= 2 ? API_DELAY_MS : 0);
  if (url.pathname === "/own/api" && valid) return json(page, 100);
  if (url.pathname === "/ext.js")
    return {
      status: 200,
      type: "text/javascript",
      body: "window.__ext = (window.__ext || 0) + 1;\n",
    };
  if (url.pathname === "/spinner.svg")
    return {
      status: 200,
      type: "image/svg+xml",
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="12" fill="none" stroke="#888" stroke-width="4"/></svg>',
    };
  if (url.pathname === "/hang") return { status: 200, type: "image/png", body: "", hang: true };
  if (url.pathname === "/popup" || url.pathname === "/submit")
    return { status: 200, type: "text/plain", body: "recorded\n" };
  if (url.pathname === "/report") return { status: 200, type: "text/plain", body: "recorded\n" };
  return { status: 404, type: "text/plain", body: "not found\n" };
}

/**
 * Start the site on a free port of 127.0.0.1.
 * @returns `{ origin, requests, close }` once listening
 */
export async function startScriptPagesServer(): Promise<ScriptPagesServer> {
  const requests: ScriptPagesRequest[] = [];
  let origin = "";
  const server = http.createServer((req, res) => {
    req.resume();
    const method = req.method ?? "GET";
    const target = req.url ?? "/";
    const reply = route(new URL(target, "http://127.0.0.1"), origin);
    requests.push({ method, path: target, host: req.headers.host ?? "", status: reply.status });
    const send = () => {
      res.writeHead(reply.status, { "Content-Type": reply.type, "Cache-Control": "no-store" });
      res.end(reply.body);
    };
    // Never answered: the connection stays open until the server closes.
    if (reply.hang) return;
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  });
  const listening = await listenLocally(server);
  origin = listening.origin;
  return { ...listening, requests };
}
