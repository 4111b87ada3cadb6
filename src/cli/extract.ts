/**
 * `tsugi extract` (contract in ../shared/design/ARCHITECTURE.md):
 *   tsugi extract <file|url> [--url URL] [--charset CS] [--format json|md|html|text]
 *   tsugi extract --batch manifest.jsonl      (lines {"id","file","url","charset"})
 * Each page is opened in headless Chromium (batch.ts runs pages side by side) and the
 * extension's own extraction code (src/extract/, bundled as bin/tsugi-extract.js)
 * runs in it. A file is served at its `--url` (default `http://localhost/<name>`)
 * with every other request refused and page scripts off, so saved pages extract
 * offline and as parsed. Output: one JSON object per page,
 * `{"url","title","byline","siteName","text","html"}` (+ `"id"` in a batch), or the
 * article as Markdown, self-contained HTML or plain text with `--format`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { formatArticle, type JoinedArticle } from "../export/joined-article";
import type { ExtractedArticle } from "../extract/article";
import type { ExportFormat } from "../messaging/export-formats";
import { repoRoot } from "../replay/cases";
import type { PageRunner } from "./batch";
import type { BrowserSlot } from "./browser-pool";
import { measurePage, TabPool } from "./guarded-page";

/** The page-side bundle built by `npm run build:cli`. */
export function extractBundle(): string {
  const path = join(repoRoot(), "bin", "tsugi-extract.js");
  if (!existsSync(path)) throw new Error(`no ${path}: run 'npm run build' first`);
  return readFileSync(path, "utf8");
}

/**
 * The page runner of `extract`: the article's JSON fields, or `{"<format>": text}` for
 * another format. A saved file is served offline with its scripts off; a live URL runs
 * its scripts (many articles are filled in by them).
 * @param slot the browser to use
 * @param bundle the page-side bundle ({@link extractBundle})
 */
export function extractRunner(
  slot: BrowserSlot,
  bundle: string,
  format: "json" | ExportFormat,
): PageRunner {
  const pool = new TabPool(slot);
  return async (job, signal) => {
    const m = await measurePage(
      pool,
      job,
      { javaScript: true, waitUntil: "domcontentloaded" },
      signal,
      async (tab, url) => {
        const code = `(() => { ${bundle}\n; return tsugiExtract.run({ url: ${JSON.stringify(url)} }); })()`;
        return (await tab.evaluate(code)) as ExtractedArticle;
      },
    );
    const fields: Record<string, unknown> =
      format === "json" ? articleFields(m.value) : { [format]: formatExtract(m.value, format) };
    return m.refresh === null ? fields : { ...fields, refresh: m.refresh };
  };
}

/** The contract's fields of one page's article. */
export function articleFields(a: ExtractedArticle): Record<string, unknown> {
  return {
    url: a.url,
    title: a.title,
    byline: a.byline,
    siteName: a.siteName,
    text: a.text,
    html: a.html,
  };
}

/** One page's article as a one-page {@link JoinedArticle}, for the export formats. */
export function asJoined(a: ExtractedArticle): JoinedArticle {
  return {
    url: a.url,
    title: a.title,
    byline: a.byline,
    siteName: a.siteName,
    pages: [{ number: 1, url: a.url, html: a.html, text: a.text }],
    state: "extracted",
    reason: null,
    detectMs: null,
  };
}

/** Output of one page in a format: "json" gives the JSON line. */
export function formatExtract(a: ExtractedArticle, format: "json" | ExportFormat): string {
  return format === "json"
    ? `${JSON.stringify(articleFields(a))}\n`
    : formatArticle(asJoined(a), format);
}

/** The URL a file is served at when none is given. */
export const EXTRACT_FILE_ORIGIN = "http://localhost/";

/** Output formats of `extract`. */
export const FORMATS = ["json", "md", "html", "text"] as const;
