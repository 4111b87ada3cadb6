import { describe, expect, it } from "vitest";
import { normalizeUrl, sameOrigin } from "./normalize-url";

describe("normalizeUrl", () => {
  it("drops the fragment and the default port, lower-cases the host", () => {
    expect(normalizeUrl("HTTP://Example.COM:80/a/b#c")).toBe("http://example.com/a/b");
  });
  it("sorts query parameters so reordered links compare equal", () => {
    expect(normalizeUrl("https://e.com/p?b=2&a=1")).toBe(normalizeUrl("https://e.com/p?a=1&b=2"));
  });
  it("keeps the query: pages that differ only in it stay apart, spelled as sent", () => {
    expect(normalizeUrl("https://e.com/threads?page=2")).toBe("https://e.com/threads?page=2");
    expect(normalizeUrl("https://e.com/threads?page=2")).not.toBe(
      normalizeUrl("https://e.com/threads"),
    );
    expect(normalizeUrl("https://e.com/s?q=a+b&x=%C3%A9#top")).toBe(
      "https://e.com/s?q=a+b&x=%C3%A9",
    );
    expect(normalizeUrl("https://e.com/p?")).toBe("https://e.com/p");
  });
  it("keeps the path case (paths are case-sensitive)", () => {
    expect(normalizeUrl("https://e.com/A")).not.toBe(normalizeUrl("https://e.com/a"));
  });
  it("returns unparseable input unchanged", () => {
    expect(normalizeUrl("not a url")).toBe("not a url");
  });
});

describe("sameOrigin", () => {
  it("compares scheme, host and port", () => {
    expect(sameOrigin("https://a.com/x", "https://a.com/y?z")).toBe(true);
    expect(sameOrigin("https://a.com/x", "http://a.com/x")).toBe(false);
    expect(sameOrigin("https://a.com/x", "https://b.a.com/x")).toBe(false);
    expect(sameOrigin("https://a.com/x", "::")).toBe(false);
  });
});
