// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { MIN_BODY_CHARS, markedBody } from "./body";

const parse = (body: string) => new DOMParser().parseFromString(body, "text/html");
/** Prose of `n` characters or a little more. */
const prose = (n: number, word = "Sentence of the article, read as prose. ") =>
  word.repeat(Math.ceil(n / word.length));
const ids = (els: Element[]) => els.map((e) => e.id);

describe("markedBody", () => {
  it("keeps every block of one article split between ads", () => {
    const doc = parse(
      `<article><h1>Title</h1><div class="entry-content" id="a"><p>${prose(200)}</p></div><div class="ad">Ad</div><div class="entry-content" id="b"><p>${prose(200)}</p></div></article>`,
    );
    expect(ids(markedBody(doc))).toEqual(["a", "b"]);
  });

  it("keeps blocks of a page without <article> elements", () => {
    const doc = parse(
      `<div class="entry-content" id="a"><p>${prose(200)}</p></div><div class="entry-content" id="b"><p>${prose(200)}</p></div>`,
    );
    expect(ids(markedBody(doc))).toEqual(["a", "b"]);
  });

  it("stops at an <h1> between two blocks (the next story appended below)", () => {
    const doc = parse(
      `<div class="entry-content" id="a"><p>${prose(300)}</p></div><h1>Next story</h1><div class="entry-content" id="b"><p>${prose(300)}</p></div>`,
    );
    expect(ids(markedBody(doc))).toEqual(["a"]);
  });

  it("leaves out blocks inside another <article>, even between two blocks of the first", () => {
    const doc = parse(
      `<article id="story"><div class="story-body" id="a"><p>${prose(300)}</p></div><aside><article class="teaser"><div class="story-body" id="t">${prose(80, "Another story. ")}</div></article></aside><div class="story-body" id="b"><p>${prose(300)}</p></div></article><article class="teaser"><div class="story-body" id="u">${prose(80, "More. ")}</div></article>`,
    );
    expect(ids(markedBody(doc))).toEqual(["a", "b"]);
  });

  it("takes no teaser list for the body: each card's excerpt is short, together they are not one article", () => {
    const cards = Array.from(
      { length: 12 },
      (_, i) =>
        `<article class="card"><h2>Story ${i}</h2><div class="post-content" id="c${i}">${prose(100, "A short excerpt of another story. ")}</div></article>`,
    );
    const doc = parse(`<main><div id="story">${prose(2000)}</div></main>${cards.join("")}`);
    // Together the excerpts hold more than the least a body needs; one alone does not.
    const one = doc.getElementById("c0")?.textContent?.length ?? 0;
    expect(one).toBeLessThan(MIN_BODY_CHARS);
    expect(one * 12).toBeGreaterThan(MIN_BODY_CHARS);
    expect(markedBody(doc)).toEqual([]);
  });
});
