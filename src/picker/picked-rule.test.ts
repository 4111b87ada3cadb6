import { describe, expect, it } from "vitest";
import {
  isPickedRule,
  pickedLoadMoreRule,
  pickedRuleOf,
  pickedSiteRule,
  withoutPickedRule,
  withPickedRule,
} from "./picked-rule";

const URL1 = "http://ex.com:8080/teach/intro.html";
const NEXT = '//a[contains(concat(" ", normalize-space(@class), " "), " zz-q7 ")]';
const ENTRY = '//div[@class="entry"]';

describe("the picked rule among the reader's rules", () => {
  it("replaces the site's earlier one, is found by host and removed alone", () => {
    const other = {
      name: "Wedata: ex.org",
      url: "^https://ex\\.org/",
      nextLink: "//a",
      pageElement: "//p",
    };
    const first = pickedSiteRule(URL1, "//a[1]", ENTRY);
    const second = pickedSiteRule(URL1, NEXT, ENTRY);
    const rules = withPickedRule(withPickedRule([other], first), second);
    expect(rules).toEqual([other, second]);
    expect(pickedRuleOf(rules, "ex.com:8080")).toBe(second);
    expect(pickedRuleOf(rules, "")).toBeUndefined();
    expect(withoutPickedRule(rules, "ex.com:8080")).toEqual([other]);
  });
});

describe("isPickedRule", () => {
  it("tells a rule picked on a page from one written by hand or read from Wedata", () => {
    expect(isPickedRule(pickedSiteRule(URL1, NEXT, ENTRY))).toBe(true);
    expect(isPickedRule(pickedSiteRule("https://ex.com/", NEXT, ENTRY))).toBe(true);
    expect(isPickedRule(pickedLoadMoreRule("https://shop.test/list/1", "//button"))).toBe(true);
    const written = {
      name: "Example blog",
      url: "^https://ex\\.com/",
      nextLink: "//a",
      pageElement: "//p",
    };
    expect(isPickedRule(written)).toBe(false);
    // Named after a host, but its url covers another site, or any site.
    expect(isPickedRule({ ...written, name: "ex.com", url: "^https://other\\.com/" })).toBe(false);
    expect(isPickedRule({ ...written, name: "ex.com", url: "^https?://ex\\.com/" })).toBe(false);
    expect(isPickedRule({ ...written, name: "ex.com", url: "." })).toBe(false);
  });
  it("a picked load-more rule replaces the site's picked next-link rule", () => {
    const first = pickedSiteRule(URL1, NEXT, ENTRY);
    const button = pickedLoadMoreRule(URL1, "//button");
    expect(withPickedRule([first], button)).toEqual([button]);
  });
});
