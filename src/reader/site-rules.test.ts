// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { hasSiteRuleFor, mergeSiteRules, parseSiteRules, rulesMatching } from "./site-rules";

const wedata = [
  {
    name: "generic",
    resource_url: "http://wedata.net/items/1",
    data: { url: "^https?://blog\\.test/", nextLink: "//a[@rel='next']", pageElement: "//article" },
  },
  {
    name: "posts",
    data: {
      url: "^https?://blog\\.test/posts/",
      nextLink: "//a[contains(@class,'older')]",
      pageElement: "//div[@id='posts']/div",
      insertBefore: "//div[@id='pager']",
    },
  },
  { name: "bad regexp", data: { url: "(", nextLink: "//a", pageElement: "//b" } },
  { name: "incomplete", data: { url: "^x" } },
];

describe("user site rules", () => {
  it("reads Wedata JSON and bare SITEINFO items, dropping invalid ones with a reason", () => {
    const { rules, errors } = parseSiteRules(JSON.stringify(wedata));
    expect(rules.map((r) => r.name)).toEqual(["generic", "posts"]);
    expect(rules[1]?.insertBefore).toBe("//div[@id='pager']");
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/bad regexp/);
    const bare = parseSiteRules([{ url: "^a", nextLink: "//a", pageElement: "//p" }]);
    expect(bare.rules[0]?.name).toBe("rule 1");
    expect(parseSiteRules("{").errors[0]).toMatch(/not JSON/);
    expect(parseSiteRules({}).errors[0]).toMatch(/array/);
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
