/**
 * A small learned model over the page-2 judge's signals, and its nested site-disjoint
 * evaluation (seed 000 §4.1 splits by site): for each outer fold, a logistic regression is
 * trained on the other folds' rows (never on Dragnet, AGPL data for evaluation only), its
 * threshold chosen by an inner cross-validation over those training folds alone, and the
 * combined judge (the rules, with the model deciding where {@link modelDecides} lets it) is
 * scored on the held-out fold. An experiment (`npm run eval:judge-model`): on the corpus's
 * pairs it does not beat the rules (docs/detection.md), so the judge ships no model.
 */

import { DecisionTreeClassifier } from "ml-cart";
import type { Confirmation } from "../detect/confirm-next";
import type { Refusal } from "../detect/page2-signals/decide";
import { PAGE2_FEATURES, page2Features } from "../detect/page2-signals/features";
import type { Page2Signals } from "../detect/page2-signals/read";

/** A logistic model (a weight per feature, a bias, a threshold): what the judge would
 * carry as JSON, evaluated by {@link page2Probability} without a library. */
export interface Page2Model {
  /** the feature names the weights follow (./features.ts `PAGE2_FEATURES`) */
  features: readonly string[];
  weights: readonly number[];
  bias: number;
  /** join from this probability on (0..1) */
  threshold: number;
}

/** Evidence that refuses whatever a model says: another template, page 1's page element
 * absent, the way back. */
export const HARD_REFUSALS: ReadonlySet<Refusal> = new Set([
  "another template",
  "page element absent",
  "the way back",
]);

/**
 * Which refusals of the rules a model may overturn.
 * - "no continuation": only where no reading shows continuation and no evidence refuses;
 * - "mixed": that, and every refusal that is not {@link HARD_REFUSALS};
 * - "list pages": every pair whose page 1's page element is a list (records read), the
 *   rules' joins too; the rules elsewhere (single posts, whose refusals the model
 *   overturns too often);
 * - "all": every pair, the rules' joins too (the model alone, for comparison).
 */
export type ModelScope = "no continuation" | "mixed" | "list pages" | "all";

/**
 * Whether the model decides a pair the rules refused for `refusedBy`.
 *
 * @param refusedBy the rules' refusal (null: the rules joined)
 * @param scope which refusals the model may overturn
 * @param isList page 1's page element is a list (its records were read)
 * @returns true when the model's probability decides
 */
export function modelDecides(
  refusedBy: Refusal | null,
  scope: ModelScope,
  isList = false,
): boolean {
  if (scope === "all") return true;
  if (scope === "list pages") return isList;
  if (refusedBy === null) return false;
  if (scope === "no continuation") return refusedBy === "no continuation";
  return !HARD_REFUSALS.has(refusedBy);
}

/**
 * The model's probability that page 2 continues page 1.
 *
 * @param model the weights, the bias
 * @param x the feature vector, in the order of `model.features`
 * @returns the logistic of w·x + b (0..1)
 * @throws RangeError when the vector's length is not the model's
 */
export function page2Probability(model: Page2Model, x: readonly number[]): number {
  if (x.length !== model.weights.length)
    throw new RangeError(`${x.length} features for a model of ${model.weights.length}`);
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += (model.weights[i] ?? 0) * (x[i] ?? 0);
  return 1 / (1 + Math.exp(-z));
}

/** One judged pair as `npm run eval:confirm` writes it to out/page2-pairs.json (the fields
 * read here). */
export interface PairRow {
  part: "list" | "article";
  truth: boolean;
  group: string;
  fold: number;
  from: string;
  kind: string;
  answer: {
    continues: boolean;
    confirmation: Confirmation;
    signals: Page2Signals | null;
    decision: { refusedBy: Refusal | null };
  };
}

/** Whether the model decides a judged row ({@link modelDecides} with the row's own reading). */
export function decidesRow(r: PairRow, scope: ModelScope): boolean {
  return modelDecides(r.answer.decision.refusedBy, scope, (r.answer.signals?.records1 ?? 0) > 0);
}

/** Pairs of Dragnet pages: evaluated on, never trained on. */
export const isDragnet = (r: { from: string }): boolean => r.from.startsWith("dragnet/");

/**
 * Fit a logistic regression by full-batch gradient descent with an L2 penalty; the two
 * classes weigh the same in the loss (each row weighs half over its class's count).
 *
 * @param xs feature vectors (values 0..1)
 * @param ys labels
 * @param opts `l2` penalty on the weights (not the bias), `epochs`, learning `rate`
 * @returns the weights and the bias (threshold 0.5, features unnamed)
 * @throws RangeError when there are no rows or one class is missing
 */
export function fitLogistic(
  xs: readonly (readonly number[])[],
  ys: readonly boolean[],
  opts: { l2?: number; epochs?: number; rate?: number } = {},
): { weights: number[]; bias: number } {
  const { l2 = 0.01, epochs = 3000, rate = 0.5 } = opts;
  const pos = ys.filter(Boolean).length;
  const neg = ys.length - pos;
  if (pos === 0 || neg === 0) throw new RangeError("both classes are needed");
  const d = xs[0]?.length ?? 0;
  const w = new Array<number>(d).fill(0);
  let b = 0;
  const weightOf = (y: boolean) => (y ? 0.5 / pos : 0.5 / neg);
  for (let e = 0; e < epochs; e++) {
    const gw = w.map((wi) => l2 * wi);
    let gb = 0;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i] as readonly number[];
      const y = ys[i] as boolean;
      let z = b;
      for (let j = 0; j < d; j++) z += (w[j] as number) * (x[j] as number);
      const err = (1 / (1 + Math.exp(-z)) - (y ? 1 : 0)) * weightOf(y);
      for (let j = 0; j < d; j++) gw[j] = (gw[j] as number) + err * (x[j] as number);
      gb += err;
    }
    for (let j = 0; j < d; j++) w[j] = (w[j] as number) - rate * (gw[j] as number);
    b -= rate * gb;
  }
  return { weights: w, bias: b };
}

/** The feature vector of a judged row (every row of eval:confirm has its signals). */
export function rowFeatures(r: PairRow): number[] {
  if (!r.answer.signals) throw new RangeError(`${r.from}: no signals`);
  return page2Features(r.answer.confirmation, r.answer.signals);
}

/**
 * Train a model on the rows it would decide (the rules' refusals in `scope`), Dragnet left
 * out.
 *
 * @returns the model with threshold 0.5, or null when a class is missing
 */
export function trainPage2Model(rows: readonly PairRow[], scope: ModelScope): Page2Model | null {
  const train = rows.filter((r) => !isDragnet(r) && decidesRow(r, scope));
  if (!train.some((r) => r.truth) || !train.some((r) => !r.truth)) return null;
  const fit = fitLogistic(
    train.map(rowFeatures),
    train.map((r) => r.truth),
  );
  return { features: [...PAGE2_FEATURES], ...fit, threshold: 0.5 };
}

/** The learners compared: the logistic regression, and a CART tree of depth 3 (leaves of
 * at least 5 rows) whose leaf's share of true pairs is the probability. */
export type Learner = "logistic" | "tree";

/** A trained model as a function from a feature vector to a probability. */
export type Predictor = (x: readonly number[]) => number;

/**
 * Train a learner on the rows it would decide (the rules' refusals in `scope`), Dragnet
 * left out.
 *
 * @returns the predictor, or null when a class is missing
 */
export function trainPredictor(
  rows: readonly PairRow[],
  scope: ModelScope,
  learner: Learner,
): Predictor | null {
  if (learner === "logistic") {
    const model = trainPage2Model(rows, scope);
    return model ? (x) => page2Probability(model, x) : null;
  }
  const train = rows.filter((r) => !isDragnet(r) && decidesRow(r, scope));
  if (!train.some((r) => r.truth) || !train.some((r) => !r.truth)) return null;
  const tree = new DecisionTreeClassifier({ maxDepth: 3, minNumSamples: 5, gainFunction: "gini" });
  tree.train(
    train.map(rowFeatures),
    train.map((r) => (r.truth ? 1 : 0)),
  );
  const root = (
    tree as unknown as {
      root: {
        classify(x: readonly number[]): { get(i: number, j: number): number; columns: number };
      };
    }
  ).root;
  return (x) => {
    const d = root.classify(x);
    return d.columns > 1 ? d.get(0, 1) : 0;
  };
}

/**
 * The combined judge: the rules, and the model's probability against `threshold` where
 * the model decides.
 *
 * @param r the row
 * @param p the model's probability on it (ignored where the model does not decide)
 * @returns true when the pair is joined
 */
export function combinedJoins(
  r: PairRow,
  p: number,
  threshold: number,
  scope: ModelScope,
): boolean {
  if (!decidesRow(r, scope)) return r.answer.continues;
  return p >= threshold;
}

/** Least share of training false pairs the combined judge must refuse, lists and articles
 * apart. */
export const REFUSE_SHARE = 0.99;

/**
 * The lowest threshold at which the combined judge refuses at least {@link REFUSE_SHARE}
 * of the false pairs of `rows` (lists and articles apart), from probabilities the rows
 * were not trained on; 1.01 (the model never joins) when none does.
 *
 * @param rows training rows (no Dragnet)
 * @param probs each row's out-of-fold probability
 */
export function pickThreshold(
  rows: readonly PairRow[],
  probs: readonly number[],
  scope: ModelScope,
): number {
  const candidates = [
    ...new Set(
      probs.filter((_, i) => {
        const r = rows[i];
        return r !== undefined && decidesRow(r, scope);
      }),
    ),
  ].sort((a, b) => a - b);
  for (const t of candidates) {
    const ok = (["list", "article"] as const).every((part) => {
      const f = rows.map((r, i) => [r, i] as const).filter(([r]) => r.part === part && !r.truth);
      if (f.length === 0) return true;
      const refused = f.filter(([r, i]) => !combinedJoins(r, probs[i] as number, t, scope)).length;
      return refused >= REFUSE_SHARE * f.length;
    });
    if (ok) return t;
  }
  return 1.01;
}

/** Probabilities of `rows` from models trained on the other folds (each fold held out in
 * turn; a fold whose training rows miss a class gets 0). */
export function outOfFold(
  rows: readonly PairRow[],
  scope: ModelScope,
  learner: Learner = "logistic",
): number[] {
  const probs = new Array<number>(rows.length).fill(0);
  for (const k of new Set(rows.map((r) => r.fold))) {
    const model = trainPredictor(
      rows.filter((r) => r.fold !== k),
      scope,
      learner,
    );
    rows.forEach((r, i) => {
      if (r.fold === k && model) probs[i] = model(rowFeatures(r));
    });
  }
  return probs;
}

/** One outer fold's result. */
export interface OuterFold {
  fold: number;
  threshold: number;
  /** each held-out row with the rules' and the combined judge's answers and the probability */
  rows: { row: PairRow; p: number; combined: boolean }[];
}

/**
 * Nested site-disjoint CV: for each outer fold, the threshold from the inner folds'
 * out-of-fold probabilities (training folds only, no Dragnet), the model from all the
 * training folds' rows, the combined judge on the held-out fold (Dragnet included).
 *
 * @param rows every judged row with its site fold
 * @param scope which refusals the model may overturn
 * @param learner the model trained
 * @returns one result per outer fold
 */
export function nestedCv(
  rows: readonly PairRow[],
  scope: ModelScope,
  learner: Learner = "logistic",
): OuterFold[] {
  const folds = [...new Set(rows.map((r) => r.fold))].sort((a, b) => a - b);
  return folds.map((k) => {
    const train = rows.filter((r) => r.fold !== k && !isDragnet(r));
    const threshold = pickThreshold(train, outOfFold(train, scope, learner), scope);
    const model = trainPredictor(train, scope, learner);
    const held = rows.filter((r) => r.fold === k);
    return {
      fold: k,
      threshold,
      rows: held.map((row) => {
        const p = model ? model(rowFeatures(row)) : 0;
        return { row, p, combined: combinedJoins(row, p, threshold, scope) };
      }),
    };
  });
}
