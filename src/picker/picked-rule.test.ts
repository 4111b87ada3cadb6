import { describe, expect, it } from "vitest";
import { pickedRuleOf, pickedSiteRule, withoutPickedRule, withPickedRule } from "./picked-rule";

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
