// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { parseHtml } from "./fetch-page";
import { hasContent, profileOf, resolvePage, structureAgrees, visitedIn } from "./verify-page";

const URL2 = "https://ex.com/story/2";
const page2 = (body: string) =>
  parseHtml(`<!doctype html><title>t</title><body>${body}</body>`, URL2);
const profile = (tags: string[], pe: string, next?: string) =>
  profileOf(
    tags.map((t) => document.createElement(t)),
    [pe],
    next,
  );

describe("structureAgrees / hasContent", () => {
  it("wants page 1's kind of element, never the body", () => {
    const p = profile(["article"], "//article");
    const d = page2("<article>x</article><div>y</div>");
    expect(structureAgrees(p, [d.querySelector("article") as Element])).toBe(true);
    expect(structureAgrees(p, [d.querySelector("div") as Element])).toBe(false);
    expect(structureAgrees(p, [])).toBe(false);
  });

  it("counts text or images as content", () => {
    const d = page2('<div id="a"> </div><div id="b"><img src="x.png"></div>');
    expect(hasContent([d.getElementById("a") as Element])).toBe(false);
    expect(hasContent([d.getElementById("b") as Element])).toBe(true);
  });
});

describe("resolvePage", () => {
  const body =
    '<article class="entry"><p>Second part of the story, with words.</p></article><div class="pager"><a href="/story/1">Prev</a><a href="/story/3">Next</a></div>';

  it("reads page element and next link with the rule when both hold", () => {
    const p = profile(
      ["article"],
      '//article[@class="entry"]',
      '//div[@class="pager"]/a[.="Next"]',
    );
    const r = resolvePage(page2(body), URL2, p, () => false);
    expect(r.elementsBy).toBe("rule");
    expect(r.nextBy).toBe("rule");
    expect(r.nextUrl).toBe("https://ex.com/story/3");
    expect(r.ruleProblems).toEqual([]);
  });

  it("rejects a rule next link that leads back to a page already shown", () => {
    const p = profile(["article"], '//article[@class="entry"]', '//div[@class="pager"]/a[1]');
    const r = resolvePage(page2(body), URL2, p, visitedIn(new Set(["https://ex.com/story/1"])));
    expect(r.ruleProblems).toContain("nextLink leads to a page already shown");
    expect(r.nextUrl).not.toBe("https://ex.com/story/1");
  });

  it("hands back a rule next link to a shown page when nothing else leads on (a loop)", () => {
    const looping =
      '<article class="entry"><p>Second part of the story, with words.</p></article><div class="pager"><a href="/story/1">Next</a></div>';
    const p = profile(
      ["article"],
      '//article[@class="entry"]',
      '//div[@class="pager"]/a[.="Next"]',
    );
    const r = resolvePage(page2(looping), URL2, p, visitedIn(new Set(["https://ex.com/story/1"])));
    expect(r.ruleProblems).toContain("nextLink leads to a page already shown");
    expect(r.nextUrl).toBe("https://ex.com/story/1");
  });

  it("falls back to the model when the page element changed shape", () => {
    const p = profile(["section"], "//article", '//div[@class="pager"]/a[.="Next"]');
    const r = resolvePage(page2(body), URL2, p, () => false);
    expect(r.ruleProblems).toEqual(["pageElement differs from page 1"]);
    expect(r.elementsBy).not.toBe("rule");
  });

  it("on the last page (no next link anywhere) reports no rule problem", () => {
    const p = profile(["article"], "//article", '//div[@class="pager"]/a[.="Next"]');
    const r = resolvePage(
      page2("<article><p>The end of it, finally.</p></article>"),
      URL2,
      p,
      () => false,
    );
    expect(r.nextUrl).toBe(null);
    expect(r.ruleProblems).toEqual([]);
  });
});

describe("resolvePage on the last page", () => {
  it("takes a rule next link that points at the page itself as the end, without the model", () => {
    const p = profile(["article"], "//article", '//a[contains(@class,"next")]');
    const r = resolvePage(
      page2(
        '<article><p>Last words of the story.</p></article><a class="next disabled" href="/story/2">Next</a>',
      ),
      URL2,
      p,
      visitedIn(new Set([URL2])),
    );
    expect(r.nextUrl).toBe(null);
    expect(r.nextBy).toBe("rule");
    expect(r.ruleProblems).toEqual([]);
  });

  it("ends where the rule matches nothing and the model's pick leads to a page already shown", () => {
    // The model picks this link where nothing is shown yet: the test holds only while it does.
    const last =
      '<article><p>Last words of the story.</p></article><div class="pager"><a href="/story/1">Next ›</a></div>';
    const p = profile(["article"], "//article", '//a[@rel="next"]');
    expect(resolvePage(page2(last), URL2, p, () => false).nextUrl).toBe("https://ex.com/story/1");
    const r = resolvePage(page2(last), URL2, p, visitedIn(new Set(["https://ex.com/story/1"])));
    expect(r.nextUrl).toBe(null);
    expect(r.nextBy).toBe("none");
  });
});
