/**
 * Page-element (main content) candidate vectors, seed 000 §3.3: every element of the
 * body described by the fourteen features of Table 3.3 plus extensions (own text and link
 * density, class/semantic hints, repeated siblings, layout).
 *
 * All counts come from {@link nodeStats}, one depth-first pass that records each element
 * on the way down (position, depth, inherited flags) and folds its subtree on the way up
 * (text, punctuation, link text, tag counts, serialized length), so extraction is
 * O(elements + text nodes) and never calls outerHTML or textContent per element.
 */

import { runNow, type SliceBudget, type Steps } from "../budget/slices";
import { attrTokens } from "./keywords";
import {
  documentSize,
  hasLayout,
  hiddenByOwnMarkup,
  measureSize,
  type SizeReading,
} from "./layout";
import { PHRASING_TAGS } from "./phrasing";
import { countPunctuation, NON_TEXT_TAGS, SPACE_TO_COLLAPSE } from "./text";
import { wrappers } from "./wrappers";

/** Names of the node features, in vector order: Table 3.3 (1)–(14), then extensions. */
export const NODE_FEATURE_NAMES = [
  "tagLength",
  "depth",
  "position",
  "relPosition",
  "blockLevel",
  "neverContent",
  "siblingTextLength",
  "siblingTextRatio",
  "siblingPunctuationRatio",
  "siblingTextDensity",
  "siblingCount",
  "childCount",
  "childRatio",
  "nextLinkDistance",
  "textLength",
  "linkDensity",
  "punctuationRatio",
  "paragraphCount",
  "containsNextLink",
  "classHint",
  "semanticTag",
  "sameTagSiblings",
  "width",
  "height",
  "areaRatio",
  "visible",
] as const;

export type NodeFeatureName = (typeof NODE_FEATURE_NAMES)[number];

/**
 * The node features read from the rendered page's layout: one rect read and one
 * visibility check per candidate, about 5 µs in Chromium. The forest
 * needs them: without them the page-element F1 drops (docs/detection.md, "Measured and
 * not shipped"; the ablation of `npm run train`), and every candidate's votes pass a split
 * on one of them, so no candidate's reads can be left out with its votes kept.
 */
export const NODE_LAYOUT_FEATURES: readonly NodeFeatureName[] = [
  "width",
  "height",
  "areaRatio",
  "visible",
];

/** One page-element candidate. */
export interface NodeVector {
  element: Element;
  features: Record<NodeFeatureName, number>;
}

/**
 * Block-level elements, seed 000 §3.3.2.1 (5): the W3C HTML 4 list (plus menu, center)
 * with the HTML5 sectioning and grouping elements, as MDN lists them.
 */
export const BLOCK_LEVEL_TAGS: ReadonlySet<string> = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "center",
  "details",
  "dialog",
  "dd",
  "dir",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "li",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "ul",
]);

/** Tags that never hold main content, seed 000 §3.3.2.1 (6), Table 3.4. */
export const NEVER_CONTENT_TAGS: ReadonlySet<string> = new Set([
  "html",
  "head",
  "meta",
  "script",
  "style",
  "input",
  "noscript",
  "span",
]);

/** Elements the HTML serializer writes without an end tag. */
const VOID_TAGS: ReadonlySet<string> = new Set([
  "area",
  "base",
  "basefont",
  "bgsound",
  "br",
  "col",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

const POSITIVE_CLASS: ReadonlySet<string> = new Set([
  "content",
  "article",
  "post",
  "entry",
  "main",
  "body",
  "story",
  "text",
  "blog",
  "thread",
  "list",
  "result",
  "item",
]);

const NEGATIVE_CLASS: ReadonlySet<string> = new Set([
  "comment",
  "sidebar",
  "footer",
  "header",
  "nav",
  "navbar",
  "navigation",
  "menu",
  "ad",
  "advert",
  "advertisement",
  "banner",
  "related",
  "share",
  "sharing",
  "social",
  "promo",
  "widget",
  "breadcrumb",
  "pagination",
  "pager",
  "masthead",
  "sponsor",
]);

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
const COMMENT_NODE = 8;

// Text pieces: the collapsed length of a run of text plus three flags, enough to join
// two runs exactly as normalizeSpace(a + b) would, without keeping the strings.
const HAS_TEXT = 1;
const LEAD_SPACE = 2;
const TRAIL_SPACE = 4;

/**
 * Per-element measures of a whole document from one depth-first pass. Arrays are indexed
 * by document-order position (root element = 0). Text is visible text as defined by
 * `visibleText` (script, style, noscript and template excluded; whitespace collapsed), and
 * `textLength[i]` equals `visibleText(elements[i]).length` exactly.
 */
export interface NodeStats {
  /** all elements of the document, in document order */
  elements: Element[];
  /** local name of each element (lowercase for HTML) */
  tag: string[];
  /** position of an element in `elements` (made on first read) */
  index: Map<Element, number>;
  /** position of the parent element, −1 for the root */
  parent: Int32Array;
  /** edges from the root element (root = 0) */
  depth: Int32Array;
  /** visible text chars */
  textLength: Int32Array;
  /** punctuation marks in the visible text */
  punctuation: Int32Array;
  /** visible text chars inside `<a>` elements */
  linkTextLength: Int32Array;
  /** elements strictly inside */
  descendants: Int32Array;
  /** element children */
  childCount: Int32Array;
  /** sum of `textLength` over element children */
  childTextLength: Int32Array;
  /** sum of `punctuation` over element children */
  childPunctuation: Int32Array;
  /** sum over element children of (descendants + 1) */
  childTagCount: Int32Array;
  /** `<p>` descendants */
  paragraphs: Int32Array;
  /** approximate serialized length (outerHTML) in chars */
  tagLength: Int32Array;
  /** elements among the siblings with the same tag and class attribute (self excluded) */
  sameTagSiblings: Int32Array;
  /** tag and class attribute of each element as a number: equal numbers, equal pairs */
  signature: Int32Array;
  /** distinct signatures: each of `signature` is below it */
  signatureCount: number;
  /** 1 when the element or an ancestor is hidden by a `hidden` attribute or inline style */
  hidden: Uint8Array;
  /** 1 when the element is not a candidate (script/style/noscript/template, svg internals) */
  excluded: Uint8Array;
  /** class attribute ("" when none) */
  className: string[];
  /** id attribute ("" when none) */
  id: string[];
  /** position of `<body>` (of the root when there is none), −1 for an empty document */
  body: number;
  /** visible text chars of the body */
  pageTextLength: number;
  /** punctuation marks in the body's visible text */
  pagePunctuation: number;
}

/** The characters JS `\s` matches, so lengths agree with normalizeSpace. */
function isSpace(c: number): boolean {
  return (
    (c >= 9 && c <= 13) ||
    c === 32 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Runs of the characters JS `\s` matches, and one character that is not one. */
const NOT_SPACE = /\S/;

/**
 * Appends a piece of text to element `i`'s text so far, in place: normalizeSpace(a +
 * b).length and the edge flags from those of a (the element's) and b (`len`, `flags`).
 * Written into the arrays rather than returned as an object: one object per text node
 * and per element was made on a page's first, uncompiled detection.
 */
function appendPiece(acc: Accumulator, i: number, len: number, flags: number): void {
  const aFlags = acc.textFlags[i] as number;
  if (aFlags === 0) {
    acc.textLen[i] = len;
    acc.textFlags[i] = flags;
    return;
  }
  if (flags === 0) return;
  const bText = (flags & HAS_TEXT) !== 0;
  if ((aFlags & HAS_TEXT) === 0) {
    acc.textLen[i] = len;
    acc.textFlags[i] =
      (flags & HAS_TEXT) | LEAD_SPACE | (bText ? flags & TRAIL_SPACE : TRAIL_SPACE);
    return;
  }
  if (!bText) {
    acc.textFlags[i] = (aFlags & ~TRAIL_SPACE) | TRAIL_SPACE;
    return;
  }
  const gap = (aFlags & TRAIL_SPACE) !== 0 || (flags & LEAD_SPACE) !== 0 ? 1 : 0;
  acc.textLen[i] = (acc.textLen[i] as number) + gap + len;
  acc.textFlags[i] = HAS_TEXT | (aFlags & LEAD_SPACE) | (flags & TRAIL_SPACE);
}

/**
 * Appends a text node's data to element `i`'s text: its normalizeSpace length and edge
 * flags ({@link appendPiece}). The collapsing is left to the regular expression engine: a
 * loop over every character in script ran uncompiled on a page's first detection, where
 * it was most of the one pass's time.
 *
 * @returns true when the data holds more than whitespace
 */
function appendText(acc: Accumulator, i: number, data: string): boolean {
  const n = data.length;
  if (n === 0) {
    appendPiece(acc, i, 0, 0);
    return false;
  }
  const lead = isSpace(data.charCodeAt(0));
  const trail = isSpace(data.charCodeAt(n - 1));
  const edges = (lead ? LEAD_SPACE : 0) | (trail ? TRAIL_SPACE : 0);
  if (!NOT_SPACE.test(data)) {
    appendPiece(acc, i, 0, edges);
    return false;
  }
  const collapsed = data.replace(SPACE_TO_COLLAPSE, " ").length;
  appendPiece(acc, i, collapsed - (lead ? 1 : 0) - (trail ? 1 : 0), HAS_TEXT | edges);
  return true;
}

/**
 * Per-element arrays filled by the pass: typed arrays sized once from the document's
 * element count (grown if the walk meets more), written by index. The pass made some
 * twenty `push` calls per element, then copied every list into a typed array, which a
 * page's first, uncompiled detection runs slowly: on the 40 corpus pages with the most
 * elements the pass's cold median fell by a quarter without them.
 */
class Accumulator {
  /** elements entered so far */
  n = 0;
  elements: Element[] = [];
  tag: string[] = [];
  className: string[] = [];
  id: string[] = [];
  parent = new Int32Array(0);
  depth = new Int32Array(0);
  textLen = new Int32Array(0);
  textFlags = new Int32Array(0);
  punct = new Int32Array(0);
  linkText = new Int32Array(0);
  descendants = new Int32Array(0);
  childCount = new Int32Array(0);
  childText = new Int32Array(0);
  childPunct = new Int32Array(0);
  childTags = new Int32Array(0);
  paragraphs = new Int32Array(0);
  tagLength = new Int32Array(0);
  /** interned tag + class: equal numbers mean equal signatures */
  signature = new Int32Array(0);
  hidden = new Uint8Array(0);
  noText = new Uint8Array(0);
  excluded = new Uint8Array(0);
  /** signature numbers by tag, then by class attribute */
  signatureIds = new Map<string, Map<string, number>>();
  /** signatures numbered so far */
  signatureCount = 0;

  constructor(capacity: number) {
    this.resize(Math.max(1, capacity));
  }

  /**
   * Gives every per-element array `size` slots, keeping what the walk wrote: once at the
   * start, and again (doubled) for a page that has more elements than were counted.
   */
  resize(size: number): void {
    for (const name of INT_COLUMNS) this[name] = kept(this[name], new Int32Array(size));
    for (const name of BYTE_COLUMNS) this[name] = kept(this[name], new Uint8Array(size));
  }
}

/** The accumulator's Int32Array columns, resized together. */
const INT_COLUMNS = [
  "parent",
  "depth",
  "textLen",
  "textFlags",
  "punct",
  "linkText",
  "descendants",
  "childCount",
  "childText",
  "childPunct",
  "childTags",
  "paragraphs",
  "tagLength",
  "signature",
] as const;

/** The accumulator's Uint8Array columns, resized together. */
const BYTE_COLUMNS = ["hidden", "noText", "excluded"] as const;

/** `into` with `from`'s values copied to its start. */
function kept<T extends Int32Array | Uint8Array>(from: T, into: T): T {
  into.set(from);
  return into;
}

function enterElement(acc: Accumulator, el: Element, parent: number): number {
  const i = acc.n;
  if (i === acc.parent.length) acc.resize(i * 2);
  acc.n = i + 1;
  const tag = el.localName;
  acc.elements.push(el);
  acc.tag.push(tag);
  acc.parent[i] = parent;
  acc.depth[i] = parent < 0 ? 0 : (acc.depth[parent] as number) + 1;
  let startTag = tag.length + 2;
  let cls = "";
  let id = "";
  let hiddenHere = false;
  if (el.hasAttributes()) {
    // getAttributeNames() + getAttribute() rather than el.attributes: jsdom serves every
    // property of a NamedNodeMap through a slow Proxy; browsers are fast either way.
    const names = el.getAttributeNames();
    for (let k = 0; k < names.length; k++) {
      const name = names[k] as string;
      const value = el.getAttribute(name) ?? "";
      // ` name="value"`; entity escaping inside values is ignored (an approximation).
      startTag += name.length + value.length + 4;
      if (name === "class") cls = value;
      else if (name === "id") id = value;
      else if (name === "hidden" || name === "style") hiddenHere ||= hiddenByOwnMarkup(el);
    }
  }
  acc.tagLength[i] = startTag + (VOID_TAGS.has(tag) ? 0 : tag.length + 3);
  acc.className.push(cls);
  acc.id.push(id);
  // By tag, then class: no joined string to build and hash per element.
  let byClass = acc.signatureIds.get(tag);
  if (byClass === undefined) {
    byClass = new Map();
    acc.signatureIds.set(tag, byClass);
  }
  let sigId = byClass.get(cls);
  if (sigId === undefined) {
    sigId = acc.signatureCount++;
    byClass.set(cls, sigId);
  }
  acc.signature[i] = sigId;
  const parentHidden = parent >= 0 && acc.hidden[parent] === 1;
  acc.hidden[i] = parentHidden || hiddenHere ? 1 : 0;
  const parentNoText = parent >= 0 && acc.noText[parent] === 1;
  const noText = parentNoText || NON_TEXT_TAGS.has(tag);
  acc.noText[i] = noText ? 1 : 0;
  const parentTag = parent >= 0 ? acc.tag[parent] : undefined;
  const inSvg = parentTag === "svg" || (parent >= 0 && acc.excluded[parent] === 1);
  acc.excluded[i] = noText || inSvg ? 1 : 0;
  return i;
}

function addText(acc: Accumulator, i: number, data: string): void {
  acc.tagLength[i] = (acc.tagLength[i] as number) + data.length;
  if (acc.noText[i] === 1) return;
  // Most text nodes of a page are the whitespace between tags; no mark is a space, so
  // they skip the punctuation count (a regular-expression replace each, uncompiled on a
  // page's first detection).
  if (appendText(acc, i, data)) acc.punct[i] = (acc.punct[i] as number) + countPunctuation(data);
}

function leaveElement(acc: Accumulator, i: number): void {
  const tag = acc.tag[i];
  if (tag === "a") acc.linkText[i] = acc.textLen[i] as number;
  const p = acc.parent[i] as number;
  if (p < 0) return;
  const text = acc.textLen[i] as number;
  const punct = acc.punct[i] as number;
  const desc = acc.descendants[i] as number;
  appendPiece(acc, p, text, acc.textFlags[i] as number);
  acc.punct[p] = (acc.punct[p] as number) + punct;
  acc.linkText[p] = (acc.linkText[p] as number) + (acc.linkText[i] as number);
  acc.descendants[p] = (acc.descendants[p] as number) + desc + 1;
  acc.childCount[p] = (acc.childCount[p] as number) + 1;
  acc.childText[p] = (acc.childText[p] as number) + text;
  acc.childPunct[p] = (acc.childPunct[p] as number) + punct;
  acc.childTags[p] = (acc.childTags[p] as number) + desc + 1;
  const para = (acc.paragraphs[i] as number) + (tag === "p" ? 1 : 0);
  acc.paragraphs[p] = (acc.paragraphs[p] as number) + para;
  acc.tagLength[p] = (acc.tagLength[p] as number) + (acc.tagLength[i] as number);
}

/** Nodes walked between two yields of {@link walk}. */
const WALK_BATCH = 256;

/** Depth-first walk without recursion (deep pages overflow the stack otherwise); yields
 * every {@link WALK_BATCH} nodes. */
function* walk(acc: Accumulator, root: Element): Steps<void> {
  let node: Node = root;
  // Whether `node` is an element, known from where the walk came from, so that each node's
  // type is read once (in `visit`): a page's first detection runs this loop uncompiled,
  // where every DOM property read is a call into the browser.
  let isElement = true;
  let cur = enterElement(acc, root, -1);
  let batch = WALK_BATCH;
  for (;;) {
    if (--batch === 0) {
      batch = WALK_BATCH;
      yield;
    }
    const child: Node | null = isElement ? node.firstChild : null;
    if (child !== null) {
      node = child;
      isElement = visit(acc, node, cur);
      if (isElement) cur = acc.n - 1;
      continue;
    }
    for (;;) {
      if (isElement) {
        leaveElement(acc, cur);
        if (node === root) return;
        cur = acc.parent[cur] as number;
      }
      const sib: Node | null = node.nextSibling;
      if (sib !== null) {
        node = sib;
        isElement = visit(acc, node, cur);
        if (isElement) cur = acc.n - 1;
        break;
      }
      // Below the root, every parent is an element the walk entered.
      const up: Node | null = node.parentNode;
      if (up === null) return;
      node = up;
      isElement = true;
    }
  }
}

/** Records a node met on the way down; true when it is an element (the new current one). */
function visit(acc: Accumulator, node: Node, cur: number): boolean {
  switch (node.nodeType) {
    case ELEMENT_NODE:
      enterElement(acc, node as Element, cur);
      return true;
    case TEXT_NODE:
    case CDATA_SECTION_NODE:
      addText(acc, cur, (node as CharacterData).data);
      return false;
    case COMMENT_NODE:
      acc.tagLength[cur] = (acc.tagLength[cur] as number) + (node as CharacterData).data.length + 7;
      return false;
    default:
      return false;
  }
}

function sameTagSiblingCounts(acc: Accumulator): Int32Array {
  // Numeric (parent, signature) keys: no string building per element.
  const n = acc.n;
  const width = acc.signatureCount + 1;
  const { parent, signature } = acc;
  const keys = new Float64Array(n);
  const groups = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const k = (parent[i] as number) * width + (signature[i] as number);
    keys[i] = k;
    groups.set(k, (groups.get(k) ?? 0) + 1);
  }
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = parent[i] === -1 ? 0 : (groups.get(keys[i] as number) ?? 1) - 1;
  }
  return out;
}

/**
 * One-pass precomputation of the per-element measures of seed 000 §3.3.2 (Table 3.3):
 * text length, punctuation, tag counts, child/sibling sums and an approximate
 * serialized length (start tag with attributes + end tag unless void + children + text +
 * comments; entity escaping ignored, so it runs a few percent under outerHTML.length).
 * Exported so detectors can reuse it (e.g. for picking the best element's text).
 *
 * @param doc any document; an empty one yields empty arrays and body −1
 * @returns the statistics; see {@link NodeStats}
 */
export function nodeStats(doc: Document): NodeStats {
  return runNow(nodeStatsSteps(doc));
}

/**
 * {@link nodeStats} as a loop that yields every few hundred nodes, for a
 * {@link SliceBudget}. The page's script may change the document between two slices; the
 * walk then goes on from where it stood (a removed node ends it), as a reader's later
 * look would see the page.
 *
 * @param doc any document
 * @returns the statistics, the same as {@link nodeStats} on an unchanged document
 */
export function* nodeStatsSteps(doc: Document): Steps<NodeStats> {
  const root = doc.documentElement;
  // The element count, read natively, sizes the arrays once.
  const acc = new Accumulator(root === null ? 0 : doc.getElementsByTagName("*").length);
  if (root !== null) yield* walk(acc, root);
  const n = acc.n;
  const bodyEl = doc.body;
  const bodyAt = bodyEl === null ? -1 : acc.elements.indexOf(bodyEl);
  // A document without <body> (XML, or a detached body) falls back to the root element.
  const body = bodyAt >= 0 ? bodyAt : root === null ? -1 : 0;
  const elements = acc.elements;
  // Built on first read: the detector never reads it (a Map entry per element of the page
  // on its cold first detection); training looks up gold elements in it.
  let index: Map<Element, number> | null = null;
  return {
    elements,
    tag: acc.tag,
    get index() {
      index ??= new Map<Element, number>(elements.map((el, i) => [el, i]));
      return index;
    },
    parent: acc.parent.subarray(0, n),
    depth: acc.depth.subarray(0, n),
    textLength: acc.textLen.subarray(0, n),
    punctuation: acc.punct.subarray(0, n),
    linkTextLength: acc.linkText.subarray(0, n),
    descendants: acc.descendants.subarray(0, n),
    childCount: acc.childCount.subarray(0, n),
    childTextLength: acc.childText.subarray(0, n),
    childPunctuation: acc.childPunct.subarray(0, n),
    childTagCount: acc.childTags.subarray(0, n),
    paragraphs: acc.paragraphs.subarray(0, n),
    tagLength: acc.tagLength.subarray(0, n),
    sameTagSiblings: sameTagSiblingCounts(acc),
    signature: acc.signature.subarray(0, n),
    signatureCount: acc.signatureCount,
    hidden: acc.hidden.subarray(0, n),
    excluded: acc.excluded.subarray(0, n),
    className: acc.className,
    id: acc.id,
    body,
    pageTextLength: body >= 0 ? (acc.textLen[body] as number) : 0,
    pagePunctuation: body >= 0 ? (acc.punct[body] as number) : 0,
  };
}

// ---------------------------------------------------------------------------
// Single signals over the stats. `i` is the element's position in stats.elements.

/**
 * Table 3.3 (5): the tag is block-level ({@link BLOCK_LEVEL_TAGS}) (seed 000 §3.3.2.1 (5)).
 *
 * @param tag the element's localName
 * @returns 1 or 0
 */
export function blockLevel(tag: string): number {
  return BLOCK_LEVEL_TAGS.has(tag) ? 1 : 0;
}

/**
 * Table 3.3 (6): the tag is one of Table 3.4 (html, head, meta, script, style, input,
 * noscript, span) (seed 000 §3.3.2.1 (6)).
 *
 * @param tag the element's localName
 * @returns 1 or 0
 */
export function neverContent(tag: string): number {
  return NEVER_CONTENT_TAGS.has(tag) ? 1 : 0;
}

/**
 * Chars of visible text directly in the element, not in its child elements (never
 * negative). One count for the detector's candidate tree, its wrappers and the harvest,
 * so that the evaluation leaves out what the detector leaves out.
 *
 * @param s stats
 * @param i element position
 * @returns chars
 */
export function ownTextLength(s: NodeStats, i: number): number {
  return Math.max(0, (s.textLength[i] ?? 0) - (s.childTextLength[i] ?? 0));
}

/**
 * Table 3.3 (7): visible text chars of the element's sibling elements, itself excluded
 * (seed 000 §3.3.2.2 (7)). Text nodes directly under the parent are not sibling tags.
 *
 * @param s stats
 * @param i element position
 * @returns chars
 */
export function siblingTextLength(s: NodeStats, i: number): number {
  const p = s.parent[i] ?? -1;
  return p < 0 ? 0 : (s.childTextLength[p] ?? 0) - (s.textLength[i] ?? 0);
}

/**
 * Table 3.3 (8): {@link siblingTextLength} over the page's text length
 * (seed 000 §3.3.2.2 (8)).
 *
 * @param s stats
 * @param i element position
 * @returns ratio, 0 when the page has no text
 */
export function siblingTextRatio(s: NodeStats, i: number): number {
  return s.pageTextLength > 0 ? siblingTextLength(s, i) / s.pageTextLength : 0;
}

/**
 * Table 3.3 (9), eq. 3.6: punctuation marks in the sibling elements over those of the page
 * (seed 000 §3.3.2.2 (9)).
 *
 * @param s stats
 * @param i element position
 * @returns ratio in 0..1, 0 when the page has no punctuation
 */
export function siblingPunctuationRatio(s: NodeStats, i: number): number {
  const p = s.parent[i] ?? -1;
  if (p < 0 || s.pagePunctuation === 0) return 0;
  return ((s.childPunctuation[p] ?? 0) - (s.punctuation[i] ?? 0)) / s.pagePunctuation;
}

/**
 * Table 3.3 (10), eq. 3.7 over the siblings: their text chars over the number of tags
 * they comprise, each sibling counting itself and its descendants (so a leaf `<p>` with
 * text has a defined density) (seed 000 §3.3.2.2 (10)).
 *
 * @param s stats
 * @param i element position
 * @returns chars per tag, 0 without siblings
 */
export function siblingTextDensity(s: NodeStats, i: number): number {
  const p = s.parent[i] ?? -1;
  if (p < 0) return 0;
  const tags = (s.childTagCount[p] ?? 0) - (s.descendants[i] ?? 0) - 1;
  return tags > 0 ? siblingTextLength(s, i) / tags : 0;
}

/**
 * Table 3.3 (11): number of sibling elements, itself excluded (seed 000 §3.3.2.2 (11)).
 *
 * @param s stats
 * @param i element position
 * @returns count
 */
export function siblingCount(s: NodeStats, i: number): number {
  const p = s.parent[i] ?? -1;
  return p < 0 ? 0 : (s.childCount[p] ?? 1) - 1;
}

/**
 * Table 3.3 (13): child elements over all elements of the document
 * (seed 000 §3.3.2.2 (13)).
 *
 * @param s stats
 * @param i element position
 * @returns ratio in 0..1
 */
export function childRatio(s: NodeStats, i: number): number {
  return s.elements.length > 0 ? (s.childCount[i] ?? 0) / s.elements.length : 0;
}

/**
 * Share of the element's visible text that sits inside links (extension; the classic
 * boilerplate signal, cf. seed 000 §2.2 related work).
 *
 * @param s stats
 * @param i element position
 * @returns 0..1, 0 for an element without text
 */
export function linkDensity(s: NodeStats, i: number): number {
  const text = s.textLength[i] ?? 0;
  return text > 0 ? Math.min(1, (s.linkTextLength[i] ?? 0) / text) : 0;
}

/**
 * The element's own punctuation over the page's (extension of seed 000 §3.3.2.2 (9) from
 * the siblings to the element itself).
 *
 * @param s stats
 * @param i element position
 * @returns ratio in 0..1, 0 when the page has no punctuation
 */
export function punctuationRatio(s: NodeStats, i: number): number {
  return s.pagePunctuation > 0 ? (s.punctuation[i] ?? 0) / s.pagePunctuation : 0;
}

/**
 * class and id name the element as content (+1: content, article, post, entry, main,
 * body, story, text, blog, thread, list, result(s), item(s)) or as boilerplate (−1:
 * comment, sidebar, footer, header, nav, menu, ad(s), banner, related, share, social,
 * promo, widget, breadcrumb, pagination, pager, …). Tokens are split at separators and
 * camelCase and a trailing plural "s" is dropped; a negative token wins over a positive
 * one ("entry-comments" is comments). Extension in the manner of Readability's class
 * weight (seed 000 §3.3.2 names only structural features).
 *
 * @param className class attribute
 * @param id id attribute
 * @returns −1, 0 or 1
 */
export function classHint(className: string, id: string): number {
  if (className === "" && id === "") return 0;
  const tokens = attrTokens(`${className} ${id}`).map((t) =>
    t.length > 3 && t.endsWith("s") ? t.slice(0, -1) : t === "ads" ? "ad" : t,
  );
  if (tokens.some((t) => NEGATIVE_CLASS.has(t))) return -1;
  return tokens.some((t) => POSITIVE_CLASS.has(t)) ? 1 : 0;
}

/**
 * HTML5 semantics of the tag: 1 for article and main, 0.5 for section, 0 otherwise
 * (extension of seed 000 §3.3.2.1 (5)).
 *
 * @param tag the element's localName
 * @returns 0, 0.5 or 1
 */
export function semanticTag(tag: string): number {
  return tag === "article" || tag === "main" ? 1 : tag === "section" ? 0.5 : 0;
}

/**
 * Where every element stands relative to the next-link anchor: the tree distance of seed
 * 000 §3.3.2.3 (eq. 3.8, via the lowest common ancestor) and whether the element contains
 * the anchor. Works on index arrays in document order (parents before children), so the
 * training pipeline can recompute both features for any predicted next link without the
 * DOM, with the same code the content script runs.
 *
 * @param parent parent position of each element (−1 for the root), document order
 * @param depth edges from the root of each element
 * @param linkIndex position of the next-link anchor, −1 when there is none
 * @returns distance (edges; −1 for every element without a link) and contains (1 for the
 *   anchor and its ancestors)
 */
export function nextLinkRelation(
  parent: ArrayLike<number>,
  depth: ArrayLike<number>,
  linkIndex: number,
): { distance: Int32Array; contains: Uint8Array } {
  const n = parent.length;
  const distance = new Int32Array(n).fill(-1);
  const contains = new Uint8Array(n);
  if (linkIndex < 0 || linkIndex >= n) return { distance, contains };
  for (let i = linkIndex; i >= 0; i = parent[i] ?? -1) contains[i] = 1;
  const linkDepth = depth[linkIndex] ?? 0;
  // Depth of the lowest common ancestor with the anchor, inherited down the tree.
  const lcaDepth = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const p = parent[i] ?? -1;
    lcaDepth[i] = contains[i] === 1 ? (depth[i] ?? 0) : p >= 0 ? (lcaDepth[p] ?? -1) : -1;
    const lca = lcaDepth[i] ?? -1;
    if (lca >= 0) distance[i] = (depth[i] ?? 0) + linkDepth - 2 * lca;
  }
  return { distance, contains };
}

// ---------------------------------------------------------------------------
// Extraction

/** A reading for an element whose layout is not read: zero size. */
function unmeasured(size: SizeReading): void {
  size.width = 0;
  size.height = 0;
  size.visible = false;
}

/** A {@link classHint} not yet worked out (hints are −1, 0 or 1). */
const HINT_UNKNOWN = 2;

/** Number of node features: the width of a row of {@link NodeRows}. */
export const NODE_FEATURE_COUNT = NODE_FEATURE_NAMES.length;

/** Column of a node feature in a row of {@link NodeRows}. */
export const NODE_COLUMN: Readonly<Record<NodeFeatureName, number>> = Object.fromEntries(
  NODE_FEATURE_NAMES.map((n, k) => [n, k]),
) as Record<NodeFeatureName, number>;

/** The page-element candidates of a document as feature rows, the form the forest scores. */
export interface NodeRows {
  /** each candidate's position in `stats.elements`, document order */
  at: Int32Array;
  /** {@link NODE_FEATURE_COUNT} values per candidate, in {@link NODE_FEATURE_NAMES}
   * order, one row after the other */
  values: Float64Array;
  /** whether the phrasing elements were left out of the candidates (./phrasing.ts) */
  phrasingOut: boolean;
  /** for each candidate, the element position a choice of it is reported as: the
   * outermost wrapper left out directly above it (./wrappers.ts), else its own */
  outer: Int32Array;
  /** whether the wrappers were left out of the candidates (./wrappers.ts) */
  wrappersOut: boolean;
}

/**
 * The node features of a document's page-element candidates, written straight into one
 * flat array: the features of {@link extractNodeVectors}, value for value, without an
 * object and an array per element. The detector scores every element with text on the
 * page where it runs, so what each element costs decides a cold page load:
 * long-lived objects per element were what the young-generation collector kept copying.
 *
 * @param doc document (live, DOMParser or jsdom)
 * @param opts as {@link extractNodeVectors}; `phrasingOut` also leaves out the phrasing
 *   elements of {@link PHRASING_TAGS}, `wrappersOut` (with `withTextOnly`) the wrappers of
 *   ./wrappers.ts (the page-element detector's candidates); `boilerplateUnmeasured`
 *   reads no layout for the candidates whose class or id names them boilerplate
 *   ({@link classHint} −1: width, height and areaRatio stay 0, visible follows the markup):
 *   the page-element choice gives them no content weight whatever their votes
 *   (`namedBoilerplate`, src/detect/page-element-choice.ts), so the detector does not score them
 * @returns the candidates' positions and their rows; empty for an empty document
 */
export function nodeFeatureRows(doc: Document, opts: NodeRowOptions = {}): NodeRows {
  return runNow(nodeFeatureRowsSteps(doc, opts));
}

/** Options of {@link nodeFeatureRows}. */
export interface NodeRowOptions {
  nextLink?: Element | null;
  stats?: NodeStats;
  withTextOnly?: boolean;
  phrasingOut?: boolean;
  wrappersOut?: boolean;
  boilerplateUnmeasured?: boolean;
}

/** Candidates whose rows are written between two yields of {@link nodeFeatureRowsSteps}. */
const ROW_BATCH = 64;

/**
 * {@link nodeFeatureRows} as a loop that yields every {@link ROW_BATCH} candidates (each
 * reads its layout box), for a {@link SliceBudget}: the same rows.
 *
 * @param doc document
 * @param opts as {@link nodeFeatureRows}
 * @returns the candidates' positions and their rows
 */
export function* nodeFeatureRowsSteps(doc: Document, opts: NodeRowOptions = {}): Steps<NodeRows> {
  const s = opts.stats ?? (yield* nodeStatsSteps(doc));
  const phrasingOut = opts.phrasingOut === true;
  const wrappersOut = opts.wrappersOut === true && opts.withTextOnly === true;
  const none = { at: new Int32Array(0), values: new Float64Array(0), outer: new Int32Array(0) };
  if (s.body < 0) return { ...none, phrasingOut, wrappersOut };
  const total = s.elements.length;
  const end = s.body + (s.descendants[s.body] ?? 0);
  // Positions are written into typed arrays sized for the whole body, then cut: a push
  // per element is a call in the uncompiled code of a page's first detection.
  const last = Math.min(end, total - 1);
  const candidates = new Int32Array(Math.max(0, last - s.body + 1));
  let count = 0;
  for (let i = s.body; i <= last; i++) {
    if (s.excluded[i] === 1) continue;
    // Elements without text are never content; skipping them saves their layout reads.
    if (opts.withTextOnly && (s.textLength[i] ?? 0) === 0) continue;
    candidates[count++] = i;
  }
  const all = candidates.subarray(0, count);
  const wrapped = wrappersOut ? wrapperTops(s, all) : null;
  const atAll = new Int32Array(count);
  const outerAll = new Int32Array(count);
  let scored = 0;
  for (let k = 0; k < all.length; k++) {
    const i = all[k] as number;
    // A wrapper is scored through its one child, which holds the same text (./wrappers.ts).
    if (wrapped !== null && wrapped.wrapper[k] === 1) continue;
    // Phrasing elements are scored as part of the block around them (./phrasing.ts).
    if (phrasingOut && PHRASING_TAGS.has(s.tag[i] ?? "")) continue;
    atAll[scored] = i;
    outerAll[scored] = wrapped !== null ? (wrapped.top[k] as number) : i;
    scored++;
  }
  const at = atAll.subarray(0, scored);
  const outer = outerAll.subarray(0, scored);
  const layout = hasLayout(doc);
  const page = documentSize(doc, layout);
  const docArea = page.width * page.height;
  const linkIndex = opts.nextLink ? s.elements.indexOf(opts.nextLink) : -1;
  const rel = nextLinkRelation(s.parent, s.depth, linkIndex);
  // One reading reused for every element (without layout the sizes stay 0).
  const size: SizeReading = { width: 0, height: 0, visible: false };
  // Elements share a handful of class and id values; their hint is worked out once each:
  // by signature (tag and class, numbered by the pass) where there is no id, most
  // elements, so no key is built and hashed per candidate (the top line of this loop).
  const hintOfSignature = new Int8Array(s.signatureCount).fill(HINT_UNKNOWN);
  const hints = new Map<string, number>();
  const C = NODE_COLUMN;
  const values = new Float64Array(at.length * NODE_FEATURE_COUNT);
  for (let k = 0; k < at.length; k++) {
    if (k % ROW_BATCH === ROW_BATCH - 1) yield;
    const i = at[k] as number;
    const el = s.elements[i] as Element;
    const tag = s.tag[i] ?? "";
    const cls = s.className[i] ?? "";
    const id = s.id[i] ?? "";
    let hint = 0;
    if (id === "") {
      if (cls !== "") {
        const sig = s.signature[i] as number;
        hint = hintOfSignature[sig] as number;
        if (hint === HINT_UNKNOWN) {
          hint = classHint(cls, "");
          hintOfSignature[sig] = hint;
        }
      }
    } else {
      const key = `${cls}\u0000${id}`;
      const known = hints.get(key);
      hint = known ?? classHint(cls, id);
      if (known === undefined) hints.set(key, hint);
    }
    const measured = layout && !(opts.boilerplateUnmeasured === true && hint < 0);
    if (measured) measureSize(el, size);
    else if (layout) unmeasured(size);
    const o = k * NODE_FEATURE_COUNT;
    // Columns by name, so the rows follow NODE_FEATURE_NAMES whatever its order.
    values[o + C.tagLength] = s.tagLength[i] ?? 0;
    values[o + C.depth] = s.depth[i] ?? 0;
    values[o + C.position] = i;
    values[o + C.relPosition] = total > 0 ? i / total : 0;
    values[o + C.blockLevel] = blockLevel(tag);
    values[o + C.neverContent] = neverContent(tag);
    values[o + C.siblingTextLength] = siblingTextLength(s, i);
    values[o + C.siblingTextRatio] = siblingTextRatio(s, i);
    values[o + C.siblingPunctuationRatio] = siblingPunctuationRatio(s, i);
    values[o + C.siblingTextDensity] = siblingTextDensity(s, i);
    values[o + C.siblingCount] = siblingCount(s, i);
    values[o + C.childCount] = s.childCount[i] ?? 0;
    values[o + C.childRatio] = childRatio(s, i);
    values[o + C.nextLinkDistance] = rel.distance[i] ?? -1;
    values[o + C.textLength] = s.textLength[i] ?? 0;
    values[o + C.linkDensity] = linkDensity(s, i);
    values[o + C.punctuationRatio] = punctuationRatio(s, i);
    values[o + C.paragraphCount] = s.paragraphs[i] ?? 0;
    values[o + C.containsNextLink] = rel.contains[i] ?? 0;
    values[o + C.classHint] = hint;
    values[o + C.semanticTag] = semanticTag(tag);
    values[o + C.sameTagSiblings] = s.sameTagSiblings[i] ?? 0;
    values[o + C.width] = size.width;
    values[o + C.height] = size.height;
    values[o + C.areaRatio] = docArea > 0 ? (size.width * size.height) / docArea : 0;
    values[o + C.visible] = measured ? (size.visible ? 1 : 0) : s.hidden[i] === 1 ? 0 : 1;
  }
  return { at, values, outer, phrasingOut, wrappersOut };
}

/**
 * The {@link wrappers} among the candidates `all` of one page's statistics, and the
 * outermost wrapper above each candidate (the element a choice of it is reported as).
 *
 * @param s the page's {@link nodeStats}
 * @param all element positions of every candidate, document order
 * @returns indexed as `all`: `wrapper` 1 for each wrapper; `top` the element position of
 *   the outermost of the wrappers directly above the candidate, or its own
 */
function wrapperTops(s: NodeStats, all: Int32Array): { wrapper: Uint8Array; top: Int32Array } {
  const position = new Int32Array(s.elements.length).fill(-1);
  for (let k = 0; k < all.length; k++) position[all[k] as number] = k;
  const parent = new Int32Array(all.length);
  const ownText = new Int32Array(all.length);
  const alike = new Int32Array(all.length);
  for (let k = 0; k < all.length; k++) {
    const i = all[k] as number;
    const p = s.parent[i] ?? -1;
    parent[k] = p >= 0 ? (position[p] ?? -1) : -1;
    ownText[k] = ownTextLength(s, i);
    alike[k] = s.sameTagSiblings[i] ?? 0;
  }
  const wrapper = wrappers(parent, ownText, alike);
  // Parents come first, so a wrapper's top is known before its child's.
  const top = new Int32Array(all.length);
  for (let k = 0; k < all.length; k++) {
    const p = parent[k] ?? -1;
    top[k] = p >= 0 && wrapper[p] === 1 ? (top[p] ?? -1) : (all[k] as number);
  }
  return { wrapper, top };
}

/**
 * Page-element candidates of a document, seed 000 §3.3: `<body>` and every element
 * under it except script, style, noscript, template (and anything inside them) and the
 * inner elements of an `<svg>`. Features in {@link NODE_FEATURE_NAMES} order:
 * tagLength (chars, approximate outerHTML length), depth (edges from `<html>`), position
 * (index among all elements of the document), relPosition (position / element count),
 * blockLevel, neverContent, siblingTextLength (chars), siblingTextRatio,
 * siblingPunctuationRatio, siblingTextDensity (chars per tag), siblingCount, childCount,
 * childRatio (children / element count), nextLinkDistance (edges to `opts.nextLink`, eq.
 * 3.8; −1 without one); extensions textLength (chars), linkDensity, punctuationRatio,
 * paragraphCount (descendant `<p>`), containsNextLink, classHint, semanticTag,
 * sameTagSiblings, and layout width/height (px), areaRatio (box area / document area),
 * visible — the layout ones are 0 without layout (visible then follows the markup).
 * The rows of {@link nodeFeatureRows} as named objects (training, tests). Never throws;
 * an empty document gives [].
 *
 * @param doc document (live, DOMParser or jsdom)
 * @param opts.nextLink the next-link anchor (seed 000 §3.3.2.3: the first `<a>` with the
 *   next URL), or null
 * @param opts.stats precomputed {@link nodeStats} of `doc`, to share one pass
 * @param opts.withTextOnly skip elements without visible text (the page-element
 *   detector scores only those), which saves their layout reads
 * @returns one vector per candidate, in document order
 */
export function extractNodeVectors(
  doc: Document,
  opts: { nextLink?: Element | null; stats?: NodeStats; withTextOnly?: boolean } = {},
): NodeVector[] {
  const s = opts.stats ?? nodeStats(doc);
  const { at, values } = nodeFeatureRows(doc, { ...opts, stats: s });
  return Array.from(at, (i, k) => {
    const features = {} as Record<NodeFeatureName, number>;
    const o = k * NODE_FEATURE_COUNT;
    for (const [c, name] of NODE_FEATURE_NAMES.entries()) features[name] = values[o + c] ?? 0;
    return { element: s.elements[i] as Element, features };
  });
}

/**
 * Feature values of a node vector as an array in {@link NODE_FEATURE_NAMES} order, the
 * layout the model files expect.
 *
 * @param v node vector
 * @returns numbers, one per feature name
 */
export function nodeFeatureArray(v: NodeVector): number[] {
  return NODE_FEATURE_NAMES.map((n) => v.features[n]);
}
