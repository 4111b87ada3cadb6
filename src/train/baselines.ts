/**
 * The baselines the model card compares against (seed 000 §4.2): the thesis's rule for the
 * next link, `rel=next` alone, and Kato et al.'s main-content rule for the page element.
 */

import { LINK_FEATURE_NAMES } from "../features/link-features";
import { NODE_FEATURE_NAMES } from "../features/node-features";
import type { Rec } from "./experiment";

const REL_NEXT = LINK_FEATURE_NAMES.indexOf("relNext");
const TEXT_LENGTH = NODE_FEATURE_NAMES.indexOf("textLength");

/**
 * Seed 000 §4.2.2 baseline: the first link whose text contains "NEXT" (any case) or "次",
 * or whose text is "2".
 *
 * @param rec harvested page
 * @returns the predicted next URL or null
 */
export function thesisRuleNext(rec: Rec): string | null {
  const k = rec.links.text.findIndex((t) => /next|次/i.test(t) || t.trim() === "2");
  return k >= 0 ? (rec.links.urls[k] ?? null) : null;
}

/**
 * The first link marked `rel=next` (on the anchor or by a `<link rel=next>` to its URL).
 *
 * @param rec harvested page
 * @returns the predicted next URL or null
 */
export function relNextOnly(rec: Rec): string | null {
  const k = rec.links.rows.findIndex((r) => (r[REL_NEXT] ?? 0) === 1);
  return k >= 0 ? (rec.links.urls[k] ?? null) : null;
}

/**
 * Seed 000 §4.2.2 page-element baseline after Kato et al.: among the elements holding
 * more than half of the page's text, the one holding the least.
 *
 * @param rec harvested page
 * @returns element positions (one element, or none)
 */
export function katoPageElement(rec: Rec): number[] {
  const lengths = rec.nodes.rows.map((r) => r[TEXT_LENGTH] ?? 0);
  const page = Math.max(0, ...lengths);
  let best = -1;
  lengths.forEach((t, k) => {
    if (t > page / 2 && (best < 0 || t <= (lengths[best] ?? 0))) best = k;
  });
  return best >= 0 ? [rec.nodes.index[best] ?? -1] : [];
}
