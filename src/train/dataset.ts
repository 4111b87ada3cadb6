/**
 * Turning harvested pages into training rows and back into page-level answers: node rows
 * with the next-link features filled for a given next link, the candidate tree, and the
 * text of any element set (for the 4-token shingle measure of ARCHITECTURE.md).
 */

import { NODE_FEATURE_NAMES, nextLinkRelation } from "../features/node-features";
import type { PageHarvest } from "./harvest";

const DISTANCE = NODE_FEATURE_NAMES.indexOf("nextLinkDistance");
const CONTAINS = NODE_FEATURE_NAMES.indexOf("containsNextLink");

/**
 * Element position of the anchor of the first gold next link (seed 000 §3.3.2.3 uses the
 * true next link when training), −1 when the page has none among its candidates.
 *
 * @param rec harvested page
 * @returns element position or −1
 */
export function goldAnchor(rec: PageHarvest): number {
  const k = rec.links.label.indexOf(1);
  return k >= 0 ? (rec.links.anchor[k] ?? -1) : -1;
}

/**
 * Node feature rows of a page with nextLinkDistance and containsNextLink computed for
 * the given anchor, exactly as `extractNodeVectors` would with that next link.
 *
 * @param rec harvested page
 * @param anchor element position of the next-link anchor, −1 for none
 * @returns one row per candidate (new arrays)
 */
export function nodeRows(rec: PageHarvest, anchor: number): number[][] {
  const rel = nextLinkRelation(rec.elements.parent, rec.elements.depth, anchor);
  return rec.nodes.rows.map((row, k) => {
    const i = rec.nodes.index[k] ?? -1;
    const out = row.slice();
    out[DISTANCE] = rel.distance[i] ?? -1;
    out[CONTAINS] = rel.contains[i] ?? 0;
    return out;
  });
}

/**
 * The candidate tree of a page: each candidate's parent as a candidate position.
 *
 * @param rec harvested page
 * @returns parent positions (−1 for roots), candidate order
 */
export function candidateParents(rec: PageHarvest): Int32Array {
  const pos = new Map<number, number>();
  for (const [k, i] of rec.nodes.index.entries()) pos.set(i, k);
  return Int32Array.from(rec.nodes.index, (i) => pos.get(rec.elements.parent[i] ?? -1) ?? -1);
}

/**
 * Visible text of a set of elements and their subtrees, chunks joined by spaces.
 *
 * @param rec harvested page
 * @param elements element positions (nested ones are counted once)
 * @returns text in document order
 */
export function textOfElements(rec: PageHarvest, elements: readonly number[]): string {
  const ranges = elements.map((i) => [i, i + (rec.elements.descendants[i] ?? 0)] as const);
  const parts: string[] = [];
  rec.chunks.owner.forEach((o, k) => {
    if (ranges.some(([a, b]) => o >= a && o <= b)) parts.push(rec.chunks.text[k] ?? "");
  });
  return parts.join(" ");
}

/**
 * Gold main-content text of a page: the expected article (readability) or the text of
 * the gold elements.
 *
 * @param rec harvested page
 * @returns text ("" when the page has no gold)
 */
export function goldText(rec: PageHarvest): string {
  return rec.goldText ?? textOfElements(rec, rec.goldRoots);
}

/**
 * Whether a page carries page-element gold.
 *
 * @param rec harvested page
 */
export function hasPageElementGold(rec: PageHarvest): boolean {
  return rec.goldText !== null ? rec.goldText.length > 0 : rec.goldRoots.length > 0;
}
