// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { extractArticle, mainHeading, preferMarked } from "./article";

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

describe("preferMarked (page markup vs Readability.js)", () => {
  const sentences = (tag: string, n: number) =>
    Array.from(
      { length: n },
      (_, i) =>
        `The ${tag}${i} story of ${tag}x and ${tag}y tells of ${tag}${i}z things, and it is long enough to be counted as prose here.`,
    ).join("\n");
  it("takes the marked body when it lies inside Readability's choice", () => {
    expect(preferMarked(sentences("a", 5), `${sentences("a", 5)}\n${sentences("b", 5)}`)).toBe(
      true,
    );
  });
  it("takes Readability's when it found the article inside a bigger marked container", () => {
    expect(preferMarked(`${sentences("a", 5)}\n${sentences("rail", 20)}`, sentences("a", 5))).toBe(
      false,
    );
  });
  it("but not when Readability kept a scrap of it", () => {
    expect(preferMarked(sentences("a", 60), sentences("a", 2))).toBe(true);
  });
  it("for two different parts of the page, the one with more prose", () => {
    expect(preferMarked(sentences("a", 6), "LOG IN\nREGISTER\nSign up with a social account")).toBe(
      true,
    );
    expect(preferMarked(sentences("a", 2), sentences("b", 10))).toBe(false);
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
