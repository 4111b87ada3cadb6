/**
 * Detection on one document as the content script runs it (the gate, then the staged
 * detection), for both engines of `tsugi detect`: the Chromium engine runs it in the
 * rendered page (./page-detect.ts), the DOM engine on a document parsed in Node
 * (./dom-engine.ts). No Node or browser API beyond the DOM.
 */
import { SliceBudget, yieldToPage } from "../budget/slices";
import { detectStaged } from "../detect/staged";
import { visibleText } from "../features/text";
import { pagerGateSteps } from "../gate/gate";

/** What one page's detection returns. */
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
 * Detect on a document, as the content script does: the gate first, the detector only
 * where it opens (with `all`, the detector runs whatever the gate says, and `gate` still
 * tells what it said), and the page element only where there is a next link (sure or
 * pending). A sure next link is `nextUrl`; one the content script keeps until page 2
 * confirms it (../detect/confirm-next.ts) is `pendingNextUrl`.
 *
 * @param doc the page (rendered, or parsed without layout)
 * @param pageUrl the page's URL
 * @param all run the detector even where the gate stays closed
 * @returns contract fields; scores rounded to 4 decimals, ms (gate + the detection's
 *   slices, the load-more look included) and longestTaskMs to 0.1
 */
export async function detectDocument(
  doc: Document,
  pageUrl: string,
  all = false,
): Promise<PageDetection> {
  const gateBudget = new SliceBudget();
  const g = await gateBudget.run(
    pagerGateSteps(doc, new URL(pageUrl).hostname.toLowerCase(), pageUrl),
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
  const { found: d } = await detectStaged(doc, pageUrl, { idle: yieldToPage, budget });
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
/** The fields of a line once page 2 from the archive answered for its next link. */
export interface Page2Fields {
  nextUrl: string | null;
  pendingNextUrl: string | null;
  /** the next link page 2 refused, and why */
  refusedNextUrl?: string;
  refusedReason?: string;
}

/**
 * A detection's next-link fields once the page-2 check ran on the archived page 2: the
 * link becomes `nextUrl` when page 2 confirms it, `refusedNextUrl` (with the reason) when
 * it does not; without page 2 in the archive, the fields stay as detected.
 * @param d the detection
 * @param verdict the check's answer, or null when page 2 is not in the archive
 */
export function withPage2(
  d: Pick<PageDetection, "nextUrl" | "pendingNextUrl">,
  verdict: { confirmed: boolean; reason: string } | null,
): Page2Fields {
  const link = d.nextUrl ?? d.pendingNextUrl;
  if (link === null || verdict === null)
    return { nextUrl: d.nextUrl, pendingNextUrl: d.pendingNextUrl };
  if (verdict.confirmed) return { nextUrl: link, pendingNextUrl: null };
  return {
    nextUrl: null,
    pendingNextUrl: null,
    refusedNextUrl: link,
    refusedReason: verdict.reason,
  };
}
