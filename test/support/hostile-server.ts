/**
 * A hostile HTTP server for end-to-end tests of the pager: small paginated
 * "articles" generated in code whose later pages fail, loop, redirect, grow
 * huge, use legacy charsets, lazy images, table rows or outright attacks.
 * Binds 127.0.0.1 only and records every request it answers.
 *
 * Every route family `/<family>/<n>` is an article shaped like
 * test/fixtures/chain/1.html: a title, a `<div class="entry">` of prose
 * paragraphs distinct per page, then `<div class="pager"><a rel="next">Next ›</a></div>`.
 * The families (page 1 is always a plain UTF-8 article):
 * - `/http404/1`: page 2 answers 404; `/http500/1`: page 2 always 500;
 *   `/flaky503/1`: page 2 answers 503 on its first request, then 200.
 * - `/redirect-loop/1`: page 2 redirects (302) to `2b`, which redirects back to 2, forever.
 * - `/back-to-1/1`: page 2's next link points to page 1;
 *   `/redirect-to-1/1`: page 2 redirects (302) to page 1.
 * - `/cross/1`: page 1's next link is absolute, to the second origin (`other`);
 *   `/cross-later/1`: page 2 is same-origin and links to the second origin.
 * - `/endless/N`: page N links to N+1, forever.
 * - `/huge/1`: page 2 is ~5 MiB; `/too-big/1`: page 2 is ~12 MiB (Content-Length sent);
 *   `/too-big-chunked/1`: the same ~12 MiB sent chunked, without Content-Length.
 * - `/sjis/1`, `/eucjp/1`, `/cp1251/1`, `/gbk/1`: page 2 in Shift_JIS (charset in the
 *   header), EUC-JP (`<meta http-equiv>` only), windows-1251 (`<meta charset>` only),
 *   GBK (header), with the prose of {@link FOREIGN_PROSE}.
 * - `/lazy/1`: page 2's images use lazy-loading markup (data-src, data-original,
 *   data-srcset, `<picture>` with data-srcset, loading="lazy"); `/img/*` is a 1×1 PNG.
 * - `/table/1`: the page element is the rows of `<table class="list"><tbody>`;
 *   pages 1–3 ({@link tableRows}), page 3 ends.
 * - `/xss/1`: page 2 carries scripts, event handlers, javascript: URLs, an iframe,
 *   a style hiding the body, a fixed overlay and a meta refresh, all aimed at `/beacon`.
 * - `/events/1`: page 1's own script records AutoPagerize's events in `window.__apEvents`;
 *   pages 2 and 3 exist, page 3 ends.
 * - `/`: an index of the families (every page's header links there).
 * - `/beacon…`: answers 204 (only hostile markup ever asks for it).
 * Anything else answers 404.
 */
import http from "node:http";
import { listenOn } from "../../src/serve/listen";

/** One request a hostile server answered. */
export interface HostileRequest {
  /** HTTP method, e.g. `GET`. */
  method: string;
  /** Request target as received (path and query), e.g. `/http404/2`. */
  path: string;
  /** Status code sent (200, 204, 302, 404, 500, 503). */
  status: number;
}

/** One listening origin of the hostile server. */
export interface HostileOrigin {
  /** TCP port it listens on. */
  port: number;
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  origin: string;
  /** Every request answered so far, in order (appended to live). */
  requests: HostileRequest[];
}

/** A running hostile server; see {@link startHostileServer}. */
export interface HostileServer extends HostileOrigin {
  /** The second origin (another port) that `/cross/1` links to; it serves the same
   * routes and records its own requests, which should stay empty. */
  other: HostileOrigin;
  /** Stops both listeners and closes open connections. Resolves when closed. */
  close(): Promise<void>;
}

/** Legacy-charset families: the charset of page 2 and how it is declared. */
export const CHARSET_FAMILIES = {
  sjis: { label: "shift_jis", header: "text/html; charset=Shift_JIS", meta: "" },
  eucjp: {
    label: "euc-jp",
    header: "text/html",
    meta: '<meta http-equiv="Content-Type" content="text/html; charset=EUC-JP">',
  },
  cp1251: { label: "windows-1251", header: "text/html", meta: '<meta charset="windows-1251">' },
  gbk: { label: "gbk", header: "text/html; charset=GBK", meta: "" },
} as const;

/** A legacy-charset family name (the first path segment). */
export type CharsetFamily = keyof typeof CHARSET_FAMILIES;

/** Page 2's paragraphs of each legacy-charset family (public-domain prose). */
export const FOREIGN_PROSE: Readonly<Record<CharsetFamily, readonly string[]>> = {
  sjis: [
    "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。",
    "何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。",
    "吾輩はここで始めて人間というものを見た。しかもあとで聞くとそれは書生という人間中で一番獰悪な種族であったそうだ。",
  ],
  eucjp: [
    "親譲りの無鉄砲で小供の時から損ばかりしている。",
    "小学校に居る時分学校の二階から飛び降りて一週間ほど腰を抜かした事がある。",
    "なぜそんな無闇をしたと聞く人があるかも知れぬ。別段深い理由でもない。",
  ],
  cp1251: [
    "Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему.",
    "Всё смешалось в доме Облонских. Жена узнала, что муж был в связи с бывшею в их доме француженкою-гувернанткой.",
    "Положение это продолжалось уже третий день и мучительно чувствовалось и самими супругами, и всеми членами семьи.",
  ],
  gbk: [
    "学而时习之，不亦说乎？有朋自远方来，不亦乐乎？人不知而不愠，不亦君子乎？",
    "吾日三省吾身：为人谋而不忠乎？与朋友交而不信乎？传不习乎？",
    "温故而知新，可以为师矣。学而不思则罔，思而不学则殆。",
  ],
};

/** Families whose pages are plain prose articles (page 1 of every family is one too). */
const PLAIN_FAMILIES = new Set([
  "http404",
  "http500",
  "flaky503",
  "redirect-loop",
  "back-to-1",
  "redirect-to-1",
  "cross",
  "cross-later",
  "endless",
  "huge",
  "too-big",
  "too-big-chunked",
  "sjis",
  "eucjp",
  "cp1251",
  "gbk",
  "lazy",
  "xss",
  "events",
]);

/**
 * Title of page `n` of a family, e.g. "Hostile http404 — part 1".
 * @param family first path segment, e.g. "http404"
 * @param n page number, 1-based
 */
export function titleOf(family: string, n: number): string {
  return `Hostile ${family} — part ${n}`;
}

/**
 * The prose paragraphs of page `n` of a plain family (3 paragraphs, text distinct
 * per family and page), as served inside `<div class="entry">`.
 * @param family first path segment, e.g. "http404"
 * @param n page number, 1-based
 */
export function articleParagraphs(family: string, n: number): string[] {
  return [
    `Part ${n} of the ${family} story begins here. Short pages like this one leave the end of the content within reach, so an auto-pager joins the next part at once.`,
    `The second paragraph of ${family} part ${n} carries a comma, a full stop, and enough words to count as prose for the detector.`,
    `Part ${n} of ${family} ends with this paragraph, which is the last thing before the pager below.`,
  ];
}

/** One row of the `/table/` listing. */
export interface TableRow {
  /** Link text of the first cell, e.g. "Listing item 2-03". */
  title: string;
  /** Root-relative link of the first cell. */
  href: string;
  author: string;
  date: string;
  summary: string;
}

/** Rows per page of `/table/`: 12, 11, 10 for pages 1, 2, 3 (none beyond). */
export function tableRows(n: number): TableRow[] {
  const count = n >= 1 && n <= 3 ? 13 - n : 0;
  const authors = ["Ada Byron", "Ben Okri", "Clara Wieck", "Dmitri Ivanov", "Emi Sato"];
  return Array.from({ length: count }, (_, i) => {
    const id = `${n}-${String(i + 1).padStart(2, "0")}`;
    return {
      title: `Listing item ${id}`,
      href: `/table/item/${id}`,
      author: authors[(i + n) % authors.length] ?? "Anonymous",
      date: `2024-0${n}-${String(i + 1).padStart(2, "0")}`,
      summary: `Row ${i + 1} of listing page ${n}, a short summary of the item, with a comma and a full stop.`,
    };
  });
}

/** Least byte size of `/huge/2` (5 MiB). */
export const HUGE_BYTES = 5 * 1024 * 1024;
/** Least byte size of `/too-big/2` and `/too-big-chunked/2` (12 MiB). */
export const TOO_BIG_BYTES = 12 * 1024 * 1024;

/** A 1×1 PNG, served for every `/img/*`. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface PageParts {
  title: string;
  /** Raw HTML inside `<div class="entry">`. */
  entry: string;
  /** Next link (href as written), or null on a last page. */
  next: string | null;
  /** Raw HTML prepended to `<head>` (a charset meta must come first). */
  headFirst?: string;
  /** Raw HTML appended to `<head>`. */
  head?: string;
  /** Raw HTML instead of the default entry/pager block of `<main>`. */
  main?: string;
  lang?: string;
}

/** A full article page in the chain-fixture shape. */
function pageHtml(p: PageParts): string {
  const pager = p.next
    ? `<div class="pager"> <a rel="next" href="${esc(p.next)}">Next ›</a></div>\n`
    : "";
  const main = p.main ?? `<div class="entry">\n${p.entry}</div>\n${pager}`;
  return `<!doctype html>
<html lang="${p.lang ?? "en"}">
<head>${p.headFirst ?? '<meta charset="utf-8">'}<title>${esc(p.title)}</title>${p.head ?? ""}</head>
<body>
<header><a href="/">Hostile site</a></header>
<main>
${main}</main>
</body>
</html>
`;
}

const paragraphsHtml = (paras: readonly string[]) =>
  paras.map((t) => `<p>${esc(t)}</p>\n`).join("");

/** Plain article page `n` of `family`, with a relative next link when `next` is set. */
function plainPage(family: string, n: number, next: string | null, extra = ""): string {
  return pageHtml({
    title: titleOf(family, n),
    entry: paragraphsHtml(articleParagraphs(family, n)) + extra,
    next,
  });
}

/** A page 2 of about `bytes` bytes: the usual shape, thousands of paragraphs. */
function hugePage(family: string, bytes: number): string {
  const paras = [...articleParagraphs(family, 2)];
  let size = 0;
  for (let i = 1; size < bytes; i++) {
    const t = `Filler paragraph ${i} of ${family} part 2 keeps going, with a comma and a full stop, so that the page grows far beyond what any article needs.`;
    paras.push(t);
    size += t.length + 8;
  }
  return pageHtml({ title: titleOf(family, 2), entry: paragraphsHtml(paras), next: null });
}

const LAZY_IMAGES = `<p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/img/a.png" alt="a" width="40" height="40"></p>
<p><img data-original="/img/b.png" alt="b" width="40" height="40"></p>
<p><img class="lazyload" src="/img/blank.gif" data-srcset="/img/c.png 1x, /img/c2.png 2x" alt="c" width="40" height="40"></p>
<p><picture><source data-srcset="/img/d.webp" type="image/webp"><img data-src="/img/d.png" alt="d" width="40" height="40"></picture></p>
<p><img loading="lazy" src="/img/e.png" alt="e" width="40" height="40"></p>
`;

const XSS_ENTRY = `<script>fetch('/beacon?script');document.title='pwned'</script>
<img src=x onerror="fetch('/beacon?onerror')">
<svg onload="fetch('/beacon?svg')" width="10" height="10"><circle r="4" onmouseover="fetch('/beacon?svg-over')"></circle></svg>
<p>A paragraph with <a href="javascript:fetch('/beacon?js')">a javascript link</a> and <a href="java&#9;script:fetch('/beacon?js-tab')">a disguised one</a>.</p>
<iframe srcdoc="<script>parent.fetch('/beacon?iframe')</script>"></iframe>
<div onclick="fetch('/beacon?click')" onmouseover="fetch('/beacon?over')">A block that wants a click, with a comma, and a full stop.</div>
<form action="javascript:fetch('/beacon?form')"><button formaction="javascript:fetch('/beacon?formaction')">Send</button></form>
<style>body{display:none}</style>
<div style="position:fixed;top:0;left:0;width:100%;height:100%;background:#fff;z-index:99999">overlay</div>
<meta http-equiv="refresh" content="0;url=/beacon?refresh">
<p>Hostile part 2 still ends with honest prose, a comma, and a full stop, after all of the above.</p>
`;

const XSS_HEAD = `<meta http-equiv="refresh" content="0;url=/beacon?head-refresh"><script>fetch('/beacon?head-script')</script><style>body{display:none}</style>`;

/** Page 1's own script for `/events/`: what AutoPagerize-aware page code would see. */
const EVENTS_SCRIPT = `<script>
window.__apEvents = { inserted: [], targets: [], loaded: 0 };
document.addEventListener("AutoPagerize_DOMNodeInserted", function (e) {
  var t = e.target, d = e.detail, url = null;
  if (typeof e.newValue === "string" && e.newValue) url = e.newValue;
  else if (typeof d === "string") url = d;
  else if (d && typeof d.url === "string") url = d.url;
  window.__apEvents.targets.push(t);
  window.__apEvents.inserted.push({
    tag: t && t.nodeType === 1 ? t.localName : String(t && t.nodeName),
    page: t && t.getAttribute ? t.getAttribute("data-tsugi-page") : null,
    url: url
  });
}, true);
document.addEventListener("GM_AutoPagerizeNextPageLoaded", function () {
  window.__apEvents.loaded++;
}, true);
</script>`;

function tablePage(n: number): string {
  const rows = tableRows(n)
    .map(
      (r) =>
        `<tr><td><a href="${r.href}">${esc(r.title)}</a></td><td>${esc(r.author)}</td><td>${r.date}</td><td>${esc(r.summary)}</td></tr>\n`,
    )
    .join("");
  const next = n < 3 ? `<div class="pager"> <a rel="next" href="${n + 1}">Next ›</a></div>\n` : "";
  return pageHtml({
    title: titleOf("table", n),
    entry: "",
    next: null,
    main: `<table class="list">
<thead><tr><th>Title</th><th>Author</th><th>Date</th><th>Summary</th></tr></thead>
<tbody>
${rows}</tbody>
</table>
${next}`,
  });
}

/** The site's home page (the header link of every article): links to each family. */
function indexPage(): string {
  const links = ["table", ...PLAIN_FAMILIES]
    .map((f) => `<li><a href="/${f}/1">${esc(titleOf(f, 1))}</a></li>\n`)
    .join("");
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Hostile site</title></head><body><ul>\n${links}</ul></body></html>\n`;
}

/** char → bytes tables of legacy encodings, built by inverting TextDecoder. */
const ENCODE_TABLES = new Map<string, Map<string, number[]>>();

function encodeTable(label: string): Map<string, number[]> {
  const cached = ENCODE_TABLES.get(label);
  if (cached) return cached;
  const dec = new TextDecoder(label);
  const table = new Map<string, number[]>();
  const add = (bytes: number[]) => {
    const s = dec.decode(Uint8Array.from(bytes));
    if ([...s].length === 1 && s !== "\uFFFD" && !table.has(s)) table.set(s, bytes);
  };
  for (let b = 0; b < 0x100; b++) add([b]);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) add([lead, trail]);
  }
  ENCODE_TABLES.set(label, table);
  return table;
}

/**
 * Encode `text` in a legacy charset that Node can decode but not encode
 * (Shift_JIS, EUC-JP, GBK, windows-1251), by inverting `TextDecoder` over all
 * one- and two-byte sequences.
 * @param label a WHATWG encoding label, e.g. "shift_jis"
 * @returns the bytes, which decode back to exactly `text`
 * @throws Error when a character has no one- or two-byte form in that charset
 */
export function encodeLegacy(text: string, label: string): Buffer {
  const table = encodeTable(label);
  const out: number[] = [];
  for (const ch of text) {
    const bytes = table.get(ch);
    if (!bytes) throw new Error(`encodeLegacy: ${JSON.stringify(ch)} has no ${label} form`);
    out.push(...bytes);
  }
  const buf = Buffer.from(out);
  if (new TextDecoder(label).decode(buf) !== text) {
    throw new Error(`encodeLegacy: ${label} round trip failed`);
  }
  return buf;
}

function charsetPage2(family: CharsetFamily): { body: Buffer; type: string } {
  const cs = CHARSET_FAMILIES[family];
  const html = pageHtml({
    // ASCII-only apart from the prose: "—" has no Shift_JIS or EUC-JP form.
    title: `Hostile ${family} - part 2`,
    entry: paragraphsHtml(FOREIGN_PROSE[family]),
    next: null,
    lang: family === "cp1251" ? "ru" : family === "gbk" ? "zh" : "ja",
    // Without a header charset the declaration must sit in the first 1024 bytes.
    headFirst: cs.meta,
  });
  return { body: encodeLegacy(html, cs.label), type: cs.header };
}

type Reply =
  | { status: number; type: string; body: Buffer | string; chunked?: boolean }
  | { status: 302; location: string };

const HTML = "text/html; charset=utf-8";
const html = (body: string, status = 200): Reply => ({ status, type: HTML, body });

/** Pages of the search whose page parameter counts from 0 (`p=0` is page 1). */
export const ZERO_SEARCH_PAGES = 4;

/** Results a page of the zero-counted search shows. */
export const ZERO_SEARCH_RESULTS = 10;

/**
 * A search engine's results page whose page parameter counts from 0: page 1 is
 * `/zero-search?q=tea` (no `p`), its "2" and its "Next ›" both ask for `p=1`, its "3" for
 * `p=2`. An auto-pager that reads `p=2` as page 2 skips a page.
 * @param query the request's query (`p` the page − 1)
 */
function zeroSearchPage(query: URLSearchParams): string {
  const p = Number(query.get("p") ?? "0");
  const page = p + 1;
  if (!Number.isInteger(p) || p < 0 || page > ZERO_SEARCH_PAGES)
    return "<!doctype html><title>No results</title><p>No results.</p>";
  const href = (n: number) => `/zero-search?q=tea&amp;p=${n - 1}`;
  const results = Array.from({ length: ZERO_SEARCH_RESULTS }, (_, i) => {
    const r = p * ZERO_SEARCH_RESULTS + i + 1;
    return `<li class="result"><h3><a href="/doc/${r}">Result ${r}: tea from the hills, row ${r}</a></h3><p>Snippet ${r}: leaves picked by hand, dried in the sun, and sold at the spring market.</p></li>`;
  }).join("\n");
  const numbers = Array.from({ length: ZERO_SEARCH_PAGES }, (_, i) => i + 1)
    .map((n) =>
      n === page ? `<span class="current">${n}</span>` : `<a href="${href(n)}">${n}</a>`,
    )
    .join(" ");
  const prev = page > 1 ? `<a href="${href(page - 1)}">‹ Previous</a> ` : "";
  const next = page < ZERO_SEARCH_PAGES ? ` <a href="${href(page + 1)}">Next ›</a>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>tea - Search</title></head><body>
<header><a href="/">Search</a><form action="/zero-search"><input name="q" value="tea"></form></header>
<main><ol class="results">${results}</ol>
<nav class="pagination">${prev}${numbers}${next}</nav></main>
<footer><a href="/help">Help</a> <a href="/privacy">Privacy</a></footer></body></html>
`;
}

/**
 * The answer to one request.
 * @param path request path without the query
 * @param other origin of the second listener
 * @param count how many times this origin has been asked for `path`, this request included
 */
function route(path: string, other: string, count: number): Reply {
  if (path.startsWith("/beacon")) return { status: 204, type: "text/plain", body: "" };
  if (path.startsWith("/img/")) return { status: 200, type: "image/png", body: PNG_1X1 };
  const m = path.match(/^\/([a-z0-9-]+)\/([1-9][0-9]*|2b)$/);
  const family = m?.[1] ?? "";
  const seg = m?.[2] ?? "";
  const n = Number(seg);
  const notFound = html(
    `<!doctype html><html><head><meta charset="utf-8"><title>404 Not Found</title></head><body><h1>404 Not Found</h1><p>${esc(path)}</p></body></html>\n`,
    404,
  );
  if (path === "/") return html(indexPage());
  if (family === "table") return n >= 1 && n <= 3 ? html(tablePage(n)) : notFound;
  if (!PLAIN_FAMILIES.has(family)) return notFound;
  if (n === 1) {
    if (family === "cross") return html(plainPage(family, 1, `${other}/cross/2`));
    if (family === "events")
      return html(plainPage(family, 1, "2").replace("</head>", `${EVENTS_SCRIPT}</head>`));
    return html(plainPage(family, 1, "2"));
  }
  switch (family) {
    case "http404":
      return notFound;
    case "http500":
      if (n !== 2) return notFound;
      return html(plainPage(family, 2, null).replace("<title>", "<title>500 "), 500);
    case "flaky503":
      if (n !== 2) return notFound;
      if (count <= 1)
        return { status: 503, type: "text/plain; charset=utf-8", body: "busy, try again\n" };
      return html(plainPage(family, 2, null));
    case "redirect-loop":
      if (seg === "2") return { status: 302, location: "/redirect-loop/2b" };
      if (seg === "2b") return { status: 302, location: "/redirect-loop/2" };
      return notFound;
    case "back-to-1":
      return n === 2 ? html(plainPage(family, 2, "1")) : notFound;
    case "redirect-to-1":
      return n === 2 ? { status: 302, location: "/redirect-to-1/1" } : notFound;
    case "cross":
      return n === 2 ? html(plainPage(family, 2, null)) : notFound;
    case "cross-later":
      return n === 2 ? html(plainPage(family, 2, `${other}/cross-later/3`)) : notFound;
    case "endless":
      return seg === "2b" ? notFound : html(plainPage(family, n, String(n + 1)));
    case "huge":
      return n === 2 ? html(cached(path, () => hugePage(family, HUGE_BYTES))) : notFound;
    case "too-big":
      return n === 2 ? html(cached(path, () => hugePage(family, TOO_BIG_BYTES))) : notFound;
    case "too-big-chunked":
      return n === 2
        ? { ...html(cached(path, () => hugePage(family, TOO_BIG_BYTES))), chunked: true }
        : notFound;
    case "sjis":
    case "eucjp":
    case "cp1251":
    case "gbk": {
      if (n !== 2) return notFound;
      const { body, type } = charsetPage2(family);
      return { status: 200, type, body };
    }
    case "lazy":
      return n === 2 ? html(plainPage(family, 2, null, LAZY_IMAGES)) : notFound;
    case "xss":
      if (n !== 2) return notFound;
      return html(
        pageHtml({
          title: titleOf(family, 2),
          entry: paragraphsHtml(articleParagraphs(family, 2)) + XSS_ENTRY,
          next: null,
          head: XSS_HEAD,
        }),
      );
    case "events":
      return n === 2 || n === 3 ? html(plainPage(family, n, n === 2 ? "3" : null)) : notFound;
    default:
      return notFound;
  }
}

const BODIES = new Map<string, string>();
function cached(key: string, make: () => string): string {
  let body = BODIES.get(key);
  if (body === undefined) {
    body = make();
    BODIES.set(key, body);
  }
  return body;
}

async function listen(
  handler: (origin: HostileOrigin) => http.RequestListener,
): Promise<{ server: http.Server; origin: HostileOrigin }> {
  const origin: HostileOrigin = { port: 0, origin: "", requests: [] };
  const server = http.createServer(handler(origin));
  origin.port = await listenOn(server, 0, "127.0.0.1");
  origin.origin = `http://127.0.0.1:${origin.port}`;
  return { server, origin };
}

/**
 * Start the hostile server: two listeners on 127.0.0.1 (free ports), the main one
 * and `other`, a second origin serving the same routes. See the module comment for
 * the routes. Responses are never cached (`Cache-Control: no-store`); methods other
 * than GET and HEAD are answered like GET.
 * @returns the running server once both listen: `{ origin, port, requests, other, close }`
 * @throws Error (rejects) when a port cannot be bound
 */
export async function startHostileServer(): Promise<HostileServer> {
  const hits = new Map<string, number>();
  let otherOrigin = "";
  const handler =
    (self: HostileOrigin): http.RequestListener =>
    (req, res) => {
      req.resume();
      const method = req.method ?? "GET";
      const target = req.url ?? "/";
      const path = target.split(/[?#]/, 1)[0] ?? "/";
      const key = `${self.port} ${path}`;
      const count = (hits.get(key) ?? 0) + 1;
      hits.set(key, count);
      let reply: Reply;
      try {
        reply =
          path === "/zero-search"
            ? html(zeroSearchPage(new URLSearchParams(target.split("?")[1] ?? "")))
            : route(path, otherOrigin, count);
      } catch (e) {
        reply = { status: 500, type: "text/plain; charset=utf-8", body: `${String(e)}\n` };
      }
      self.requests.push({ method, path: target, status: reply.status });
      res.on("error", () => {});
      if ("location" in reply) {
        res.writeHead(302, { Location: reply.location, "Cache-Control": "no-store" });
        res.end();
        return;
      }
      const buf = typeof reply.body === "string" ? Buffer.from(reply.body) : reply.body;
      const headers: http.OutgoingHttpHeaders = {
        "Content-Type": reply.type,
        "Cache-Control": "no-store",
      };
      if (!reply.chunked) headers["Content-Length"] = String(buf.length);
      res.writeHead(reply.status, headers);
      if (method === "HEAD") {
        res.end();
      } else if (reply.chunked) {
        // Send in 64 KiB chunks, as a streaming server would.
        for (let i = 0; i < buf.length; i += 65_536) res.write(buf.subarray(i, i + 65_536));
        res.end();
      } else {
        res.end(buf);
      }
    };
  const main = await listen(handler);
  let second: Awaited<ReturnType<typeof listen>>;
  try {
    second = await listen(handler);
  } catch (e) {
    main.server.close();
    throw e;
  }
  otherOrigin = second.origin.origin;
  let closing: Promise<void> | undefined;
  const stop = (s: http.Server) =>
    new Promise<void>((resolve) => {
      s.close(() => resolve());
      s.closeAllConnections();
    });
  return {
    ...main.origin,
    other: second.origin,
    close(): Promise<void> {
      closing ??= Promise.all([stop(main.server), stop(second.server)]).then(() => undefined);
      return closing;
    },
  };
}
