/**
 * Entry of the page-side bundle `bin/tsugi-extract.js` (an IIFE exposing
 * `tsugiExtract.run`) that `tsugi extract` evaluates inside headless Chromium, so
 * the command runs the same extraction code as the extension's export.
 */
import { type ExtractedArticle, extractArticle } from "./article";

/**
 * Extract the article of the document this runs in.
 * @param opts.url the page's URL (default: `location.href`)
 */
export function run(opts: { url?: string } = {}): ExtractedArticle {
  return extractArticle(document, { url: opts.url ?? location.href });
}
