import { describe, expect, it } from "vitest";
import { LINK_FEATURE_NAMES } from "../features/link-features";
import { DEFAULT_LEARNER, rowHasPagerSignal, trainScorer } from "./experiment";
import { seededRandom } from "./random";

describe("trainScorer", () => {
  it("caps the rows on the synthetic positives and negatives, never on a real positive", () => {
    const rand = seededRandom(3);
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 50; i++) {
      X.push([1 + rand(), rand()]);
      y.push(1);
    }
    for (let i = 0; i < 100; i++) {
      X.push([rand(), rand()]);
      y.push(0);
    }
    const learner = { ...DEFAULT_LEARNER, nEstimators: 3, maxRows: 60 };
    const s = trainScorer(X, y, ["a", "b"], { learner, smoteRatio: 1, undersample: false });
    const trainedOn = s.toModel("next-link", {}, {})?.trainedOn;
    expect(trainedOn?.rows).toBe(60);
    // A uniform cut of the 200 mixed rows would keep about 30 positives.
    expect(trainedOn?.positives).toBeGreaterThanOrEqual(50);
  });

  it("stops a node of rare positives at the default gain threshold; 0 grows it on", () => {
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 600; i++) {
      X.push([i % 7, i % 5]);
      y.push(0);
    }
    for (let i = 0; i < 3; i++) {
      X.push([10, 10]);
      y.push(1);
    }
    const s = trainScorer(X, y, ["a", "b"], {
      learner: { ...DEFAULT_LEARNER, nEstimators: 5, maxFeatures: 1, gainThreshold: 0 },
      smoteRatio: 1000,
      undersample: false,
    });
    expect(s.probabilities([[10, 10]])[0]).toBeGreaterThan(0.5);
    const stunted = trainScorer(X, y, ["a", "b"], {
      learner: { ...DEFAULT_LEARNER, nEstimators: 5, maxFeatures: 1 },
      smoteRatio: 1000,
      undersample: false,
    });
    expect(stunted.probabilities([[10, 10]])[0]).toBeLessThan(0.5);
  });
});

describe("rowHasPagerSignal", () => {
  const row = (set: Record<string, number>) => LINK_FEATURE_NAMES.map((n) => set[n] ?? 0);
  it("passes a harvested link as the detector's candidate stage does", () => {
    expect(rowHasPagerSignal(row({}))).toBe(false);
    expect(rowHasPagerSignal(row({ textLength: 1, occurrences: 3 }))).toBe(false);
    expect(rowHasPagerSignal(row({ numericText: 1 }))).toBe(false);
    expect(rowHasPagerSignal(row({ numericText: 1, inPager: 1 }))).toBe(true);
    expect(rowHasPagerSignal(row({ relNext: 1 }))).toBe(true);
    expect(rowHasPagerSignal(row({ olderStep: 1 }))).toBe(true);
  });
});
