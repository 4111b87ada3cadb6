/**
 * Browser-side entry of `tsugi detect`: bundled into `bin/tsugi-page.js` and evaluated in
 * a rendered page, it runs what the content script runs, stages included (ARCHITECTURE.md):
 * the gate, then, where it opens, the extension's staged detection (the next link; the
 * page element only where there is one, else the "Load more" look), and returns the
 * contract's fields; with a web archive, the page-2 check of the next link on page 2 as
 * the archive holds it.
 */
import { detect } from "../detect/detect";
import { parseHtml } from "../pager/fetch-page";
import { tableRows } from "../pager/table-rows";
import { type Item, listItems } from "../siblings/items";
import { detectDocument, type PageDetection } from "./detect-document";
import { type Page2Verdict, page2Verdict } from "./page2-check";

export type { PageDetection } from "./detect-document";

/**
 * Detect on the current document, as the content script does ({@link detectDocument}).
 * @param pageUrl the page's URL
 * @param all run the detector even where the gate stays closed
 */
export function detectHere(pageUrl: string, all = false): Promise<PageDetection> {
  return detectDocument(document, pageUrl, all);
}

/**
 * The page-2 check of the current document's next link against page 2 as an archive
 * holds it: page 2 is parsed inertly, as the pager parses a fetched page
 * (../pager/fetch-page.ts), and checked against the rendered page 1 ({@link page2Verdict}).
 * @param html page 2's markup, decoded
 * @param page2Url page 2's URL
 * @param pageUrl page 1's URL
 */
export function page2Here(html: string, page2Url: string, pageUrl: string): Page2Verdict {
  return page2Verdict(
    { doc: document, url: pageUrl },
    { doc: parseHtml(html, page2Url), url: page2Url },
  );
}

/**
 * The records of the current document's page element as items (`tsugi extract --records`):
 * the extension's `detect()` finds the page element (a table's rows count as the list,
 * as the pager joins them), ./../siblings/items.ts turns each record into
 * `{page: 1, url, title, text, date?, author?}`.
 * @param pageUrl the page's URL
 * @returns the items, empty when the page element is not a list or none was found
 */
export function recordsHere(pageUrl: string): Item[] {
  const d = detect(document, pageUrl);
  const rows = tableRows(d.pageElements);
  return listItems(rows?.rows ?? d.pageElements, 1, pageUrl) ?? [];
}

(globalThis as unknown as { __tsugiDetect: typeof detectHere }).__tsugiDetect = detectHere;
(globalThis as unknown as { __tsugiRecords: typeof recordsHere }).__tsugiRecords = recordsHere;
(globalThis as unknown as { __tsugiPage2: typeof page2Here }).__tsugiPage2 = page2Here;
