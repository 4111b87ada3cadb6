// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { parseSiteRules } from "../reader/site-rules";
import { WEDATA_SAMPLE as wedata } from "../reader/wedata-sample";
import { matchSiteRule, nextFromRule } from "./match-rule";

describe("site rules on a page", () => {
  it("picks the longest matching url whose XPaths select something, as AutoPagerize does", () => {
    document.body.innerHTML = `<div id="posts"><div>one</div><div>two</div></div>
      <article>a</article><a rel="next" href="/p/2">next</a><a class="older" href="?page=2">older</a>`;
    const { rules } = parseSiteRules(wedata);
    const m = matchSiteRule(rules, document, "https://blog.test/posts/");
    expect(m?.rule.name).toBe("posts");
    expect(m?.nextUrl).toBe("https://blog.test/posts/?page=2");
    expect(m?.pageElements).toHaveLength(2);
    // Not under /posts/: the generic rule.
    expect(matchSiteRule(rules, document, "https://blog.test/x")?.nextUrl).toBe(
      "https://blog.test/p/2",
    );
    expect(matchSiteRule(rules, document, "https://other.test/posts/")).toBeNull();
  });
  it("falls through to a shorter rule when the longer one selects nothing here", () => {
    document.body.innerHTML = `<article>a</article><a rel="next" href="/p/2">next</a>`;
    const m = matchSiteRule(parseSiteRules(wedata).rules, document, "https://blog.test/posts/");
    expect(m?.rule.name).toBe("generic");
  });
  it("nextFromRule skips javascript: and fragment links", () => {
    document.body.innerHTML = `<a class="n" href="javascript:void 0">x</a><a class="n" href="#top">y</a><a class="n" href="3">z</a>`;
    expect(nextFromRule(document, "//a[@class='n']", "https://s.test/a/2")?.nextUrl).toBe(
      "https://s.test/a/3",
    );
    expect(nextFromRule(document, "//nav", "https://s.test/")).toBeNull();
  });
  it("nextFromRule follows a script-hook link to its data-href", () => {
    document.body.innerHTML = `<a class="n" rel="next" href="javascript:;" data-href="/list?start=24">2</a>`;
    expect(nextFromRule(document, "//a[@class='n']", "https://s.test/list")?.nextUrl).toBe(
      "https://s.test/list?start=24",
    );
  });
});
