/**
 * The export's script, the third stage next to the page-element forest's: injected by the
 * background into a frame whose reader asked for an export (src/export/exporter-api.ts),
 * it installs the joined-article export (Markdown via turndown, HTML via DOMPurify, text,
 * JSON, an EPUB book via fflate) and the items export (CSV via Papa Parse, JSON). Pages where nobody exports never
 * load Readability.js, turndown, Papa Parse or the block forest.
 */
import { asBook, exportBook } from "../src/export/book-export";
import { buildJoinedArticle, originalDocument, type SourcePage } from "../src/export/build";
import { exportWords } from "../src/export/export-words";
import { type ExportRequest, installExporter } from "../src/export/exporter-api";
import { EXPORT_MIME, exportFilename, formatArticle } from "../src/export/joined-article";
import type { ExportFile } from "../src/messaging/messages";
import { parseHtml } from "../src/pager/fetch-page";
import {
  formatItems,
  ITEMS_EXTENSION,
  ITEMS_MIME,
  isItemsFormat,
  shownItems,
} from "../src/siblings/items-export";

/**
 * The export file a reader asked for.
 *
 * @param r the page, its joined pages and the format
 * @returns the file; for the items formats, the items of every page shown
 */
function exportFile(r: ExportRequest): ExportFile | Promise<ExportFile> {
  const { format, doc } = r;
  if (isItemsFormat(format)) {
    const items = r.pageElements.length > 0 ? shownItems(doc, r.pageUrl, r.pageElements) : [];
    return {
      filename: exportFilename(doc.title, "text", ITEMS_EXTENSION[format]),
      mime: ITEMS_MIME[format],
      content: formatItems(items, format),
      pages: 1 + r.joined.length,
    };
  }
  const pages: SourcePage[] = [
    {
      number: 1,
      url: r.pageUrl,
      doc: originalDocument(doc),
      ...(r.heading ? { heading: r.heading } : {}),
    },
    ...r.joined.map((p) => ({
      number: p.number,
      url: p.url,
      doc: parseHtml(p.html, p.url),
      ...(p.heading ? { heading: p.heading } : {}),
    })),
  ];
  const article = buildJoinedArticle(pages, r.status);
  const words = exportWords(r.getMessage);
  if (format === "epub")
    return exportBook(
      asBook(
        article,
        pages.map((p) => p.doc.title),
      ),
      r.book ?? {},
      {
        fetchBytes: imageBytes,
        sourceLabel: words.source,
      },
    );
  return {
    filename: exportFilename(article.title, format),
    mime: EXPORT_MIME[format],
    content: formatArticle(article, format, words),
    pages: article.pages.length,
  };
}

/** An image's bytes by the page's own fetch (its cookies; one request at a time is
 * fetchImages' part), or null on any failure. */
async function imageBytes(url: string): Promise<Uint8Array | null> {
  const res = await fetch(url, { credentials: "include" });
  return res.ok ? new Uint8Array(await res.arrayBuffer()) : null;
}

installExporter({ exportFile });
