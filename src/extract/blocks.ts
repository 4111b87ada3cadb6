/**
 * Text blocks of an article body, the units the export's block scorer keeps or drops:
 * every block-level element (./text.ts BLOCK_TAGS) that holds text of its own, i.e.
 * text whose nearest block-level ancestor is that element. A `<div>` holding both
 * loose text and paragraphs is a block for its loose text only. Pure DOM code.
 */
import { BLOCK_TAGS } from "./text";

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
/** Elements whose text a reader never sees (as in ./text.ts). */
const HIDDEN = new Set(["script", "style", "noscript", "template"]);

/** One text block of a body. */
export interface TextBlock {
  /** the block-level element */
  el: Element;
  /** its own text, whitespace collapsed */
  text: string;
  /** characters of its own text inside `<a>` elements */
  linkChars: number;
}

const isBlock = (el: Element) => BLOCK_TAGS.has(el.localName) && el.localName !== "br";

/**
 * The text blocks of `root` in document order (`root` itself included when it holds
 * loose text).
 * @param root the body element
 * @returns blocks with their own text (never empty text)
 */
export function textBlocks(root: Element): TextBlock[] {
  const out: TextBlock[] = [];
  const visit = (block: Element) => {
    const acc = { text: [] as string[], link: 0 };
    collectOwn(block, acc, false);
    const text = acc.text.join("").replace(/\s+/g, " ").trim();
    if (text) out.push({ el: block, text, linkChars: acc.link });
    for (const child of childBlocks(block)) visit(child);
  };
  visit(root);
  return out;
}

/** Own text of a block: text under it not inside a nested block; counts link characters. */
function collectOwn(el: Element, acc: { text: string[]; link: number }, inLink: boolean): void {
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === TEXT_NODE) {
      const t = (n as Text).data;
      acc.text.push(t);
      if (inLink) acc.link += t.replace(/\s+/g, "").length;
    } else if (n.nodeType === ELEMENT_NODE) {
      const c = n as Element;
      if (HIDDEN.has(c.localName) || isBlock(c)) continue;
      if (c.localName === "br") acc.text.push(" ");
      else collectOwn(c, acc, inLink || c.localName === "a");
    }
  }
}

/** The nearest block-level descendants of `el` (through inline elements). */
function childBlocks(el: Element): Element[] {
  const out: Element[] = [];
  for (const c of Array.from(el.children)) {
    if (HIDDEN.has(c.localName)) continue;
    if (isBlock(c)) out.push(c);
    else out.push(...childBlocks(c));
  }
  return out;
}

const MEDIA = "img, picture, video, audio, svg, math, canvas, iframe";
const CELL = new Set(["td", "th", "tr", "thead", "tbody", "tfoot", "caption"]);

/**
 * Remove a block's own text from the body: the whole element when it holds no other
 * block and no media and is no table part, else only its loose text and inline
 * elements (so nested paragraphs, images and table grids stay); then ancestors left
 * with neither text nor media, up to (not including) `root` or a table part.
 * @param block a block of {@link textBlocks}
 * @param root the body element
 */
export function removeBlock(block: Element, root: Element): void {
  let parent: Element | null = block.parentElement;
  if (
    block !== root &&
    !CELL.has(block.localName) &&
    childBlocks(block).length === 0 &&
    !block.querySelector(MEDIA)
  ) {
    block.remove();
  } else {
    for (const n of Array.from(block.childNodes)) {
      if (n.nodeType === TEXT_NODE) n.remove();
      else if (n.nodeType === ELEMENT_NODE) {
        const c = n as Element;
        if (isBlock(c) || c.matches(MEDIA) || c.querySelector(MEDIA)) continue;
        if (childBlocks(c).length === 0) c.remove();
      }
    }
    parent = block;
  }
  while (parent && parent !== root && root.contains(parent) && !CELL.has(parent.localName)) {
    if (
      (parent.textContent ?? "").trim() !== "" ||
      parent.matches(MEDIA) ||
      parent.querySelector(MEDIA)
    )
      break;
    const up: Element | null = parent.parentElement;
    parent.remove();
    parent = up;
  }
}
