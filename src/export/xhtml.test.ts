// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { chapterXhtml } from "./xhtml";

/** Parse as XML: a parse error document when not well-formed. */
function xmlErrors(text: string): string | null {
  const doc = new DOMParser().parseFromString(text, "application/xml");
  return doc.querySelector("parsererror")?.textContent ?? null;
}

const chapter = (html: string, imagePath?: (u: string) => string | null) =>
  chapterXhtml({
    title: "第1話 旅立ち & <x>",
    html,
    url: "http://novel.test/n1/1/",
    lang: "ja",
    ...(imagePath ? { imagePath } : {}),
  });

describe("chapterXhtml", () => {
  it.each([
    ["&nbsp;", "<p>a&nbsp;b</p>"],
    ["<br>", "<p>one<br>two</p>"],
    ["unclosed tags", "<p>open <b>bold <i>both<p>next"],
    ["stray end tags", "</div></span><p>x</p></b>"],
    ["a control character", "<p>a\u0001b</p>"],
    ["attribute names XML refuses", '<p @click="x" :a="y" data-1="z">t</p>'],
    ["obsolete elements", "<center><font color=red>red</font></center><marquee>m</marquee>"],
  ])("is well-formed XML with %s", (_, html) => {
    const out = chapter(html);
    expect(out.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xmlErrors(out)).toBeNull();
  });

  it("keeps the text of &nbsp; and <br> as XML can say them", () => {
    const out = chapter("<p>a&nbsp;b<br>c</p>");
    expect(out).toContain("a\u00a0b<br />c");
    expect(out).not.toContain("&nbsp;");
  });

  it("removes scripts, styles, forms, frames and event handlers", () => {
    const out = chapter(
      '<p onclick="evil()">text</p><script>alert(1)</script><style>p{}</style><form><input></form><iframe src="x"></iframe><a href="javascript:evil()">j</a>',
    );
    expect(out).toContain("text");
    for (const bad of ["alert", "onclick", "<style", "<form", "<input", "<iframe", "javascript:"])
      expect(out).not.toContain(bad);
  });

  it("keeps ruby, and resolves links against the chapter's URL", () => {
    const out = chapter(
      '<p><ruby>灯台<rp>(</rp><rt>とうだい</rt><rp>)</rp></ruby> <a href="../2/">次</a></p>',
    );
    expect(out).toContain("<ruby>灯台<rp>(</rp><rt>とうだい</rt><rp>)</rp></ruby>");
    expect(out).toContain('href="http://novel.test/n1/2/"');
  });

  it("points an image the book holds at its file, and writes the alt text of one it does not", () => {
    const held = (u: string) => (u === "http://novel.test/img/1.png" ? "images/1.png" : null);
    const out = chapter(
      '<img src="/img/1.png" alt="one"><img src="http://cdn.other/2.png" alt="two">',
      held,
    );
    expect(out).toContain('<img src="images/1.png" alt="one" />');
    expect(out).not.toContain("cdn.other");
    expect(out).toContain("two");
  });

  it("says the chapter's title (escaped) and its URL", () => {
    const out = chapter("<p>x</p>");
    expect(out).toContain("<title>第1話 旅立ち &amp; &lt;x&gt;</title>");
    expect(out).toContain('<a href="http://novel.test/n1/1/">http://novel.test/n1/1/</a>');
  });
});
