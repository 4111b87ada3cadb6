import { describe, expect, it } from "vitest";
import { mergeSettings } from "./settings";
import { siteModes, withSiteMode } from "./site-modes";

describe("per-site modes", () => {
  it("are on everywhere until the reader turns one off for a host", () => {
    const s = mergeSettings({});
    expect(siteModes("https://a.example/x", s)).toEqual({
      loadMore: true,
      frame: true,
      ownScroll: true,
    });
    const off = mergeSettings({
      ...s,
      ...withSiteMode(s, "frame", "https://a.example/list?page=2", false),
    });
    expect(off.frameOffSites).toEqual(["a.example"]);
    expect(siteModes("https://a.example/other", off)).toEqual({
      loadMore: true,
      frame: false,
      ownScroll: true,
    });
    expect(siteModes("https://b.example/", off)).toEqual({
      loadMore: true,
      frame: true,
      ownScroll: true,
    });
    const both = mergeSettings({
      ...off,
      ...withSiteMode(off, "loadMore", "https://a.example/", false),
    });
    expect(siteModes("https://a.example/", both)).toEqual({
      loadMore: false,
      frame: false,
      ownScroll: true,
    });
    const back = mergeSettings({
      ...both,
      ...withSiteMode(both, "frame", "https://a.example/", true),
    });
    expect(siteModes("https://a.example/", back)).toEqual({
      loadMore: false,
      frame: true,
      ownScroll: true,
    });
    const joinAnyway = mergeSettings({
      ...back,
      ...withSiteMode(back, "ownScroll", "https://a.example/", false),
    });
    expect(joinAnyway.ownScrollOffSites).toEqual(["a.example"]);
    expect(siteModes("https://a.example/", joinAnyway).ownScroll).toBe(false);
  });

  it("survive a corrupted store as empty lists", () => {
    const s = mergeSettings({ loadMoreOffSites: "x", frameOffSites: [1, " B.example "] });
    expect(s.loadMoreOffSites).toEqual([]);
    expect(s.frameOffSites).toEqual(["b.example"]);
  });
});
