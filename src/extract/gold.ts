/**
 * Gold article text of the two labelled article sets in `../shared/corpus/articles`,
 * for the export measure of ARCHITECTURE.md (4-token shingle F1 of the body text).
 * Node-only helpers for evaluation; nothing here ships in the extension.
 */
import { blockText, blockTextWhere } from "./text";

/** The attribute GoogleTrends-2017 (BoilerNet) pages carry on labelled elements. */
export const LABEL_ATTR = "__label";

/**
 * Gold text of a GoogleTrends-2017 page: every text node whose nearest labelled
 * ancestor-or-self carries `__label="main"` (unlabelled inline elements inside a main
 * paragraph belong to it; a caption or comment inside it does not), one line per block.
 * @param doc the page, parsed with its labels
 */
export function googleTrendsGold(doc: Document): string {
  return blockTextWhere(doc.body ?? doc, (text) => {
    for (let el = text.parentElement; el; el = el.parentElement) {
      const label = el.getAttribute(LABEL_ATTR);
      if (label !== null) return label === "main";
    }
    return false;
  });
}

/**
 * Remove every label attribute, so an extractor under test cannot see the answers.
 * @returns how many elements were unlabelled
 */
export function stripLabels(doc: Document): number {
  const els = Array.from(doc.querySelectorAll(`[${LABEL_ATTR}]`));
  for (const el of els) el.removeAttribute(LABEL_ATTR);
  return els.length;
}

/**
 * Gold text of a Readability test page: the text of its `expected.html`.
 * @param expected `expected.html`, parsed
 */
export function readabilityGold(expected: Document): string {
  return blockText(expected.body ?? expected);
}
