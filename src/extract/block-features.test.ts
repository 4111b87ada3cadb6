// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  BLOCK_FEATURE_NAMES,
  blockFeatures,
  blockLinkDensity,
  bodyShare,
  capitalizedShare,
  containedShare,
  depth,
  digitShare,
  endsSentence,
  furnitureHints,
  furnitureText,
  inAsideTag,
  inCaption,
  inListItem,
  inQuote,
  inReadability,
  inTable,
  isHeading,
  isParagraph,
  punctuationRate,
  relativePosition,
  textHints,
  textIndex,
  textLength,
  tokens,
  wordCount,
} from "./block-features";
import { type TextBlock, textBlocks } from "./blocks";

const root = (html: string) => {
  const d = document.createElement("div");
  d.innerHTML = html;
  return d;
};
/** The only block of a body. */
const one = (html: string): { b: TextBlock; r: Element } => {
  const r = root(html);
  const [b] = textBlocks(r);
  if (!b) throw new Error("no block");
  return { b, r };
};
const plain = (text: string): TextBlock => ({
  el: document.createElement("p"),
  text,
  linkChars: 0,
});

describe("text statistics", () => {
  it("tokens splits words and CJK characters, lower-cased", () => {
    expect(tokens("Hello, World 42 日本")).toEqual(["hello", "world", "42", "日", "本"]);
  });
  it("textLength grows with the text", () => {
    expect(textLength(plain(""))).toBe(0);
    expect(textLength(plain("a long sentence"))).toBeGreaterThan(textLength(plain("short")));
  });
  it("wordCount counts words", () => {
    expect(wordCount(plain("one two, three"))).toBe(3);
  });
  it("blockLinkDensity is the share of characters in links", () => {
    expect(blockLinkDensity(one('<p><a href="#">abcd</a>efgh</p>').b)).toBeCloseTo(0.5);
    expect(blockLinkDensity(plain("no links"))).toBe(0);
  });
  it("endsSentence tells a sentence from a label", () => {
    expect(endsSentence(plain("It rained."))).toBe(1);
    expect(endsSentence(plain('He said "no."'))).toBe(1);
    expect(endsSentence(plain("Related stories"))).toBe(0);
  });
  it("punctuationRate counts commas and stops per word", () => {
    expect(punctuationRate(plain("a, b, c."))).toBe(1);
    expect(punctuationRate(plain("Home News Sport"))).toBe(0);
  });
  it("capitalizedShare counts capitalised words", () => {
    expect(capitalizedShare(plain("Home News sport tv"))).toBe(0.5);
    expect(capitalizedShare(plain("123"))).toBe(0);
  });
  it("digitShare counts digits among non-space characters", () => {
    expect(digitShare(plain("ab12"))).toBe(0.5);
  });
});

describe("position and share", () => {
  it("relativePosition runs from 0 to 1", () => {
    expect(relativePosition(0, 5)).toBe(0);
    expect(relativePosition(4, 5)).toBe(1);
    expect(relativePosition(0, 1)).toBe(0);
  });
  it("bodyShare is the block's share of the body's characters", () => {
    expect(bodyShare(plain("abcd"), 8)).toBe(0.5);
    expect(bodyShare(plain("abcd"), 0)).toBe(0);
  });
});

describe("tags", () => {
  it("isHeading and isParagraph read the block's tag", () => {
    expect(isHeading(one("<h2>T</h2>").b)).toBe(1);
    expect(isHeading(one("<p>T</p>").b)).toBe(0);
    expect(isParagraph(one("<p>T</p>").b)).toBe(1);
  });
  it("inListItem, inCaption, inQuote, inTable, inAsideTag look at ancestors in the body", () => {
    let x = one("<ul><li><p>a</p></li></ul>");
    expect(inListItem(x.b, x.r)).toBe(1);
    x = one("<figure><figcaption>c</figcaption></figure>");
    expect(inCaption(x.b, x.r)).toBe(1);
    x = one("<blockquote><p>q</p></blockquote>");
    expect(inQuote(x.b, x.r)).toBe(1);
    x = one("<table><tbody><tr><td>t</td></tr></tbody></table>");
    expect(inTable(x.b, x.r)).toBe(1);
    x = one("<aside><p>s</p></aside>");
    expect(inAsideTag(x.b, x.r)).toBe(1);
    x = one("<p>plain</p>");
    expect(
      inListItem(x.b, x.r) +
        inCaption(x.b, x.r) +
        inQuote(x.b, x.r) +
        inTable(x.b, x.r) +
        inAsideTag(x.b, x.r),
    ).toBe(0);
  });
  it("depth counts the elements between block and body", () => {
    const x = one("<div><section><p>d</p></section></div>");
    expect(depth(x.b, x.r)).toBe(2);
  });
});

describe("class and text words", () => {
  it("furnitureHints counts furniture class/id words on the block and its ancestors", () => {
    const x = one('<div class="photo-credit"><p class="caption-text">c</p></div>');
    expect(furnitureHints(x.b, x.r)).toBe(2);
    const y = one('<div class="story"><p>c</p></div>');
    expect(furnitureHints(y.b, y.r)).toBe(0);
  });
  it("textHints counts article-text class/id words", () => {
    const x = one('<div class="article-content"><p>c</p></div>');
    expect(textHints(x.b, x.r)).toBe(1);
  });
  it("furnitureText counts furniture phrases", () => {
    expect(furnitureText(plain("Share on Facebook. Photo: Getty"))).toBe(4);
    expect(furnitureText(plain("The council met on Tuesday."))).toBe(0);
  });
});

describe("agreement with Readability.js", () => {
  const rd = textIndex("The quick brown fox jumps over the lazy dog.\nShort line");
  it("containedShare is the share of shingles in the reference", () => {
    expect(containedShare("quick brown fox jumps", rd)).toBe(1);
    expect(containedShare("quick brown fox sleeps", rd)).toBe(0);
    expect(containedShare("Short line", rd)).toBe(1);
    expect(containedShare("Short", rd)).toBe(1);
    expect(containedShare("Sho", rd)).toBe(0);
  });
  it("inReadability applies it to a block", () => {
    expect(inReadability(plain("the lazy dog."), rd)).toBe(1);
  });
});

describe("blockFeatures", () => {
  it("gives one row per block, columns as named, neighbours at the ends as -1", () => {
    const r = root('<p>First paragraph, of text.</p><p><a href="#">Link</a></p>');
    const rows = blockFeatures(textBlocks(r), r, "First paragraph, of text.", true);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toHaveLength(BLOCK_FEATURE_NAMES.length);
    const col = (n: (typeof BLOCK_FEATURE_NAMES)[number]) => BLOCK_FEATURE_NAMES.indexOf(n);
    expect(rows[0]?.[col("inReadability")]).toBe(1);
    expect(rows[1]?.[col("inReadability")]).toBe(0);
    expect(rows[1]?.[col("linkDensity")]).toBe(1);
    expect(rows[0]?.[col("prevTextLength")]).toBe(-1);
    expect(rows[1]?.[col("prevLinkDensity")]).toBe(0);
    expect(rows[0]?.[col("markedBody")]).toBe(1);
  });
});
