// @vitest-environment jsdom
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { corpusDir } from "../replay/cases";
import { detectNextLink, NEXT_LINK_THRESHOLD } from "./next-link";

const URL1 = "http://ex.com/story";
const doc = (body: string, url = URL1) =>
  new JSDOM(`<!doctype html><body>${body}</body>`, { url }).window.document;
const PROSE = "<p>Plenty of article text goes here, with commas, and full stops. It runs on.</p>";

describe("detectNextLink (transparent scorer)", () => {
  it("takes a pager's 'Next' link whose URL is the page number + 1", () => {
    const d = doc(
      `${PROSE}<div class="pagination"><span class="current">1</span><a href="/story/2">2</a><a href="/story/3">3</a><a href="/story/2">Next ›</a></div>`,
    );
    const r = detectNextLink(d, URL1);
    expect(r.url).toBe("http://ex.com/story/2");
    expect(r.score).toBeGreaterThanOrEqual(NEXT_LINK_THRESHOLD);
    expect(r.anchor?.textContent).toBe("Next ›");
  });
  it("takes rel=next in a pager even without words", () => {
    const d = doc(`${PROSE}<nav class="pager"><a rel="next" href="/story?cursor=ab12">»</a></nav>`);
    expect(detectNextLink(d, URL1).url).toBe("http://ex.com/story?cursor=ab12");
  });
  it("stays idle on a single article whose only 'next' is another story", () => {
    const d = doc(
      `${PROSE}<div class="related"><a href="/other-story" title="Read the next newest article">Newer Story &gt;</a></div>`,
    );
    expect(detectNextLink(d, URL1).url).toBeNull();
  });
  it("ignores the previous link and comment pagination", () => {
    const d = doc(
      `${PROSE}<div class="pager"><a href="/story/0">« Prev</a></div><div id="comments"><ul class="pagination"><li><a href="/c?p=2">2</a></li><li><a href="/c?p=2">next</a></li></ul></div>`,
    );
    expect(detectNextLink(d, URL1).url).toBeNull();
  });
  it("never follows a cross-origin link", () => {
    const d = doc(
      `${PROSE}<div class="pager"><a rel="next" href="http://other.org/story/2">Next</a></div>`,
    );
    expect(detectNextLink(d, URL1).url).toBeNull();
  });

  const ars = join(
    corpusDir(),
    "multipage/arstechnica-002/arstechnica.com/apple/reviews/2011/07/mac-os-x-10-7.ars.1.html",
  );
  it.skipIf(!existsSync(ars))("finds page 2 of the real arstechnica review", () => {
    const d = new JSDOM(readFileSync(ars), {
      url: "http://arstechnica.com/apple/reviews/2011/07/mac-os-x-10-7.ars",
    }).window.document;
    expect(detectNextLink(d, d.URL).url).toBe(
      "http://arstechnica.com/apple/reviews/2011/07/mac-os-x-10-7.ars/2",
    );
  });
});
