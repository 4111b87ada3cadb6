/**
 * Layout-free features of one text block of an article body (./blocks.ts), for the
 * export's block scorer (./prune.ts): text statistics, link density, position, tag and
 * class/id words, and agreement with Readability.js's text. One signal per function.
 * The choice follows boilerplate-detection practice (Kohlschütter et al. 2010,
 * "Boilerplate detection using shallow text features": word counts, link density and
 * the same of the neighbouring blocks; BoilerNet 2020: tag and class words).
 */
import { shingles } from "../eval/measures";
import type { TextBlock } from "./blocks";
import { hintText } from "./clean";

/** Tokens as the shingle measure reads them (lower-cased words; CJK per character). */
export function tokens(text: string): string[] {
  return (
    text
      .toLowerCase()
      .match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu) ?? []
  );
}

/** A reference text prepared for containment queries. */
export interface TextIndex {
  shingles: Set<string>;
  /** its tokens joined by single spaces, with a space at both ends */
  joined: string;
}

/** Prepare a reference text (Readability.js's body, or gold text) for {@link containedShare}. */
export function textIndex(text: string): TextIndex {
  return { shingles: shingles(text), joined: ` ${tokens(text).join(" ")} ` };
}

/**
 * Share of a block's text found in a reference text, 0..1: the share of its 4-token
 * shingles in the reference's, or for blocks under 4 tokens 1/0 whether its tokens
 * occur in a row in the reference. 0 for a block without tokens.
 */
export function containedShare(text: string, ref: TextIndex): number {
  const t = tokens(text);
  if (t.length === 0) return 0;
  if (t.length < 4) return ref.joined.includes(` ${t.join(" ")} `) ? 1 : 0;
  let n = 0;
  let all = 0;
  for (let i = 0; i + 4 <= t.length; i++) {
    all++;
    if (ref.shingles.has(t.slice(i, i + 4).join(" "))) n++;
  }
  return n / all;
}

/** log(1 + characters of the block's own text). */
export function textLength(b: TextBlock): number {
  return Math.log1p(b.text.length);
}

/** Number of words (tokens) of the block's own text. */
export function wordCount(b: TextBlock): number {
  return tokens(b.text).length;
}

/** Share of the block's non-space characters inside links, 0..1. */
export function blockLinkDensity(b: TextBlock): number {
  const chars = b.text.replace(/\s+/g, "").length;
  return chars === 0 ? 0 : Math.min(1, b.linkChars / chars);
}

/** 1 when the block's text ends like a sentence (. ! ? or a closing quote after one). */
export function endsSentence(b: TextBlock): number {
  return /[.!?。！？…][”"'’)\]]?$/.test(b.text) ? 1 : 0;
}

/** Commas and full stops per word (prose has them, menus and labels do not). */
export function punctuationRate(b: TextBlock): number {
  const words = Math.max(1, wordCount(b));
  return (b.text.match(/[,.;:、，。]/g)?.length ?? 0) / words;
}

/** Share of the block's words that start with a capital letter (titles, names, menus). */
export function capitalizedShare(b: TextBlock): number {
  const words = b.text.match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return 0;
  return words.filter((w) => /^\p{Lu}/u.test(w)).length / words.length;
}

/** Share of the block's non-space characters that are digits (dates, counts, prices). */
export function digitShare(b: TextBlock): number {
  const chars = b.text.replace(/\s+/g, "");
  if (!chars) return 0;
  return (chars.match(/\p{N}/gu)?.length ?? 0) / chars.length;
}

/** Position of block `i` of `n` in the body, 0 (first) .. 1 (last). */
export function relativePosition(i: number, n: number): number {
  return n <= 1 ? 0 : i / (n - 1);
}

/** The block's own text as a share of the body's text (all blocks), 0..1. */
export function bodyShare(b: TextBlock, bodyChars: number): number {
  return bodyChars === 0 ? 0 : b.text.length / bodyChars;
}

/** 1 for a heading (`h1`–`h6`). */
export function isHeading(b: TextBlock): number {
  return /^h[1-6]$/.test(b.el.localName) ? 1 : 0;
}

/** 1 for a paragraph (`p`). */
export function isParagraph(b: TextBlock): number {
  return b.el.localName === "p" ? 1 : 0;
}

/** Number of ancestors of the block, up to `root`, matching `selector` (0 when none). */
function ancestorsMatching(b: TextBlock, root: Element, selector: string): number {
  let n = 0;
  for (let el: Element | null = b.el; el && el !== root; el = el.parentElement)
    if (el.matches(selector)) n++;
  return n;
}

/** 1 when the block is, or is inside, a list item or definition (`li`, `dt`, `dd`). */
export function inListItem(b: TextBlock, root: Element): number {
  return ancestorsMatching(b, root, "li, dt, dd") > 0 ? 1 : 0;
}

/** 1 when the block is, or is inside, a caption (`figcaption`, `figure`, `caption`). */
export function inCaption(b: TextBlock, root: Element): number {
  return ancestorsMatching(b, root, "figcaption, figure, caption") > 0 ? 1 : 0;
}

/** 1 when the block is, or is inside, a quotation or code block (`blockquote`, `pre`). */
export function inQuote(b: TextBlock, root: Element): number {
  return ancestorsMatching(b, root, "blockquote, pre") > 0 ? 1 : 0;
}

/** 1 when the block is, or is inside, a table cell. */
export function inTable(b: TextBlock, root: Element): number {
  return ancestorsMatching(b, root, "td, th") > 0 ? 1 : 0;
}

/** 1 when the block is, or is inside, `aside`, `header`, `footer` or `address`. */
export function inAsideTag(b: TextBlock, root: Element): number {
  return ancestorsMatching(b, root, "aside, header, footer, address") > 0 ? 1 : 0;
}

/** Number of elements between the block and the body (0: a child of the body). */
export function depth(b: TextBlock, root: Element): number {
  let n = 0;
  for (let el = b.el.parentElement; el && el !== root; el = el.parentElement) n++;
  return b.el === root ? 0 : n;
}

/** Class/id words of page furniture that the cleaner leaves to judgement (captions,
 * credits, bylines, tags, widgets) beside the clear junk it removes (./clean.ts). */
const FURNITURE_WORDS =
  /(?:caption|credit|byline|author|meta|date|time|tags?|topics?|categor|widget|sidebar|side|aside|promo|related|share|social|newsletter|subscribe|signup|comment|footer|header|nav|menu|more|bio|disclaimer|copyright|note|embed|twitter|tweet|instagram|facebook|video|photo|image|img|gallery|media|credit|source|label|kicker|eyebrow|summary|teaser|card|list|link)/i;
/** Class/id words of article text. */
const TEXT_WORDS = /(?:content|article|body|text|story|post|entry|main|prose|paragraph|copy)/i;

/** Class/id words of `el` and its ancestors up to `root` matching `pattern` (levels counted). */
function hintLevels(b: TextBlock, root: Element, pattern: RegExp): number {
  let n = 0;
  for (let el: Element | null = b.el; el && el !== root; el = el.parentElement) {
    const h = hintText(el);
    if (h && pattern.test(h)) n++;
  }
  return n;
}

/** How many of the block and its ancestors in the body carry furniture class/id words. */
export function furnitureHints(b: TextBlock, root: Element): number {
  return hintLevels(b, root, FURNITURE_WORDS);
}

/** How many of the block and its ancestors in the body carry article-text class/id words. */
export function textHints(b: TextBlock, root: Element): number {
  return hintLevels(b, root, TEXT_WORDS);
}

/** Phrases of furniture text (share bars, sign-ups, credits, "read more"). */
const FURNITURE_TEXT =
  /\b(?:share|tweet|facebook|twitter|pinterest|linkedin|whatsapp|email|subscribe|sign up|newsletter|advertisement|sponsored|related|read more|see more|more from|click|follow us|follow|copyright|all rights reserved|photo|photograph|image|getty|reuters|ap photo|credit|comments?|posted|updated|published)\b|©/gi;

/** Number of furniture phrases in the block's text. */
export function furnitureText(b: TextBlock): number {
  return b.text.match(FURNITURE_TEXT)?.length ?? 0;
}

/** Share of the block's text found in Readability.js's body text ({@link containedShare}). */
export function inReadability(b: TextBlock, rd: TextIndex): number {
  return containedShare(b.text, rd);
}

/** Names of the features {@link blockFeatures} returns, in column order. */
export const BLOCK_FEATURE_NAMES = [
  "textLength",
  "wordCount",
  "linkDensity",
  "endsSentence",
  "punctuationRate",
  "capitalizedShare",
  "digitShare",
  "position",
  "bodyShare",
  "isHeading",
  "isParagraph",
  "inListItem",
  "inCaption",
  "inQuote",
  "inTable",
  "inAsideTag",
  "depth",
  "furnitureHints",
  "textHints",
  "furnitureText",
  "inReadability",
  "readabilityEmpty",
  "markedBody",
  "prevTextLength",
  "nextTextLength",
  "prevLinkDensity",
  "nextLinkDensity",
  "prevInReadability",
  "nextInReadability",
] as const;

/**
 * Feature rows of all blocks of one body, columns as {@link BLOCK_FEATURE_NAMES}.
 * @param blocks the body's text blocks in order (./blocks.ts textBlocks)
 * @param root the body element
 * @param readabilityText Readability.js's body text of the page ("" when none)
 * @param marked whether the body is the page's marked body (else Readability.js's)
 * @returns one row per block
 */
export function blockFeatures(
  blocks: readonly TextBlock[],
  root: Element,
  readabilityText: string,
  marked: boolean,
): number[][] {
  const rd = textIndex(readabilityText);
  const bodyChars = blocks.reduce((n, b) => n + b.text.length, 0);
  const own = blocks.map((b, i) => [
    textLength(b),
    wordCount(b),
    blockLinkDensity(b),
    endsSentence(b),
    punctuationRate(b),
    capitalizedShare(b),
    digitShare(b),
    relativePosition(i, blocks.length),
    bodyShare(b, bodyChars),
    isHeading(b),
    isParagraph(b),
    inListItem(b, root),
    inCaption(b, root),
    inQuote(b, root),
    inTable(b, root),
    inAsideTag(b, root),
    depth(b, root),
    furnitureHints(b, root),
    textHints(b, root),
    furnitureText(b),
    inReadability(b, rd),
    readabilityText ? 0 : 1,
    marked ? 1 : 0,
  ]);
  // Columns of the neighbours: textLength (0), linkDensity (2), inReadability (20).
  return own.map((row, i) => {
    const prev = own[i - 1];
    const next = own[i + 1];
    return [
      ...row,
      prev?.[0] ?? -1,
      next?.[0] ?? -1,
      prev?.[2] ?? -1,
      next?.[2] ?? -1,
      prev?.[20] ?? -1,
      next?.[20] ?? -1,
    ];
  });
}
