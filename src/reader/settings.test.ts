import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, mergeSettings } from "./settings";

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
