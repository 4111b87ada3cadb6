import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

// The detectors' behaviour on small but page-like documents, in Chromium (the forests
// were trained on laid-out pages; jsdom has no layout). One browser for all pages.
const BIN = join(process.cwd(), "bin/tsugi");
const URL1 = "http://ex.com/story";
const para = (i: number) =>
  `<p>Paragraph ${i} of the story, long enough to count, with a comma, and a full stop. More words follow here, and then some more, so that the paragraph reads like prose.</p>`;
const article = [1, 2, 3, 4, 5, 6].map(para).join("");
const chrome = (body: string) =>
  `<!doctype html><html><head><title>A story - Example News</title></head><body>` +
  `<header><a href="/">Example News</a> <nav><a href="/world">World</a> <a href="/tech">Tech</a> <a href="/sport">Sport</a></nav></header>` +
  `${body}<aside id="side"><h3>Popular</h3><a href="/r1">Related one</a> <a href="/r2">Related two</a></aside>` +
  `<footer><a href="/about">About</a> <a href="/contact">Contact</a> © Example</footer></body></html>`;

const PAGES: Record<string, string> = {
  pager: chrome(
    `<div id="main"><h1>A story</h1><div class="body">${article}</div><div class="pagination"><span class="current">1</span> <a href="/story/2">2</a> <a href="/story/3">3</a> <a href="/story/2">Next ›</a></div></div>`,
  ),
  related: chrome(
    `<div id="main"><h1>A story</h1><div class="body">${article}</div><div class="related"><a href="/other-story" title="Read the next newest article">Newer Story &gt;</a></div></div>`,
  ),
  comments: chrome(
    `<div id="main"><h1>A story</h1><div class="body">${article}</div><div class="pager"><a href="/story/0">« Prev</a></div><div id="comments"><ul class="pagination"><li><a href="/c?p=2">2</a></li><li><a href="/c?p=2">next</a></li></ul></div></div>`,
  ),
  crossOrigin: chrome(
    `<div id="main"><h1>A story</h1><div class="body">${article}</div><div class="pager"><a rel="next" href="http://other.org/story/2">Next</a></div></div>`,
  ),
  // The whole article body: its first paragraph in a wrapper, a figure and a custom element
  // between plain paragraphs; the pager, then comments, inside the same body. (On this
  // uniform prose the forest alone already keeps the lead; the check guards the whole
  // chain, the run completion's own cases are in page-element-choice.test.ts.)
  wrappedLead: chrome(
    `<div id="main"><h1>A story</h1><div class="story-body"><div class="intro"><p>The lead paragraph sits in a wrapper, as many news sites print it, with a comma, and a full stop.</p></div>${para(1)}${para(2)}<figure><img src="/f.png" width="600" height="300"><figcaption>A figure caption</figcaption></figure>${para(3)}<x-pullquote>A quoted line, printed large.</x-pullquote>${para(4)}${para(5)}<div class="pagination"><a href="/story/2">Next ›</a></div><ol class="comment-list"><li><a href="/u/1">reader</a> A comment on the story, with words, and more words.</li></ol></div></div>`,
  ),
  // A shop pager whose links are script hooks with the address in data-href.
  scriptHook: chrome(
    `<div id="list">${[1, 2, 3, 4].map((i) => `<div class="post"><h2>Post ${i}</h2>${para(i)}</div>`).join("")}<div class="pager"><span class="current">1</span> <a href="javascript:;" data-href="/story?page=2">2</a> <a href="javascript:;" rel="next" data-href="/story?page=2">Next page »</a></div></div>`,
  ),
  // A search list whose "2" and "Next" say where the click came from (`ref`), under a
  // language prefix the page's own URL lacks.
  referrers: chrome(
    `<div id="list">${[1, 2, 3, 4].map((i) => `<div class="post"><h2>Post ${i}</h2>${para(i)}</div>`).join("")}<div class="pager"><span class="current">1</span> <a href="/-/en/s?k=tea&page=2&qid=17&ref=sr_pg_2">2</a> <a href="/-/en/s?k=tea&page=3&qid=17&ref=sr_pg_3">3</a> <a href="/-/en/s?k=tea&page=2&qid=17&ref=sr_pg_1">Next→</a></div></div>`,
  ),
  items: chrome(
    `<div id="list">${[1, 2, 3, 4].map((i) => `<div class="post"><h2>Post ${i}</h2>${para(i)}</div>`).join("")}<div class="pager"><a href="/story?page=2">Next page »</a></div></div>`,
  ),
};

/** Pages read at another address than URL1. */
const URLS: Record<string, string> = { referrers: "http://ex.com/s?k=tea&qid=12&ref=nb_sb" };

type Out = {
  id: string;
  nextUrl: string | null;
  pendingNextUrl: string | null;
  nextScore: number;
  pageElement: { xpaths: string[]; text: string };
};
let results: Record<string, Out> = {};

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), "tsugi-fixtures-"));
  const lines: string[] = [];
  for (const [id, html] of Object.entries(PAGES)) {
    writeFileSync(join(dir, `${id}.html`), html);
    const url = URLS[id] ?? URL1;
    lines.push(JSON.stringify({ id, file: `${id}.html`, url, charset: "utf-8" }));
  }
  writeFileSync(join(dir, "m.jsonl"), lines.join("\n"));
  const r = spawnSync(process.execPath, [BIN, "detect", "--batch", join(dir, "m.jsonl")], {
    encoding: "utf8",
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(r.stderr);
  results = Object.fromEntries(
    r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Out)
      .map((o) => [o.id, o]),
  );
});

describe("detectors on page-like fixtures (bundled forests, Chromium)", () => {
  it("takes a pager's 'Next' link whose URL is the page number + 1", () => {
    expect(results.pager?.nextUrl).toBe("http://ex.com/story/2");
  });
  it("stays idle on a single article whose only 'next' is another story", () => {
    expect(results.related?.nextUrl).toBeNull();
  });
  it("ignores the previous link and comment pagination", () => {
    expect(results.comments?.nextUrl).toBeNull();
  });
  it("never follows a cross-origin link", () => {
    expect(results.crossOrigin?.nextUrl).toBeNull();
  });
  it("picks the article body, not the navigation, sidebar or footer", () => {
    const pe = results.pager?.pageElement;
    expect(pe?.text).toMatch(/Paragraph 1 of the story/);
    expect(pe?.text).toMatch(/Paragraph 6 of the story/);
    expect(pe?.text).not.toMatch(/Related one|Contact|Sport/);
  });
  it("takes the wrapped lead, figure and custom element with the body, up to the pager", () => {
    // Joined at once or after page 2: the page element is the same either way.
    const found = results.wrappedLead;
    expect(found?.nextUrl ?? found?.pendingNextUrl).toBe("http://ex.com/story/2");
    const pe = results.wrappedLead?.pageElement;
    expect(pe?.text).toMatch(/The lead paragraph sits in a wrapper/);
    expect(pe?.text).toMatch(/A figure caption/);
    expect(pe?.text).toMatch(/A quoted line/);
    expect(pe?.text).toMatch(/Paragraph 5 of the story/);
    expect(pe?.text).not.toMatch(/Next ›|A comment on the story|Related one/);
  });
  it("follows a script-hook pager link to its data-href", () => {
    expect(results.scriptHook?.nextUrl).toBe("http://ex.com/story?page=2");
  });
  it("takes page 2 of a list whose '2' and 'Next' differ only in their referrer", () => {
    expect(results.referrers?.nextUrl).toMatch(/^http:\/\/ex\.com\/-\/en\/s\?k=tea&page=2&/);
  });
  it("returns the items, not their parent, when the parent also holds the pager", () => {
    expect(results.items?.nextUrl).toBe("http://ex.com/story?page=2");
    const pe = results.items?.pageElement;
    expect(pe?.text).toMatch(/Post 1/);
    expect(pe?.text).toMatch(/Post 4/);
    expect(pe?.text).not.toMatch(/Next page/);
  });
});
