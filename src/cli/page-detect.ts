/**
 * Browser-side entry of `tsugi detect`: bundled into `bin/tsugi-page.js` and evaluated in
 * a rendered page, it runs what the content script runs, stages included (ARCHITECTURE.md):
 * the gate, then, where it opens, the extension's staged detection (the next link; the
 * page element only where there is one, else the "Load more" look), and returns the
 * contract's fields.
 */
import { SliceBudget, yieldToPage } from "../budget/slices";
import { detect } from "../detect/detect";
import { detectStaged } from "../detect/staged";
import { visibleText } from "../features/text";
import { pagerGateSteps } from "../gate/gate";
import { tableRows } from "../pager/table-rows";
import { type Item, listItems } from "../siblings/items";

/** What one page's detection returns to Node. */
export interface PageDetection {
  url: string;
  /** the next link the extension joins without fetching page 2 first */
  nextUrl: string | null;
  /** a next link the extension joins only once page 2 shows it continues this page (the
   * forest is unsure of it, or its URL leads to another document: another slug, id or
   * date, as a next post's does); null when there is none */
  pendingNextUrl: string | null;
  /** forest probability of the link reported (either field), 0 when none */
  nextScore: number;
  /** the links the extension's pager tries, each through the page-2 judge, when page 2
   * refuses the one reported (best first, at most two), with their forest probability */
  candidates: { url: string; score: number }[];
  pageElement: { xpaths: string[]; text: string };
  /** gate + detection, ms of the page's main thread (the first run in a fresh page:
   * cold); the yields to the page between slices not included */
  ms: number;
  /** the longest uninterrupted slice of that work, ms: the longest task tsugi gave the
   * page (the gate is one slice, each slice of the detection another) */
  longestTaskMs: number;
  /** whether the gate opened, so that the full detector ran */
  gate: boolean;
  /** the gate's own time, ms */
  gateMs: number;
}

/**
 * Detect on the current document, as the content script does: the gate first, the
 * detector only where it opens (with `all`, the detector runs whatever the gate says,
 * and `gate` still tells what it said), and the page element only where there is a next
 * link (sure or pending). A sure next link is `nextUrl`; one the content script keeps until
 * page 2 confirms it (../detect/confirm-next.ts) is `pendingNextUrl`, since this command
 * fetches no page 2.
 *
 * @param pageUrl the page's URL
 * @param all run the detector even where the gate stays closed
 * @returns contract fields; scores rounded to 4 decimals, ms (gate + the detection's
 *   slices, the load-more look included) and longestTaskMs to 0.1
 */
export async function detectHere(pageUrl: string, all = false): Promise<PageDetection> {
  const gateBudget = new SliceBudget();
  const g = await gateBudget.run(
    pagerGateSteps(document, new URL(pageUrl).hostname.toLowerCase(), pageUrl),
  );
  gateBudget.finish();
  const gateLongest = gateBudget.longestMs;
  const gateMs = Math.round(g.ms * 10) / 10;
  if (!g.pass && !all)
    return {
      url: pageUrl,
      nextUrl: null,
      pendingNextUrl: null,
      nextScore: 0,
      candidates: [],
      pageElement: { xpaths: [], text: "" },
      ms: gateMs,
      longestTaskMs: Math.round(gateLongest * 10) / 10,
      gate: false,
      gateMs,
    };
  // The extension's detector starts in a task of its own, after the gate's.
  await yieldToPage();
  const budget = new SliceBudget();
  const { found: d } = await detectStaged(document, pageUrl, { idle: yieldToPage, budget });
  budget.finish();
  const ms = budget.totalMs;
  const longest = Math.max(gateLongest, budget.longestMs);
  return {
    url: pageUrl,
    nextUrl: d.next.unsure ? null : d.next.url,
    pendingNextUrl: d.next.unsure ? d.next.url : null,
    nextScore: Math.round(d.next.score * 1e4) / 1e4,
    candidates: d.next.alternatives.map((a) => ({
      url: a.url,
      score: Math.round(a.score * 1e4) / 1e4,
    })),
    pageElement: {
      xpaths: d.pageElementXPaths,
      text: d.pageElements.map((e) => visibleText(e)).join("\n"),
    },
    ms: Math.round((ms + g.ms) * 10) / 10,
    longestTaskMs: Math.round(longest * 10) / 10,
    gate: g.pass,
    gateMs,
  };
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
