/**
 * Article extraction for export and `tsugi extract`: title, byline, site name and
 * a cleaned body (HTML and text) from one page.
 *
 * Body: the container the page marks as its body (`itemprop="articleBody"`,
 * `entry-content`, … see ./body.ts), else Mozilla Readability.js's choice; where the
 * two agree closely enough, Readability.js's output as it is (./defer.ts, levels tuned
 * on held-out folds); then furniture is removed (./clean.ts), lazy images get their
 * real source, URLs become absolute and event-handler attributes go. Metadata: Readability's (og:/JSON-LD/meta
 * tags), with the title and site name told apart by comparing page 1's `<title>` with
 * page 2's (seed 004, ./site-title.ts). Pure DOM code without layout, so the content
 * script, the CLI (headless Chromium) and the evaluation (jsdom) compute the same.
 */
import { Readability } from "@mozilla/readability";
import { absolutizeUrls } from "../pager/prepare";
import { MIN_BODY_CHARS, markedBody } from "./body";
import { cleanBody } from "./clean";
import { defersToReadability } from "./defer";
import { type BlockScorer, pruneBlocks, shippedBlockScorer } from "./prune";
import { siteAndTitle, squash } from "./site-title";
import { blockText } from "./text";

/** What the exporter knows about one page of an article. */
export interface ExtractedArticle {
  /** The page's URL (absolute). */
  url: string;
  title: string;
  byline: string | null;
  siteName: string | null;
  /** Cleaned body as HTML (no scripts, handlers or styles; absolute URLs). */
  html: string;
  /** Body text, one line per block. */
  text: string;
  /** Which body finder was used: the page's own body markup, Readability.js, or nothing found. */
  method: "marked" | "readability" | "none";
}

export interface ExtractOptions {
  /** Absolute URL of the page (base for relative links and images). */
  url: string;
  /** `<title>` of a sibling page (page 2 of the joined article), for seed 004. */
  siblingTitle?: string | null;
}

/** Attributes kept on exported elements; everything else (class, style, on*, data-*) goes. */
const KEEP_ATTRS = new Set([
  "href",
  "src",
  "srcset",
  "alt",
  "title",
  "colspan",
  "rowspan",
  "datetime",
  "cite",
  "lang",
  "dir",
  "width",
  "height",
  "start",
  "type",
  "poster",
  "controls",
]);
const LAZY_SRC = ["data-src", "data-original", "data-lazy-src", "data-url", "data-hi-res-src"];

/**
 * Extract the article of one page.
 * @param doc the page (live or parsed); it is not modified (work happens on clones)
 * @param opts the page URL and, when known, page 2's `<title>`
 * @param blocks the block scorer (default: the shipped model of models/export-blocks.json,
 *   none when it is missing); null keeps every block of the body
 * @returns title, byline, site name and the cleaned body; `method: "none"` and an empty
 *   body when the page has no article text
 */
export function extractArticle(
  doc: Document,
  opts: ExtractOptions,
  blocks: BlockScorer | null = shippedBlockScorer(),
): ExtractedArticle {
  return extractWithBody(doc, opts, blocks).article;
}

/**
 * {@link extractArticle}, also handing back the cleaned body element (owned by an
 * inert document of its own), for callers that keep working on it.
 * @returns the article and its body, or a null body when none was found
 */
export function extractWithBody(
  doc: Document,
  opts: ExtractOptions,
  blocks: BlockScorer | null = shippedBlockScorer(),
): { article: ExtractedArticle; body: Element | null } {
  const c = chooseBody(doc, opts);
  const { title, byline, siteName } = c;
  let method = c.method;
  // The page-level ensemble (./defer.ts): where both extractors agree, Readability.js's output.
  if (blocks?.defer && c.readabilityContent && c.body) {
    const chosen = c.method === "readability";
    if (defersToReadability(blockText(c.body), c.readabilityText, blocks.defer, chosen)) {
      const holder = c.body.ownerDocument.createElement("div");
      holder.append(c.body.ownerDocument.importNode(c.readabilityContent, true));
      c.body.replaceWith(holder);
      c.body = holder;
      method = "readability";
      blocks = null;
    }
  }
  if (!c.body)
    return {
      article: { url: opts.url, title, byline, siteName, html: "", text: "", method: "none" },
      body: null,
    };
  finishBody(c.body, { title, url: opts.url, readabilityText: c.readabilityText, method, blocks });
  const article = {
    url: opts.url,
    title,
    byline,
    siteName,
    html: c.body.innerHTML.trim(),
    text: blockText(c.body),
    method,
  };
  return { article, body: c.body };
}

/** The page's metadata and its cleaned body before block scoring (see {@link chooseBody}). */
export interface ChosenBody {
  title: string;
  byline: string | null;
  siteName: string | null;
  /** the cleaned body, class and id attributes still on (owned by an inert document), or null */
  body: Element | null;
  method: ExtractedArticle["method"];
  /** Readability.js's body text ("" when it found none), a signal for block scoring */
  readabilityText: string;
  /** Readability.js's body as it returned it (not cleaned), or null */
  readabilityContent: Element | null;
}

/**
 * First half of {@link extractWithBody}: metadata, and the body container (the page's
 * marked body when it holds {@link MIN_BODY_CHARS}, else Readability.js's choice) with
 * furniture removed, before block scoring, title-heading removal and attribute stripping. The evaluation caches this to train
 * the block scorer on exactly what the export scores.
 * @param doc the page (not modified)
 */
export function chooseBody(doc: Document, opts: ExtractOptions): ChosenBody {
  const rd = runReadability(doc);
  const host = safeHost(opts.url);
  const names = siteAndTitle(doc.title ?? "", opts.siblingTitle ?? null, {
    siteName: rd?.siteName ?? null,
    host,
    heading: mainHeading(doc, opts.url),
  });
  // The seed's split wins when it found one; else Readability.js's title heuristics.
  const split = names.source === "sibling" || names.siteName !== null;
  const title = (split ? names.title : rd?.title || names.title).trim();
  const siteName = (rd?.siteName || (split ? names.siteName : null) || null)?.trim() || null;
  const byline = rd?.byline?.replace(/\s+/g, " ").trim() || null;
  const readabilityText = rd?.content ? blockText(rd.content) : "";

  const work = doc.implementation.createHTMLDocument("");
  let body: Element | null = null;
  let method: ExtractedArticle["method"] = "none";
  // The page's markup names its article; where Readability.js (which scores by prose
  // volume) chose another part of the page, a teaser list or the next story, the markup
  // was right on 5 of the 6 such corpus pages (docs/export.md, "Changes and what they did"). Where
  // Readability.js's text lies inside the marked body, the ensemble of extractWithBody
  // takes it: no hand rule decides before that.
  const marked = markedBody(doc);
  if (marked.length > 0) {
    body = work.createElement("div");
    for (const el of marked) body.append(work.importNode(el, true));
    work.body.append(body);
    cleanBody(body);
    method = "marked";
    if (blockText(body).length < MIN_BODY_CHARS) {
      body.remove();
      body = null;
    }
  }
  if (!body && rd?.content) {
    const holder = work.createElement("div");
    holder.append(work.importNode(rd.content, true));
    work.body.append(holder);
    body = holder;
    cleanBody(body);
    method = "readability";
  }
  if (!body) method = "none";
  return {
    title,
    byline,
    siteName,
    body,
    method,
    readabilityText,
    readabilityContent: rd?.content ?? null,
  };
}

/**
 * Second half of {@link extractWithBody}, in place: blocks the scorer calls
 * furniture go (./prune.ts), then a heading repeating the title, then lazy images get
 * their source, URLs become absolute and attributes other than harmless ones go.
 * @param body a body from {@link chooseBody}
 * @param ctx the title, page URL, Readability.js's text and the body finder used; a
 *   null scorer keeps every block
 */
export function finishBody(
  body: Element,
  ctx: {
    title: string;
    url: string;
    readabilityText: string;
    method: ExtractedArticle["method"];
    blocks: BlockScorer | null;
  },
): void {
  if (ctx.blocks) pruneBlocks(body, ctx.blocks, ctx.readabilityText, ctx.method);
  dropTitleHeading(body, ctx.title);
  finishForExport(body, ctx.url);
}

type ReadabilityResult = ReturnType<Readability<Element>["parse"]>;

/** Readability.js on a clone (it rewrites the document it is given); null on failure.
 * Its content comes back as an element (no HTML string to parse again). */
function runReadability(doc: Document): ReadabilityResult {
  try {
    return new Readability<Element>(doc.cloneNode(true) as Document, {
      keepClasses: true,
      serializer: (node) => node as Element,
    }).parse();
  } catch {
    return null;
  }
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * The page's first `<h1>` that is not the site's logo: an h1 whose text is all one
 * link to the site's front page ("/", "index.html") names the site, not the article.
 * @returns its text, or null when there is none
 */
export function mainHeading(doc: Document, url: string): string | null {
  for (const h of Array.from(doc.getElementsByTagName("h1"))) {
    const text = (h.textContent ?? "").replace(/\s+/g, " ").trim();
    if (!text) continue;
    const link = h.querySelector("a[href]");
    if (link && (link.textContent ?? "").replace(/\s+/g, " ").trim() === text) {
      try {
        const path = new URL(link.getAttribute("href") ?? "", url).pathname;
        if (/^\/(?:index\.[a-z]+)?$/i.test(path) || /\/index\.[a-z]+$/i.test(path)) continue;
      } catch {
        /* an unparseable link is no logo */
      }
    }
    return text;
  }
  return null;
}

/** Remove a heading at the top of the body that repeats the title (the export prints it). */
function dropTitleHeading(body: Element, title: string): void {
  const t = squash(title);
  if (!t) return;
  const first = body.querySelector("h1, h2");
  if (!first) return;
  const before = blockText(body).indexOf(blockText(first));
  if (before > 200) return;
  const h = squash(first.textContent ?? "");
  if (h && (h === t || (h.length > 10 && t.includes(h)) || (t.length > 10 && h.includes(t))))
    first.remove();
}

/** Real image sources, absolute URLs, and only harmless attributes. */
function finishForExport(body: Element, url: string): void {
  for (const img of Array.from(body.querySelectorAll("img"))) {
    const src = img.getAttribute("src") ?? "";
    if (!src || src.startsWith("data:")) {
      const lazy = LAZY_SRC.map((a) => img.getAttribute(a)).find(
        (v) => v && !v.startsWith("data:"),
      );
      if (lazy) img.setAttribute("src", lazy);
    }
  }
  absolutizeUrls(body, url);
  for (const el of [body, ...Array.from(body.querySelectorAll("*"))]) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (!KEEP_ATTRS.has(name)) el.removeAttribute(attr.name);
      else if (/^\s*javascript:/i.test(attr.value)) el.removeAttribute(attr.name);
    }
  }
}
