/**
 * In-page half of the training pipeline (seed 000 §3.2–3.3, §4.1): run the content
 * script's own feature code on a rendered corpus page and attach the labels. Bundled as
 * an IIFE and injected by `render.ts` into headless Chromium, so training vectors come
 * from the same code, on a laid-out page, as vectors in the extension.
 *
 * The result keeps the element tree as index arrays so the Node side can recompute the
 * two next-link-dependent node features for any predicted next link
 * ({@link nextLinkRelation}) and rebuild the text of any element set for the shingle
 * measure, without a DOM.
 */

import { pagerAnchor } from "../detect/pager-anchor";
import { anchorHref } from "../features/anchor-href";
import { headNextLink } from "../features/head-next";
import {
  candidateUrl,
  documentBaseUrl,
  extractLinkVectors,
  linkFeatureArray,
} from "../features/link-features";
import {
  extractNodeVectors,
  nodeFeatureArray,
  nodeStats,
  ownTextLength,
} from "../features/node-features";
import { PHRASING_TAGS } from "../features/phrasing";
import { NON_TEXT_TAGS, normalizeSpace, visibleText } from "../features/text";
import { mergeKey } from "../features/url-query";

/** Labels and references for one page; which fields are set depends on the corpus part. */
export interface HarvestInput {
  /** absolute URL the page was saved from (it is rendered at that address) */
  pageUrl: string;
  /** pagination: CSS selector of the next link(s); "" when the page has none */
  nextSelector?: string;
  /** pagination: CSS selector of the page element(s) */
  pageElementSelector?: string;
  /** googletrends: the attribute carrying element labels (`__label`), removed before features */
  labelAttribute?: string;
  /** googletrends: the label value of main content (`main`) */
  labelValue?: string;
  /** readability: the expected article HTML; node labels come from text coverage */
  goldHtml?: string;
}

/** Vectors, labels and the element tree of one rendered page. */
export interface PageHarvest {
  url: string;
  links: {
    /** candidate URLs (same-origin, merged) */
    urls: string[];
    /** feature rows, LINK_FEATURE_NAMES order */
    rows: number[][];
    /** element position of the anchor that stands for each link ({@link pagerAnchor}) */
    anchor: number[];
    /** 1 when the URL is a gold next URL */
    label: number[];
    /** visible text of the standing anchor, first 80 chars (for the thesis's rule baseline) */
    text: string[];
  };
  /** URLs of the elements the next selector matches (may be outside the candidates) */
  goldNextUrls: string[];
  /** false when a non-empty next selector matched no link: the label is unusable */
  nextSelectorMatched: boolean;
  /** the head's `<link rel="next">` one page on (../features/head-next.ts), which the
   * decision takes, waiting for page 2, where no anchor is chosen; null when none */
  headNextUrl: string | null;
  /** the element tree, every element in document order */
  elements: { parent: number[]; depth: number[]; descendants: number[] };
  nodes: {
    /** element position of each candidate (candidates: extractNodeVectors with text) */
    index: number[];
    /** feature rows, NODE_FEATURE_NAMES order, computed with no next link */
    rows: number[][];
    /** chars of text directly in the element (not in child elements) */
    ownText: number[];
    /** 1 when the element is main content (inside a gold element, or covered by gold text) */
    label: number[];
    /** 1 for a phrasing element (../features/phrasing.ts), which the detector leaves out */
    phrasing: number[];
  };
  /** visible text nodes: owner element position and collapsed text */
  chunks: { owner: number[]; text: string[] };
  /** element positions of the gold page element(s), outermost only */
  goldRoots: number[];
  /** gold text when the gold is not an element of the page (readability) */
  goldText: string | null;
  /** feature extraction time, ms */
  ms: { links: number; nodes: number };
  /** label problems found on this page (bad selector, …) */
  problems: string[];
}

const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
const ELEMENT_NODE = 1;

/** Share of an element's text that must occur in the gold text for a "content" label. */
const COVERAGE_FOR_CONTENT = 0.8;
/** Shorter text pieces ("Home", "|") prove nothing when found in the gold text. */
const MIN_MATCH_CHARS = 3;

function round(x: number): number {
  return Number.isInteger(x) ? x : Math.round(x * 1e6) / 1e6;
}

/**
 * Visible text nodes under `root` with the position of their parent element.
 *
 * @param root element to walk
 * @param index element → position
 * @returns owners and collapsed texts, document order, empty texts dropped
 */
export function textChunks(
  root: Element,
  index: Map<Element, number>,
): { owner: number[]; text: string[] } {
  const owner: number[] = [];
  const text: string[] = [];
  const walk = (parent: Node, ownerIndex: number): void => {
    for (let n = parent.firstChild; n !== null; n = n.nextSibling) {
      if (n.nodeType === TEXT_NODE || n.nodeType === CDATA_SECTION_NODE) {
        const t = normalizeSpace((n as CharacterData).data);
        if (t !== "") {
          owner.push(ownerIndex);
          text.push(t);
        }
      } else if (n.nodeType === ELEMENT_NODE && !NON_TEXT_TAGS.has((n as Element).localName)) {
        walk(n, index.get(n as Element) ?? ownerIndex);
      }
    }
  };
  walk(root, index.get(root) ?? -1);
  return { owner, text };
}

function safeQueryAll(doc: Document, selector: string, problems: string[]): Element[] {
  try {
    return [...doc.querySelectorAll(selector)];
  } catch {
    problems.push(`invalid selector ${JSON.stringify(selector)}`);
    return [];
  }
}

/** Outermost elements of a set (drop any element inside another of the set). */
function outermost(els: Element[]): Element[] {
  const set = new Set(els);
  return els.filter((el) => {
    for (let p = el.parentElement; p !== null; p = p.parentElement) if (set.has(p)) return false;
    return true;
  });
}

/**
 * Vectors and labels of one rendered page (see {@link PageHarvest}). Mutates the page only
 * to remove `input.labelAttribute` (so a label never leaks into tagLength).
 *
 * @param doc the rendered document
 * @param input labels and references of the page
 * @returns everything the trainer needs from this page
 */
export function harvestPage(doc: Document, input: HarvestInput): PageHarvest {
  const problems: string[] = [];
  const { pageUrl } = input;

  let goldElements: Element[] = [];
  if (input.labelAttribute) {
    const attr = input.labelAttribute;
    goldElements = [...doc.querySelectorAll("*")].filter(
      (el) => el.getAttribute(attr) === input.labelValue,
    );
    for (const el of doc.querySelectorAll("*")) el.removeAttribute(attr);
  } else if (input.pageElementSelector) {
    goldElements = safeQueryAll(doc, input.pageElementSelector, problems);
    if (goldElements.length === 0) problems.push("page-element selector matches nothing");
  }

  const t0 = performance.now();
  const links = extractLinkVectors(doc, pageUrl);
  const t1 = performance.now();
  const stats = nodeStats(doc);
  const vectors = extractNodeVectors(doc, { nextLink: null, stats });
  const t2 = performance.now();

  // Gold next URLs, seed 000 §4.1: the anchors the selector marks, by URL.
  const goldNextUrls: string[] = [];
  let nextSelectorMatched = true;
  if (input.nextSelector) {
    const base = documentBaseUrl(doc, pageUrl);
    const page = new URL(pageUrl);
    page.hash = "";
    for (const el of safeQueryAll(doc, input.nextSelector, problems)) {
      const a = el.closest("a[href]") ?? el.querySelector("a[href]");
      const href = a ? anchorHref(a) : null;
      if (!href || base === null) continue;
      const url = candidateUrl(href, base, page) ?? absolute(href, base);
      if (url !== null && !goldNextUrls.includes(url)) goldNextUrls.push(url);
    }
    if (goldNextUrls.length === 0) {
      nextSelectorMatched = false;
      problems.push("next selector matches no link");
    }
  }
  // A candidate merged with a gold link (the same page under another referrer, mergeKey)
  // is the gold link: its URL is the one the detector answers with.
  const goldKeys = new Set(goldNextUrls.map(mergeKey));
  for (const l of links)
    if (goldKeys.has(mergeKey(l.url)) && !goldNextUrls.includes(l.url)) goldNextUrls.push(l.url);

  const roots = outermost(goldElements);
  const goldRoots = roots.map((el) => stats.index.get(el) ?? -1).filter((i) => i >= 0);
  const body = doc.body ?? doc.documentElement;
  const chunks = body ? textChunks(body, stats.index) : { owner: [], text: [] };
  const n = stats.elements.length;

  // Tag-level content labels (seed 000 §4.1.2): inside a gold element, or mostly covered
  // by the gold text when the gold is a separate document (readability's expected.html).
  const inside = new Uint8Array(n);
  for (const r of goldRoots) inside.fill(1, r, r + (stats.descendants[r] ?? 0) + 1);
  let goldText: string | null = null;
  if (input.goldHtml !== undefined) {
    const gold = new DOMParser().parseFromString(input.goldHtml, "text/html");
    const gStats = nodeStats(gold);
    goldText = gold.body ? textChunks(gold.body, gStats.index).text.join(" ") : "";
    const covered = new Float64Array(n);
    const total = new Float64Array(n);
    chunks.text.forEach((t, k) => {
      const o = chunks.owner[k] ?? -1;
      if (o < 0) return;
      total[o] = (total[o] ?? 0) + t.length;
      if (t.length >= MIN_MATCH_CHARS && goldText?.includes(t))
        covered[o] = (covered[o] ?? 0) + t.length;
    });
    for (let i = n - 1; i > 0; i--) {
      const p = stats.parent[i] ?? -1;
      if (p < 0) continue;
      covered[p] = (covered[p] ?? 0) + (covered[i] ?? 0);
      total[p] = (total[p] ?? 0) + (total[i] ?? 0);
    }
    for (let i = 0; i < n; i++) {
      const t = total[i] ?? 0;
      if (t > 0 && (covered[i] ?? 0) / t >= COVERAGE_FOR_CONTENT) inside[i] = 1;
    }
  }

  const nodes: PageHarvest["nodes"] = { index: [], rows: [], ownText: [], label: [], phrasing: [] };
  for (const v of vectors) {
    if (v.features.textLength <= 0) continue;
    const i = stats.index.get(v.element) ?? -1;
    nodes.index.push(i);
    nodes.rows.push(nodeFeatureArray(v).map(round));
    nodes.ownText.push(ownTextLength(stats, i));
    nodes.label.push(inside[i] ?? 0);
    nodes.phrasing.push(PHRASING_TAGS.has(stats.tag[i] ?? "") ? 1 : 0);
  }

  return {
    url: pageUrl,
    links: {
      urls: links.map((l) => l.url),
      rows: links.map((l) => linkFeatureArray(l).map(round)),
      anchor: links.map((l) => {
        const a = pagerAnchor(l);
        return a ? (stats.index.get(a) ?? -1) : -1;
      }),
      label: links.map((l) => (goldNextUrls.includes(l.url) ? 1 : 0)),
      text: links.map((l) => {
        const a = pagerAnchor(l);
        return a ? visibleText(a).slice(0, 80) : "";
      }),
    },
    goldNextUrls,
    nextSelectorMatched,
    headNextUrl: headNextLink(doc, pageUrl)?.url ?? null,
    elements: {
      parent: [...stats.parent],
      depth: [...stats.depth],
      descendants: [...stats.descendants],
    },
    nodes,
    chunks,
    goldRoots,
    goldText,
    ms: { links: t1 - t0, nodes: t2 - t1 },
    problems,
  };
}

function absolute(href: string, base: URL): string | null {
  try {
    const u = new URL(href, base);
    u.hash = "";
    return u.href;
  } catch {
    return null;
  }
}
