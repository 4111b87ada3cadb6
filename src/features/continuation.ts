/**
 * Continuation words and disabled links (issue 12's misses): labels that lead on through a
 * list without saying "next" ("Older posts", "過去の投稿", "Načíst další příběhy"), links
 * that a pager shows but has switched off (the last page's "Next" with
 * `aria-disabled="true"`), and how many links of a page claim to be "current + 1" (a
 * forum list repeats a small "1 2 3" pager in every thread row; none of them pages the
 * list). Each is one signal for the next-link forest, which weighs it against the URL
 * features; the forest learns the direction ("Newer posts" on page 3 points back).
 */

import { OLDER_WORDS } from "./keywords";
import { loadMoreText, mayHoldWord, normalizeLabel, vocabulary } from "./load-more";

/** Longest label read as a continuation control (chars, normalized). */
const MAX_LABEL_CHARS = 40;

const OLDER = vocabulary(OLDER_WORDS);
const MAY_BE_OLDER = mayHoldWord(OLDER_WORDS);

/**
 * The link's text or an image alt reads "older posts / older entries" in one of the pager
 * languages ({@link OLDER_WORDS}), in a short label.
 *
 * @param text visible text of the anchor
 * @param alts image alts inside the anchor
 * @returns 1 or 0
 */
export function olderText(text: string, alts: readonly string[]): number {
  const reads = (raw: string) => {
    if (raw.length > 4 * MAX_LABEL_CHARS || !MAY_BE_OLDER(raw)) return false;
    const t = normalizeLabel(raw);
    return t !== "" && t.length <= MAX_LABEL_CHARS && OLDER(t);
  };
  return reads(text) || alts.some(reads) ? 1 : 0;
}

/**
 * The link's text reads "load more / show more stories" ({@link loadMoreText}): a list
 * whose "more" control is a real link to page 2 rather than a script button.
 *
 * @param text visible text of the anchor
 * @returns 1 or 0
 */
export function moreText(text: string): number {
  return loadMoreText(text) ? 1 : 0;
}

/**
 * The anchor is switched off: `aria-disabled="true"`, a `disabled` attribute, or a
 * `disabled` class token on it or its parent. Pagers keep the last page's "Next" that
 * way, often with an href to a page that does not exist; a reader's click does nothing,
 * so an auto-pager must not follow it either.
 *
 * @param a anchor
 * @returns 1 or 0
 */
export function disabledLink(a: Element): number {
  const off = (e: Element | null) =>
    e !== null &&
    (e.getAttribute("aria-disabled") === "true" ||
      e.hasAttribute("disabled") ||
      e.classList.contains("disabled"));
  return off(a) || off(a.parentElement) ? 1 : 0;
}

/**
 * How many candidates of the page claim to be "current page + 1" of a numbered run: one
 * for a page's pager (the same URL repeated above and below the list is one candidate),
 * many where every row of a list carries its own little pager.
 *
 * @param plusOne each candidate's runPlusOne (0/1)
 * @returns the count, the same for every candidate of the page
 */
export function plusOneLinks(plusOne: readonly number[]): number {
  let n = 0;
  for (const v of plusOne) n += v === 1 ? 1 : 0;
  return n;
}
