import { describe, expect, it } from "vitest";
import ja from "../../public/_locales/ja/messages.json" with { type: "json" };
import { type Catalogue, catalogueMessages } from "../cli/locale";
import { exportWords } from "./export-words";
import { formatArticle, type JoinedArticle } from "./joined-article";

const article: JoinedArticle = {
  url: "http://ex.com/a",
  title: "記事",
  byline: "山田",
  siteName: "Ex",
  state: "done",
  reason: null,
  detectMs: null,
  pages: [
    { number: 1, url: "http://ex.com/a", html: "<p>一</p>", text: "一" },
    { number: 2, url: "http://ex.com/a/2", html: "<p>二</p>", text: "二" },
  ],
};
const jaMessages = ja as Catalogue;
const words = exportWords(catalogueMessages(jaMessages));
const jaPage = (n: number) => jaMessages.pageHeading?.message.replace("$PAGE$", String(n));

describe("export words", () => {
  it("head each page in the catalogue's language in every format", () => {
    const md = formatArticle(article, "md", words);
    expect(md).toContain(`## ${jaPage(2)}`);
    expect(md).toContain(`${jaMessages.exportSource?.message}: <http://ex.com/a/2>`);
    expect(md).not.toMatch(/Page \d|Source:|By /);
    const text = formatArticle(article, "text", words);
    expect(text.indexOf(`${jaPage(2)}: http://ex.com/a/2`)).toBeLessThan(text.indexOf("二"));
    expect(text.split("\n")[1]).toBe(
      `${jaMessages.exportBy?.message.replace("$NAME$", "山田")} · Ex`,
    );
    const html = formatArticle(article, "html", words);
    expect(html).toContain(`<p class="source">${jaPage(1)}: <a href="http://ex.com/a">`);
  });
  it("fall back to English for a catalogue without them", () => {
    const en = exportWords(() => "");
    expect(formatArticle(article, "md", en)).toBe(formatArticle(article, "md"));
  });
});
