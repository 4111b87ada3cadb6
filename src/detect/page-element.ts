import { extractNodeVectors, type NodeVector } from "../features/node-features";
import { countPunctuation } from "../features/text";

/**
 * Transparent page-element scorer standing in for the forest of seed 000 §3.3
 * until it is trained (models/CARD.md). Text blocks vote for their ancestors
 * (parent full, grandparent half, great-grandparent a third), as in
 * Readability's candidate scoring; votes are then weighed by the node features
 * of `src/features/node-features.ts` (link density, class hints, semantic tag).
 * The container the votes pile up in is the article body or the list of items.
 */

const TEXT_BLOCKS = new Set([
  "p",
  "pre",
  "td",
  "blockquote",
  "li",
  "dd",
  "dt",
  "div",
  "section",
  "article",
]);
const MIN_BLOCK_CHARS = 25;

/** Chars of text directly inside `el` (its own text nodes), or all of it for `<p>`-like leaves. */
function ownTextLength(el: Element): number {
  if (el.localName === "p" || el.localName === "pre" || el.localName === "blockquote") {
    return (el.textContent ?? "").replace(/\s+/g, " ").trim().length;
  }
  let n = 0;
  for (const c of Array.from(el.childNodes)) {
    if (c.nodeType === 3) n += (c.textContent ?? "").replace(/\s+/g, " ").trim().length;
    else if (
      c.nodeType === 1 &&
      /^(a|b|i|em|strong|span|code|small|br|img|font|u|sup|sub)$/.test((c as Element).localName)
    ) {
      n += ((c as Element).textContent ?? "").replace(/\s+/g, " ").trim().length;
    }
  }
  return n;
}

/** Vote of one text block: longer, punctuated text is prose rather than navigation. */
function blockVote(el: Element): number {
  const chars = ownTextLength(el);
  if (chars < MIN_BLOCK_CHARS) return 0;
  const punct = countPunctuation(el.textContent ?? "");
  return 1 + Math.min(punct, 10) + Math.min(3, Math.floor(chars / 100));
}

/** The per-page decision of the page-element detector. */
export interface PageElementResult {
  /** One container, or a run of sibling items when their parent also holds the pager. */
  elements: Element[];
  /** Score of the chosen container (votes weighed by features); 0 when none. */
  score: number;
}

/**
 * Find the page element(s) of a document: what an auto-pager appends from page 2.
 * @param doc a live or parsed document
 * @param nextLink the next-link anchor of this page, if found (excluded from the result)
 * @returns the element(s) in document order; empty when the page has no text blocks
 */
export function detectPageElement(
  doc: Document,
  nextLink: Element | null = null,
): PageElementResult {
  const vectors = extractNodeVectors(doc, { nextLink });
  const byElement = new Map<Element, NodeVector>();
  for (const v of vectors) byElement.set(v.element, v);

  const votes = new Map<Element, number>();
  for (const v of vectors) {
    if (!TEXT_BLOCKS.has(v.element.localName)) continue;
    const vote = blockVote(v.element);
    if (vote === 0) continue;
    let anc = v.element.parentElement;
    for (let level = 1; anc && level <= 3; level++, anc = anc.parentElement) {
      votes.set(anc, (votes.get(anc) ?? 0) + vote / level);
    }
  }

  let best: Element | null = null;
  let bestScore = 0;
  for (const [el, vote] of votes) {
    const v = byElement.get(el);
    if (!v || v.features.neverContent || v.features.visible === 0) continue;
    const f = v.features;
    const score = vote * (1 - f.linkDensity) + 25 * f.classHint + 10 * f.semanticTag;
    if (score > bestScore) {
      best = el;
      bestScore = score;
    }
  }
  if (!best) return { elements: [], score: 0 };
  if (nextLink && best.contains(nextLink)) {
    return { elements: itemsBesidePager(best, nextLink), score: bestScore };
  }
  return { elements: [best], score: bestScore };
}

/**
 * When the best container also holds the pager, the page element is the
 * longest run of its children that hold text and not the pager (corpus
 * guideline: "the items themselves when their parent also holds the pager").
 */
function itemsBesidePager(container: Element, nextLink: Element): Element[] {
  let run: Element[] = [];
  let bestRun: Element[] = [];
  for (const child of Array.from(container.children)) {
    const holdsPager = child.contains(nextLink);
    const hasText =
      (child.textContent ?? "").trim().length > 0 || child.querySelector("img") !== null;
    if (holdsPager || /^(script|style|noscript|template)$/.test(child.localName)) {
      if (run.length > bestRun.length) bestRun = run;
      run = [];
    } else if (hasText) {
      run.push(child);
    }
  }
  if (run.length > bestRun.length) bestRun = run;
  return bestRun;
}
