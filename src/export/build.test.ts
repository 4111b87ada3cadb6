// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { buildJoinedArticle, dropRepeatedBlocks, originalDocument } from "./build";
import { toHtml, toMarkdown, toText } from "./joined-article";

const prose = (tag: string, n: number) =>
  Array.from(
    { length: 6 },
    (_, i) =>
      `<p>${tag} paragraph ${i} on page ${n}, long enough to be prose, with commas, and a full stop.</p>`,
  ).join("");

function page(n: number, extra = ""): Document {
  return new DOMParser().parseFromString(
    `<html><head><title>Lion review${n > 1 ? ` - Page ${n}` : ""} | Example Site</title>
     <meta name="author" content="Ann Author"></head><body>
     <nav><a href="/">Home</a></nav><h1>Lion review</h1>
     <div class="entry-content"><p>Continue reading our review below, it is the same on every page.</p>${prose("Body", n)}${extra}
       <div class="share"><a href="#">Share on X</a></div></div>
     <div id="comments">${prose("Comment", n)}</div></body></html>`,
    "text/html",
  );
}

describe("export of a joined article", () => {
  it("has every page's body once, in order, with its URL; furniture and repeats gone", () => {
    const pages = [1, 2, 3].map((n) => ({
      number: n,
      url: `https://ex.test/lion${n > 1 ? `/${n}` : ""}`,
      doc: page(n),
    }));
    const a = buildJoinedArticle(pages, { state: "done", reason: null, detectMs: 1 });
    expect(a.title).toBe("Lion review");
    expect(a.byline).toBe("Ann Author");
    expect(a.siteName).toBe("Example Site");
    expect(a.pages.map((p) => p.url)).toEqual([
      "https://ex.test/lion",
      "https://ex.test/lion/2",
      "https://ex.test/lion/3",
    ]);
    const text = toText(a);
    let at = -1;
    for (const n of [1, 2, 3]) {
      for (const i of [0, 5]) {
        const s = `Body paragraph ${i} on page ${n},`;
        expect(text.split(s).length - 1, s).toBe(1);
        expect(text.indexOf(s)).toBeGreaterThan(at);
        at = text.indexOf(s);
      }
    }
    expect(text.split("Continue reading our review").length - 1).toBe(1);
    expect(text).not.toContain("Comment paragraph");
    expect(text).not.toContain("Share on X");
    const md = toMarkdown(a);
    expect(md).toContain("_By Ann Author · Example Site_");
    expect(md).toContain("Source: <https://ex.test/lion/3>");
    const html = toHtml(a);
    expect(html).toContain('<meta name="author" content="Ann Author">');
    expect(html).not.toContain("<script");
  });
  it("page 1 is read without what tsugi added to it", () => {
    document.body.innerHTML = `<div id="a" data-tsugi-page="1" data-tsugi-url="u">one</div>
      <div class="tsugi-separator">Page 2</div><div data-tsugi-page="2">two</div><div class="tsugi-status"></div>`;
    const copy = originalDocument(document);
    expect(copy.body.textContent?.replace(/\s+/g, "")).toBe("one");
    expect(copy.querySelector("[data-tsugi-page]")).toBeNull();
    expect(document.querySelector("[data-tsugi-page='2']")).not.toBeNull();
  });
  it("dropRepeatedBlocks keeps page 1 whole and drops exact repeats later", () => {
    const mk = (html: string) => {
      const d = document.createElement("div");
      d.innerHTML = html;
      return d;
    };
    const a = mk("<p>Intro</p><p>One</p>");
    const b = mk("<p>Intro</p><p>Two</p><p>Two</p>");
    expect(dropRepeatedBlocks([a, b])).toBe(1);
    expect(a.textContent).toBe("IntroOne");
    expect(b.textContent).toBe("TwoTwo");
  });
});
