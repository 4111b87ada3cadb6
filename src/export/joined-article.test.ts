import { describe, expect, it } from "vitest";
import { type JoinedArticle, toHtml, toJson, toMarkdown } from "./joined-article";

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
  it("JSON round-trips", () => {
    expect(JSON.parse(toJson(article))).toEqual(article);
  });
});
