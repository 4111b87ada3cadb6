import { describe, expect, it } from "vitest";
import { urlPatternOf } from "./corrections";
import { DEFAULT_SETTINGS } from "./settings";
import { settingsFromJson, settingsToJson } from "./settings-file";

describe("settings file", () => {
  it("round-trips settings and rules", () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      pageCap: 3,
      exclusions: ["*.x/*"],
      disabledSites: ["a.test"],
      chapterSites: ["novel.test"],
    };
    const rules = [{ name: "r", url: "^a", nextLink: "//a", pageElement: "//p" }];
    const back = settingsFromJson(settingsToJson(settings, rules));
    expect(back.settings).toEqual(settings);
    expect(back.siteRules).toEqual(rules);
    expect(back.warnings).toEqual([]);
  });
  it("round-trips picked rules (a load-more button's among them) and the corrections; an older file has none", () => {
    const picked = {
      name: "ex.com",
      url: "^https://ex\\.com/",
      nextLink: "//a",
      pageElement: "//p",
    };
    const corrections = [
      {
        site: "ex.com",
        nextLink: '//a[@rel="next"]',
        urlPattern: urlPatternOf("https://ex.com/s-2.html"),
        url: "https://ex.com/s-2.html",
        at: 1700000000000,
      },
    ];
    const button = {
      name: "shop.test",
      url: "^https://shop\\.test/list/",
      loadMoreButton: '//button[@class="zz-more"]',
    };
    const back = settingsFromJson(settingsToJson(DEFAULT_SETTINGS, [picked, button], corrections));
    expect(back.siteRules).toEqual([picked, button]);
    expect(back.warnings).toEqual([]);
    expect(back.corrections).toEqual(corrections);
    const older = settingsToJson(DEFAULT_SETTINGS, []);
    expect(older).not.toContain("corrections");
    expect(settingsFromJson(older).corrections).toEqual([]);
  });
  it("repairs bad values and rejects files that are not tsugi's", () => {
    const back = settingsFromJson(
      JSON.stringify({ tsugi: 1, settings: { pageCap: -4, separators: "yes" }, siteRules: [{}] }),
    );
    expect(back.settings.pageCap).toBe(DEFAULT_SETTINGS.pageCap);
    expect(back.settings.separators).toBe(true);
    expect(back.warnings).toHaveLength(1);
    expect(() => settingsFromJson("[1]")).toThrow(/not a tsugi settings file/);
    expect(() => settingsFromJson("{")).toThrow(/not JSON/);
  });
});
