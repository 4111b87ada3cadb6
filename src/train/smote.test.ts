import { describe, expect, it } from "vitest";
import { smote } from "./smote";

describe("smote", () => {
  const minority = [
    [0, 0],
    [1, 0],
    [0, 1],
    [10, 10],
    [11, 10],
  ];

  it("makes the requested number of rows", () => {
    expect(smote(minority, 7, { k: 2 })).toHaveLength(7);
    expect(smote(minority, 0)).toEqual([]);
    expect(smote([[1, 2]], 5)).toEqual([]);
  });

  it("puts every synthetic row on a segment between a row and a near neighbour", () => {
    for (const row of smote(minority, 50, { k: 1, seed: 3 })) {
      // With k=1 the clusters never mix: each row stays inside its cluster's box.
      const inLow = row.every((v) => v >= 0 && v <= 1);
      const inHigh = (row[0] ?? 0) >= 10 && (row[0] ?? 0) <= 11 && row[1] === 10;
      expect(inLow || inHigh).toBe(true);
    }
  });

  it("is deterministic for a seed", () => {
    expect(smote(minority, 5, { seed: 9 })).toEqual(smote(minority, 5, { seed: 9 }));
    expect(smote(minority, 5, { seed: 9 })).not.toEqual(smote(minority, 5, { seed: 10 }));
  });
});
