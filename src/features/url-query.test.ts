import { describe, expect, it } from "vitest";
import {
  changedQuery,
  isIdentifierKey,
  isVolatileKey,
  localePrefixLength,
  mergeKey,
  pageUrlOnce,
} from "./url-query";

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

describe("isVolatileKey", () => {
  it("names sessions, referrers and search request ids, not pages or filters", () => {
    for (const k of ["qid", "ref", "utm_source", "PHPSESSID", "sid"])
      expect(isVolatileKey(k)).toBe(true);
    for (const k of ["page", "p", "cat", "id", "q"]) expect(isVolatileKey(k)).toBe(false);
  });
});

describe("localePrefixLength", () => {
  it("counts leading locale segments, never the last segment", () => {
    expect(localePrefixLength(["-", "en", "s"])).toBe(2);
    expect(localePrefixLength(["en-us", "shop"])).toBe(1);
    expect(localePrefixLength(["ja_JP", "list"])).toBe(1);
    expect(localePrefixLength(["shop", "en"])).toBe(0);
    expect(localePrefixLength(["en"])).toBe(0);
  });
});

describe("mergeKey", () => {
  it("sets referrer and click-tracker parameters aside, other parameters as written", () => {
    const base = "https://www.amazon.co.jp/-/en/s?k=python&dc&page=2&qid=1610515313";
    expect(mergeKey(`${base}&ref=sr_pg_2`)).toBe(base);
    expect(mergeKey(`${base}&ref=sr_pg_1`)).toBe(mergeKey(`${base}&ref=sr_pg_2`));
    expect(mergeKey("https://a.example/list?utm_source=x&page=2&fbclid=y")).toBe(
      "https://a.example/list?page=2",
    );
    expect(mergeKey("https://a.example/list?ref=x")).toBe("https://a.example/list");
  });
  it("leaves every other URL as it is, page and search parameters included", () => {
    for (const u of [
      "https://a.example/list?page=2",
      "https://a.example/?s=term",
      "https://a.example/list?referrer=a&pref=b",
      "https://a.example/ref=x/list",
    ])
      expect(mergeKey(u)).toBe(u);
  });
});
