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
}

/** The result of `tsugi join`. */
export interface JoinedArticle {
  url: string;
  title: string;
  pages: JoinedPage[];
  /** Final pager state (`done`, `stopped`, `no-next`, …) and its reason. */
  state: string;
  reason: string | null;
  /** Detection time on page 1 in the live page (features + scoring), ms. */
  detectMs: number | null;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON text of the article (pretty-printed, trailing newline). */
export function toJson(article: JoinedArticle): string {
  return `${JSON.stringify(article, null, 2)}\n`;
}

/**
 * A self-contained HTML document: the title, then each page in a `<section>`
 * headed by a link to its source URL.
 */
export function toHtml(article: JoinedArticle): string {
  const sections = article.pages
    .map(
      (p) =>
        `<section data-page="${p.number}">\n<p class="source">Page ${p.number}: <a href="${escapeHtml(p.url)}">${escapeHtml(p.url)}</a></p>\n${p.html}\n</section>`,
    )
    .join("\n");
  return `<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(article.title)}</title>\n</head>\n<body>\n<h1>${escapeHtml(article.title)}</h1>\n${sections}\n</body>\n</html>\n`;
}

/**
 * Markdown via turndown: the title, then each page under a "Page N" heading
 * linking to its source URL.
 */
export function toMarkdown(article: JoinedArticle): string {
  const td = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced" });
  td.remove(["script", "style", "noscript"]);
  const parts = [`# ${article.title}`, ""];
  for (const p of article.pages) {
    parts.push(`## Page ${p.number}`, "", `Source: <${p.url}>`, "", td.turndown(p.html), "");
  }
  return `${parts.join("\n").trimEnd()}\n`;
}
