/**
 * Browser-side entry of `npm run bench`: bundled by esbuild into an IIFE
 * (`out/bench/bench-page.js`) and evaluated in a rendered corpus page. It exposes
 * `globalThis.__tsugiBench` with the timed operations the Node driver (`bench/run.ts`)
 * calls: tsugi's `detect()`, an instrumented copy of it that splits the time into its
 * stages, Readability.js on a clone of the document, and the processing of one fetched
 * page (decode, parse, rule, next-link detection, sanitize, insert) as the pager does it.
 *
 * Every time is wall time from `performance.now()` in the page, in milliseconds.
 */
import { Readability } from "@mozilla/readability";
import { SliceBudget, yieldToPage } from "../src/budget/slices";
import { detect } from "../src/detect/detect";
import { nextLinkForest, pageElementForest } from "../src/detect/models";
import { linkFeaturesRead } from "../src/detect/next-link";
import { chooseNextLink } from "../src/detect/next-link-choice";
import { candidateTree, keepsBoilerplateOut, scoreCandidates } from "../src/detect/page-element";
import {
  type PageElementParams,
  pageElementFromProbabilities,
} from "../src/detect/page-element-choice";
import { pagerAnchor } from "../src/detect/pager-anchor";
import { detectStaged } from "../src/detect/staged";
import { elementBox, isVisible } from "../src/features/layout";
import {
  anchorMarkup,
  candidateAnchors,
  extractLinkVectors,
  linkFeatureArray,
} from "../src/features/link-features";
import { nodeFeatureRows, nodeStats } from "../src/features/node-features";
import { PHRASING_OUT } from "../src/features/phrasing";
import { pageTextLength, visibleText } from "../src/features/text";
import { WRAPPERS_OUT } from "../src/features/wrappers";
import { decodeBody } from "../src/pager/decode";
import { parseHtml } from "../src/pager/fetch-page";
import { insertionPointAfter, insertPage } from "../src/pager/insert";
import { pagerStart } from "../src/pager/pager";
import { prepareForInsertionSteps } from "../src/pager/prepare";
import { profileOf, resolvePageSteps } from "../src/pager/verify-page";
import { xpathsForRun } from "../src/rule/xpath";
import { SiblingFilter } from "../src/siblings/sibling-filter";

import { NO_FETCHED_STAGES } from "./fetched-stages";

/** One run of tsugi's staged detection on the live document. */
export interface DetectRun {
  /** main-thread time of `detectStaged()` (next link; page element where there is one;
   * else the load-more look): the sum of its slices, ms */
  ms: number;
  /** its longest slice (the longest task it gave the page), ms */
  longestTaskMs: number;
  /** slices it ran in */
  slices: number;
  /** the longest long task (over 50 ms) the page's PerformanceObserver saw meanwhile, ms;
   * 0 for none */
  longTaskMs: number;
  /** detected next-page URL, or null */
  nextUrl: string | null;
  /** XPaths of the detected page element(s) */
  xpaths: string[];
}

/** Stage times (ms) and sizes of one instrumented detection. */
export interface DetectProfile {
  /** ms per stage, in the order they run */
  stages: {
    /** next link: `extractLinkVectors` (candidate anchors, merge, features incl. layout reads) */
    linkFeatures: number;
    /** next link: feature rows + forest votes */
    linkForest: number;
    /** next link: `chooseNextLink` + `pagerAnchor` */
    linkChoose: number;
    /** page element: `nodeStats` (one pass over all elements: text, tags, tree) */
    nodeStats: number;
    /** page element: `nodeFeatureRows` (per-node features incl. layout boxes, one flat array) */
    nodeFeatures: number;
    /** page element: `candidateTree` (parent, own text and boundary signals for the choice) */
    nodePrep: number;
    /** page element: forest votes over the flat rows (`scoreRows`) */
    nodeForest: number;
    /** page element: relabel + choice of container/run */
    nodeChoose: number;
    /** XPaths of the chosen elements */
    xpaths: number;
  };
  /** sum of the stages, ms */
  total: number;
  /** parts of the stages timed again on their own after the staged run, ms (overlap the
   * stages, not added to `total`) */
  probes: {
    /** `candidateAnchors`: every `<a href>` with its URL resolved and filtered */
    candidateAnchors: number;
    /** `visibleText` + `anchorMarkup` of every candidate anchor */
    anchorText: number;
    /** `pageTextLength` (visible text of the whole body), once per page */
    pageText: number;
    /** layout reads for the link features: box + visibility of every candidate anchor */
    linkLayout: number;
    /** layout reads for the node features: box + visibility of every element the node
     * extractor visits (before the text filter) */
    nodeLayout: number;
  };
  /** elements the node extractor visits before dropping those without text */
  nodeVectors: number;
  /** `<a href>` anchors kept as candidates (before merging by URL) */
  anchors: number;
  /** next-link candidates (distinct URLs) scored by the forest */
  linkCandidates: number;
  /** elements of the document (`getElementsByTagName('*')`) */
  elements: number;
  /** page-element candidates (elements with text) scored by the forest */
  nodeCandidates: number;
  /** trees in the next-link / page-element forests */
  trees: { nextLink: number; pageElement: number };
  /** true when the profiled run chose what `detect()` chose */
  sameAsDetect: boolean;
}

/** One Readability.js run on a clone of the live document. */
export interface ReadabilityRun {
  /** `document.cloneNode(true)` + `new Readability(clone).parse()`, ms */
  ms: number;
  /** the clone alone, ms (included in `ms`) */
  cloneMs: number;
  /** length of the extracted text, 0 when parse() returned null */
  textLength: number;
}

/** Stage times (ms) of processing one fetched page as the pager does. */
export interface FetchedPageRun {
  /** false when page 1 had no page element or page 2 gave none: no insertion done */
  ok: boolean;
  /** why `ok` is false */
  error?: string;
  /** `decodeBody` of the raw bytes, ms (part of fetching, reported apart) */
  decode: number;
  /** `parseHtml` (DOMParser + base URL), ms */
  parse: number;
  /** `resolvePage` (src/pager/verify-page.ts): page 1's learned site rule on the fetched
   * document, its checks, and the models where it failed, ms */
  resolve: number;
  /** true when the rule alone found the page element and the next link (or the end) */
  byRule: boolean;
  /** `SiblingFilter.filter` (src/siblings/): records already shown and template blocks
   * taken out of the fetched page, as `join()` does with the option on, ms */
  siblings: number;
  /** records it left out (already shown on page 1) */
  siblingItems: number;
  /** template blocks it left out */
  siblingBlocks: number;
  /** `prepareForInsertion` (absolutize URLs, DOMPurify, importNode), ms */
  sanitize: number;
  /** `insertionPointAfter` + `insertPage` (separator + nodes into the live DOM), ms */
  insert: number;
  /** parse + resolve + siblings + sanitize + insert, ms of main thread (decode excluded;
   * the yields between the pager's slices not included) */
  total: number;
  /** the longest slice of decode … insert, as the pager runs them (the longest task the
   * joined page gave the page), ms */
  longestTaskMs: number;
  /** the longest long task (over 50 ms) the page's PerformanceObserver saw meanwhile, ms;
   * 0 for none */
  longTaskMs: number;
  /** forced style + layout right after the insertion (`offsetHeight`), ms; not in `total` */
  layoutAfter: number;
  /** elements selected on the fetched page */
  elements: number;
  /** elements inserted (all descendants included) */
  insertedElements: number;
  /** length of the fetched HTML string, chars */
  htmlChars: number;
}

function now(): number {
  return performance.now();
}

/**
 * Force style and layout of the live page, so detection (which reads element boxes) does
 * not pay for the first layout: a page the content script sees at `document_idle` has
 * been laid out already.
 *
 * @returns time the forced layout took, ms
 */
export function forceLayout(): number {
  const t = now();
  void document.documentElement.offsetHeight;
  void document.body?.getBoundingClientRect();
  return now() - t;
}

/**
 * Run tsugi's detection once on the live document, as the content script runs it where
 * the gate opens (src/detect/staged.ts): the page element only where there is a next
 * link, else the load-more look. The stages follow each other without the idle waits of
 * the extension, so the time is their work alone.
 *
 * @param pageUrl the page's URL
 * @returns time (ms) and what it found
 */
export async function runDetect(pageUrl: string): Promise<DetectRun> {
  const longTasks = watchLongTasks();
  const budget = new SliceBudget();
  const { found } = await detectStaged(document, pageUrl, { idle: yieldToPage, budget });
  budget.finish();
  const ms = budget.totalMs;
  const longestTaskMs = budget.longestMs;
  return {
    ms,
    longestTaskMs,
    slices: budget.slices,
    longTaskMs: await longTasks(),
    nextUrl: found.next.url,
    xpaths: found.pageElementXPaths,
  };
}

/**
 * Watch the page's long tasks (PerformanceObserver `longtask`, Chromium): the page's own
 * scripts are off in the bench, so every long task is the bench's own work.
 *
 * @returns a function that ends the watch (after two task turns, so that the last task's
 *   entry is queued) and resolves to the longest long task seen, ms (0 for none)
 */
function watchLongTasks(): () => Promise<number> {
  const seen: number[] = [];
  let observer: PerformanceObserver | null = null;
  try {
    observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.push(e.duration);
    });
    observer.observe({ type: "longtask" });
  } catch {
    observer = null;
  }
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const e of observer?.takeRecords() ?? []) seen.push(e.duration);
    observer?.disconnect();
    return seen.length > 0 ? Math.max(...seen) : 0;
  };
}

/**
 * Run the steps of `detect()` (src/detect/detect.ts, next-link.ts, page-element.ts) one
 * by one with a clock around each, both halves on every page. The steps are copied from
 * those files; `sameAsDetect` checks the copy still decides as `detect()` does.
 *
 * @param pageUrl the page's URL
 * @returns stage times (ms) and candidate counts
 */
export function profileDetect(pageUrl: string): DetectProfile {
  const doc = document;
  const t0 = now();
  const lf = nextLinkForest();
  const cut = lf.params.threshold ?? 0.5;
  const vectors = extractLinkVectors(doc, pageUrl, {
    pagerSignalsOnly: true,
    features: linkFeaturesRead(lf),
  });
  const t1 = now();
  const rows = vectors.map(linkFeatureArray);
  const linkProbs = lf.probabilities(rows);
  const t2 = now();
  const { index } = chooseNextLink(rows, linkProbs, cut);
  const chosen = index >= 0 ? vectors[index] : undefined;
  const anchor = chosen ? pagerAnchor(chosen) : null;
  const t3 = now();
  const stats = nodeStats(doc);
  const t4 = now();
  // Loaded first for its parameters; its time (the first call decodes it) counts as the
  // forest's, as in the stages' order before.
  const pf = pageElementForest();
  const params = pf.params as PageElementParams;
  const forestLoad = now() - t4;
  const nodeRows = nodeFeatureRows(doc, {
    nextLink: anchor,
    stats,
    withTextOnly: true,
    phrasingOut: PHRASING_OUT,
    wrappersOut: WRAPPERS_OUT,
    boilerplateUnmeasured: keepsBoilerplateOut(params),
  });
  const t5 = now();
  const tree = candidateTree(stats, nodeRows);
  const t6 = now();
  const nodeProbs = scoreCandidates(pf, nodeRows, tree);
  const t7 = now();
  const choice =
    nodeRows.at.length === 0
      ? { nodes: [] as number[] }
      : pageElementFromProbabilities(
          tree.parent,
          tree.ownText,
          nodeProbs,
          tree.containsNext,
          params,
          tree.boundary,
          tree.boilerplate,
        );
  const elements = choice.nodes.flatMap((k) => stats.elements[nodeRows.outer[k] ?? -1] ?? []);
  const t8 = now();
  const xpaths = xpathsForRun(elements);
  const t9 = now();
  // Probes: parts of the stages again, each on its own.
  const p0 = now();
  const anchors = candidateAnchors(doc, pageUrl);
  const p1 = now();
  for (const c of anchors) {
    visibleText(c.anchor);
    anchorMarkup(c.anchor);
  }
  const p2 = now();
  pageTextLength(doc);
  const p3 = now();
  for (const c of anchors) {
    elementBox(c.anchor, true);
    isVisible(c.anchor, true);
  }
  const p4 = now();
  for (const i of nodeRows.at) {
    const el = stats.elements[i] as Element;
    elementBox(el, true);
    isVisible(el, true);
  }
  const p5 = now();
  const d = detect(doc, pageUrl);
  const reference = { nextUrl: d.next.url, xpaths: d.pageElementXPaths };
  const sameAsDetect =
    (chosen?.url ?? null) === reference.nextUrl &&
    JSON.stringify(xpaths) === JSON.stringify(reference.xpaths);
  const treeCount = (f: { treeCount: number }) => f.treeCount;
  return {
    stages: {
      linkFeatures: t1 - t0,
      linkForest: t2 - t1,
      linkChoose: t3 - t2,
      nodeStats: t4 - t3,
      nodeFeatures: t5 - t4 - forestLoad,
      nodePrep: t6 - t5,
      nodeForest: t7 - t6 + forestLoad,
      nodeChoose: t8 - t7,
      xpaths: t9 - t8,
    },
    total: t9 - t0,
    probes: {
      candidateAnchors: p1 - p0,
      anchorText: p2 - p1,
      pageText: p3 - p2,
      linkLayout: p4 - p3,
      nodeLayout: p5 - p4,
    },
    nodeVectors: nodeRows.at.length,
    anchors: vectors.reduce((n, v) => n + v.anchors.length, 0),
    linkCandidates: vectors.length,
    elements: doc.getElementsByTagName("*").length,
    nodeCandidates: nodeRows.at.length,
    trees: { nextLink: treeCount(lf), pageElement: treeCount(pf) },
    sameAsDetect,
  };
}

/**
 * Run Readability.js once on a clone of the live document (it mutates what it parses).
 *
 * @returns time (ms, clone included), clone time (ms) and extracted text length
 */
export function runReadability(): ReadabilityRun {
  const t0 = now();
  const clone = document.cloneNode(true) as Document;
  const t1 = now();
  const article = new Readability(clone).parse();
  const t2 = now();
  return { ms: t2 - t0, cloneMs: t1 - t0, textLength: article?.textContent?.length ?? 0 };
}

function base64Bytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Process one fetched next page the way the pager's `join()` does (src/pager/pager.ts):
 * page 1's detection becomes the site rule (`pagerStart`, outside the timing, as the
 * content script does it once per tab); then decode, parse inertly, read the page with
 * the rule and its checks (`resolvePage`, the models where the rule fails), sanitize and
 * import the elements, insert them after page 1's last page element.
 * Modifies the live document: call it after the detection and Readability timings.
 *
 * @param pageUrl page 1's URL (the live document)
 * @param b64 the fetched page's raw bytes, base64
 * @param contentType the response's Content-Type (charset), e.g. `text/html; charset=gbk`
 * @param url the fetched page's URL
 * @returns stage times (ms) and sizes
 */
export async function runFetchedPage(
  pageUrl: string,
  b64: string,
  contentType: string,
  url: string,
): Promise<FetchedPageRun> {
  const empty = NO_FETCHED_STAGES;
  const start = pagerStart(detect(document, pageUrl), pageUrl);
  const last = start?.pageElements[start.pageElements.length - 1];
  if (!start || !last) return { ok: false, error: "page 1 has nothing to join", ...empty };
  const profile = profileOf(start.pageElements, start.pageElementXPaths, start.rule?.nextLink);
  // Learning page 1 happens once per tab, when the pager starts: not a joined page's cost.
  const siblings = new SiblingFilter(start.pageElements, pageUrl);
  const bytes = base64Bytes(b64);
  const longTasks = watchLongTasks();
  await yieldToPage();
  // The pager's slices (src/pager/pager.ts): decode and parse in the task that receives
  // the page; the rule's reading, then the siblings and the sanitizing, in slices.
  const budget = new SliceBudget();
  const clock = () => budget.totalMs;
  const t0 = clock();
  const html = decodeBody(bytes, contentType);
  const t1 = clock();
  const doc = parseHtml(html, url);
  const t2 = clock();
  await budget.pause();
  const t2r = clock();
  const read = await budget.run(resolvePageSteps(doc, url, profile, (u) => u === pageUrl));
  const t3 = clock();
  if (read.elements.length === 0) {
    return {
      ...empty,
      ok: false,
      error: "no page element on page 2 (rule and detection)",
      decode: t1 - t0,
      parse: t2 - t1,
      resolve: t3 - t2r,
      htmlChars: html.length,
    };
  }
  const t3s = clock();
  const kept = siblings.filter(read.elements, url, 2);
  const t3e = clock();
  if (budget.due()) await budget.pause();
  const t3p = clock();
  const nodes = await budget.run(prepareForInsertionSteps(kept.elements, url, document));
  const t4 = clock();
  const at = insertionPointAfter(last);
  const inserted = insertPage(document, at, nodes, 2, url, "Page 2");
  budget.finish();
  const t5 = clock();
  const longestTaskMs = budget.longestMs;
  const longTaskMs = await longTasks();
  const layoutAfter = forceLayout();
  let insertedElements = 0;
  for (const n of inserted) {
    if (n.nodeType === 1) insertedElements += 1 + (n as Element).getElementsByTagName("*").length;
  }
  return {
    ok: true,
    decode: t1 - t0,
    parse: t2 - t1,
    resolve: t3 - t2r,
    byRule: read.ruleProblems.length === 0,
    siblings: t3e - t3s,
    siblingItems: kept.skippedItems,
    siblingBlocks: kept.skippedBlocks,
    sanitize: t4 - t3p,
    insert: t5 - t4,
    total: t5 - t1,
    longestTaskMs,
    longTaskMs,
    layoutAfter,
    elements: read.elements.length,
    insertedElements,
    htmlChars: html.length,
  };
}

/** One scroll test: the reader's wheel scrolls and the frames that followed them. */
export interface ScrollRun {
  /** wheel events the page received */
  scrolls: number;
  /** the worst delay from a wheel event (its `timeStamp`, when the browser took the
   * input) to the next animation frame after its handler ran, ms */
  worstMs: number;
  /** the median of those delays, ms */
  medianMs: number;
  /** tsugi's longest slice meanwhile (0 without tsugi), ms */
  longestTaskMs: number;
}

/** The scroll watch in progress and the detection it runs beside. */
const scrolling: {
  delays: number[];
  stop: (() => void) | null;
  work: Promise<unknown> | null;
  done: boolean;
  budget: SliceBudget | null;
} = { delays: [], stop: null, work: null, done: true, budget: null };

/**
 * Start the scroll test (the driver, ./run.ts, sends real wheel input through CDP): each
 * wheel event's delay runs from its `timeStamp` to the next animation frame, so the time
 * it waited behind a task of tsugi's counts. With `withTsugi`, tsugi's staged detection
 * starts meanwhile (as {@link runDetect}).
 *
 * @param pageUrl the page's URL
 * @param withTsugi run tsugi's detection meanwhile
 */
export function startScrollTest(pageUrl: string, withTsugi: boolean): void {
  window.scrollTo(0, 0);
  scrolling.delays = [];
  const onWheel = (e: Event) => {
    const taken = e.timeStamp;
    requestAnimationFrame(() => scrolling.delays.push(now() - taken));
  };
  window.addEventListener("wheel", onWheel, { passive: true });
  scrolling.stop = () => window.removeEventListener("wheel", onWheel);
  scrolling.done = !withTsugi;
  scrolling.budget = withTsugi ? new SliceBudget() : null;
  const budget = scrolling.budget;
  scrolling.work = budget
    ? detectStaged(document, pageUrl, { idle: yieldToPage, budget }).finally(() => {
        budget.finish();
        scrolling.done = true;
      })
    : null;
}

/** @returns whether the detection started by {@link startScrollTest} is done */
export function scrollTestDone(): boolean {
  return scrolling.done;
}

/**
 * End the scroll test (after the detection, once the last frame has come).
 *
 * @returns the wheel events' delays
 */
export async function endScrollTest(): Promise<ScrollRun> {
  await scrolling.work;
  await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  scrolling.stop?.();
  const sorted = [...scrolling.delays].sort((a, b) => a - b);
  return {
    scrolls: sorted.length,
    worstMs: sorted[sorted.length - 1] ?? 0,
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    longestTaskMs: scrolling.budget?.longestMs ?? 0,
  };
}

/** What `globalThis.__tsugiBench` holds. */
export interface BenchApi {
  forceLayout: typeof forceLayout;
  runDetect: typeof runDetect;
  profileDetect: typeof profileDetect;
  runReadability: typeof runReadability;
  runFetchedPage: typeof runFetchedPage;
  startScrollTest: typeof startScrollTest;
  scrollTestDone: typeof scrollTestDone;
  endScrollTest: typeof endScrollTest;
}

// The bench runs in pages with JavaScript off (as `tsugi detect` renders them), where Blink
// refuses to call back into JS: DOMPurify's Trusted Types policy (`createHTML`) would
// throw. Without `trustedTypes` DOMPurify passes the markup as a plain string, as in a
// browser without Trusted Types; the sanitizing work is the same.
Object.defineProperty(globalThis, "trustedTypes", { value: undefined, configurable: true });

(globalThis as unknown as { __tsugiBench: BenchApi }).__tsugiBench = {
  forceLayout,
  runDetect,
  profileDetect,
  runReadability,
  runFetchedPage,
  startScrollTest,
  scrollTestDone,
  endScrollTest,
};
