import { describe, expect, it } from "vitest";
import { samePageKey } from "../keys/page-url";
import {
  checkNext,
  describeStop,
  foreignRelNext,
  isNormalEnd,
  type JoinProgress,
} from "./stop-conditions";

const base: JoinProgress = {
  pageUrl: "https://example.com/story?page=1",
  visited: new Set(["https://example.com/story?page=1"]),
  pages: 1,
  pageCap: 5,
};

describe("checkNext", () => {
  it("allows a new same-origin page under the cap", () => {
    expect(checkNext(base, "https://example.com/story?page=2")).toBeNull();
  });
  it("stops when there is no next link", () => {
    expect(checkNext(base, null)).toEqual({ kind: "no-next-link" });
  });
  it("refuses a cross-origin next link, including another scheme or port", () => {
    expect(checkNext(base, "https://evil.example.net/story?page=2")?.kind).toBe("cross-origin");
    expect(checkNext(base, "http://example.com/story?page=2")?.kind).toBe("cross-origin");
    expect(checkNext(base, "https://example.com:8443/story?page=2")?.kind).toBe("cross-origin");
  });
  it("stops on a URL already visited, however the query and fragment are spelled", () => {
    const progress = { ...base, visited: new Set(["https://example.com/list?a=1&b=2"]) };
    expect(checkNext(progress, "https://EXAMPLE.com/list?b=2&a=1#top")?.kind).toBe("visited");
  });
  it("stops on a page already visited under a redirect counter, a tracker or a default document", () => {
    const shown = "https://example.com/blog/story.html?pagewanted=2";
    const progress = {
      ...base,
      visited: new Set([samePageKey(shown), samePageKey("https://example.com/")]),
    };
    expect(checkNext(progress, `${shown}&_r=1`)?.kind).toBe("visited");
    expect(checkNext(progress, `${shown}&utm_source=feed`)?.kind).toBe("visited");
    expect(checkNext(progress, "https://example.com/index.html")?.kind).toBe("visited");
    expect(checkNext(progress, "https://example.com/blog/story.html?pagewanted=3&_r=1")).toBeNull();
  });
  it("stops at the page cap", () => {
    expect(checkNext({ ...base, pages: 5 }, "https://example.com/story?page=6")).toEqual({
      kind: "page-cap",
      cap: 5,
    });
  });
});

describe("describeStop", () => {
  it("says why, in words, with the numbers", () => {
    expect(describeStop({ kind: "http-error", status: 404, url: "https://e.com/2" }, 1)).toBe(
      "Stopped: HTTP 404 for https://e.com/2.",
    );
    expect(describeStop({ kind: "no-next-link" }, 19)).toMatch(/19 pages/);
    expect(describeStop({ kind: "cross-origin", url: "https://x.org/2" }, 1)).toMatch(/x\.org/);
  });
  it("treats only the missing next link as the normal end", () => {
    expect(isNormalEnd({ kind: "no-next-link" })).toBe(true);
    expect(isNormalEnd({ kind: "page-cap", cap: 3 })).toBe(false);
  });
});

describe("foreignRelNext", () => {
  it("finds a rel=next link to another origin, ignores same-origin ones", async () => {
    const { JSDOM } = await import("jsdom");
    const doc = (html: string) => new JSDOM(html).window.document;
    expect(
      foreignRelNext(doc('<link rel="next" href="https://other.com/2">'), "https://ex.com/1"),
    ).toBe("https://other.com/2");
    expect(foreignRelNext(doc('<a rel="next" href="/2">Next</a>'), "https://ex.com/1")).toBe(null);
  });
});
