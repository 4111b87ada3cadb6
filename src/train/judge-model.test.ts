import { describe, expect, it } from "vitest";
import { plainConfirmation, plainSignals } from "../../test/support/page2-pair";
import type { Refusal } from "../detect/page2-signals/decide";
import { PAGE2_FEATURES } from "../detect/page2-signals/features";
import {
  combinedJoins,
  fitLogistic,
  modelDecides,
  nestedCv,
  type PairRow,
  page2Probability,
  pickThreshold,
} from "./judge-model";

const confirmation = plainConfirmation;

/** A row the rules refused (or joined: refusedBy null); `forward` is what tells true from
 * false in these hand-made rows. */
function row(
  truth: boolean,
  fold: number,
  refusedBy: Refusal | null,
  opts: { forward?: boolean; part?: "list" | "article"; from?: string } = {},
): PairRow {
  return {
    part: opts.part ?? "list",
    truth,
    group: `site${fold}`,
    fold,
    from: opts.from ?? `pagination/${fold}`,
    kind: truth ? "real page 2" : "another page of the site",
    answer: {
      continues: refusedBy === null,
      confirmation,
      signals: { ...plainSignals, forward: opts.forward ?? truth },
      decision: { refusedBy },
    },
  };
}

describe("page2Probability", () => {
  it("is the logistic of the weighted sum and the bias", () => {
    const model = { features: ["a", "b"], weights: [2, -1], bias: -0.5, threshold: 0.5 };
    expect(page2Probability(model, [1, 0.5])).toBeCloseTo(1 / (1 + Math.exp(-1)));
    expect(page2Probability(model, [0, 0])).toBeCloseTo(1 / (1 + Math.exp(0.5)));
  });
  it("refuses a vector of another length", () => {
    const model = { features: ["a"], weights: [1], bias: 0, threshold: 0.5 };
    expect(() => page2Probability(model, [1, 2])).toThrow(RangeError);
  });
});

describe("fitLogistic", () => {
  it("learns a positive weight for the feature that marks the true rows", () => {
    const xs = [
      [1, 0],
      [1, 1],
      [0, 0],
      [0, 1],
      [0, 1],
      [0, 0],
    ];
    const ys = [true, true, false, false, false, false];
    const m = fitLogistic(xs, ys);
    const model = { features: ["a", "b"], ...m, threshold: 0.5 };
    expect(m.weights[0]).toBeGreaterThan(1);
    expect(Math.abs(m.weights[1] as number)).toBeLessThan(0.5);
    expect(page2Probability(model, [1, 0])).toBeGreaterThan(0.5);
    expect(page2Probability(model, [0, 0])).toBeLessThan(0.5);
  });
  it("needs both classes", () => {
    expect(() => fitLogistic([[1]], [true])).toThrow(RangeError);
  });
});

describe("modelDecides", () => {
  it("leaves the hard evidence to the rules and the rules' joins alone", () => {
    for (const hard of ["another template", "page element absent", "the way back"] as const)
      expect(modelDecides(hard, "mixed")).toBe(false);
    expect(modelDecides(null, "mixed")).toBe(false);
    expect(modelDecides("items repeated", "mixed")).toBe(true);
    expect(modelDecides("no continuation", "mixed")).toBe(true);
  });
  it("decides only 'no continuation' in that scope, and everything alone", () => {
    expect(modelDecides("no continuation", "no continuation")).toBe(true);
    expect(modelDecides("another document", "no continuation")).toBe(false);
    expect(modelDecides(null, "all")).toBe(true);
    expect(modelDecides("the way back", "all")).toBe(true);
  });
  it("decides every pair of a list page and none of a single post in the list scope", () => {
    expect(modelDecides(null, "list pages", true)).toBe(true);
    expect(modelDecides("the way back", "list pages", true)).toBe(true);
    expect(modelDecides("no continuation", "list pages", false)).toBe(false);
  });
});

describe("combinedJoins", () => {
  it("keeps the rules' answer outside the model's scope and thresholds inside it", () => {
    const hard = row(true, 0, "the way back");
    expect(combinedJoins(hard, 0.99, 0.5, "mixed")).toBe(false);
    const joined = row(false, 0, null);
    expect(combinedJoins(joined, 0.01, 0.5, "mixed")).toBe(true);
    const open = row(true, 0, "no continuation");
    expect(combinedJoins(open, 0.6, 0.5, "mixed")).toBe(true);
    expect(combinedJoins(open, 0.4, 0.5, "mixed")).toBe(false);
  });
});

describe("pickThreshold", () => {
  it("is the lowest probability at which 99 % of the false pairs stay refused", () => {
    // 100 false pairs: two score 0.7 and 0.8 (1 % may join: one of them), the rest 0.1.
    const rows = [
      ...Array.from({ length: 100 }, () => row(false, 0, "no continuation")),
      row(true, 0, "no continuation"),
    ];
    const probs = [0.7, 0.8, ...Array.from({ length: 98 }, () => 0.1), 0.9];
    expect(pickThreshold(rows, probs, "mixed")).toBe(0.8);
  });
  it("counts the rules' own false joins against the share", () => {
    const rows = [
      ...Array.from({ length: 98 }, () => row(false, 0, "no continuation")),
      row(false, 0, null),
      row(false, 0, "no continuation"),
    ];
    const probs = [...Array.from({ length: 98 }, () => 0.1), 0.2, 0.5];
    // the rules' join uses up the 1 %: the 0.5 pair must stay refused
    expect(pickThreshold(rows, probs, "mixed")).toBeGreaterThan(0.5);
  });
});

describe("nestedCv", () => {
  it("never trains on Dragnet: rows labelled against the signal there do not move the model", () => {
    const base = [0, 1, 2, 3, 4].flatMap((k) => [
      row(true, k, "no continuation"),
      row(true, k, "no continuation"),
      ...Array.from({ length: 20 }, () => row(false, k, "no continuation")),
    ]);
    // Dragnet pairs that say the opposite of every other row (false pairs with `forward`)
    const dragnet = [0, 1, 2, 3, 4].flatMap((k) =>
      Array.from({ length: 40 }, () =>
        row(false, k, "no continuation", { forward: true, part: "article", from: "dragnet/x" }),
      ),
    );
    const without = nestedCv(base, "mixed");
    const withDragnet = nestedCv([...base, ...dragnet], "mixed");
    for (let k = 0; k < 5; k++) {
      expect(withDragnet[k]?.threshold).toBe(without[k]?.threshold);
      const p = (o: typeof without, i: number) => o[k]?.rows[i]?.p;
      expect(p(withDragnet, 0)).toBeCloseTo(p(without, 0) as number);
    }
    // and the held-out true pairs join, the false ones stay refused
    const held = without.flatMap((o) => o.rows);
    expect(held.filter((h) => h.row.truth).every((h) => h.combined)).toBe(true);
    expect(held.filter((h) => !h.row.truth).some((h) => h.combined)).toBe(false);
    expect(PAGE2_FEATURES).toContain("forward");
  });
});
