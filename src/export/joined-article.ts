import TurndownService from "turndown";

/** One page of a joined article, as read from the live DOM after joining. */
export interface JoinedPage {
  /** 1 for the page the reader opened. */
  number: number;
  url: string;
  /** Sanitized HTML of the page element(s) as shown. */
  html: string;
  /** Visible text of the same, whitespace-collapsed. */
  text: string;
  /** A chapter's heading (serial reading), said in place of "Page N". */
  heading?: string;
}

/** The result of `tsugi join` and of the popup's export. */
export interface JoinedArticle {
  url: string;
  title: string;
  /** Author(s), when the page names them. */
  byline?: string | null;
  /** Site name (og:site_name, or told apart from the title as in seed 004). */
  siteName?: string | null;
  pages: JoinedPage[];
  /** Final pager state (`done`, `stopped`, `no-next`, …) and its reason. */
  state: string;
  reason: string | null;
  /** Detection time on page 1 in the live page (features + scoring), ms. */
  detectMs: number | null;
  /** The items of every page shown, when page 1's page element is a list
   * (`tsugi join`'s JSON output). */
  items?: Item[];
}

import type { ExportFormat } from "../messaging/export-formats";
import type { Item } from "../siblings/items";

export const EXPORT_MIME: Record<ExportFormat, string> = {
  md: "text/markdown;charset=utf-8",
  html: "text/html;charset=utf-8",
  text: "text/plain;charset=utf-8",
};

/** The export's own words around the article's text, in the reader's language. */
export interface ExportWords {
  /** A page's heading: "Page N". */
  page(page: number): string;
  /** Label of a page's source address: "Source". */
  source: string;
  /** The credits line's author part: "By NAME". */
  by(name: string): string;
}

/** The words of an export when no language is asked for. */
export const ENGLISH_EXPORT: ExportWords = {
  page: (page) => `Page ${page}`,
  source: "Source",
  by: (name) => `By ${name}`,
};

/** The article in one export format, its headings in `words` (English by default). */
export function formatArticle(
  article: JoinedArticle,
  format: ExportFormat,
  words: ExportWords = ENGLISH_EXPORT,
): string {
  if (format === "md") return toMarkdown(article, words);
  if (format === "html") return toHtml(article, words);
  return toText(article, words);
}

/**
 * A file name for the export: the title in lower case, letters and digits joined by
 * "-", at most 80 characters, with the format's extension ("article" when untitled), or
 * `extension` when given (the items' "csv", "json").
 */
export function exportFilename(title: string, format: ExportFormat, extension?: string): string {
  const stem =
    title
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80)
      .replace(/-+$/, "") || "article";
  return `${stem}.${extension ?? (format === "text" ? "txt" : format)}`;
}

/** "By X · Site" line of an article, or "" when it has neither. */
function credits(article: JoinedArticle, words: ExportWords): string {
  const by =
    article.byline && !/^by\b/i.test(article.byline) ? words.by(article.byline) : article.byline;
  return [by ?? "", article.siteName ?? ""].filter(Boolean).join(" · ");
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON text of the article (pretty-printed, trailing newline). */
export function toJson(article: JoinedArticle): string {
  return `${JSON.stringify(article, null, 2)}\n`;
}

/**
 * A self-contained HTML document (inline style, no scripts, images by absolute
 * URL): the title, byline and site name, then each page in a `<section>` headed by
 * a link to its source URL ("Page N" in `words`).
 */
export function toHtml(article: JoinedArticle, words: ExportWords = ENGLISH_EXPORT): string {
  const sections = article.pages
    .map(
      (p) =>
        `<section data-page="${p.number}">\n<p class="source">${escapeHtml(p.heading ?? words.page(p.number))}: <a href="${escapeHtml(p.url)}">${escapeHtml(p.url)}</a></p>\n${p.html}\n</section>`,
    )
    .join("\n");
  const by = credits(article, words);
  const meta = [
    article.byline ? `<meta name="author" content="${escapeHtml(article.byline)}">` : "",
    article.siteName
      ? `<meta property="og:site_name" content="${escapeHtml(article.siteName)}">`
      : "",
    `<meta name="generator" content="tsugi">`,
  ]
    .filter(Boolean)
    .join("\n");
  const style =
    "<style>body{max-width:42em;margin:2em auto;padding:0 1em;font:17px/1.6 Georgia,serif;color:#222}img,video{max-width:100%;height:auto}.source{font:13px/1.4 sans-serif;color:#666;border-top:1px solid #ccc;padding-top:.5em;margin-top:2em}.byline{color:#555;font-style:italic}</style>";
  return `<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(article.title)}</title>\n${meta}\n${style}\n</head>\n<body>\n<h1>${escapeHtml(article.title)}</h1>\n${by ? `<p class="byline">${escapeHtml(by)}</p>\n` : ""}${sections}\n</body>\n</html>\n`;
}

/**
 * Markdown via turndown: the title, then each page under a "Page N" heading
 * (in `words`) followed by its source URL.
 */
export function toMarkdown(article: JoinedArticle, words: ExportWords = ENGLISH_EXPORT): string {
  const td = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced" });
  td.remove(["script", "style", "noscript"]);
  const parts = [`# ${article.title}`, ""];
  const by = credits(article, words);
  if (by) parts.push(`_${by}_`, "");
  for (const p of article.pages) {
    const heading = `## ${p.heading ?? words.page(p.number)}`;
    parts.push(heading, "", `${words.source}: <${p.url}>`, "", td.turndown(p.html), "");
  }
  return `${parts.join("\n").trimEnd()}\n`;
}

/**
 * Plain text: the title, the byline line, then each page's text after a
 * "Page N: URL" line (in `words`), pages separated by a blank line.
 */
export function toText(article: JoinedArticle, words: ExportWords = ENGLISH_EXPORT): string {
  const parts = [article.title];
  const by = credits(article, words);
  if (by) parts.push(by);
  parts.push("");
  for (const p of article.pages)
    parts.push(`${p.heading ?? words.page(p.number)}: ${p.url}`, "", p.text, "");
  return `${parts.join("\n").trimEnd()}\n`;
}
