/**
 * Reading text out of article HTML with its block structure kept: one line per
 * paragraph, heading, list item or table cell, so that words of two blocks never
 * run together ("end.Start") as they do in `textContent`.
 *
 * Pure DOM code (no layout, no globals such as `Node.TEXT_NODE`): it gives the same
 * answer in a live page, a DOMParser document and jsdom.
 */

import { BLOCK_LEVEL_TAGS } from "../features/node-features";

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/** Elements whose text a reader never sees. */
const HIDDEN_TEXT = new Set(["script", "style", "noscript", "template", "head", "title"]);

/** Elements that start a new line of text: the block-level tags of the page-element
 * features plus line-breaking and table parts. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  ...BLOCK_LEVEL_TAGS,
  "body",
  "br",
  "caption",
  "summary",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
]);

/**
 * Text of a node with one line per block: text nodes concatenated, a line break
 * at every block boundary and `<br>`, whitespace runs inside a line collapsed to
 * one space, empty lines dropped. Script, style, noscript and template text is skipped.
 * @param root an element, document or fragment
 * @returns lines joined by "\n" ("" when there is no text)
 */
export function blockText(root: Node): string {
  const parts: string[] = [];
  walk(root, parts, () => true);
  return tidy(parts);
}

/**
 * Like {@link blockText}, but keeps only the text for which `keep(textNode)` is true.
 * Used to read gold text out of labelled pages.
 * @param keep decides per text node; block boundaries are kept regardless
 */
export function blockTextWhere(root: Node, keep: (text: Node) => boolean): string {
  const parts: string[] = [];
  walk(root, parts, keep);
  return tidy(parts);
}

function walk(parent: Node, parts: string[], keep: (text: Node) => boolean): void {
  for (let n = parent.firstChild; n !== null; n = n.nextSibling) {
    if (n.nodeType === TEXT_NODE || n.nodeType === CDATA_SECTION_NODE) {
      // Line breaks inside a text node are just spaces; lines come from blocks only.
      if (keep(n)) parts.push((n as CharacterData).data.replace(/\s+/g, " "));
    } else if (n.nodeType === ELEMENT_NODE) {
      const tag = (n as Element).localName;
      if (HIDDEN_TEXT.has(tag)) continue;
      const block = BLOCK_TAGS.has(tag);
      if (block) parts.push("\n");
      walk(n, parts, keep);
      if (block) parts.push("\n");
    } else if (n.nodeType === 11 || n.nodeType === 9) {
      walk(n, parts, keep);
    }
  }
}

function tidy(parts: string[]): string {
  return parts
    .join("")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0)
    .join("\n");
}
