// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { removeBlock, TemplateMemory, textBlocks } from "./template";

const page = (html: string): Element =>
  new DOMParser().parseFromString(`<body><div id="post">${html}</div></body>`, "text/html").body
    .firstElementChild as Element;

const BOX =
  '<div class="newsletter"><h3>Get the letter</h3><p>Every Friday, in your inbox.</p></div>';

describe("textBlocks", () => {
  it("keys innermost blocks by place and folded text", () => {
    const a = textBlocks([page(`${BOX}<p>One</p>`)], new Set());
    const b = textBlocks([page(`<p>Two</p>${BOX.replace("Every", "every  ")}`)], new Set());
    expect(a.map((x) => x.key.split("|")[0])).toEqual([
      "div>div.newsletter>h3",
      "div>div.newsletter>p",
      "div>p",
    ]);
    expect(b[1]?.key).toBe(a[0]?.key);
    expect(b[2]?.key).toBe(a[1]?.key);
  });

  it("compares by the nearest steps only, so a page element found one wrapper up still matches", () => {
    const deep = textBlocks([page(`<div class="entry">${BOX}</div>`)], new Set());
    const wrapped = new DOMParser().parseFromString(
      `<body><main><div id="post"><div class="entry">${BOX}</div></div></main></body>`,
      "text/html",
    ).body.firstElementChild as Element;
    const up = textBlocks([wrapped], new Set());
    expect(up.map((b) => b.key)).toEqual(deep.map((b) => b.key));
  });

  it("leaves out skipped subtrees", () => {
    const el = page("<p>kept</p><p>skipped</p>");
    expect(textBlocks([el], new Set([el.children[1] as Element])).length).toBe(1);
  });
});

describe("TemplateMemory", () => {
  it("calls a block template once it recurs at the same place on a second page", () => {
    const m = new TemplateMemory();
    m.learn(textBlocks([page(`${BOX}<p>Page one text.</p>`)], new Set()), 1);
    const t2 = m.templateOf(textBlocks([page(`<p>Page two text.</p>${BOX}`)], new Set()), 2);
    expect(t2.map((b) => b.el.textContent)).toEqual([
      "Get the letter",
      "Every Friday, in your inbox.",
    ]);
    expect(m.learned.size).toBe(2);
  });

  it("keeps a block unique to its page, and one whose text stood elsewhere in the template", () => {
    const m = new TemplateMemory();
    m.learn(textBlocks([page("<aside><p>Same words</p></aside><p>Alpha</p>")], new Set()), 1);
    const t2 = m.templateOf(textBlocks([page("<p>Same words</p><p>Beta</p>")], new Set()), 2);
    expect(t2).toEqual([]);
  });

  it("keeps a paragraph that only shares a short phrase with the others", () => {
    const m = new TemplateMemory();
    m.learn(
      textBlocks([page("<p>Read more from this series: part one begins.</p>")], new Set()),
      1,
    );
    const t2 = m.templateOf(
      textBlocks([page("<p>Read more from this series: part two goes on.</p>")], new Set()),
      2,
    );
    expect(t2).toEqual([]);
  });

  it("keeps paragraphs that differ from earlier ones only by a number (content, per seed 003)", () => {
    const m = new TemplateMemory();
    const para = (n: number) =>
      `<p>Part ${n}, step 4: stir the sauce until it thickens, then set it aside to cool.</p>`;
    m.learn(textBlocks([page(para(1))], new Set()), 1);
    expect(m.templateOf(textBlocks([page(para(2))], new Set()), 2)).toEqual([]);
  });

  it("judges parts of repeated items only as a whole: a slider goes, topic authors stay", () => {
    const m = new TemplateMemory();
    const slider =
      '<ul class="slides"><li><p>Slide A</p></li><li><p>Slide B</p></li><li><p>Slide C</p></li></ul>';
    const topics = (a: string[]) =>
      a
        .map((n, i) => `<div class="topic"><p>Topic ${n}${i}</p><p class="by">${n}</p></div>`)
        .join("");
    m.learn(textBlocks([page(slider + topics(["ann", "bob", "cy"]))], new Set()), 1);
    const t2 = m.templateOf(
      textBlocks([page(slider + topics(["ann", "dee", "eve"]))], new Set()),
      2,
    );
    expect(t2.map((b) => b.el.textContent)).toEqual(["Slide A", "Slide B", "Slide C"]);
  });

  it("judges paragraphs under one parent one by one: a repeated plain paragraph goes", () => {
    const m = new TemplateMemory();
    const body = (n: number) =>
      `<p>Own words of page ${n}, first.</p><p>Subscribe to the letter.</p><p>Own words of page ${n}, last.</p>`;
    m.learn(textBlocks([page(body(1))], new Set()), 1);
    const t2 = m.templateOf(textBlocks([page(body(2))], new Set()), 2);
    expect(t2.map((b) => b.el.textContent)).toEqual(["Subscribe to the letter."]);
  });

  it("does not call a block template because it repeats within one page", () => {
    const m = new TemplateMemory();
    m.learn(textBlocks([page("<p>Share</p><p>Body</p><p>Share</p>")], new Set()), 1);
    expect(m.learned.size).toBe(0);
  });
});

describe("removeBlock", () => {
  it("removes the wrappers the block leaves empty, not the page element", () => {
    const el = page(
      '<div class="box"><div><p>only</p></div><img src="x.png"></div><section><div><p>gone</p></div></section>',
    );
    removeBlock(el.querySelector("section p") as Element, el);
    expect(el.querySelector("section")).toBeNull();
    removeBlock(el.querySelector(".box p") as Element, el);
    expect(el.querySelector(".box")).not.toBeNull();
    expect(el.querySelector(".box > div")).toBeNull();
  });
});
