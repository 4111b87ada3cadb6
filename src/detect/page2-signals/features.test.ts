import { describe, expect, it } from "vitest";
import { plainConfirmation, plainSignals } from "../../../test/support/page2-pair";
import type { Confirmation } from "../confirm-next";
import { PAGE2_FEATURES, page2Features } from "./features";
import type { Page2Signals } from "./read";

const confirmation: Confirmation = {
  ...plainConfirmation,
  template: 0.9,
  templateBack: 0.6,
  pointsBack: true,
  sameDocument: false,
};
const signals: Page2Signals = {
  ...plainSignals,
  records1: 20,
  repeatedShare: 0.25,
  dates: "breaks",
  numbering: "continues",
  elementAbsent: true,
  urlLeaves: true,
  forward: true,
};
const named = (c: Confirmation, s: Page2Signals) => {
  const v = page2Features(c, s);
  return Object.fromEntries(PAGE2_FEATURES.map((n, i) => [n, v[i]]));
};

describe("page2Features", () => {
  it("gives one value per name, each in 0..1", () => {
    const v = page2Features(confirmation, signals);
    expect(v).toHaveLength(PAGE2_FEATURES.length);
    for (const x of v) expect(x >= 0 && x <= 1).toBe(true);
  });
  it("reads the template shares, their smaller one and the pager's flags", () => {
    const f = named(confirmation, signals);
    expect([f.template, f.templateBack, f.templateMin]).toEqual([0.9, 0.6, 0.6]);
    expect([f.pagerMoved, f.samePager, f.pointsBack, f.sameDocument, f.otherPage]).toEqual([
      0, 1, 1, 0, 0,
    ]);
  });
  it("splits each order signal into continues and breaks", () => {
    const f = named(confirmation, signals);
    expect([f.datesContinue, f.datesBreak]).toEqual([0, 1]);
    expect([f.numberingContinues, f.numberingBreaks]).toEqual([1, 0]);
    const unknown = named(confirmation, { ...signals, dates: "unknown", numbering: "unknown" });
    expect([unknown.datesContinue, unknown.datesBreak, unknown.numberingBreaks]).toEqual([0, 0, 0]);
  });
  it("scales record counts on a log scale up to 60, and keeps page 2's share of page 1's", () => {
    const f = named(confirmation, signals);
    expect(f.isList).toBe(1);
    expect(f.records1).toBeCloseTo(Math.log(21) / Math.log(61));
    expect(f.records2).toBeLessThan(f.records1 as number);
    expect(f.recordsKept).toBe(0.5);
    const many = named(confirmation, { ...signals, records1: 500, records2: 700 });
    expect([many.records1, many.records2, many.recordsKept]).toEqual([1, 1, 1]);
    const none = named(confirmation, { ...signals, records1: 0, records2: 0 });
    expect([none.isList, none.records1, none.recordsKept]).toEqual([0, 0, 0]);
  });
  it("passes the evidence through as flags", () => {
    const f = named(confirmation, signals);
    expect(f.repeatedShare).toBe(0.25);
    expect([
      f.anotherDocument,
      f.elementAbsent,
      f.pagerLeaves,
      f.urlLeaves,
      f.wayBack,
      f.forward,
    ]).toEqual([0, 1, 0, 1, 0, 1]);
  });
});
