/**
 * A small site for end-to-end tests of "Load more" buttons. Binds 127.0.0.1
 * only and records every request it answers.
 *
 * - `/list`: a list of {@link PER_PAGE} items and a "Load more" button whose own script
 *   fetches `/api/items?page=N` (JSON) and appends the items; after page
 *   {@link LAST_PAGE} it removes the button. The page counts AutoPagerize's events in
 *   `window.__ap` ({ nodes, pages }). No link on the page leads anywhere.
 * - `/api/items?page=N` (2 ≤ N ≤ LAST_PAGE): `{ items: [{ n, title, text }], more }`.
 * - `/danger`: the same list, followed by dangerous buttons (buy, add to cart, delete,
 *   subscribe, log in, "Log in to see more", a load-more labelled button with an
 *   add-to-cart class…) and a form whose submit buttons read "Load more" / "Show more" /
 *   "もっと見る". Every click on the page is recorded in `window.__clicks` and sent to
 *   `/click?label=…`; the form posts to `/submit`. `/danger?control=1` adds one plain
 *   "Load more" button (type=button) after the dangerous ones, which appends 3 items and
 *   removes itself: the control case that shows clicks are seen.
 * - `/list?reader=1`: the same list for browsers the tests cannot drive (Firefox): its own
 *   script plays the reader, scrolling to the end every 300 ms; once the button is gone
 *   (or after 60 s) it reports `/report?items=N&inorder=0|1&pages=P`: the items shown,
 *   whether they are items 1…N once each in order, and AutoPagerize page events seen.
 * - `/list?reader=reload`: the same, with a reader who reloads: on a fresh visit its
 *   script scrolls to the end until the button is gone, brings item {@link READING_ITEM}
 *   to the middle of the screen, waits, and reloads; after the reload it only watches
 *   (tsugi clicks again, the reader does not scroll) until every item is back (at most
 *   20 s), then reports `/report?phase=reload&items=N&inorder=0|1&onscreen=0|1&ms=T`
 *   (items shown, in order once each, whether item {@link READING_ITEM} is on screen, ms
 *   since the reload's navigation started).
 * - `/inert`: the list and a "Load more" button whose click does nothing (counted in
 *   `window.__clicks`): the list never grows.
 * Anything else answers 404.
 */
import http from "node:http";
import { listenLocally } from "./local-server";

/** Items per page (page 1 is in the HTML, later pages come as JSON). */
export const PER_PAGE = 10;
/** The last page the button loads; the button is removed after it. */
export const LAST_PAGE = 5;

/** One request the server answered. */
export interface LoadMoreRequest {
  method: string;
  /** Path and query as received, e.g. `/api/items?page=2`. */
  path: string;
  status: number;
}

/** A running load-more site; see {@link startLoadMoreServer}. */
export interface LoadMoreServer {
  origin: string;
  /** Every request answered so far, in order. */
  requests: LoadMoreRequest[];
  close(): Promise<void>;
}

/**
 * Title and text of item `n` (1-based), distinct per item.
 * @param n item number
 */
export function itemOf(n: number): { n: number; title: string; text: string } {
  return {
    n,
    title: `Item ${n}`,
    text: `Item ${n} of the load-more list, with words of its own: number ${n} of ${PER_PAGE * LAST_PAGE}.`,
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function itemsHtml(from: number, to: number): string {
  let s = "";
  for (let n = from; n <= to; n++) {
    const it = itemOf(n);
    s += `<li class="item"><h2>${esc(it.title)}</h2><p>${esc(it.text)}</p></li>\n`;
  }
  return s;
}

function page(title: string, main: string, script: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body>
<header><h1>${esc(title)}</h1></header>
<main>
<ul id="items">
${itemsHtml(1, PER_PAGE)}</ul>
${main}
</main>
<script>${script}</script>
</body></html>
`;
}

const LIST_SCRIPT = `
window.__ap = { nodes: 0, pages: 0 };
document.addEventListener("AutoPagerize_DOMNodeInserted", () => window.__ap.nodes++, true);
document.addEventListener("GM_AutoPagerizeNextPageLoaded", () => window.__ap.pages++);
let next = 2;
document.getElementById("more").addEventListener("click", async () => {
  const r = await fetch("/api/items?page=" + next);
  const data = await r.json();
  const list = document.getElementById("items");
  for (const it of data.items) {
    const li = document.createElement("li");
    li.className = "item";
    li.innerHTML = "<h2></h2><p></p>";
    li.querySelector("h2").textContent = it.title;
    li.querySelector("p").textContent = it.text;
    list.append(li);
  }
  next++;
  if (!data.more) document.querySelector(".more").remove();
});
`;

/** The item the reader of `/list?reader=reload` reads when reloading. */
export const READING_ITEM = PER_PAGE * 3 + 5;

/** Plays the reader who reloads in `/list?reader=reload` (see the module comment). */
const RELOAD_READER_SCRIPT = `
(function () {
  function heading() {
    return Array.from(document.querySelectorAll("#items h2")).find(
      (h) => h.textContent === "Item ${READING_ITEM}",
    );
  }
  const nav = performance.getEntriesByType("navigation")[0];
  if (!nav || nav.type !== "reload") {
    const t = setInterval(() => {
      if (document.querySelector(".more")) {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return;
      }
      clearInterval(t);
      heading().closest("li").scrollIntoView({ block: "center" });
      // Time for tsugi to keep the settled place before the reload.
      setTimeout(() => location.reload(), 1500);
    }, 300);
    return;
  }
  const t0 = Date.now();
  const w = setInterval(() => {
    const titles = Array.from(document.querySelectorAll("#items h2"), (h) => h.textContent);
    if (titles.length < ${PER_PAGE * LAST_PAGE} && Date.now() - t0 < 20000) return;
    clearInterval(w);
    // A moment for tsugi to bring the item being read back to its place.
    setTimeout(() => {
      const all = Array.from(document.querySelectorAll("#items h2"), (h) => h.textContent);
      const inorder = all.every((t, i) => t === "Item " + (i + 1)) ? 1 : 0;
      const r = heading() && heading().getBoundingClientRect();
      const on = r && r.top >= 0 && r.bottom <= innerHeight ? 1 : 0;
      fetch("/report?phase=reload&items=" + all.length + "&inorder=" + inorder +
        "&onscreen=" + on + "&ms=" + Math.round(performance.now()));
    }, 500);
  }, 100);
})();
`;

/** Plays the reader in `/list?reader=1` (see the module comment). */
const READER_SCRIPT = `
const t0 = Date.now();
const timer = setInterval(() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  if (document.querySelector(".more") && Date.now() - t0 < 60000) return;
  clearInterval(timer);
  const titles = Array.from(document.querySelectorAll("#items h2"), (h) => h.textContent);
  const inorder = titles.every((t, i) => t === "Item " + (i + 1)) ? 1 : 0;
  fetch("/report?items=" + titles.length + "&inorder=" + inorder + "&pages=" + window.__ap.pages);
}, 300);
`;

const DANGER_BUTTONS = [
  "Buy",
  "Add to cart",
  "Delete",
  "Subscribe",
  "Log in",
  "Log in to see more",
  "Show more · Subscribe",
  "もっと見る（ログイン）",
];

const DANGER_SCRIPT = `
window.__clicks = [];
document.addEventListener("click", (e) => {
  const t = e.target.closest("button, input, a") || e.target;
  const label = (t.value || t.textContent || "?").trim();
  window.__clicks.push(label);
  fetch("/click?label=" + encodeURIComponent(label), { keepalive: true });
}, true);
const control = document.getElementById("control");
if (control) control.addEventListener("click", () => {
  const list = document.getElementById("items");
  for (let k = 1; k <= 3; k++) {
    const li = document.createElement("li");
    li.className = "item";
    li.textContent = "Control item " + k;
    list.append(li);
  }
  control.remove();
});
`;

function dangerPage(control: boolean): string {
  const buttons = DANGER_BUTTONS.map((b) => `<button type="button">${esc(b)}</button>`).join("\n");
  const main = `<div class="actions">
${buttons}
<button type="button" class="js-add-to-cart">Load more</button>
${control ? '<button type="button" id="control">Load more</button>' : ""}
</div>
<form action="/submit" method="post"><input type="hidden" name="q" value="x">
<button>Load more</button>
<button type="submit">Show more</button>
<input type="submit" value="もっと見る">
</form>`;
  return page("Dangerous buttons", main, DANGER_SCRIPT);
}

type Reply = { status: number; type: string; body: string };

function route(method: string, url: URL): Reply {
  const html = (body: string): Reply => ({ status: 200, type: "text/html; charset=utf-8", body });
  if (url.pathname === "/list")
    return html(
      page(
        "Load-more list",
        '<div class="more"><button type="button" id="more">Load more</button></div>',
        LIST_SCRIPT +
          (url.searchParams.get("reader") === "reload"
            ? RELOAD_READER_SCRIPT
            : url.searchParams.has("reader")
              ? READER_SCRIPT
              : ""),
      ),
    );
  if (url.pathname === "/danger") return html(dangerPage(url.searchParams.has("control")));
  if (url.pathname === "/inert")
    return html(
      page(
        "Inert button",
        '<div class="more"><button type="button" id="more">Show more</button></div>',
        'window.__clicks = []; document.getElementById("more").addEventListener("click", () => window.__clicks.push("Show more"));',
      ),
    );
  if (url.pathname === "/api/items") {
    const n = Number(url.searchParams.get("page"));
    if (Number.isInteger(n) && n >= 2 && n <= LAST_PAGE) {
      const items = Array.from({ length: PER_PAGE }, (_, k) => itemOf((n - 1) * PER_PAGE + k + 1));
      return {
        status: 200,
        type: "application/json",
        body: JSON.stringify({ items, more: n < LAST_PAGE }),
      };
    }
  }
  if (
    url.pathname === "/click" ||
    url.pathname === "/report" ||
    (url.pathname === "/submit" && method === "POST")
  )
    return { status: 200, type: "text/plain", body: "recorded\n" };
  return { status: 404, type: "text/plain", body: "not found\n" };
}

/**
 * Start the load-more site on a free port of 127.0.0.1.
 * @returns `{ origin, requests, close }` once listening
 */
export async function startLoadMoreServer(): Promise<LoadMoreServer> {
  const requests: LoadMoreRequest[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    const method = req.method ?? "GET";
    const target = req.url ?? "/";
    const reply = route(method, new URL(target, "http://127.0.0.1"));
    requests.push({ method, path: target, status: reply.status });
    res.writeHead(reply.status, { "Content-Type": reply.type, "Cache-Control": "no-store" });
    res.end(reply.body);
  });
  return { ...(await listenLocally(server)), requests };
}
