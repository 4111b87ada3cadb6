// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import type { SiteRule } from "../messaging/site-rule";
import { matchSiteRule } from "../rule/match-rule";
import {
  hasSiteRuleFor,
  isLoadMoreRule,
  mergeSiteRules,
  parseSiteRules,
  ruleRemoved,
  rulesMatching,
} from "./site-rules";
import { WEDATA_SAMPLE as wedata } from "./wedata-sample";

describe("user site rules", () => {
  it("reads Wedata JSON and bare SITEINFO items, dropping invalid ones with a reason", () => {
    const { rules, errors } = parseSiteRules(JSON.stringify(wedata));
    expect(rules.map((r) => r.name)).toEqual(["generic", "posts"]);
    expect((rules[1] as SiteRule).insertBefore).toBe("//div[@id='pager']");
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/bad regexp/);
    const bare = parseSiteRules([{ url: "^a", nextLink: "//a", pageElement: "//p" }]);
    expect(bare.rules[0]?.name).toBe("rule 1");
    expect(parseSiteRules("{").errors[0]).toMatch(/not JSON/);
    expect(parseSiteRules({}).errors[0]).toMatch(/array/);
  });
});

describe("load-more button rules", () => {
  const button = { name: "ex.com", url: "^https://ex\\.com/", loadMoreButton: "//button[@id='m']" };
  it("are read beside Wedata items, which stay valid without the field", () => {
    const { rules, errors } = parseSiteRules([...wedata, button]);
    expect(rules.map((r) => r.name)).toEqual(["generic", "posts", "ex.com"]);
    expect(rules.map(isLoadMoreRule)).toEqual([false, false, true]);
    expect(rules[2]).toEqual(button);
    expect(errors).toHaveLength(2);
    // A blank button is no rule; a next link with a button beside it is a SITEINFO item.
    const odd = parseSiteRules([
      { url: "^a", loadMoreButton: " " },
      { url: "^b", nextLink: "//a", pageElement: "//p", loadMoreButton: "//button" },
    ]);
    expect(odd.errors[0]).toMatch(/needs url, nextLink and pageElement \(or loadMoreButton\)/);
    expect(odd.rules).toEqual([{ name: "rule 2", url: "^b", nextLink: "//a", pageElement: "//p" }]);
  });
  it("count as a rule for the page, and are never matched as a next link", () => {
    expect(hasSiteRuleFor([button], "https://ex.com/list")).toBe(true);
    expect(hasSiteRuleFor([button], "https://other.com/list")).toBe(false);
    document.body.innerHTML = `<ul><li>a</li></ul><button id="m">more</button>`;
    expect(matchSiteRule([button], document, "https://ex.com/list")).toBeNull();
  });
});

describe("mergeSiteRules", () => {
  const r = (name: string, url: string) => ({ name, url, nextLink: "//a", pageElement: "//p" });
  it("replaces a rule of the same name in place and appends the new ones", () => {
    const current = [r("a", "^https://a/"), r("b", "^https://b/")];
    const merged = mergeSiteRules(current, [r("c", "^https://c/"), r("a", "^https://a2/")]);
    expect(merged.map((x) => `${x.name}=${x.url}`)).toEqual([
      "a=^https://a2/",
      "b=^https://b/",
      "c=^https://c/",
    ]);
    expect(current[0]?.url).toBe("^https://a/");
  });
});

describe("hasSiteRuleFor", () => {
  const pages = [
    "https://blog.test/posts/1",
    "https://blog.test/x",
    "https://other.test/",
    "https://b.test/ page",
  ];
  const stored: unknown[] = [
    wedata,
    JSON.stringify(wedata),
    "{",
    {},
    null,
    [null, 3, "x", { data: null, url: "^https://b", nextLink: "//a", pageElement: "//p" }],
    [{ url: " ^https://b\\.test/ ", nextLink: " //a ", pageElement: "  " }],
    [{ url: "^https://b\\.test/", nextLink: "//a", pageElement: "//p", name: 5 }],
    [{ data: { url: "(", nextLink: "//a", pageElement: "//p" } }, { data: { url: "^x" } }],
    [{ data: { url: "other", nextLink: "//a", pageElement: "//p" } }],
    [
      { url: "^https://b\\.test/", loadMoreButton: "//button" },
      { url: "^x", loadMoreButton: "" },
    ],
  ];
  it("answers as parseSiteRules then rulesMatching do, on any stored value", () => {
    let matched = 0;
    for (const s of stored)
      for (const page of pages) {
        const expected = rulesMatching(parseSiteRules(s).rules, page).length > 0;
        expect(hasSiteRuleFor(s, page), `${JSON.stringify(s)} on ${page}`).toBe(expected);
        if (expected) matched++;
      }
    // Both answers occur: the comparison is not vacuous.
    expect(matched).toBeGreaterThan(3);
    expect(matched).toBeLessThan(stored.length * pages.length);
  });
});

describe("ruleRemoved", () => {
  const r = (name: string, nextLink = "//a") => ({
    name,
    url: "^https://a/",
    nextLink,
    pageElement: "//p",
  });
  it("says when the rule in use was taken away, not when it was replaced or another went", () => {
    const before = [r("ex.com"), r("blog")];
    expect(ruleRemoved(before, [r("blog")], "ex.com")).toBe(true);
    expect(ruleRemoved(before, undefined, "ex.com")).toBe(true);
    // A new pick replaces the site's rule under the same name.
    expect(ruleRemoved(before, [r("ex.com", "//b"), r("blog")], "ex.com")).toBe(false);
    expect(ruleRemoved(before, [r("ex.com")], "ex.com")).toBe(false);
    expect(ruleRemoved([r("blog")], [], "ex.com")).toBe(false);
  });
});
