import { DecisionTreeClassifier } from "ml-cart";
import { Matrix } from "ml-matrix";
import { RandomForestClassifier } from "ml-random-forest";
import { afterEach, describe, expect, it } from "vitest";
import { restoreSplitSearch, sweepBestSplit, sweepCalls, useSweepSplitSearch } from "./fast-split";
import { seededRandom } from "./random";

function data(n: number, seed: number): { X: number[][]; y: number[] } {
  const rand = seededRandom(seed);
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = [Math.floor(rand() * 2), Math.floor(rand() * 5), Math.round(rand() * 20) / 4];
    X.push(row);
    y.push((row[0] ?? 0) + (row[1] ?? 0) > 2 !== rand() < 0.1 ? 1 : 0);
  }
  return { X, y };
}

function train(X: number[][], y: number[]): RandomForestClassifier {
  const rf = new RandomForestClassifier({
    nEstimators: 5,
    seed: 7,
    noOOB: true,
    treeOptions: { maxDepth: 6 },
  });
  rf.train(X, y);
  return rf;
}

interface StockNode {
  bestSplit(XT: Matrix, y: number[]): { maxGain: number; maxColumn: number; maxValue: number };
}

describe("fast split search", () => {
  afterEach(() => restoreSplitSearch());

  it("keeps at least leafMin samples on each side of the split it returns", () => {
    const below = (X: number[][], s: { maxColumn?: number; maxValue?: number }) =>
      X.filter((r) => (r[s.maxColumn ?? 0] ?? 0) < (s.maxValue ?? 0)).length;
    // Cutting off the one positive at the top of the column leaves both sides pure.
    const one = [[0], [1], [2], [3], [4], [5], [6], [100]];
    const oneY = [0, 0, 0, 0, 0, 0, 0, 1];
    expect(below(one, sweepBestSplit(new Matrix(one).transpose(), oneY, 1))).toBe(7);
    expect(sweepBestSplit(new Matrix(one).transpose(), oneY, 2).maxColumn).toBeUndefined();
    const { X, y } = data(60, 5);
    for (const leafMin of [2, 5, 10]) {
      const s = sweepBestSplit(new Matrix(X).transpose(), y, leafMin);
      if (s.maxColumn === undefined) continue;
      const left = below(X, s);
      expect(Math.min(left, X.length - left)).toBeGreaterThanOrEqual(leafMin);
    }
  });

  it("finds a split as good as ml-cart's own on every node", () => {
    const rand = seededRandom(3);
    const leaf = DecisionTreeClassifier.load({
      name: "DTClassifier",
      options: {},
      root: { distribution: [[1]] },
    });
    const node = (leaf as unknown as { root: StockNode }).root;
    Object.assign(node, { kind: "classifier", gainFunction: "gini", splitFunction: "mean" });
    for (let t = 0; t < 300; t++) {
      const n = 5 + Math.floor(rand() * 40);
      // Column 0 has many repeats (ties inside runs); column 1 is continuous.
      const X = Array.from({ length: n }, () => [Math.floor(rand() * 3), rand()]);
      const y = X.map(() => (rand() < 0.4 ? 1 : 0));
      const XT = new Matrix(X).transpose();
      const stock = node.bestSplit(XT, y);
      const sweep = sweepBestSplit(XT, y);
      // The split may differ only where two candidates tie exactly, which ml-cart's
      // floating-point sums break one way and the sweep's counts the other.
      expect(sweep.maxGain).toBeCloseTo(stock.maxGain, 12);
    }
  });

  it("reaches the trees ml-random-forest grows, and they predict like ml-cart's", () => {
    const { X, y } = data(400, 5);
    const { X: TX, y: Ty } = data(400, 6);
    const stock = train(X, y).predict(TX);
    useSweepSplitSearch();
    const before = sweepCalls.count;
    const fast = train(X, y).predict(TX);
    expect(sweepCalls.count).toBeGreaterThan(before);
    const agree = stock.filter((p, i) => p === fast[i]).length / stock.length;
    expect(agree).toBeGreaterThan(0.97);
    const acc = (p: number[]) => p.filter((v, i) => v === Ty[i]).length / Ty.length;
    expect(Math.abs(acc(fast) - acc(stock))).toBeLessThan(0.02);
  });
});
