// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  authorCandidates,
  authorMatches,
  chooseAuthor,
  cleanAuthor,
  jsonLdAuthor,
  pageAuthor,
} from "./author";
import { learnAuthorRule } from "./author-rule";

const doc = (body: string, head = "") =>
  new DOMParser().parseFromString(
    `<html><head><title>A title</title>${head}</head><body>${body}</body></html>`,
    "text/html",
  );

describe("cleanAuthor", () => {
  it.each([
    ["By Jane Doe", "Jane Doe"],
    ["  by   Jane   Doe | March 3, 2024", "Jane Doe"],
    ["作者：月島 灯", "月島 灯"],
    ["Written by Sam Lee", "Sam Lee"],
  ])("%j → %j", (raw, name) => {
    expect(cleanAuthor(raw)).toBe(name);
  });
  it.each([
    ["a sentence", "This is a sentence. It says something."],
    ["a date", "1 mars 2019 à 15:20"],
    ["a handle", "Follow @someone"],
    ["a URL", "https://example.com/jane"],
    ["too long", "word ".repeat(12)],
    ["no letters", "— 12 —"],
  ])("refuses %s", (_, raw) => {
    expect(cleanAuthor(raw)).toBeNull();
  });
  it("refuses the page's title (seed 004 §7.2)", () => {
    expect(cleanAuthor("Star Traveller", "Star Traveller")).toBeNull();
  });
});

describe("authorCandidates", () => {
  it("reads meta, JSON-LD, rel=author, itemprop, .byline, .author and the 作者： label", () => {
    const d = doc(
      `<a rel="author" href="/u/1">Rel Name</a>
       <span itemprop="author" itemscope><span itemprop="name">Item Name</span></span>
       <div class="byline">By Byline Name</div>
       <span class="author-name">Class Name</span>
       <div class="info">作者：李青山</div>`,
      `<meta name="author" content="Meta Name"><script type="application/ld+json">{"@graph":[{"@type":"Article","author":[{"name":"Ld One"},{"name":"Ld Two"}]}]}</script>`,
    );
    const got = authorCandidates(d, "A title");
    const by = (s: string) => got.filter((c) => c.source === s).map((c) => c.text);
    expect(by("meta")).toEqual(["Meta Name"]);
    expect(by("jsonld")).toEqual(["Ld One, Ld Two"]);
    expect(by("rel")).toEqual(["Rel Name"]);
    expect(by("itemprop")).toEqual(["Item Name"]);
    expect(by("byline")).toEqual(["Byline Name"]);
    expect(by("author-class")).toContain("Class Name");
    expect(by("label")).toEqual(["李青山"]);
  });
  it("leaves out names in comments, related stories and asides", () => {
    const d = doc(
      `<div id="comments"><span class="author">Commenter</span></div><aside><a rel="author">Sidebar</a></aside>`,
    );
    expect(authorCandidates(d)).toEqual([]);
  });
  it("survives broken JSON-LD", () => {
    const d = doc("", `<script type="application/ld+json">{not json</script>`);
    expect(jsonLdAuthor(d)).toBeNull();
  });
});

describe("chooseAuthor and learnAuthorRule", () => {
  it("takes the first trusted source that speaks", () => {
    const cands = [
      { text: "Class", source: "author-class" as const },
      { text: "Meta", source: "meta" as const },
    ];
    expect(chooseAuthor(cands, { order: ["meta", "author-class"] })).toBe("Meta");
    expect(chooseAuthor(cands, { order: ["byline"] })).toBeNull();
  });
  it("orders sources by training precision, drops imprecise ones, keeps unseen ones last", () => {
    const rule = learnAuthorRule([
      {
        gold: "Ann",
        candidates: [
          { text: "Ann", source: "meta" },
          { text: "Bob", source: "author-class" },
        ],
      },
      {
        gold: "Cy",
        candidates: [
          { text: "Cy", source: "meta" },
          { text: "Dee", source: "author-class" },
        ],
      },
      {
        gold: "Eve",
        candidates: [
          { text: "Eve", source: "byline" },
          { text: "Eve", source: "author-class" },
        ],
      },
      { gold: "Fay", candidates: [{ text: "Fay", source: "byline" }] },
    ]);
    expect(rule.order.slice(0, 2)).toEqual(["meta", "byline"]);
    expect(rule.order).not.toContain("author-class");
    expect(rule.order).toContain("label");
  });
  it("pageAuthor names the shipped rule's choice", () => {
    expect(pageAuthor(doc('<div class="byline">by Jane Doe</div>'))).toBe("Jane Doe");
    expect(pageAuthor(doc("<p>Nothing here.</p>"))).toBeNull();
  });
});

describe("authorMatches (seed 004 §8)", () => {
  it("counts a long common part as right, and both absent as right", () => {
    expect(authorMatches("Brenda Goodman, MA", "By Brenda Goodman, MA")).toBe(true);
    expect(authorMatches("devindra", "Devindra Hardawar")).toBe(false);
    expect(authorMatches(null, null)).toBe(true);
    expect(authorMatches("X", null)).toBe(false);
  });
});
