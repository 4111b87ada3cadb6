/**
 * Browser-side entry of `tsugi detect`: bundled into `bin/tsugi-page.js` and evaluated in
 * a rendered page, it runs the extension's own `detect()` and returns the contract's
 * fields (ARCHITECTURE.md).
 */
import { detect } from "../detect/detect";
import { visibleText } from "../features/text";

/** What one page's detection returns to Node. */
export interface PageDetection {
  url: string;
  nextUrl: string | null;
  nextScore: number;
  pageElement: { xpaths: string[]; text: string };
  ms: number;
}

/**
 * Detect on the current document.
 *
 * @param pageUrl the page's URL
 * @returns contract fields; scores rounded to 4 decimals, ms to 0.1
 */
export function detectHere(pageUrl: string): PageDetection {
  const d = detect(document, pageUrl);
  return {
    url: pageUrl,
    nextUrl: d.next.url,
    nextScore: Math.round(d.next.score * 1e4) / 1e4,
    pageElement: {
      xpaths: d.pageElementXPaths,
      text: d.pageElements.map((e) => visibleText(e)).join("\n"),
    },
    ms: Math.round(d.ms * 10) / 10,
  };
}

(globalThis as unknown as { __tsugiDetect: typeof detectHere }).__tsugiDetect = detectHere;
