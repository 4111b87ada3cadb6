import { describe, expect, it } from "vitest";
import { mergeSettings } from "./settings";
import { siteModes, withSiteMode } from "./site-modes";

describe("per-site modes", () => {
  it("are on everywhere until the reader turns one off for a host", () => {
    const s = mergeSettings({});
    expect(siteModes("https://a.example/x", s)).toEqual({ loadMore: true, frame: true });
    const off = mergeSettings({
      ...s,
      ...withSiteMode(s, "frame", "https://a.example/list?page=2", false),
    });
    expect(off.frameOffSites).toEqual(["a.example"]);
    expect(siteModes("https://a.example/other", off)).toEqual({ loadMore: true, frame: false });
    expect(siteModes("https://b.example/", off)).toEqual({ loadMore: true, frame: true });
    const both = mergeSettings({
      ...off,
      ...withSiteMode(off, "loadMore", "https://a.example/", false),
    });
    expect(siteModes("https://a.example/", both)).toEqual({ loadMore: false, frame: false });
    const back = mergeSettings({
      ...both,
      ...withSiteMode(both, "frame", "https://a.example/", true),
    });
    expect(siteModes("https://a.example/", back)).toEqual({ loadMore: false, frame: true });
  });

  it("survive a corrupted store as empty lists", () => {
    const s = mergeSettings({ loadMoreOffSites: "x", frameOffSites: [1, " B.example "] });
    expect(s.loadMoreOffSites).toEqual([]);
    expect(s.frameOffSites).toEqual(["b.example"]);
  });
});
