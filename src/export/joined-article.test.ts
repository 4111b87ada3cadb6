import { describe, expect, it } from "vitest";
import {
  exportFilename,
  formatArticle,
  type JoinedArticle,
  toHtml,
  toJson,
  toMarkdown,
  toText,
} from "./joined-article";

const article: JoinedArticle = {
  url: "http://ex.com/a",
  title: 'A "title" & more',
  state: "done",
  reason: null,
  detectMs: 12.5,
  pages: [
    { number: 1, url: "http://ex.com/a", html: "<p>First <b>page</b>.</p>", text: "First page." },
    { number: 2, url: "http://ex.com/a/2", html: "<p>Second page.</p>", text: "Second page." },
  ],
};

describe("joined article formats", () => {
  it("Markdown has the title, each page in order with its source URL", () => {
    const md = toMarkdown(article);
    expect(md).toMatch(/^# A "title" & more/);
    expect(md.indexOf("## Page 1")).toBeLessThan(md.indexOf("## Page 2"));
    expect(md).toContain("Source: <http://ex.com/a/2>");
    expect(md).toContain("First **page**.");
  });
  it("HTML is a whole document with escaped title and a section per page", () => {
    const html = toHtml(article);
    expect(html).toContain("<title>A &#34;title&#34; &#38; more</title>");
    expect(html.match(/<section data-page=/g)).toHaveLength(2);
    expect(html).toContain('<a href="http://ex.com/a/2">');
  });
  it("heads joined chapters with their own headings in every format", () => {
    const chapters: JoinedArticle = {
      ...article,
      pages: article.pages.map((p, i) => ({ ...p, heading: `第${i + 5}話 港町` })),
    };
    const md = toMarkdown(chapters);
    expect(md.indexOf("## 第5話 港町")).toBeLessThan(md.indexOf("## 第6話 港町"));
    expect(md).not.toContain("## Page");
    expect(toText(chapters)).toContain("第6話 港町: http://ex.com/a/2");
    expect(toHtml(chapters)).toContain(
      '<p class="source">第6話 港町: <a href="http://ex.com/a/2">',
    );
  });
  it("JSON round-trips", () => {
    expect(JSON.parse(toJson(article))).toEqual(article);
  });
});

describe("export formats for readers", () => {
  it("plain text has the title, credits and each page after its URL", () => {
    const t = toText({ ...article, byline: "Ann", siteName: "Ex" });
    expect(t.split("\n").slice(0, 2)).toEqual(['A "title" & more', "By Ann · Ex"]);
    expect(t.indexOf("Page 1: http://ex.com/a")).toBeLessThan(t.indexOf("First page."));
    expect(t.indexOf("Page 2: http://ex.com/a/2")).toBeLessThan(t.indexOf("Second page."));
  });
  it("file names come from the title", () => {
    expect(exportFilename("Mac OS X 10.7 Lion: the review!", "md")).toBe(
      "mac-os-x-10-7-lion-the-review.md",
    );
    expect(exportFilename("次のページ", "text")).toBe("次のページ.txt");
    expect(exportFilename("", "html")).toBe("article.html");
  });
  it("formatArticle picks the format", () => {
    expect(formatArticle(article, "html")).toMatch(/^<!doctype html>/);
    expect(formatArticle(article, "md")).toMatch(/^# /);
    expect(formatArticle(article, "text")).toMatch(/^A "title"/);
  });
});
