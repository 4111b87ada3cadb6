/**
 * A small site of serials for end-to-end tests of "Join the next chapter". Binds
 * 127.0.0.1 only and records every request it answers. Each serial has {@link CHAPTERS}
 * chapters; the last has no next-chapter link. Every chapter's text holds its mark
 * ({@link markOf}) once, so a test counts each chapter shown and their order. The five
 * shapes of serials:
 *
 * - `narou`: a web novel whose chapter URL steps by a number (`/n4821kq/1/` → `/2/`),
 *   `div.novel_bn` with 前へ / 目次 / 次へ, title "第N話 … - 星の旅人 - 小説の森".
 * - `kakuyomu`: one id per episode, the next id not +1
 *   (`/works/1177354/episodes/16816452219449`), `#contentMain-nextEpisode`.
 * - `chinese`: 上一章 / 目录 / 下一章 around a chapter of `/book/3021/<id>.html`, kanji
 *   chapter numbers (第一章).
 * - `comic`: a WordPress comic theme: `/comic/<slug>/`, `comic-nav-first / -previous /
 *   -archive / -next` links, an image per page and a few lines of text.
 * - `essay`: a multi-part blog essay "Building a compiler, part N of 4" under dated
 *   WordPress URLs (`/2024/03/building-a-compiler-part-1/`), WordPress post navigation
 *   whose next link is the next part's title; part 4's next post is another post.
 *
 * Each serial but the comic names its author ({@link AUTHORS}) as such sites do: narou's
 * "作者：" line, the work header's `rel=author` link, the Chinese "作者：" line under the
 * book name, WordPress's `.byline`.
 *
 * Each serial's chapter pages link, in a sidebar, to another work's chapter (a ranking):
 * links the next-chapter link must not be. The negatives, single documents whose link
 * leads to the next one: `/news/markets-fall` ("Next story"), `/blog/2024/05/ten-tips/`
 * (WordPress "Next post"), `/shop/products/blue-mug` ("Next product"), each a chain of
 * {@link CHAPTERS} documents. Safety: `/walled/1/` → `/walled/2/` is a chapter whose next
 * chapter is an age wall; `/other/1/` → its next link leads into another work's chapter;
 * `/teaser/1/` → its chapter 2 is a teaser of a few lines. Images (`/img/*.png`) are a
 * 1×1 PNG. Anything else answers 404.
 */
import http from "node:http";
import { listenLocally } from "./local-server";

/** Chapters of each serial (and documents of each negative chain). */
export const CHAPTERS = 4;

/** The serials' shapes. */
export const SHAPES = ["narou", "kakuyomu", "chinese", "comic", "essay"] as const;
export type Shape = (typeof SHAPES)[number];

/** One request the server answered. */
export interface SerialRequest {
  path: string;
  status: number;
  /** When the server received it, ms since the epoch. */
  at: number;
}

/** A running serial site; see {@link startSerialServer}. */
export interface SerialServer {
  origin: string;
  requests: SerialRequest[];
  close(): Promise<void>;
}

/** The mark chapter `n` of `shape` holds once: "MARK-narou-3". */
export function markOf(shape: string, n: number): string {
  return `MARK-${shape}-${n}`;
}

const EPISODE_IDS = ["16816452219449", "16816452219733", "16816452220318", "16816700426001"];
const BOOK_IDS = ["98121", "98135", "98202", "98377"];
const COMIC_SLUGS = ["the-lighthouse", "storm-warning", "the-keeper", "first-light"];
const KANJI = ["一", "二", "三", "四"];
const TITLES = ["旅立ち", "港町", "灯台守", "夜明け"];

/** The author each serial's pages name (the comic names none). */
export const AUTHORS: Record<Shape, string | null> = {
  narou: "月島 灯",
  kakuyomu: "灰色ミト",
  chinese: "李青山",
  comic: null,
  essay: "Jane Doe",
};

/** The path of chapter `n` (1-based) of `shape`. */
export function chapterPath(shape: Shape | "walled" | "other" | "teaser", n: number): string {
  switch (shape) {
    case "narou":
      return `/n4821kq/${n}/`;
    case "kakuyomu":
      return `/works/1177354/episodes/${EPISODE_IDS[n - 1]}`;
    case "chinese":
      return `/book/3021/${BOOK_IDS[n - 1]}.html`;
    case "comic":
      return `/comic/${COMIC_SLUGS[n - 1]}/`;
    case "essay":
      return `/2024/0${n + 2}/building-a-compiler-part-${n}/`;
    default:
      return `/${shape}/${n}/`;
  }
}

/** The path of document `n` of a negative chain. */
export function negativePath(kind: "news" | "blog" | "shop", n: number): string {
  const news = ["markets-fall", "rates-rise", "storm-hits-coast", "team-wins-cup"];
  const blog = ["ten-tips", "why-we-nap", "a-quiet-desk", "morning-light"];
  const shop = ["blue-mug", "red-kettle", "oak-tray", "glass-jar"];
  if (kind === "news") return `/news/${news[n - 1]}`;
  if (kind === "blog") return `/blog/2024/05/${blog[n - 1]}/`;
  return `/shop/products/${shop[n - 1]}`;
}

const WORDS = {
  ja: "港 灯り 波 少女 地図 風 汽笛 夜 船 灯台 海 星 道 森 雨 声 手紙 鍵 窓 朝 影 橋 丘 鳥 花 旅 宿 町 鐘 火".split(
    " ",
  ),
  zh: "山 河 少年 长剑 村口 炊烟 道路 江湖 月色 城门 客栈 老人 书信 马车 雪 风 剑光 茶 灯 桥 云 寺 钟 梦 泪 酒 琴 石 松 舟".split(
    " ",
  ),
  en: "token tree parser grammar scanner symbol error source position node branch rule stack queue buffer lexer value type scope binding closure frame register byte string number table pass emit check fold".split(
    " ",
  ),
};

/** A small deterministic generator, so that every chapter's text is its own. */
function seeded(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

/** Paragraphs of a chapter, its own words in its own order: long enough to read as the
 * page's content. */
function prose(mark: string, lang: "ja" | "zh" | "en", count = 14): string {
  const random = seeded(mark);
  const words = WORDS[lang];
  const sentence = () =>
    Array.from({ length: 12 }, () => words[Math.floor(random() * words.length)]).join(
      lang === "en" ? " " : "の",
    );
  const ps = Array.from(
    { length: count },
    () => `<p>${[sentence(), sentence(), sentence()].join(lang === "en" ? ". " : "。")}。</p>`,
  );
  ps.splice(1, 0, `<p class="mark">${mark}</p>`);
  return ps.join("\n");
}

function page(title: string, body: string, head = "", lang = "ja"): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
}

const SIDEBAR_JA = `<aside class="ranking"><h3>ランキング</h3><ul><li><a href="/n9999zz/1/">第1話 別の物語</a></li><li><a href="/works/555/episodes/1">魔王の庭</a></li></ul></aside>`;

function narou(n: number): string {
  const prev = n > 1 ? `<a href="${chapterPath("narou", n - 1)}">&lt;&lt; 前へ</a>` : "";
  const next = n < CHAPTERS ? `<a href="${chapterPath("narou", n + 1)}">次へ &gt;&gt;</a>` : "";
  const nav = `<div class="novel_bn">${prev}<a href="/n4821kq/">目次</a>${next}</div>`;
  return page(
    `第${n}話 ${TITLES[n - 1]} - 星の旅人 - 小説の森`,
    `<header><a href="/">小説の森</a></header><div class="contents1"><a href="/n4821kq/">星の旅人</a> 作者：<a href="/users/5521/">月島 灯</a></div><div id="novel_contents">${nav}<p class="novel_subtitle">第${n}話 ${TITLES[n - 1]}</p><div id="novel_honbun">${prose(markOf("narou", n), "ja")}</div>${nav}</div>${SIDEBAR_JA}`,
  );
}

function kakuyomu(n: number): string {
  const next =
    n < CHAPTERS
      ? `<div id="contentMain-nextEpisode"><a href="${chapterPath("kakuyomu", n + 1)}">次のエピソード</a></div>`
      : "";
  return page(
    `第${n}話 ${TITLES[n - 1]} - 灰の森の魔女 - カクヨモ`,
    `<header><a href="/">カクヨモ</a> <a href="/works/1177354">灰の森の魔女</a> <a href="/users/haiiro" rel="author">灰色ミト</a></header><main id="contentMain"><h1 class="widget-episodeTitle">第${n}話 ${TITLES[n - 1]}</h1><div class="widget-episodeBody">${prose(markOf("kakuyomu", n), "ja")}</div>${next}</main>${SIDEBAR_JA}`,
  );
}

function chinese(n: number): string {
  const prev = n > 1 ? chapterPath("chinese", n - 1) : "/book/3021/";
  const next = n < CHAPTERS ? chapterPath("chinese", n + 1) : "/book/3021/";
  const nav = `<div class="bottem"><a href="${prev}">上一章</a> <a href="/book/3021/">目录</a> <a href="${next}">下一章</a></div>`;
  return page(
    `第${KANJI[n - 1]}章 风起_山河志_书屋网`,
    `<div class="header"><a href="/">书屋网</a></div><div class="content_read"><div class="bookname"><h1>第${KANJI[n - 1]}章 风起</h1>${nav}<div class="info">作者：李青山</div></div><div id="content">${prose(markOf("chinese", n), "zh")}</div>${nav}</div><div class="footer"><a href="/book/4410/">热门：剑来</a></div>`,
    "",
    "zh",
  );
}

function comic(n: number): string {
  const link = (cls: string, to: number, text: string) =>
    `<a class="comic-nav-base ${cls}" href="${chapterPath("comic", to)}">${text}</a>`;
  const nav = `<table id="comic-nav-wrapper"><tr class="comic-nav-container"><td>${n > 1 ? link("comic-nav-first", 1, "‹‹ First") : ""}</td><td>${n > 1 ? link("comic-nav-previous", n - 1, "‹ Prev") : ""}</td><td><a class="comic-nav-base comic-nav-archive" href="/archive/">Archive</a></td><td>${n < CHAPTERS ? link("comic-nav-next", n + 1, "Next ›") : ""}</td></tr></table>`;
  const titles = ["The Lighthouse", "Storm Warning", "The Keeper", "First Light"];
  return page(
    `${titles[n - 1]} – Harbor Lights`,
    `<header><h1 class="site-title"><a href="/">Harbor Lights</a></h1></header><div id="comic-wrap"><div id="comic"><img src="/img/${n}.png" alt="${titles[n - 1]}" width="600" height="400"></div></div>${nav}<article class="post type-comic"><h2 class="post-title">${titles[n - 1]}</h2><div class="entry">${prose(markOf("comic", n), "en", 4)}</div></article>`,
    '<meta property="og:site_name" content="Harbor Lights">',
    "en",
  );
}

function essay(n: number): string {
  const title = (k: number) => `Building a compiler, part ${k} of ${CHAPTERS}`;
  const prev =
    n > 1
      ? `<div class="nav-previous"><a href="${chapterPath("essay", n - 1)}" rel="prev">${title(n - 1)}</a></div>`
      : `<div class="nav-previous"><a href="/2024/02/a-year-of-rust/" rel="prev">A year of Rust</a></div>`;
  const next =
    n < CHAPTERS
      ? `<div class="nav-next"><a href="${chapterPath("essay", n + 1)}" rel="next">${title(n + 1)}</a></div>`
      : `<div class="nav-next"><a href="/2024/08/why-i-left-my-job/" rel="next">Why I left my job</a></div>`;
  return page(
    `${title(n)} – Jane's notes`,
    `<header><a href="/">Jane's notes</a></header><main><article class="post"><h1 class="entry-title">${title(n)}</h1><div class="entry-meta"><span class="byline">by <span class="author vcard"><a class="url fn n" href="/author/jane/">Jane Doe</a></span></span></div><div class="entry-content"><p><em>This is part ${n} of ${CHAPTERS} of a series.</em></p>${prose(markOf("essay", n), "en")}</div></article><nav class="navigation post-navigation"><div class="nav-links">${prev}${next}</div></nav></main>`,
    `<meta property="og:site_name" content="Jane's notes">`,
    "en",
  );
}

/** A chapter of the safety serials: `walled`, `other`, `teaser`. */
function safety(kind: "walled" | "other" | "teaser", n: number): string {
  const next =
    kind === "other" && n === 2 ? "/n9999zz/1/" : n < CHAPTERS ? chapterPath(kind, n + 1) : null;
  const nav = `<div class="novel_bn"><a href="/${kind}/">目次</a>${next ? `<a href="${next}">次へ &gt;&gt;</a>` : ""}</div>`;
  const text =
    kind === "teaser" && n === 2
      ? `<p>${markOf(kind, n)}</p><p>続きはアプリで。</p>`
      : prose(markOf(kind, n), "ja");
  return page(
    `第${n}話 - 試しの物語 ${kind} - 小説の森`,
    `<div id="novel_contents">${nav}<p class="novel_subtitle">第${n}話</p><div id="novel_honbun">${text}</div>${nav}</div>`,
  );
}

/** The age wall the `walled` serial's chapter 3 shows. */
function ageWall(): string {
  return page(
    "年齢確認 - 小説の森",
    `<div class="wall"><h1>年齢確認</h1><p>この作品は18歳以上の方のみ閲覧できます。</p><a href="/walled/3/?ok=1">はい</a> <a href="/">いいえ</a></div>`,
  );
}

/** The Chinese novel's table of contents, where its last chapter's 下一章 leads. */
function bookIndex(): string {
  const items = BOOK_IDS.map(
    (id, i) => `<li><a href="/book/3021/${id}.html">第${KANJI[i]}章 风起</a></li>`,
  );
  return page(
    "山河志最新章节_书屋网",
    `<div class="header"><a href="/">书屋网</a></div><h1>山河志</h1><ul class="chapters">${items.join("")}</ul>`,
    "",
    "zh",
  );
}

/** Another work's chapter (the ranking's link; the `other` serial leads into it). */
function otherWork(): string {
  return page(
    "第1話 はじまり - 別の物語 - 小説の森",
    `<div id="novel_contents"><div class="novel_bn"><a href="/n9999zz/">目次</a><a href="/n9999zz/2/">次へ &gt;&gt;</a></div><p class="novel_subtitle">第1話 はじまり</p><div id="novel_honbun">${prose("MARK-otherwork-1", "ja")}</div></div>`,
  );
}

function negative(kind: "news" | "blog" | "shop", n: number): string {
  const next = n < CHAPTERS ? negativePath(kind, n + 1) : null;
  const mark = markOf(kind, n);
  if (kind === "news") {
    const heads = [
      "Markets fall as rates rise",
      "Rates rise again",
      "Storm hits the coast",
      "Home team wins the cup",
    ];
    return page(
      `${heads[n - 1]} | Daily Test`,
      `<header><a href="/">Daily Test</a></header><article><h1>${heads[n - 1]}</h1>${prose(mark, "en")}</article>${next ? `<div class="story-nav"><a href="${next}">Next story: ${heads[n]}</a></div>` : ""}`,
      '<meta property="og:site_name" content="Daily Test">',
      "en",
    );
  }
  if (kind === "blog") {
    const heads = ["Ten tips for better sleep", "Why we nap", "A quiet desk", "Morning light"];
    return page(
      `${heads[n - 1]} – Sam's blog`,
      `<main><article class="post"><h1 class="entry-title">${heads[n - 1]}</h1><div class="entry-content">${prose(mark, "en")}</div></article><nav class="navigation post-navigation"><div class="nav-links">${next ? `<div class="nav-next"><a href="${next}" rel="next">Next post: ${heads[n]} »</a></div>` : ""}</div></nav><a href="/blog/archive/">Archive</a></main>`,
      '<meta property="og:site_name" content="Sam\'s blog">',
      "en",
    );
  }
  const heads = ["Blue mug", "Red kettle", "Oak tray", "Glass jar"];
  return page(
    `${heads[n - 1]} – Test Shop`,
    `<main><div class="product"><h1>${heads[n - 1]}</h1><div class="description">${prose(mark, "en", 6)}</div><button type="button">Add to cart</button></div>${next ? `<div class="product-nav"><a class="product-nav-next" href="${next}">Next product ›</a></div>` : ""}<a href="/shop/">Index</a></main>`,
    "",
    "en",
  );
}

/** How long the reader script of a single document scrolls before it reports, ms. */
export const NEGATIVE_READ_MS = 20_000;
/** How long the reader script of a serial waits for every chapter at most, ms. */
export const SERIAL_READ_MS = 90_000;

/**
 * Page 1 for browsers the tests cannot drive (Firefox): its own script plays the reader,
 * scrolling to the end every 300 ms. A serial's page reports once every chapter's mark
 * is shown (and 1.5 s more, for a chapter shown twice to show), or after
 * {@link SERIAL_READ_MS}; a single document's after {@link NEGATIVE_READ_MS}:
 * `/report?kind=K&counts=1,1,1,1&inorder=0|1&labels=L1|L2|L3`.
 */
function withReader(html: string): string {
  const script = `<script>(() => {
  const first = document.querySelector("p.mark").textContent;
  const kind = first.split("-")[1];
  const serial = ${JSON.stringify(SHAPES)}.includes(kind);
  const marks = Array.from({ length: ${CHAPTERS} }, (_, i) => "MARK-" + kind + "-" + (i + 1));
  const started = Date.now();
  let allAt = 0;
  const tick = () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const text = document.body.textContent;
    const counts = marks.map((m) => text.split(m).length - 1);
    const at = marks.map((m) => text.indexOf(m));
    if (serial && allAt === 0 && counts.every((c) => c > 0)) allAt = Date.now();
    const waited = Date.now() - started;
    const done = serial ? (allAt > 0 && Date.now() - allAt > 1500) || waited > ${SERIAL_READ_MS} : waited > ${NEGATIVE_READ_MS};
    if (!done) return void setTimeout(tick, 300);
    const inorder = at.every((a, i) => a >= 0 && (i === 0 || a > at[i - 1])) ? 1 : 0;
    const labels = Array.from(document.querySelectorAll(".tsugi-separator > a"), (a) => a.textContent).join("|");
    fetch("/report?kind=" + kind + "&counts=" + counts.join(",") + "&inorder=" + inorder + "&labels=" + encodeURIComponent(labels));
  };
  setTimeout(tick, 500);
})();</script>`;
  return html.replace("</body>", `${script}</body>`);
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** The page at `path`, or null for a 404. */
function route(path: string): string | null {
  for (const shape of SHAPES)
    for (let n = 1; n <= CHAPTERS; n++)
      if (path === chapterPath(shape, n))
        return { narou, kakuyomu, chinese, comic, essay }[shape](n);
  for (const kind of ["walled", "other", "teaser"] as const)
    for (let n = 1; n <= CHAPTERS; n++) {
      if (kind === "walled" && n === 3 && path === chapterPath(kind, n)) return ageWall();
      if (path === chapterPath(kind, n)) return safety(kind, n);
    }
  if (path === "/n9999zz/1/") return otherWork();
  if (path === "/book/3021/") return bookIndex();
  for (const kind of ["news", "blog", "shop"] as const)
    for (let n = 1; n <= CHAPTERS; n++)
      if (path === negativePath(kind, n)) return negative(kind, n);
  return null;
}

/** Start the serial site on a free port of 127.0.0.1. */
export async function startSerialServer(): Promise<SerialServer> {
  const requests: SerialRequest[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    if (path.startsWith("/img/")) {
      requests.push({ path, status: 200, at: Date.now() });
      res.writeHead(200, { "content-type": "image/png" });
      res.end(PNG);
      return;
    }
    if (path.startsWith("/report?")) {
      requests.push({ path, status: 204, at: Date.now() });
      res.writeHead(204).end();
      return;
    }
    const found = route(path.replace(/\?.*$/, ""));
    const html = found && /[?&]reader=1(?:&|$)/.test(path) ? withReader(found) : found;
    requests.push({ path, status: html ? 200 : 404, at: Date.now() });
    res.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(html ?? "<!doctype html><title>Not found</title><p>Not found</p>");
  });
  const { origin, close } = await listenLocally(server);
  return { origin, requests, close };
}
