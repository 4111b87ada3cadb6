import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, entrySettings, mergeSettings } from "./settings";

describe("mergeSettings", () => {
  it("returns the defaults for nothing stored", () => {
    expect(mergeSettings(undefined)).toEqual(DEFAULT_SETTINGS);
  });
  it("takes valid stored values and drops wrong types or out-of-range ones", () => {
    const s = mergeSettings({
      pageCap: 5,
      triggerScreens: "far",
      minIntervalMs: -1,
      separators: false,
    });
    expect(s.pageCap).toBe(5);
    expect(s.triggerScreens).toBe(DEFAULT_SETTINGS.triggerScreens);
    expect(s.minIntervalMs).toBe(DEFAULT_SETTINGS.minIntervalMs);
    expect(s.separators).toBe(false);
  });
});

describe("mergeSettings, reader lists", () => {
  it("keeps address bar, exclusions and switched-off sites; drops junk entries", () => {
    const s = mergeSettings({
      addressBar: true,
      exclusions: [" a/* ", 3, "", "a/*"],
      disabledSites: ["A.test", null],
    });
    expect(s.addressBar).toBe(true);
    expect(s.exclusions).toEqual(["a/*"]);
    expect(s.disabledSites).toEqual(["a.test"]);
    expect(mergeSettings({ exclusions: "a/*" }).exclusions).toEqual([]);
  });
  it("never shares list objects with the defaults", () => {
    const s = mergeSettings(undefined);
    s.exclusions.push("x");
    expect(DEFAULT_SETTINGS.exclusions).toEqual([]);
  });
});

describe("entrySettings", () => {
  it("reads its fields as mergeSettings does, from any stored value", () => {
    const stored: unknown[] = [
      undefined,
      null,
      "x",
      [],
      {},
      { pageCap: 0, restorePlace: "no", exclusions: "a/*", disabledSites: [1, " B.test "] },
      { pageCap: 1000, restorePlace: false, ownScrollOffSites: ["X.test", "x.test", ""] },
      { pageCap: 7.5, exclusions: [" a/* ", "a/*", "#c"], disabledSites: ["A.test", "a.test"] },
      { pageCap: Number.NaN, exclusions: Array.from({ length: 600 }, (_, i) => `p${i}`) },
    ];
    for (const s of stored) {
      const merged = mergeSettings(s);
      expect(entrySettings(s)).toEqual({
        exclusions: merged.exclusions,
        disabledSites: merged.disabledSites,
        ownScrollOffSites: merged.ownScrollOffSites,
        pageCap: merged.pageCap,
        restorePlace: merged.restorePlace,
      });
    }
    expect(entrySettings({ pageCap: 7.5, restorePlace: false })).toMatchObject({
      pageCap: 7.5,
      restorePlace: false,
    });
    expect(entrySettings({ disabledSites: ["A.test", "a.test"] }).disabledSites).toEqual([
      "a.test",
      "a.test",
    ]);
  });
});
