import { describe, expect, it } from "vitest";
import { CORRECTIONS_KEY, type Correction, urlPatternOf } from "./corrections";
import { SITE_RULES_KEY } from "./site-rules";
import { undoesRun } from "./undo";

const picked = { name: "ex.com", url: "^https://ex\\.com/", nextLink: "//a", pageElement: "//p" };
const written = { name: "blog", url: "^https://blog\\.test/", nextLink: "//a", pageElement: "//p" };
const refused: Correction = {
  site: "ex.com",
  nextLink: '//a[@rel="next"]',
  urlPattern: urlPatternOf("https://ex.com/s-2.html"),
  url: "https://ex.com/s-2.html",
  at: 1000,
};
const run = { site: "ex.com", ruleInUse: null, pages: 1 };

describe("undoesRun", () => {
  it("the rule in use removed undoes the run, whatever it joined; a new pick does not", () => {
    const removed = { [SITE_RULES_KEY]: { oldValue: [picked, written], newValue: [written] } };
    expect(undoesRun(removed, { ...run, ruleInUse: "ex.com", pages: 4 })).toBe(true);
    expect(undoesRun(removed, { ...run, ruleInUse: "blog" })).toBe(false);
    expect(undoesRun(removed, run)).toBe(false);
    const replaced = {
      [SITE_RULES_KEY]: { oldValue: [picked], newValue: [{ ...picked, nextLink: "//b" }] },
    };
    expect(undoesRun(replaced, { ...run, ruleInUse: "ex.com" })).toBe(false);
  });

  it("a correction of the site taken back undoes a run that joins nothing", () => {
    const forgotten = { [CORRECTIONS_KEY]: { oldValue: [refused], newValue: [] } };
    expect(undoesRun(forgotten, run)).toBe(true);
    expect(undoesRun(forgotten, { ...run, pages: 3 })).toBe(false);
    expect(undoesRun(forgotten, { ...run, site: "other.com" })).toBe(false);
    const added = { [CORRECTIONS_KEY]: { oldValue: [], newValue: [refused] } };
    expect(undoesRun(added, run)).toBe(false);
    expect(undoesRun({ settings: { oldValue: 1, newValue: 2 } }, run)).toBe(false);
  });
});
