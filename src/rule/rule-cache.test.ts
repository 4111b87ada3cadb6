import { describe, expect, it } from "vitest";
import type { LearnedRule } from "../messaging/site-rule";
import { rulesMatching } from "../reader/site-rules";
import {
  forgetRule,
  hasCachedRuleFor,
  MAX_CACHED_RULES,
  parseRuleCache,
  rememberRule,
} from "./rule-cache";

const rule = (url: string, pageElement = '//*[@id="main"]'): LearnedRule => ({
  name: "learned",
  url,
  nextLink: '//a[normalize-space(.)="Next"]',
  pageElement,
});

describe("rule cache", () => {
  it("hasCachedRuleFor answers as parseRuleCache then rulesMatching do", () => {
    const ok = (url: string) => ({ ...rule(url), verified: 1, savedAt: 5 });
    const stored: unknown[] = [
      undefined,
      "junk",
      [ok("^https://a\\.com/")],
      [null, 3, { url: "(", nextLink: "x", pageElement: "y", verified: 1, savedAt: 1, name: "n" }],
      [{ ...ok("^https://a\\.com/"), verified: "1" }],
      [{ ...ok("^https://a\\.com/"), name: "" }],
      [ok("news"), ok("^https://b\\.com/")],
    ];
    const pages = ["https://a.com/news/1", "https://b.com/", "https://c.com/"];
    let matched = 0;
    for (const s of stored)
      for (const page of pages) {
        const expected = rulesMatching(parseRuleCache(s), page).length > 0;
        expect(hasCachedRuleFor(s, page), `${JSON.stringify(s)} on ${page}`).toBe(expected);
        if (expected) matched++;
      }
    expect(matched).toBeGreaterThan(2);
    expect(matched).toBeLessThan(stored.length * pages.length);
  });

  it("drops malformed entries and bad regular expressions", () => {
    const ok = { ...rule("^https://a\\.com/"), verified: 1, savedAt: 5 };
    expect(parseRuleCache([ok, { url: "(", nextLink: "x", pageElement: "y" }, null, 3])).toEqual([
      ok,
    ]);
    expect(parseRuleCache("junk")).toEqual([]);
  });

  it("counts the pages a rule carried and restarts the count when the rule changed", () => {
    let c = rememberRule([], rule("^https://a\\.com/"), 1);
    c = rememberRule(c, rule("^https://a\\.com/"), 2);
    expect(c).toHaveLength(1);
    expect(c[0]?.verified).toBe(2);
    c = rememberRule(c, rule("^https://a\\.com/", '//div[@id="other"]'), 3);
    expect(c[0]?.verified).toBe(1);
  });

  it("matches the longest pattern first and forgets on request", () => {
    let c = rememberRule([], rule("^https://a\\.com/"), 1);
    c = rememberRule(c, rule("^https://a\\.com/news/"), 2);
    expect(rulesMatching(c, "https://a.com/news/1").map((r) => r.url)).toEqual([
      "^https://a\\.com/news/",
      "^https://a\\.com/",
    ]);
    expect(rulesMatching(c, "https://b.com/news/1")).toEqual([]);
    expect(forgetRule(c, "^https://a\\.com/")).toHaveLength(1);
  });

  it("keeps the most recently confirmed rules within the cap", () => {
    let c: ReturnType<typeof rememberRule> = [];
    for (let i = 0; i < MAX_CACHED_RULES + 5; i++)
      c = rememberRule(c, rule(`^https://s${i}\\.com/`), i);
    expect(c).toHaveLength(MAX_CACHED_RULES);
    expect(c.some((r) => r.url === "^https://s0\\.com/")).toBe(false);
  });
});
