/**
 * The DOM engine of `tsugi detect --engine dom`: a page parsed in Node by linkedom, with
 * no browser and no layout, as the pager reads a fetched page 2 (../pager/fetch-page.ts:
 * parsed inertly, base URL pinned to the page's own), and the same detection the
 * extension runs (./detect-document.ts). Without layout every box is zero and visibility
 * is what the markup says (../features/layout.ts), as on a fetched page.
 */
import { parseHTML } from "linkedom";
import { pinBase } from "../pager/fetch-page";
import { detectDocument, type PageDetection } from "./detect-document";
import { type Page2Verdict, page2Verdict } from "./page2-check";

/** Elements an HTML parser keeps in the head when no `<head>` is written. */
const HEAD_TAG =
  /^<(?:!--[\s\S]*?-->|!doctype[^>]*>|\/?html[^>]*>|\/?head[^>]*>|(?:title)[^>]*>[\s\S]*?<\/title>|(?:style)[^>]*>[\s\S]*?<\/style>|(?:script)[^>]*>[\s\S]*?<\/script>|(?:noscript)[^>]*>[\s\S]*?<\/noscript>|(?:meta|link|base)\b[^>]*>)/i;

/**
 * Markup with the `<html>`, `<head>` and `<body>` tags an HTML parser implies written out:
 * linkedom builds its tree as written, so a page that leaves them out (as the HTML
 * standard allows) would have its content outside `document.body`.
 * @param html decoded markup
 * @returns the markup, the missing tags inserted where a browser's parser implies them
 *   (the body starts at the first thing that is not head content)
 */
export function withImpliedTags(html: string): string {
  const hasHtml = /<html[\s>]/i.test(html);
  const hasHead = /<head[\s>]/i.test(html);
  const hasBody = /<body[\s>]/i.test(html);
  if (hasHtml && hasHead && hasBody) return html;
  // Walk the head content at the start, whitespace included.
  let at = 0;
  for (;;) {
    const ws = /^\s*/.exec(html.slice(at))?.[0].length ?? 0;
    const m = HEAD_TAG.exec(html.slice(at + ws));
    if (!m) {
      at += ws;
      break;
    }
    at += ws + m[0].length;
  }
  let head = html.slice(0, at);
  let rest = html.slice(at);
  if (!hasBody)
    rest = `<body>${rest.replace(/<\/html>\s*$/i, "")}</body>${/<\/html>\s*$/i.test(rest) ? "</html>" : ""}`;
  if (!hasHead) {
    const open = /<html[^>]*>/i.exec(head);
    head = open
      ? `${head.slice(0, open.index + open[0].length)}<head>${head.slice(open.index + open[0].length)}</head>`
      : `<head>${head}</head>`;
    head = head.replace(/<\/head>(\s*)<\/head>/i, "</head>$1");
  }
  const out = head + rest;
  return hasHtml ? out : `<html>${out}</html>`;
}

/**
 * Parse markup into a document without running anything in it, its base URL pinned to
 * where it came from (an existing `<base href>` resolved against it), as
 * ../pager/fetch-page.ts `parseHtml` does with DOMParser.
 * @param html decoded markup
 * @param url the page's URL
 */
export function parseDocument(html: string, url: string): Document {
  const { document } = parseHTML(withImpliedTags(html)) as unknown as { document: Document };
  // A DOMParser document has no window; linkedom gives one without styles, which code
  // that reads styles where there is a window would call.
  Object.defineProperty(document, "defaultView", { value: null });
  return pinBase(document, url);
}

/**
 * Detect on saved bytes, as `--engine chromium` does on the rendered page.
 * @param bytes the page as served
 * @param charset the charset to decode with (a TextDecoder label; "" for UTF-8)
 * @param url the page's URL
 * @returns the detection and the parsed document (for the page-2 check)
 */
export async function detectBytes(
  bytes: Uint8Array,
  charset: string,
  url: string,
): Promise<{ detection: PageDetection; doc: Document }> {
  const html = new TextDecoder(charset || "utf-8").decode(bytes);
  const doc = parseDocument(html, url);
  return { detection: await detectDocument(doc, url), doc };
}

/**
 * The page-2 check of page 1's next link against the archived page 2.
 * @param page1 page 1 as parsed by {@link detectBytes}
 * @param html page 2's markup, decoded
 * @param page2Url its URL
 */
export function page2Parsed(
  page1: { doc: Document; url: string },
  html: string,
  page2Url: string,
): Page2Verdict {
  return page2Verdict(page1, { doc: parseDocument(html, page2Url), url: page2Url });
}
