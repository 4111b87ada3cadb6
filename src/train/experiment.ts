/**
 * Training and site-grouped cross-validation of the two detectors (seed 000 ch. 3–4),
 * with the measures of ARCHITECTURE.md: next link per page (precision, recall, F1, false
 * activation) and page element 4-token shingle F1 per page, averaged.
 */

import { DecisionTreeClassifier } from "ml-cart";
import { RandomForestClassifier } from "ml-random-forest";
import { UNSURE_FLOOR } from "../detect/confirm-next";
import { decideNextLink, type ScoredCandidate, type WaitReason } from "../detect/next-decision";
import {
  boundarySignal,
  keptTree,
  namedBoilerplate,
  type PageElementParams,
  pageElementFromProbabilities,
} from "../detect/page-element-choice";
import { groupFolds } from "../eval/folds";
import {
  countNextLink,
  emptyCounts,
  type NextLinkCounts,
  nextLinkScores,
  shingleScores,
} from "../eval/measures";
import {
  LINK_FEATURE_NAMES,
  LINK_LAYOUT_FEATURES,
  LINK_PAGE_SIZE_FEATURES,
} from "../features/link-features";
import { NODE_FEATURE_NAMES } from "../features/node-features";
import {
  hasPagerSignal,
  PAGER_SIGNAL_FEATURES,
  type PagerSignalName,
} from "../features/pager-signal";
import { PHRASING_OUT } from "../features/phrasing";
import { WRAPPERS_OUT, wrappers } from "../features/wrappers";
import { fnv1a } from "../keys/hash";
import { compactForest, Forest, type ModelFile } from "../model/forest";
import { kindOfPart, type PageKind } from "./corpus";
import {
  candidateParents,
  goldAnchor,
  goldText,
  hasPageElementGold,
  nodeRows,
  textOfElements,
} from "./dataset";
import { useSweepSplitSearch } from "./fast-split";
import type { PageHarvest } from "./harvest";
import { type JudgeVerdicts, verdictKey } from "./judge-verdicts";
import { seededRandom, shuffle } from "./random";
import { smote } from "./smote";

/** A harvested page with its corpus identity (see render.ts). */
export type Rec = PageHarvest & { key: string; part: string; group: string; language: string };

/** The thesis's nine next-link features (Table 3.1). */
export const THESIS_LINK_FEATURES = LINK_FEATURE_NAMES.slice(0, 9);
/** The thesis's fourteen page-element features (Table 3.3). */
export const THESIS_NODE_FEATURES = NODE_FEATURE_NAMES.slice(0, 14);

/** Learner settings. */
export interface LearnerOptions {
  algorithm: "random-forest" | "decision-tree";
  nEstimators: number;
  maxDepth: number;
  minNumSamples: number;
  /** least Gini decrease a split must bring, else the node is a leaf (ml-cart's
   * `gainThreshold`, default 0.01). At 0.01 a node with under ~0.5 % positives stops at
   * once: the earlier next-link trees had 3 to 14 leaves, and clear but rare next links
   * (icon-only rel=next, "下一頁") fell into negative leaves. 0 grows full trees, as
   * Breiman's forest does. */
  gainThreshold: number;
  /** least training samples on each side of a split (scikit-learn's `min_samples_leaf`,
   * see `sweepBestSplit`); absent: 1, ml-cart's trees */
  minLeafSamples?: number;
  /** share of features each tree sees (ml-random-forest feature bagging) */
  maxFeatures: number;
  /** cap on training rows after SMOTE and undersampling */
  maxRows: number;
  seed: number;
}

export const DEFAULT_LEARNER: LearnerOptions = {
  algorithm: "random-forest",
  nEstimators: 40,
  maxDepth: 12,
  minNumSamples: 3,
  gainThreshold: 0.01,
  maxFeatures: 0.7,
  maxRows: 16_000,
  seed: 42,
};

/** The next-link forest's learner: full trees (see `gainThreshold`). They are trained
 * without layout features ({@link LINK_LAYOUT_FEATURES}): grown full, they split on them,
 * and a fetched page 2 (DOMParser) has none, so its own next link scored 0.6 instead
 * of 0.93. At least 5 samples on each side of a split, set before measuring: with
 * one-sample leaves a plain rel=next "Next ›" on a short page scored 0.68. The
 * page-element forest keeps the default: full, it is 522 KB gzip. */
export const LINK_LEARNER: LearnerOptions = {
  ...DEFAULT_LEARNER,
  gainThreshold: 0,
  minLeafSamples: 5,
};

/** One experiment: features, learner and decision rules. */
export interface Setup {
  name: string;
  linkFeatures: readonly string[];
  nodeFeatures: readonly string[];
  /** the page-element forest's learner */
  learner: LearnerOptions;
  /** the next-link forest's learner */
  linkLearner: LearnerOptions;
  /** next-link decision threshold on the forest probability, or "inner-cv": chosen on
   * the training pages alone by {@link chooseThreshold} over an inner site-grouped CV */
  linkThreshold: number | "inner-cv";
  /** apply seed 001's hierarchy relabel before choosing the page element */
  relabel: boolean;
  /** complete a chosen run of siblings to the whole body (`completeRun` in
   * page-element-choice.ts); absent means yes */
  completeRun?: boolean;
  /** never choose whole an element whose class or id names it boilerplate
   * (`namedBoilerplate` in page-element-choice.ts); absent means yes */
  boilerplateNeverWhole?: boolean;
  /** choose the page element beside the next link (`pagerScope` in PageElementParams) */
  pagerScope?: boolean;
  /** leave the phrasing elements (src/features/phrasing.ts) out of the page-element
   * candidates when deciding, and train the page-element forest without their rows.
   * Absent means as the detector does (`PHRASING_OUT`) */
  phrasingOut?: boolean;
  /** leave the wrappers (src/features/wrappers.ts) out of the page-element candidates
   * when deciding (the forest still learns on them). Absent means as the detector does
   * (`WRAPPERS_OUT`) */
  wrappersOut?: boolean;
  /** the pages the next-link forest and its threshold learn from: "all" (list and article
   * pages; absent means this) or "lists" (the pagination pages alone, as before article
   * pages were next-link examples) */
  linkPages?: "all" | "lists";
  /** ratio minority:majority SMOTE aims at for links (seed 000: 1:10) */
  linkSmoteRatio: number;
  /** ratio for nodes before undersampling to 1:1 (seed 000: 1:25) */
  nodeSmoteRatio: number;
}

export const TSUGI_SETUP: Setup = {
  name: "tsugi (random forest, all features)",
  linkFeatures: LINK_FEATURE_NAMES.filter(
    (n) => !LINK_LAYOUT_FEATURES.includes(n) && !LINK_PAGE_SIZE_FEATURES.includes(n),
  ),
  nodeFeatures: NODE_FEATURE_NAMES,
  learner: DEFAULT_LEARNER,
  linkLearner: LINK_LEARNER,
  linkThreshold: "inner-cv",
  relabel: true,
  completeRun: true,
  pagerScope: true,
  linkSmoteRatio: 10,
  nodeSmoteRatio: 25,
};

/** A trained classifier behind one interface. */
export interface Scorer {
  probabilities(rows: number[][]): number[];
  toModel(
    kind: ModelFile["kind"],
    params: Record<string, number>,
    trainedOn: Record<string, unknown>,
  ): ModelFile | null;
  /** mean impurity decrease per feature (ml-random-forest), null for a single tree */
  importance(): { name: string; importance: number }[] | null;
}

function pick(row: readonly number[], cols: readonly number[]): number[] {
  return cols.map((c) => row[c] ?? 0);
}

/**
 * The columns of some features in a row of all of them.
 *
 * @param all every feature name, in row order
 * @param names the features wanted
 * @returns their positions in `all`, in the order of `names`
 * @throws Error for a name `all` lacks
 */
export function columnsOf(all: readonly string[], names: readonly string[]): number[] {
  return names.map((n) => {
    const i = all.indexOf(n);
    if (i < 0) throw new Error(`unknown feature ${n}`);
    return i;
  });
}

/**
 * Balance and train: SMOTE the positives up to `negatives / smoteRatio` (seed 000
 * §3.2.3), optionally undersample the negatives to 1:1 (§3.3.3), cap the rows, train.
 *
 * @param X rows (already restricted to the setup's features)
 * @param y labels 0/1
 * @param names feature names of the columns
 * @param opts learner, SMOTE ratio, whether to undersample to 1:1
 * @returns the trained scorer
 */
export function trainScorer(
  X: number[][],
  y: number[],
  names: readonly string[],
  opts: { learner: LearnerOptions; smoteRatio: number; undersample: boolean },
): Scorer {
  useSweepSplitSearch(opts.learner.minLeafSamples ?? 1);
  const rand = seededRandom(opts.learner.seed);
  const real = X.filter((_, i) => y[i] === 1);
  let neg = X.filter((_, i) => y[i] !== 1);
  const want = Math.ceil(neg.length / opts.smoteRatio);
  let synthetic =
    real.length < want ? smote(real, want - real.length, { seed: opts.learner.seed }) : [];
  if (opts.undersample && neg.length > real.length + synthetic.length)
    neg = shuffle(neg.slice(), rand).slice(0, real.length + synthetic.length);
  // The next-link rows' cap falls on the synthetic positives and the negatives alike,
  // never on a real positive: a uniform cut of the mixed rows dropped over half the real
  // next links. The page-element forest (undersampled to 1:1) keeps the uniform cut below
  // that it shipped with: the other cut changed its element on a test article
  // (sibling-pages e2e) before its effect was measured.
  const spare = opts.learner.maxRows - real.length;
  const capped = real.length + synthetic.length + neg.length > opts.learner.maxRows;
  if (!opts.undersample && capped && spare > 0) {
    const keep = spare / (synthetic.length + neg.length);
    synthetic = synthetic.slice(0, Math.round(synthetic.length * keep));
    neg = shuffle(neg.slice(), rand).slice(0, spare - synthetic.length);
  }
  let rows = real
    .concat(synthetic)
    .map((r) => ({ r, l: 1 }))
    .concat(neg.map((r) => ({ r, l: 0 })));
  shuffle(rows, rand);
  if (rows.length > opts.learner.maxRows) rows = rows.slice(0, opts.learner.maxRows);
  const TX = rows.map((o) => o.r);
  const Ty = rows.map((o) => o.l);
  const L = opts.learner;
  if (L.algorithm === "decision-tree") {
    const dt = new DecisionTreeClassifier({
      maxDepth: L.maxDepth,
      minNumSamples: L.minNumSamples,
      gainThreshold: L.gainThreshold,
      gainFunction: "gini",
    });
    dt.train(TX, Ty);
    return {
      probabilities: (R) => (R.length === 0 ? [] : dt.predict(R).map((v) => (v === 1 ? 1 : 0))),
      toModel: () => null,
      importance: () => null,
    };
  }
  const rf = new RandomForestClassifier({
    nEstimators: L.nEstimators,
    maxFeatures: L.maxFeatures,
    replacement: false,
    seed: L.seed,
    noOOB: true,
    useSampleBagging: true,
    treeOptions: {
      maxDepth: L.maxDepth,
      minNumSamples: L.minNumSamples,
      gainThreshold: L.gainThreshold,
    },
  });
  rf.train(TX, Ty);
  // Plain JSON, as a model file holds it (toJSON() leaves ml-matrix objects in the leaves).
  const json = JSON.parse(JSON.stringify(rf.toJSON())) as object;
  const model: ModelFile = {
    kind: "next-link",
    featureNames: [...names],
    params: {},
    trainedOn: {},
    forest: json,
  };
  const forest = new Forest(model);
  return {
    probabilities: (R) => forest.probabilities(R),
    importance: () => {
      // featureImportance() exists on ml-random-forest 2.1 but is missing from its types.
      const imp = (rf as unknown as { featureImportance(): number[] }).featureImportance();
      return names
        .map((name, i) => ({ name, importance: imp[i] ?? 0 }))
        .sort((a, b) => b.importance - a.importance);
    },
    toModel: (kind, params, trainedOn) => ({
      kind,
      featureNames: [...names],
      params,
      trainedOn: { ...trainedOn, rows: TX.length, positives: Ty.filter((v) => v === 1).length },
      forest: compactForest(json),
    }),
  };
}

/** Page-level answer of the next-link detector. */
export interface NextPrediction {
  url: string | null;
  score: number;
  anchor: number;
  /** page 2 must confirm it before it is joined (it is short of certain, or its URL
   * takes no page step: another document); `tsugi detect` reports it as
   * `pendingNextUrl`, not `nextUrl` */
  pending: boolean;
  /** why it waits (src/detect/next-decision.ts) */
  wait: WaitReason | null;
  /** the chosen link's own probability (the structure may choose another than the best) */
  chosenScore?: number;
  /** its URL steps within the page's sequence */
  steps?: boolean;
  /** it is a `rel=next` to the page + 1 (the numbered pager's, or its URL's page number) */
  structural?: boolean;
  /** the links tried after a refused page 2, best first */
  alternatives: string[];
}

/** Column of each pager signal in a link row (LINK_FEATURE_NAMES order). */
const SIGNAL_COLUMNS = PAGER_SIGNAL_FEATURES.map(
  (n) => [n, LINK_FEATURE_NAMES.indexOf(n)] as const,
);

/**
 * Whether a harvested link passes the detector's candidate stage ({@link hasPagerSignal}):
 * the harvest keeps every link, the detector scores only these.
 *
 * @param row the link's features, LINK_FEATURE_NAMES order
 * @returns true when the detector would score it
 */
export function rowHasPagerSignal(row: readonly number[]): boolean {
  const signals = {} as Record<PagerSignalName, number>;
  for (const [name, c] of SIGNAL_COLUMNS) signals[name] = row[c] ?? 0;
  return hasPagerSignal(signals);
}

/** How sure a decision must be to join without page 2 (chosen on training folds,
 * {@link pickCertainty}; the shipped model's `certainScore` and `certainStructure`). */
export interface Certainty {
  certainScore: number;
  certainStructure: boolean;
}

/** Every stepping link above the threshold joins at once (the decision before the
 * page-2 judge guarded every uncertain join). */
export const NO_CERTAINTY: Certainty = { certainScore: 0, certainStructure: false };

/**
 * The candidates of a harvested page as the detector's decision reads them
 * (src/detect/next-decision.ts): links that fail the candidate stage
 * ({@link rowHasPagerSignal}) score 0, as the detector never scores them.
 *
 * @param rec harvested page
 * @param probs forest probability of each of its links
 * @returns one candidate per link
 */
export function recCandidates(rec: Rec, probs: readonly number[]): ScoredCandidate[] {
  const rows = rec.links.rows;
  return probs.map((p, k) => ({
    url: rec.links.urls[k] ?? "",
    score: rowHasPagerSignal(rows[k] ?? []) ? p : 0,
    row: rows[k] ?? [],
    text: rec.links.text[k] ?? "",
  }));
}

/**
 * Per-page next-link decision (seed 000 §3.2), as the detector makes it
 * (src/detect/next-decision.ts `decideNextLink`): the best-scoring candidate among the
 * links that pass its candidate stage, or the pager structure's current + 1, if it reaches
 * the threshold; it waits for page 2 (`pending`) unless it is certain, and a link to
 * another document waits only from `floor` (else none).
 *
 * @param rec harvested page
 * @param probs forest probability of each of its links
 * @param threshold decision threshold (0..1)
 * @param floor lowest probability at which another document waits for page 2
 *   (`worthPage2Check`; 0: every such link waits, as the threshold sweep reads them)
 * @param certainty what joins at once (default {@link NO_CERTAINTY})
 * @returns the decision
 */
export function decideNext(
  rec: Rec,
  probs: readonly number[],
  threshold: number,
  floor = UNSURE_FLOOR,
  certainty: Certainty = NO_CERTAINTY,
): NextPrediction {
  const candidates = recCandidates(rec, probs);
  const d = decideNextLink(rec.url, candidates, { threshold, floor, ...certainty });
  // As the detector: the head's rel=next stands in, waiting for page 2, where no anchor is
  // chosen (src/detect/next-link.ts).
  if (d.index < 0 && rec.headNextUrl)
    return {
      url: rec.headNextUrl,
      score: d.score,
      anchor: -1,
      pending: true,
      wait: "head-link",
      alternatives: [],
    };
  if (d.index < 0)
    return { url: null, score: d.score, anchor: -1, pending: false, wait: null, alternatives: [] };
  const chosen = candidates[d.index] as ScoredCandidate;
  return {
    url: chosen.url || null,
    score: d.score,
    chosenScore: chosen.score,
    anchor: rec.links.anchor[d.index] ?? -1,
    pending: d.pending,
    wait: d.wait,
    steps: d.steps,
    structural: d.structural,
    alternatives: d.alternatives.map((k) => rec.links.urls[k] ?? ""),
  };
}

/**
 * The next link a page joins without seeing page 2 (what `tsugi detect` reports as
 * `nextUrl`): the decision's URL unless it waits for page 2.
 *
 * @param next the decision
 * @returns the URL, or null
 */
export function joinedAtOnce(next: NextPrediction): string | null {
  return next.pending ? null : next.url;
}

/**
 * Whether the next-link forest of a setup learns from a page ({@link Setup.linkPages}).
 *
 * @param rec harvested page
 * @param setup the experiment
 * @returns true for a training example of the next-link forest
 */
export function linkTrainingPage(rec: Rec, setup: Pick<Setup, "linkPages">): boolean {
  return nextLinkExample(rec) && (setup.linkPages !== "lists" || rec.part === "pagination");
}

/**
 * Whether a page's next-link label can be scored: the pagination and article pages whose
 * next selector (if any) matched a link. Dragnet pages are scored apart, never trained on.
 *
 * @param rec harvested page
 * @returns true for a usable next-link example
 */
export function nextLinkExample(rec: Rec): boolean {
  return rec.part !== "dragnet" && rec.nextSelectorMatched;
}

/**
 * The page-element decision switches of a setup, as `pageElementFromProbabilities`
 * reads them (and models/page-element.json stores them).
 *
 * @param setup the experiment
 * @returns relabel, completeRun, boilerplate and pagerScope, each 1 or 0
 */
export function pageElementSwitches(
  setup: Pick<Setup, "relabel" | "completeRun" | "boilerplateNeverWhole" | "pagerScope">,
): Required<Pick<PageElementParams, "relabel" | "completeRun" | "boilerplate" | "pagerScope">> {
  return {
    relabel: setup.relabel ? 1 : 0,
    completeRun: (setup.completeRun ?? true) ? 1 : 0,
    boilerplate: (setup.boilerplateNeverWhole ?? true) ? 1 : 0,
    pagerScope: setup.pagerScope ? 1 : 0,
  };
}

/**
 * Page element of a page from node probabilities, with the extension's own
 * post-processing ({@link pageElementFromProbabilities}).
 *
 * @param params the setup's decision switches ({@link pageElementSwitches})
 * @returns element positions of the chosen page element(s)
 */
export function decidePageElement(
  rec: Rec,
  probs: readonly number[],
  anchor: number,
  params: PageElementParams,
  phrasingOut = PHRASING_OUT,
  wrappersOut = WRAPPERS_OUT,
): number[] {
  const col = (name: (typeof NODE_FEATURE_NAMES)[number]) => NODE_FEATURE_NAMES.indexOf(name);
  const rows = nodeRows(rec, anchor);
  const features = rows.map((r) => ({
    containsNextLink: r[col("containsNextLink")] ?? 0,
    classHint: r[col("classHint")] ?? 0,
    linkDensity: r[col("linkDensity")] ?? 0,
  }));
  // Where the detector leaves phrasing elements (src/features/phrasing.ts) or wrappers
  // (src/features/wrappers.ts) out, their rows drop out here too and their text goes to
  // the candidate around them. (A chosen child stands for its wrappers: the same text.)
  const parents = candidateParents(rec);
  const wrapper = wrappersOut
    ? wrappers(
        parents,
        rec.nodes.ownText,
        rows.map((r) => r[col("sameTagSiblings")] ?? 0),
      )
    : null;
  const keep = rec.nodes.index.map((_, k) =>
    (phrasingOut && rec.nodes.phrasing[k] === 1) || wrapper?.[k] === 1 ? 0 : 1,
  );
  const tree = keptTree(parents, rec.nodes.ownText, keep);
  const kept = <T>(a: readonly T[]): T[] => tree.at.map((k) => a[k] as T);
  const choice = pageElementFromProbabilities(
    tree.parent,
    tree.ownText,
    kept(probs),
    kept(features.map((f) => f.containsNextLink)),
    params,
    kept(features.map((f) => boundarySignal(f))),
    kept(features.map((f) => namedBoilerplate(f))),
  );
  return choice.nodes.map((k) => rec.nodes.index[tree.at[k] ?? -1] ?? -1);
}

/** Measures of one evaluation (a fold or all folds pooled). */
export interface Measures {
  /** next link on list pages (the pagination corpus) */
  next: NextLinkCounts;
  /** next link on article pages (readability, googletrends; dragnet when scored) */
  nextArticle: NextLinkCounts;
  /** pages without a next page where a link waits for page 2 (it joins only if page 2
   * wrongly confirms it), by kind */
  pendingNoNext: Record<PageKind, number>;
  /** pages whose right next link waits for page 2 (it joins once page 2 confirms it) */
  pendingRight: Record<PageKind, number>;
  /** every page whose link waits for page 2, by kind */
  pending: Record<PageKind, number>;
  /** the next link joined at once or after page 2, every waiting link counted as joined
   * (the bound of a page-2 judge that confirms everything), by kind */
  either: Record<PageKind, NextLinkCounts>;
  /** the next link joined at once, or after page 2 where the page-2 judge passes the page
   * the waiting link leads to ({@link useJudgeVerdicts}); a waiting link whose page the
   * corpus does not hold counts as not joined, by kind */
  afterJudge: Record<PageKind, NextLinkCounts>;
  /** waiting links whose page the judge has not read (not in the corpus), by kind */
  judgeUnknown: Record<PageKind, number>;
  /** per pagination page: best candidate probability, whether that candidate is a gold
   * next link, whether the page has one (for the threshold sweep / PR curve) */
  scores: {
    score: number;
    right: boolean;
    hasNext: boolean;
    threshold: number;
    /** the decided candidate's URL steps within the page's sequence */
    step?: boolean;
    /** the decided candidate is a `rel=next` to the page + 1 (src/detect/next-decision.ts) */
    structural?: boolean;
    kind: PageKind;
  }[];
  /** page element shingle F1 per corpus part: [sum, pages] */
  pageElement: Record<string, { p: number; r: number; f1: number; pages: number }>;
  /** pages whose next label could not be used (selector matched no link) */
  skipped: number;
}

export function emptyMeasures(): Measures {
  return {
    next: emptyCounts(),
    nextArticle: emptyCounts(),
    pendingNoNext: { list: 0, article: 0 },
    pendingRight: { list: 0, article: 0 },
    pending: { list: 0, article: 0 },
    either: { list: emptyCounts(), article: emptyCounts() },
    afterJudge: { list: emptyCounts(), article: emptyCounts() },
    judgeUnknown: { list: 0, article: 0 },
    scores: [],
    pageElement: {},
    skipped: 0,
  };
}

function addPe(
  m: Measures,
  part: string,
  s: { precision: number; recall: number; f1: number },
): void {
  const e = m.pageElement[part] ?? { p: 0, r: 0, f1: 0, pages: 0 };
  e.p += s.precision;
  e.r += s.recall;
  e.f1 += s.f1;
  e.pages += 1;
  m.pageElement[part] = e;
}

/** Merge measures b into a. */
export function addMeasures(a: Measures, b: Measures): void {
  for (const k of Object.keys(a.next) as (keyof NextLinkCounts)[]) {
    a.next[k] += b.next[k];
    a.nextArticle[k] += b.nextArticle[k];
  }
  for (const kind of ["list", "article"] as const) {
    a.pendingNoNext[kind] += b.pendingNoNext[kind];
    a.pendingRight[kind] += b.pendingRight[kind];
    a.pending[kind] += b.pending[kind];
    a.judgeUnknown[kind] += b.judgeUnknown[kind];
    for (const k of Object.keys(a.next) as (keyof NextLinkCounts)[]) {
      a.either[kind][k] += b.either[kind][k];
      a.afterJudge[kind][k] += b.afterJudge[kind][k];
    }
  }
  for (const [part, e] of Object.entries(b.pageElement)) {
    const t = a.pageElement[part] ?? { p: 0, r: 0, f1: 0, pages: 0 };
    t.p += e.p;
    t.r += e.r;
    t.f1 += e.f1;
    t.pages += e.pages;
    a.pageElement[part] = t;
  }
  a.skipped += b.skipped;
  a.scores.push(...b.scores);
}

/**
 * Next-link precision, recall and false activation at several thresholds, from the
 * per-page best scores (the PR curve of seed 000 Fig. 4.1).
 *
 * @param m pooled measures
 * @param thresholds thresholds to report
 * @returns one row per threshold
 */
export function thresholdSweep(
  m: Measures,
  thresholds: readonly number[] = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8],
): SweepRow[] {
  return thresholds.map((t) => {
    const c = { list: emptyCounts(), article: emptyCounts() };
    // What joins without page 2: above the threshold, and a page step.
    for (const s of m.scores) countScore(c[s.kind], s, s.score >= t && s.step !== false);
    const list = nextLinkScores(c.list);
    const article = nextLinkScores(c.article);
    return {
      threshold: t,
      ...list,
      listFalseActivation: list.falseActivation,
      articleFalseActivation: article.falseActivation,
      falseActivation: Math.max(list.falseActivation, article.falseActivation),
    };
  });
}

/** One threshold of {@link thresholdSweep}: P/R/F1 on list pages, false activation per
 * kind of page and the larger of the two. */
export type SweepRow = {
  threshold: number;
  precision: number;
  recall: number;
  f1: number;
  falseActivation: number;
  listFalseActivation: number;
  articleFalseActivation: number;
};

/**
 * Count one page's best-candidate record into `c`, as {@link countNextLink} counts a
 * prediction: `accepted` says whether its candidate is taken.
 */
function countScore(
  c: NextLinkCounts,
  s: Pick<Measures["scores"][number], "right" | "hasNext">,
  accepted: boolean,
): void {
  if (accepted) c.predicted++;
  if (s.hasNext) {
    c.withNext++;
    if (accepted && s.right) c.correct++;
  } else {
    c.withoutNext++;
    if (accepted) c.falseActivations++;
  }
}

/** Summary numbers of a {@link Measures}. */
export function summarize(m: Measures): Record<string, number> {
  const s = nextLinkScores(m.next);
  const a = nextLinkScores(m.nextArticle);
  const out: Record<string, number> = {
    precision: s.precision,
    recall: s.recall,
    f1: s.f1,
    // The headline: the larger of the two kinds' rates.
    falseActivation: Math.max(s.falseActivation, a.falseActivation),
    "list.falseActivation": s.falseActivation,
    "list.falseActivations": m.next.falseActivations,
    "list.withoutNext": m.next.withoutNext,
    "list.withNext": m.next.withNext,
    "list.pendingNoNext": m.pendingNoNext.list,
    "list.pendingRight": m.pendingRight.list,
    "article.falseActivation": a.falseActivation,
    "article.falseActivations": m.nextArticle.falseActivations,
    "article.withoutNext": m.nextArticle.withoutNext,
    "article.withNext": m.nextArticle.withNext,
    "article.correct": m.nextArticle.correct,
    "article.recall": a.recall,
    "article.pendingNoNext": m.pendingNoNext.article,
    "article.pendingRight": m.pendingRight.article,
    "list.pending": m.pending.list,
    "article.pending": m.pending.article,
    "list.atOnce": m.next.predicted,
    "article.atOnce": m.nextArticle.predicted,
  };
  for (const kind of ["list", "article"] as const) {
    // "either": every waiting link joined; "judged": joined where the judge passed page 2.
    for (const [name, counts] of [
      ["either", m.either[kind]],
      ["judged", m.afterJudge[kind]],
    ] as const) {
      const e = nextLinkScores(counts);
      out[`${kind}.${name}.precision`] = e.precision;
      out[`${kind}.${name}.recall`] = e.recall;
      out[`${kind}.${name}.f1`] = e.f1;
      out[`${kind}.${name}.falseActivation`] = e.falseActivation;
      out[`${kind}.${name}.falseActivations`] = counts.falseActivations;
      out[`${kind}.${name}.correct`] = counts.correct;
    }
    out[`${kind}.judged.unknown`] = m.judgeUnknown[kind];
  }
  for (const [part, e] of Object.entries(m.pageElement)) {
    out[`pe.${part}.f1`] = e.pages ? e.f1 / e.pages : 0;
    out[`pe.${part}.p`] = e.pages ? e.p / e.pages : 0;
    out[`pe.${part}.r`] = e.pages ? e.r / e.pages : 0;
    out[`pe.${part}.pages`] = e.pages;
  }
  return out;
}

/** Record a page's best candidate score and whether it is right, for threshold sweeps. */
function recordBestScore(m: Measures, rec: Rec, probs: readonly number[], threshold: number): void {
  // The best candidate as it is, waiting or not: the sweep applies every threshold to it
  // (the pager structure's choice needs the lowest threshold swept).
  const best = decideNext(rec, probs, THRESHOLDS[0] as number, 0);
  m.scores.push({
    score: best.score,
    right: best.url !== null && rec.goldNextUrls.includes(best.url),
    hasNext: rec.goldNextUrls.length > 0,
    threshold,
    step: best.url === null || best.steps !== false,
    structural: best.structural === true,
    kind: kindOfPart(rec.part),
  });
}

/** What the page-2 confirmation (src/detect/confirm-next.ts) has to decide on held-out
 * pages: the pages whose best candidate falls in the unsure band [floor, threshold), or
 * reaches the threshold with a URL that takes no paging step. */
export interface ConfirmationBand {
  /** pagination pages scored */
  pages: number;
  /** pages in the band: they need the page-2 check (one quiet fetch) */
  band: number;
  /** band pages whose candidate is the gold next link (a right confirmation joins them) */
  right: number;
  /** band pages with no next page (a right confirmation refuses them) */
  noNext: number;
  /** band pages with a next page but another candidate (must be refused too) */
  wrongLink: number;
  /** next-link measures if page 2 confirmed exactly the right band candidates (bound) */
  perfect: { precision: number; recall: number; f1: number; falseActivation: number };
  /** the same if page 2 confirmed every band candidate (no check at all) */
  acceptAll: { precision: number; recall: number; f1: number; falseActivation: number };
}

/**
 * The unsure band of pooled held-out list pages, and the two bounds of the page-2
 * confirmation's effect: no saved page 2 exists for the corpus pages (its sites were
 * sampled at first, middle and last pages), so the check itself cannot be replayed here.
 *
 * @param m pooled measures (each score carries its fold's threshold)
 * @param floor lower edge of the band (UNSURE_FLOOR)
 * @returns band counts and bounds
 */
export function confirmationBand(m: Measures, floor: number): ConfirmationBand {
  const perfect = emptyCounts();
  const all = emptyCounts();
  let band = 0;
  let right = 0;
  let noNext = 0;
  let wrongLink = 0;
  for (const s of m.scores) {
    if (s.kind !== "list") continue;
    const above = s.score >= s.threshold;
    const unsure = (!above && s.score >= floor && s.score > 0) || (above && s.step === false);
    const sure = above && !unsure;
    if (unsure) {
      band++;
      if (!s.hasNext) noNext++;
      else if (s.right) right++;
      else wrongLink++;
    }
    countScore(perfect, s, sure || (unsure && s.hasNext && s.right));
    countScore(all, s, sure || unsure);
  }
  return {
    pages: m.scores.filter((s) => s.kind === "list").length,
    band,
    right,
    noNext,
    wrongLink,
    perfect: nextLinkScores(perfect),
    acceptAll: nextLinkScores(all),
  };
}

/**
 * Record the next-link outcome of one page, in the counts of its kind (list or article).
 *
 * @param m measures to add to
 * @param rec the page
 * @param predicted the URL joined without page 2 (null: none)
 * @param pending a URL that waits for page 2 instead (null: none)
 */
export function scoreNext(
  m: Measures,
  rec: Rec,
  predicted: string | null,
  pending: string | null = null,
): void {
  if (!rec.nextSelectorMatched) {
    if (rec.part === "pagination") m.skipped++;
    return;
  }
  const kind = kindOfPart(rec.part);
  const gold = new Set(rec.goldNextUrls);
  countNextLink(kind === "list" ? m.next : m.nextArticle, predicted, gold);
  countNextLink(m.either[kind], predicted ?? pending, gold);
  const verdict = pending === null ? undefined : judgeVerdicts.get(verdictKey(rec.key, pending));
  countNextLink(m.afterJudge[kind], predicted ?? (verdict === true ? pending : null), gold);
  if (pending === null) return;
  if (verdict === undefined) m.judgeUnknown[kind]++;
  m.pending[kind]++;
  if (gold.size === 0) m.pendingNoNext[kind]++;
  else if (gold.has(pending)) m.pendingRight[kind]++;
}

let judgeVerdicts: JudgeVerdicts = new Map();

/**
 * The page-2 judge's answers {@link scoreNext} reads for "joined after the judge" (none
 * set: every waiting link counts as not joined and unknown).
 *
 * @param verdicts {@link readJudgeVerdicts} of an eval:confirm run
 */
export function useJudgeVerdicts(verdicts: JudgeVerdicts): void {
  judgeVerdicts = verdicts;
}

/**
 * Score a next-link decision: what joins at once, and what waits for page 2.
 *
 * @param m measures to add to
 * @param rec the page
 * @param next the decision ({@link decideNext})
 */
export function scoreDecision(m: Measures, rec: Rec, next: NextPrediction): void {
  scoreNext(m, rec, joinedAtOnce(next), next.pending ? next.url : null);
}

/** Record the page-element outcome of one page with gold. */
export function scorePageElement(m: Measures, rec: Rec, elements: readonly number[]): void {
  if (!hasPageElementGold(rec)) return;
  addPe(m, rec.part, shingleScores(textOfElements(rec, elements), goldText(rec)));
}

/**
 * Train both detectors on some pages.
 *
 * @param train training pages
 * @param setup features and learner
 * @returns the two scorers and their column selections
 */
export function trainDetectors(train: readonly Rec[], setup: Setup): Detectors {
  const nodeCols = columnsOf(NODE_FEATURE_NAMES, setup.nodeFeatures);
  // Setups that differ only in the other model, or in post-processing, share training.
  const pagesKey = trainKey(train);
  const linkKey = JSON.stringify([
    pagesKey,
    setup.linkFeatures,
    setup.linkLearner,
    setup.linkSmoteRatio,
    setup.linkThreshold,
    setup.linkPages,
  ]);
  let linkPart = linkCache.get(linkKey);
  if (linkPart === undefined) {
    linkPart = trainLinkDetector(train, setup);
    linkCache.set(linkKey, linkPart);
  }
  // The forest learns on the candidates it will score: without the phrasing elements
  // where the detector leaves them out.
  const cut = setup.phrasingOut ?? PHRASING_OUT;
  const nodeKey = JSON.stringify([
    pagesKey,
    setup.nodeFeatures,
    setup.learner,
    setup.nodeSmoteRatio,
    cut,
  ]);
  let node = nodeCache.get(nodeKey);
  if (node === undefined) {
    const NX: number[][] = [];
    const Ny: number[] = [];
    for (const rec of train) {
      if (!hasPageElementGold(rec)) continue;
      // The article pages' next labels train the next-link forest; the page-element forest
      // learns them without a next link, as it always has (with one, the two multi-page
      // articles' rows moved the forest, and a series page lost its first paragraph).
      const rows = nodeRows(rec, rec.part === "pagination" ? goldAnchor(rec) : -1);
      rows.forEach((row, k) => {
        if (cut && rec.nodes.phrasing[k] === 1) return;
        NX.push(pick(row, nodeCols));
        Ny.push(rec.nodes.label[k] ?? 0);
      });
    }
    node = trainScorer(NX, Ny, setup.nodeFeatures, {
      learner: setup.learner,
      smoteRatio: setup.nodeSmoteRatio,
      undersample: true,
    });
    nodeCache.set(nodeKey, node);
  }
  return { ...linkPart, node, nodeCols };
}

const linkCache = new Map<
  string,
  Pick<Detectors, "link" | "linkCols" | "threshold" | "certainty">
>();
const nodeCache = new Map<string, Scorer>();

/** Identity of a training set: its page keys, hashed. */
function trainKey(train: readonly Rec[]): string {
  return `${train.length}:${fnv1a(train.map((r) => r.key).join("\n")).toString(16)}`;
}

/** Trained detectors and the next-link threshold chosen for them. */
export interface Detectors {
  link: Scorer;
  node: Scorer;
  linkCols: number[];
  nodeCols: number[];
  threshold: number;
  /** what joins without page 2 ({@link pickCertainty}) */
  certainty: Certainty;
}

/**
 * The next-link half of {@link trainDetectors} alone: the threshold from the inner CV of
 * {@link chooseThreshold} (or the setup's fixed one), then the forest on every training
 * page.
 *
 * @returns the link scorer, its columns and threshold
 */
export function trainLinkDetector(
  train: readonly Rec[],
  setup: Setup,
): Pick<Detectors, "link" | "linkCols" | "threshold" | "certainty"> {
  const linkCols = columnsOf(LINK_FEATURE_NAMES, setup.linkFeatures);
  const params =
    setup.linkThreshold === "inner-cv"
      ? chooseLinkParams(train, setup, linkCols)
      : { threshold: setup.linkThreshold, certainty: NO_CERTAINTY };
  return { link: trainLinkScorer(train, setup, linkCols), linkCols, ...params };
}

function trainLinkScorer(train: readonly Rec[], setup: Setup, linkCols: number[]): Scorer {
  const LX: number[][] = [];
  const Ly: number[] = [];
  for (const rec of train) {
    if (!linkTrainingPage(rec, setup)) continue;
    rec.links.rows.forEach((row, k) => {
      LX.push(pick(row, linkCols));
      Ly.push(rec.links.label[k] ?? 0);
    });
  }
  return trainScorer(LX, Ly, setup.linkFeatures, {
    learner: setup.linkLearner,
    smoteRatio: setup.linkSmoteRatio,
    undersample: false,
  });
}

/** Highest false-activation rate a chosen threshold may show on the inner folds' article
 * pages: a reader opens single articles far more often than last pages of lists. List pages
 * need no cap of their own: a false activation there is a false positive of list F1, which
 * the choice maximises (a 2 % cap on the ~100 list pages without a next page of the inner
 * folds is a cap of one page, and it sent two outer folds to 0.85). */
export const MAX_ARTICLE_FALSE_ACTIVATION = 0.01;

/** Thresholds {@link chooseThreshold} tries. */
const THRESHOLDS = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];

/**
 * The threshold of a sweep with the best list F1 among those whose article false
 * activation stays <= {@link MAX_ARTICLE_FALSE_ACTIVATION}, the lowest of equals; when
 * none does, the lowest article false activation (then the best F1).
 *
 * @param sweep {@link thresholdSweep} rows, in rising threshold order
 * @returns the chosen row's threshold
 * @throws Error when the sweep is empty
 */
export function pickThreshold(sweep: readonly SweepRow[]): number {
  if (sweep.length === 0) throw new Error("pickThreshold: empty sweep");
  const feasible = sweep.filter((t) => t.articleFalseActivation <= MAX_ARTICLE_FALSE_ACTIVATION);
  const better =
    feasible.length > 0
      ? (a: SweepRow, b: SweepRow) => b.f1 > a.f1
      : (a: SweepRow, b: SweepRow) =>
          b.articleFalseActivation < a.articleFalseActivation ||
          (b.articleFalseActivation === a.articleFalseActivation && b.f1 > a.f1);
  const pool = feasible.length > 0 ? feasible : sweep;
  return pool.reduce((a, b) => (better(a, b) ? b : a)).threshold;
}

/** Scores a certain link may need ({@link pickCertainty}); past the last, none is certain
 * by its score alone. */
const CERTAIN_SCORES = [
  0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1,
];

/** A score no forest reaches: nothing is certain by score. */
export const NEVER_CERTAIN = 2;

/**
 * What joins without page 2, from the training folds' records alone: the lowest score of
 * {@link CERTAIN_SCORES} (at or above the threshold) at which no page without a next page,
 * list or article, has a stepping link; and the structural signal (`rel=next` and the
 * numbered pager's current + 1) only where no such page has a stepping link above the
 * threshold that shows it. Everything else waits for the page-2 judge.
 *
 * @param scores the inner folds' per-page records ({@link Measures.scores})
 * @param threshold the chosen threshold
 * @returns the certainty settings
 */
export function pickCertainty(scores: Measures["scores"], threshold: number): Certainty {
  const falses = scores.filter((s) => !s.hasNext && s.step !== false && s.score >= threshold);
  const worst = Math.max(-1, ...falses.map((s) => s.score));
  const certainScore = CERTAIN_SCORES.find((c) => c >= threshold && c > worst) ?? NEVER_CERTAIN;
  const certainStructure = !falses.some((s) => s.structural === true);
  return { certainScore, certainStructure };
}

/**
 * The next-link threshold and certainty, from the training pages only: a 4-fold
 * site-grouped CV inside them scores every list and article page, {@link pickThreshold}
 * chooses the threshold from the sweep and {@link pickCertainty} what joins without page 2.
 *
 * @returns the threshold (0..1) and the certainty
 */
export function chooseLinkParams(
  train: readonly Rec[],
  setup: Setup,
  linkCols: number[],
): { threshold: number; certainty: Certainty } {
  const pages = train.filter((r) => linkTrainingPage(r, setup));
  const groups = new Set(pages.map((r) => r.group));
  if (groups.size < 4) return { threshold: 0.5, certainty: NO_CERTAINTY };
  const folds = groupFolds(
    pages.map((r) => r.group),
    4,
  );
  const m = emptyMeasures();
  for (let f = 0; f < 4; f++) {
    const scorer = trainLinkScorer(
      pages.filter((_, i) => folds[i] !== f),
      setup,
      linkCols,
    );
    pages.forEach((rec, i) => {
      if (folds[i] !== f) return;
      const probs = scorer.probabilities(rec.links.rows.map((r) => pick(r, linkCols)));
      recordBestScore(m, rec, probs, Number.NaN);
    });
  }
  const threshold = pickThreshold(thresholdSweep(m, THRESHOLDS));
  return { threshold, certainty: pickCertainty(m.scores, threshold) };
}

/**
 * Apply trained detectors to test pages and measure them. The page element is found
 * with the *predicted* next link, as the extension would (seed 000 §4.3.2's realistic
 * condition).
 */
export function testDetectors(
  test: readonly Rec[],
  setup: Setup,
  d: Detectors,
  opts: { goldNextForNodes?: boolean } = {},
): Measures {
  const m = emptyMeasures();
  for (const rec of test) {
    const probs = d.link.probabilities(rec.links.rows.map((r) => pick(r, d.linkCols)));
    const next = decideNext(rec, probs, d.threshold, UNSURE_FLOOR, d.certainty);
    scoreDecision(m, rec, next);
    if (nextLinkExample(rec)) recordBestScore(m, rec, probs, d.threshold);
    if (!hasPageElementGold(rec)) continue;
    const anchor = opts.goldNextForNodes ? goldAnchor(rec) : next.anchor;
    const rows = nodeRows(rec, anchor).map((r) => pick(r, d.nodeCols));
    const elements = decidePageElement(
      rec,
      d.node.probabilities(rows),
      anchor,
      pageElementSwitches(setup),
      setup.phrasingOut ?? PHRASING_OUT,
      setup.wrappersOut ?? WRAPPERS_OUT,
    );
    scorePageElement(m, rec, elements);
  }
  return m;
}

/** Result of a cross-validation. */
export interface CvResult {
  setup: string;
  /** next-link measures at other thresholds (pooled folds) */
  sweep: ReturnType<typeof thresholdSweep>;
  folds: Record<string, number>[];
  pooled: Record<string, number>;
  skipped: number;
  trainMs: number;
  /** the unsure band that the page-2 confirmation decides on */
  confirmation: ConfirmationBand;
}

/**
 * Site-grouped k-fold cross-validation of a setup.
 *
 * @param recs all pages
 * @param folds fold of each page (from groupFolds)
 * @param setup experiment
 * @returns per-fold and pooled measures
 */
export function crossValidate(
  recs: readonly Rec[],
  folds: readonly number[],
  setup: Setup,
): CvResult {
  const k = Math.max(...folds) + 1;
  const pooled = emptyMeasures();
  const perFold: Record<string, number>[] = [];
  let trainMs = 0;
  for (let f = 0; f < k; f++) {
    const train = recs.filter((_, i) => folds[i] !== f);
    const test = recs.filter((_, i) => folds[i] === f);
    const t0 = Date.now();
    const d = trainDetectors(train, setup);
    trainMs += Date.now() - t0;
    const m = testDetectors(test, setup, d);
    perFold.push({
      ...summarize(m),
      threshold: d.threshold,
      certainScore: d.certainty.certainScore,
      certainStructure: d.certainty.certainStructure ? 1 : 0,
    });
    addMeasures(pooled, m);
  }
  return {
    setup: setup.name,
    sweep: thresholdSweep(pooled),
    folds: perFold,
    pooled: summarize(pooled),
    skipped: pooled.skipped,
    trainMs,
    confirmation: confirmationBand(pooled, UNSURE_FLOOR),
  };
}

/**
 * Site-grouped cross-validation of the next-link half alone (no page-element forest is
 * trained): the quick loop for link features (`npm run eval -- --links-only`). Same folds,
 * thresholds and measures as {@link crossValidate}.
 *
 * @param recs all pages
 * @param folds fold of each page
 * @param setup experiment (its node settings are ignored)
 * @returns pooled next-link measures, the sweep and the unsure band
 */
export function crossValidateLinks(
  recs: readonly Rec[],
  folds: readonly number[],
  setup: Setup,
): Pick<CvResult, "setup" | "folds" | "pooled" | "sweep" | "confirmation"> {
  const k = Math.max(...folds) + 1;
  const pooled = emptyMeasures();
  const perFold: Record<string, number>[] = [];
  for (let f = 0; f < k; f++) {
    const train = recs.filter((_, i) => folds[i] !== f);
    const { link: scorer, linkCols, threshold, certainty } = trainLinkDetector(train, setup);
    const m = emptyMeasures();
    recs.forEach((rec, i) => {
      if (folds[i] !== f || rec.part === "dragnet") return;
      const probs = scorer.probabilities(rec.links.rows.map((r) => pick(r, linkCols)));
      scoreDecision(m, rec, decideNext(rec, probs, threshold, UNSURE_FLOOR, certainty));
      if (nextLinkExample(rec)) recordBestScore(m, rec, probs, threshold);
    });
    perFold.push({
      ...summarize(m),
      threshold,
      certainScore: certainty.certainScore,
      certainStructure: certainty.certainStructure ? 1 : 0,
    });
    addMeasures(pooled, m);
  }
  return {
    setup: setup.name,
    folds: perFold,
    pooled: summarize(pooled),
    sweep: thresholdSweep(pooled),
    confirmation: confirmationBand(pooled, UNSURE_FLOOR),
  };
}
