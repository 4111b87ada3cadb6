/**
 * Training-time speed-up for ml-cart (the trees inside ml-random-forest). Its
 * `TreeNode.bestSplit` proposes a split value at every label change along each sorted
 * feature, repeats included, and re-splits all samples to score each one: O(n) per
 * candidate and up to O(n) candidates, so O(n²) per feature and node on the 0/1 features
 * of tsugi (measured at 9 minutes for 6k samples). This patch scores the same
 * candidates from running class counts in one sorted sweep. The trees are the ones ml-cart
 * would grow (tested); only the stored gains differ in their last bits. Trees, JSON and
 * prediction stay ml-random-forest's own. Node training code only, never the extension.
 */
import { DecisionTreeClassifier } from "ml-cart";

interface SplitResult {
  maxGain: number;
  maxColumn: number | undefined;
  maxValue: number | undefined;
  numberSamples: number | undefined;
}

interface PatchableNode {
  kind: string;
  gainFunction: string;
  bestSplit(XTranspose: { rows: number; getRow(i: number): number[] }, y: number[]): SplitResult;
}

// ml-cart does not export its TreeNode class; a loaded one-leaf tree hands it over. The
// tree classes ml-random-forest uses come from the same ml-cart module instance.
const leaf = DecisionTreeClassifier.load({
  name: "DTClassifier",
  options: {},
  root: { distribution: [[1]] },
}) as unknown as { root: { constructor: { prototype: PatchableNode } } };
const proto = leaf.root.constructor.prototype;
const originalBestSplit = proto.bestSplit;

/** Least samples each side of a split must keep ({@link useSweepSplitSearch} sets it). */
let minLeaf = 1;

/** Number of nodes split by {@link sweepBestSplit} (lets a test see the patch is live). */
export const sweepCalls = { count: 0 };

/** Gini impurity of a two-class count, as ml-cart's giniImpurity computes it. */
function gini(ones: number, n: number): number {
  if (n === 0) return 0;
  const p1 = ones / n;
  const p0 = 1 - p1;
  return 1 - p0 * p0 - p1 * p1;
}

/** Position of `v` in the ascending distinct `values` (binary search). */
function runIndex(values: Float64Array, v: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] ?? 0) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Best Gini split of a node in one sweep per feature over its runs of equal values: the
 * same candidates as ml-cart (a midpoint wherever the label changes along the stably
 * sorted values, repeats dropped), each scored from running class counts in O(1) instead
 * of re-splitting the samples, so a node costs O(features · n log n) with a native
 * numeric sort instead of O(features · n · candidates).
 *
 * A split that would leave fewer than `leafMin` samples on a side is not a candidate
 * (scikit-learn's `min_samples_leaf`; ml-cart has no such option): a full tree otherwise
 * carves a leaf around one odd sample, and a page unlike the corpus that lands there is
 * outvoted (a plain rel=next "Next ›" on a short page scored 0.68, the trees split on
 * its text share around one negative). With 1 the candidates are ml-cart's own.
 *
 * @param XTranspose features × samples
 * @param y 0/1 labels of the samples
 * @param leafMin least samples per side (default: the installed search's)
 * @returns what ml-cart's bestSplit returns
 */
export function sweepBestSplit(
  XTranspose: { rows: number; getRow(i: number): number[] },
  y: readonly number[],
  leafMin = minLeaf,
): SplitResult {
  sweepCalls.count++;
  const n = y.length;
  let ones = 0;
  for (const v of y) if (v === 1) ones++;
  const parent = gini(ones, n);
  let best: SplitResult = {
    maxGain: Number.NEGATIVE_INFINITY,
    maxColumn: undefined,
    maxValue: undefined,
    numberSamples: undefined,
  };
  const consider = (f: number, v: number, lc: number, lo: number) => {
    const gc = n - lc;
    if (lc < leafMin || gc < leafMin) return;
    const go = ones - lo;
    const gain = parent - (gini(lo, lc) * lc) / n - (gini(go, gc) * gc) / n;
    if (gain > best.maxGain) best = { maxGain: gain, maxColumn: f, maxValue: v, numberSamples: n };
  };
  for (let f = 0; f < XTranspose.rows; f++) {
    const x = XTranspose.getRow(f);
    // Runs of equal values, ascending. ml-cart sorts stably, so inside a run the samples
    // keep their order: its first and last labels decide the candidate between two runs.
    const sorted = Float64Array.from(x).sort();
    let runs = 0;
    for (let k = 0; k < n; k++) {
      const v = sorted[k] ?? 0;
      if (k === 0 || v !== sorted[runs - 1]) sorted[runs++] = v;
    }
    if (runs < 2) continue;
    const values = sorted.subarray(0, runs);
    const count = new Int32Array(runs);
    const runOnes = new Int32Array(runs);
    const firstLabel = new Int8Array(runs).fill(-1);
    const lastLabel = new Int8Array(runs);
    for (let i = 0; i < n; i++) {
      const r = runIndex(values, x[i] ?? 0);
      const label = y[i] === 1 ? 1 : 0;
      count[r] = (count[r] ?? 0) + 1;
      runOnes[r] = (runOnes[r] ?? 0) + label;
      if (firstLabel[r] === -1) firstLabel[r] = label;
      lastLabel[r] = label;
    }
    // In ml-cart's order: the midpoint before a run (labels change across the boundary),
    // then the run's own value (labels change inside it). Both cut at "x < run value",
    // so both score the runs below.
    let below = 0;
    let belowOnes = 0;
    for (let r = 0; r < runs; r++) {
      const v = values[r] ?? 0;
      if (r > 0 && lastLabel[r - 1] !== firstLabel[r])
        consider(f, ((values[r - 1] ?? 0) + v) / 2, below, belowOnes);
      const c = count[r] ?? 0;
      const o = runOnes[r] ?? 0;
      if (o > 0 && o < c) consider(f, v, below, belowOnes);
      below += c;
      belowOnes += o;
    }
  }
  return best;
}

/**
 * Install the one-sweep split search for Gini classifier trees (exact: every candidate
 * ml-cart would try, at `leafMin` 1); other trees keep ml-cart's own search.
 *
 * @param leafMin least samples each side of a split keeps (default 1: ml-cart's trees)
 */
export function useSweepSplitSearch(leafMin = 1): void {
  minLeaf = leafMin;
  proto.bestSplit = function (this: PatchableNode, XT, y) {
    if (this.kind !== "classifier" || this.gainFunction !== "gini")
      return originalBestSplit.call(this, XT, y);
    return sweepBestSplit(XT, y);
  };
}

/** Put ml-cart's own split search back. */
export function restoreSplitSearch(): void {
  proto.bestSplit = originalBestSplit;
}
