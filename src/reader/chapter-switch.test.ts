import { describe, expect, it } from "vitest";
import { chaptersOn, withChapterSite } from "./chapter-switch";
import { mergeSettings } from "./settings";

describe("chapter switch", () => {
  it("is off by default", () => {
    expect(chaptersOn("https://novel.test/n1/5/", mergeSettings(undefined).chapterSites)).toBe(
      false,
    );
  });
  it("turns on and off for one host", () => {
    const on = withChapterSite({ chapterSites: ["a.test"] }, "https://novel.test/n1/5/", true);
    expect(on.chapterSites).toEqual(["a.test", "novel.test"]);
    expect(chaptersOn("https://novel.test/other", on.chapterSites)).toBe(true);
    expect(chaptersOn("https://b.test/", on.chapterSites)).toBe(false);
    const off = withChapterSite(on, "https://novel.test/", false);
    expect(off.chapterSites).toEqual(["a.test"]);
  });
  it("is read from the stored settings, hosts lower-cased", () => {
    expect(mergeSettings({ chapterSites: ["Novel.Test", 3] }).chapterSites).toEqual(["novel.test"]);
  });
});
