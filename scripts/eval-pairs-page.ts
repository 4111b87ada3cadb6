/**
 * In-page entry of `npm run eval:pairs` (scripts/eval-pairs.ts), bundled with the forests
 * packed as the extension loads them (scripts/build-detector.ts): on the rendered page 1,
 * the gate's signal, the detection as the content script runs it (src/cli/detect-document.ts,
 * the engine of `tsugi detect`), and the page-2 judge on a page 2 parsed inertly as the
 * pager parses a fetched page, called with the arguments the pager gives it
 * (src/pager/pager.ts `join`: the other candidates, the page element and its XPaths, and
 * the doubt of a waiting link).
 */

import { runNow } from "../src/budget/slices";
import { detectDocument, type PageDetection } from "../src/cli/detect-document";
import { nextLinkForest } from "../src/detect/models";
import { linkFeaturesRead } from "../src/detect/next-link";
import { judgePage2 } from "../src/detect/page2-judge";
import { extractLinkVectorsSteps, linkFeatureArray } from "../src/features/link-features";
import { pagerGate } from "../src/gate/gate";
import { parseHtml } from "../src/pager/fetch-page";
import { evaluateXPaths } from "../src/rule/xpath";

/** The detection on the shown page, with the gate's first signal and the base URL. */
export type PairDetection = PageDetection & { signal: string | null; baseUrl: string };

/** The detection on the shown page, with the gate's first signal. */
async function detectPair(pageUrl: string): Promise<PairDetection> {
  const g = pagerGate(document, new URL(pageUrl).hostname.toLowerCase(), pageUrl);
  const d = await detectDocument(document, pageUrl);
  return { ...d, signal: g.signal, baseUrl: document.baseURI };
}

/** What the judge said of one fetched page. */
export interface JudgeAnswer {
  /** as the pager asks it (doubt only for a waiting link) */
  continues: boolean;
  /** as asked in doubt, whatever page 1 said */
  continuesInDoubt: boolean;
  template: number;
  pagerMoved: boolean;
  pointsBack: boolean;
}

/**
 * Judge a page 2 against the shown page 1.
 * @param html page 2's markup, decoded
 * @param page2Url its URL
 * @param pageUrl page 1's URL
 * @param d page 1's detection
 */
function judgePair(html: string, page2Url: string, pageUrl: string, d: PageDetection): JudgeAnswer {
  const xpaths = d.pageElement.xpaths;
  const page1 = {
    doc: document,
    url: pageUrl,
    candidates: d.candidates.map((c) => c.url),
    elements: evaluateXPaths(document, xpaths),
    xpaths,
  };
  const page2 = { doc: parseHtml(html, page2Url), url: page2Url };
  const asRun = judgePage2(page1, page2, d.pendingNextUrl !== null);
  const inDoubt = judgePage2(page1, page2, true);
  return {
    continues: asRun.continues,
    continuesInDoubt: inDoubt.continues,
    template: Math.round(inDoubt.confirmation.template * 100) / 100,
    pagerMoved: inDoubt.confirmation.pagerMoved,
    pointsBack: inDoubt.confirmation.pointsBack,
  };
}

/**
 * Why a link was not chosen: the forest's probability of the candidate with this URL and
 * its pager signals above 0, or null when it is no candidate (no pager signal).
 * @param pageUrl page 1's URL
 * @param target the pair's next page, absolute
 */
function scoreOf(pageUrl: string, target: string): string | null {
  const forest = nextLinkForest();
  const vectors = runNow(
    extractLinkVectorsSteps(document, pageUrl, {
      pagerSignalsOnly: true,
      features: linkFeaturesRead(forest),
    }),
  );
  const strip = (u: string) => u.replace(/#.*$/, "").replace(/\/(?:index\.html?)?$/, "");
  const k = vectors.findIndex((v) => strip(v.url) === strip(target));
  const v = vectors[k];
  if (v === undefined) return null;
  const p = forest.probabilities([linkFeatureArray(v)])[0] ?? 0;
  const on = Object.entries(v.features)
    .filter(([, x]) => x > 0)
    .map(([name, x]) => (x === 1 ? name : `${name}=${Math.round(x * 100) / 100}`));
  return `${Math.round(p * 1000) / 1000} [${on.join(" ")}]`;
}

const g = globalThis as unknown as {
  __pairsDetect: typeof detectPair;
  __pairsJudge: typeof judgePair;
  __pairsScore: typeof scoreOf;
};
g.__pairsDetect = detectPair;
g.__pairsJudge = judgePair;
g.__pairsScore = scoreOf;
