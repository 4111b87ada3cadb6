// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { detectDocument } from "../../src/cli/detect-document";
import { pagerGate } from "../../src/gate/gate";

/** A single post of a WordPress blog whose post navigation says "« Older" and leads to the
 * previous post by a numbered permalink (`/archives/1234`): the older-text gate opens on
 * it, so what the detector does after it is what a reader gets. */
function singlePost(): Document {
  const paragraphs = Array.from(
    { length: 8 },
    (_, i) =>
      `<p>Paragraph ${i + 1} of the post about the long walk to the lake, with enough words to read as the body of an article and not as a list of links.</p>`,
  ).join("");
  const html = `<html><head><title>The long walk</title></head><body>
    <header><a href="/">The walking blog</a><nav><a href="/about/">About</a><a href="/archives/">Archives</a></nav></header>
    <main><article class="post"><h1 class="entry-title">The long walk</h1>${paragraphs}</article>
    <div id="nav-below" class="navigation"><div class="nav-previous"><a href="/archives/1234" rel="prev">&laquo; Older</a></div>
    <div class="nav-next"><a href="/archives/1236" rel="next">Newer &raquo;</a></div></div>
    <section id="comments"><h3>2 comments</h3><ol><li>Nice walk.</li><li>Where is the lake?</li></ol></section></main>
    <footer><a href="/feed/">RSS</a></footer></body></html>`;
  return new DOMParser().parseFromString(html, "text/html");
}

describe("a single post's older-post link through the gate", () => {
  it("opens the gate, and the detector joins nothing at once", async () => {
    const url = "https://walk.example/archives/1235";
    const doc = singlePost();
    // rel=next on the newer post's link opens it first; without it, the older link does.
    expect(pagerGate(doc, "walk.example", url).pass).toBe(true);
    doc.querySelector("a[rel=next]")?.removeAttribute("rel");
    expect(pagerGate(doc, "walk.example", url).signal).toBe("older-text");
    const d = await detectDocument(doc, url);
    expect(d.gate).toBe(true);
    expect(d.nextUrl).toBeNull();
    // A link to another post may wait for page 2 (the judge reads it), never the older one.
    expect(d.pendingNextUrl).not.toBe("https://walk.example/archives/1234");
  });
});
