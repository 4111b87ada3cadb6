import { describe, expect, it } from "vitest";
import { matchingExclusion, parsePatternLines, wildcardToRegExp } from "./exclusions";

describe("exclusion patterns", () => {
  it("* matches any run, everything else literally, over the whole URL", () => {
    const re = wildcardToRegExp("https://mail.example.com/*");
    expect(re?.test("https://mail.example.com/inbox?x=1")).toBe(true);
    expect(re?.test("https://mail.example.com.evil.test/")).toBe(false);
    expect(re?.test("http://mail.example.com/")).toBe(false);
    expect(wildcardToRegExp("https://a.test/p?q=1")?.test("https://a.test/pxq=1")).toBe(false);
  });
  it("a pattern without a scheme matches http and https", () => {
    expect(matchingExclusion("https://www.bank.test/login", ["*.bank.test/*"])).toBe(
      "*.bank.test/*",
    );
    expect(matchingExclusion("http://news.test/a", ["news.test/*"])).toBe("news.test/*");
    expect(matchingExclusion("https://news.test.org/a", ["news.test/*"])).toBeNull();
  });
  it("skips blank and comment lines and is case-insensitive", () => {
    expect(wildcardToRegExp("  ")).toBeNull();
    expect(wildcardToRegExp("# note")).toBeNull();
    expect(matchingExclusion("HTTPS://A.TEST/X", ["# c", "https://a.test/*"])).toBe(
      "https://a.test/*",
    );
  });
  it("parses the text box: one pattern per line, trimmed", () => {
    expect(parsePatternLines(" a/* \r\n\n b/*\n")).toEqual(["a/*", "b/*"]);
  });
});
