import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RandomForestClassifier } from "ml-random-forest";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../train/random";
import { compactForest, Forest, type ModelFile } from "./forest";

/** A small forest on three columns (a fourth, constant one, when `constant` is given). */
function trained(constant?: number): { json: object; X: number[][] } {
  const rand = seededRandom(11);
  const X = Array.from({ length: 300 }, () => [
    rand(),
    Math.floor(rand() * 4),
    rand() < 0.3 ? 1 : 0,
    ...(constant === undefined ? [] : [constant]),
  ]);
  const y = X.map((r) => ((r[0] ?? 0) + (r[2] ?? 0) > 0.9 ? 1 : 0));
  const rf = new RandomForestClassifier({
    nEstimators: 9,
    seed: 3,
    noOOB: true,
    treeOptions: { maxDepth: 5 },
  });
  rf.train(X, y);
  return { json: JSON.parse(JSON.stringify(rf.toJSON())), X };
}

const model = (forest: object, featureNames = ["a", "b", "c"]): ModelFile => ({
  kind: "next-link",
  featureNames,
  params: {},
  trainedOn: {},
  forest,
});

describe("Forest", () => {
  it("gives the share of trees voting 1, exactly as ml-random-forest's trees vote", () => {
    const { json, X } = trained();
    const rf = RandomForestClassifier.load(json as never);
    const votes = rf.predictionValues(X);
    const p = new Forest(model(json)).probabilities(X);
    for (let i = 0; i < X.length; i++) {
      const row = votes.getRow(i);
      expect(p[i]).toBeCloseTo(row.filter((v) => v === 1).length / row.length, 12);
    }
    expect(new Forest(model(json)).probabilities([])).toEqual([]);
  });

  it("names the features its splits test: a constant column is never one", () => {
    const { json } = trained();
    const wide = trained(5);
    const withConstant = wide.X;
    const four = new Forest(model(wide.json, ["a", "b", "c", "d"]));
    expect(four.testedFeatures.has("a")).toBe(true);
    expect(four.testedFeatures.has("d")).toBe(false);
    const moved = withConstant.map((r) => [r[0] ?? 0, r[1] ?? 0, r[2] ?? 0, -3]);
    expect(four.probabilities(moved)).toEqual(four.probabilities(withConstant));
    // Every split's column, read from ml-cart's own JSON.
    const tested = new Set<number>();
    const base = (json as { baseModel: { indexes: number[][]; estimators: { root: Node }[] } })
      .baseModel;
    type Node = { splitColumn?: number; left?: Node; right?: Node; distribution?: unknown };
    const walk = (n: Node | undefined, bag: number[]): void => {
      if (n === undefined || n.distribution !== undefined || !n.left || !n.right) return;
      tested.add(bag[n.splitColumn ?? 0] ?? -1);
      walk(n.left, bag);
      walk(n.right, bag);
    };
    for (const [i, e] of base.estimators.entries()) walk(e.root, base.indexes[i] ?? []);
    expect([...new Forest(model(json)).testedFeatures].sort()).toEqual(
      [...tested].map((c) => ["a", "b", "c"][c]).sort(),
    );
  });

  it("picks its columns by name from wider rows", () => {
    const { json, X } = trained();
    const f = new Forest(model(json), ["x", "a", "b", "c"]);
    expect(f.probabilities(X.map((r) => [99, ...r]))).toEqual(
      new Forest(model(json)).probabilities(X),
    );
    expect(() => new Forest(model(json), ["a", "b"])).toThrow(/missing/);
  });

  it("scores flat rows as it scores arrays, with and without picking columns", () => {
    const { json, X } = trained();
    const flat = (rows: number[][]) => Float64Array.from(rows.flat());
    const same = new Forest(model(json));
    expect(Array.from(same.scoreRows(flat(X), 3))).toEqual(same.probabilities(X));
    const wide = new Forest(model(json), ["x", "c", "a", "b"]);
    const wideRows = X.map((r) => [99, r[2] ?? 0, r[0] ?? 0, r[1] ?? 0]);
    expect(Array.from(wide.scoreRows(flat(wideRows), 4))).toEqual(same.probabilities(X));
    expect(() => wide.scoreRows(flat(X), 3)).toThrow(/4 input columns/);
  });

  it("leaves the rows it is told to skip at 0 and scores the others as before", () => {
    const { json, X } = trained();
    const flat = (rows: number[][]) => Float64Array.from(rows.flat());
    const forest = new Forest(model(json));
    const all = forest.probabilities(X);
    const skip = Uint8Array.from(X, (_, r) => (r % 3 === 1 ? 1 : 0));
    const some = Array.from(forest.scoreRows(flat(X), 3, skip));
    expect(some).toEqual(all.map((p, r) => (skip[r] === 1 ? 0 : p)));
    // The skipped rows would not all have scored 0.
    expect(all.some((p, r) => skip[r] === 1 && p > 0)).toBe(true);
    const wide = new Forest(model(json), ["x", "c", "a", "b"]);
    const wideRows = X.map((r) => [99, r[2] ?? 0, r[0] ?? 0, r[1] ?? 0]);
    expect(Array.from(wide.scoreRows(flat(wideRows), 4, skip))).toEqual(some);
  });

  it("refuses what is not a forest", () => {
    expect(() => new Forest(model({ name: "DTClassifier" }))).toThrow(/not an ml-random-forest/);
  });

  it("compacts the JSON several times over and predicts the same", () => {
    const { json, X } = trained();
    const small = compactForest(json);
    expect(JSON.stringify(small).length).toBeLessThan(JSON.stringify(json).length / 2);
    expect(new Forest(model(small)).probabilities(X)).toEqual(
      new Forest(model(json)).probabilities(X),
    );
  });

  it.each(["next-link.json", "page-element.json"])(
    "votes like ml-random-forest with the shipped %s",
    (file) => {
      const m = JSON.parse(readFileSync(join(process.cwd(), "models", file), "utf8")) as ModelFile;
      const rand = seededRandom(5);
      // Rows spread over 0/1 flags, ratios and counts, the ranges the features take.
      const rows = Array.from({ length: 300 }, () =>
        m.featureNames.map(() => {
          const r = rand();
          return r < 0.4 ? Math.round(rand()) : r < 0.7 ? rand() : Math.floor(rand() * 200);
        }),
      );
      const votes = RandomForestClassifier.load(m.forest as never).predictionValues(rows);
      const p = new Forest(m).probabilities(rows);
      rows.forEach((_, i) => {
        const row = votes.getRow(i);
        expect(p[i]).toBeCloseTo(row.filter((v) => v === 1).length / row.length, 12);
      });
    },
  );
});
