// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { chooseBody, extractArticle, mainHeading } from "./article";

const story = Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Sentence ${i} of the article body, long enough to read as prose, with commas, and more.</p>`,
).join("");

function page(body: string, head = "<title>The Story | Daily Test</title>"): Document {
  return new DOMParser().parseFromString(
    `<html><head>${head}</head><body>${body}</body></html>`,
    "text/html",
  );
}

describe("extractArticle's ensemble with Readability.js", () => {
  const doc = () =>
    page(
      `<h1>The Story</h1><div itemprop="articleBody"><p>Kicker line above the story text</p>${story}</div>`,
    );
  const keepAll = {
    probabilities: (rows: readonly number[][]) => rows.map(() => 1),
    threshold: 0.5,
  };
  it("keeps its own body when the rule never defers", () => {
    const a = extractArticle(
      doc(),
      { url: "https://news.test/a" },
      {
        ...keepAll,
        defer: { tsugiInReadability: 2, readabilityInTsugi: 2 },
      },
    );
    expect(a.method).toBe("marked");
  });
  it("takes Readability.js's body when the rule's agreement levels are met", () => {
    const a = extractArticle(
      doc(),
      { url: "https://news.test/a" },
      {
        ...keepAll,
        defer: { tsugiInReadability: 0, readabilityInTsugi: 0 },
      },
    );
    expect(a.method).toBe("readability");
    expect(a.text).toContain("Sentence 7");
  });
});

describe("extractArticle", () => {
  it("takes the body the page marks, cleans it and makes URLs absolute", () => {
    const doc = page(`<nav><a href="/">Home</a><a href="/news">News</a></nav>
      <h1>The Story</h1><div class="byline">By Ann Author</div>
      <div itemprop="articleBody">${story}<img data-src="/img/a.jpg" src="data:image/gif;base64,R0lGOD">
        <div class="social-share"><a href="#">Share</a></div><p><a href="rel/link" onclick="x()">a link</a> in text, long enough.</p></div>
      <div id="comments">${story.replace(/Sentence/g, "Comment")}</div>`);
    // Rules only (no block model, no ensemble): the marked body as ./clean.ts leaves it.
    const a = extractArticle(doc, { url: "https://news.test/2024/story" }, null);
    expect(a.method).toBe("marked");
    expect(a.text).toContain("Sentence 7");
    expect(a.text).not.toContain("Comment 1");
    expect(a.text).not.toContain("Share");
    expect(a.text).not.toContain("Home");
    expect(a.html).toContain('src="https://news.test/img/a.jpg"');
    expect(a.html).toContain('href="https://news.test/2024/rel/link"');
    expect(a.html).not.toContain("onclick");
    expect(a.html).not.toContain("class=");
  });
  it("falls back to Readability.js when the page marks no body", () => {
    const doc = page(`<header><a href="/">Site</a></header><div id="main"><div>${story}</div></div>
      <footer><p>Copyright footer text that should not be in the article.</p></footer>`);
    const a = extractArticle(doc, { url: "https://news.test/a" });
    expect(a.method).toBe("readability");
    expect(a.text).toContain("Sentence 0");
    expect(a.text).not.toContain("Copyright");
  });
  it("takes title, byline and site name from the page; the sibling's title splits site from title", () => {
    const doc = page(
      `<article>${story}</article>`,
      `<title>Lion review | Tech | Example Site</title><meta name="author" content="Ann Author">`,
    );
    const a = extractArticle(doc, {
      url: "https://ex.test/lion",
      siblingTitle: "Mountain Lion review | Tech | Example Site",
    });
    expect(a.title).toBe("Lion review");
    expect(a.siteName).toBe("Tech | Example Site");
    expect(a.byline).toBe("Ann Author");
  });
  it("returns an empty body, not an error, for a page without text", () => {
    const a = extractArticle(page("<div></div>", "<title>x</title>"), { url: "https://e.test/" });
    expect(a.method).toBe("none");
    expect(a.text).toBe("");
  });
});

describe("chooseBody: the page's marked body over Readability.js's choice", () => {
  const sentences = (tag: string, n: number) =>
    Array.from(
      { length: n },
      (_, i) =>
        `<p>The ${tag}${i} story of ${tag}x and ${tag}y tells of ${tag}${i}z things, and it is long enough to be counted as prose here.</p>`,
    ).join("");
  it("keeps the marked body where Readability.js chose another, longer part of the page", () => {
    // A second story or a teaser block with more prose than the article: Readability.js
    // scores by prose and takes it; the page's own markup names the article.
    const doc = page(
      `<div class="col"><div itemprop="articleBody">${sentences("a", 3)}</div><div>x</div></div>` +
        `<div class="col"><div class="more">${sentences("b", 16)}</div><div>y</div></div>`,
    );
    const c = chooseBody(doc, { url: "https://news.test/a" });
    expect(c.method).toBe("marked");
    expect(c.readabilityText).toContain("b15");
    expect(c.readabilityText).not.toContain("a0");
    const text = c.body?.textContent ?? "";
    expect(text).toContain("a2");
    expect(text).not.toContain("b0");
  });
  it("takes Readability.js's choice when the marked body holds under MIN_BODY_CHARS", () => {
    const doc = page(
      `<div itemprop="articleBody"><p>Short.</p></div><div>${sentences("b", 8)}</div>`,
    );
    expect(chooseBody(doc, { url: "https://news.test/a" }).method).toBe("readability");
  });
});

describe("mainHeading", () => {
  it("skips an h1 that is the site's logo (one link to the front page)", () => {
    const doc = new DOMParser().parseFromString(
      `<h1><a href="/">V8</a></h1><h1><a href="/blog/wasm">Outside the web</a></h1>`,
      "text/html",
    );
    expect(mainHeading(doc, "https://v8.test/blog/wasm")).toBe("Outside the web");
    const logoOnly = new DOMParser().parseFromString(
      `<h1><a href="index.html"><span>evolve</span></a></h1>`,
      "text/html",
    );
    expect(mainHeading(logoOnly, "https://m.test/docs/sharing.html")).toBeNull();
  });
});
