import { describe, expect, it } from "vitest";
import { changedQuery, isIdentifierKey, pageUrlOnce } from "./url-query";

describe("changedQuery", () => {
  it("lists the parameters a link sets or changes on the same path", () => {
    expect(changedQuery("https://e.com/a?x=1&y=2", "https://e.com/a?x=1&y=3&z=")).toEqual([
      ["y", "3"],
      ["z", ""],
    ]);
    expect(changedQuery("https://e.com/a?x=1", "https://e.com/a?x=1")).toEqual([]);
  });
  it("is null for another path or a URL that does not parse", () => {
    expect(changedQuery("https://e.com/a", "https://e.com/b?x=1")).toBeNull();
    expect(changedQuery("not a url", "https://e.com/a")).toBeNull();
  });
});

describe("pageUrlOnce", () => {
  it("parses a page URL once and again for another page", () => {
    const a = pageUrlOnce("https://e.com/a?x=1");
    expect(a?.searchParams.get("x")).toBe("1");
    expect(pageUrlOnce("https://e.com/a?x=1")).toBe(a);
    const b = pageUrlOnce("https://e.com/b");
    expect(b).not.toBe(a);
    expect(b?.pathname).toBe("/b");
    expect(pageUrlOnce("not a url")).toBeNull();
  });
});

describe("isIdentifierKey", () => {
  it("reads names ending in id as identifiers, pageID as a page number", () => {
    for (const k of ["id", "pid", "topic_id", "productId", "page_id", "page-id"])
      expect(isIdentifierKey(k), k).toBe(true);
    for (const k of ["pageID", "pageid", "page", "paid", "grid"])
      expect(isIdentifierKey(k), k).toBe(k === "paid" || k === "grid");
  });
});
