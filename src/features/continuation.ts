/**
 * Continuation words and disabled links (next links the forest used to miss): labels that lead on through a
 * list without saying "next" ("Older posts", "過去の投稿", "Načíst další příběhy"), links
 * that a pager shows but has switched off (the last page's "Next" with
 * `aria-disabled="true"`), and how many links of a page claim to be "current + 1" (a
 * forum list repeats a small "1 2 3" pager in every thread row; none of them pages the
 * list). Each is one signal for the next-link forest, which weighs it against the URL
 * features; the forest learns the direction ("Newer posts" on page 3 points back).
 */

import { NEWER_WORDS, OLDER_WORDS } from "./keywords";
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
  const reads = (raw: string) => shortLabelReads(raw, MAY_BE_OLDER, OLDER);
  return reads(text) || alts.some(reads) ? 1 : 0;
}

const NEWER = vocabulary(NEWER_WORDS);
const MAY_BE_NEWER = mayHoldWord(NEWER_WORDS);

/**
 * The link's text reads "newer posts" ({@link NEWER_WORDS}), in a short label: on page 2
 * of a blog shown newest first, the way back to page 1. The page-2 confirmation reads it
 * as a previous-page link; it is not a next-link feature.
 *
 * @param text visible text of the anchor
 * @returns true for a "newer posts" label
 */
export function newerText(text: string): boolean {
  return shortLabelReads(text, MAY_BE_NEWER, NEWER);
}

/** A label of at most {@link MAX_LABEL_CHARS} that holds one of a vocabulary's words. */
function shortLabelReads(
  raw: string,
  mayHold: (text: string) => boolean,
  holds: (text: string) => boolean,
): boolean {
  if (raw.length > 4 * MAX_LABEL_CHARS || !mayHold(raw)) return false;
  const t = normalizeLabel(raw);
  return t !== "" && t.length <= MAX_LABEL_CHARS && holds(t);
}

/**
 * An "older posts" link whose URL moves on: {@link olderText} together with a page step
 * (`isPlusOne`, /page/2/) or a cursor (`cursorParam`, Blogger's `?updated-max=…`). The
 * forest sees blogs that page by number far more often than by cursor, so from "older"
 * and "cursor" apart it learns too little of their pair; the two ways of stepping are one
 * signal here. "Older models" or "Older series" (a category) take no step.
 *
 * @param older {@link olderText} of the link (0 or 1)
 * @param plusOne `isPlusOne` of the link (0 or 1)
 * @param cursor `cursorParam` of the link (0 or 1)
 * @returns 1 or 0
 */
export function olderStep(older: number, plusOne: number, cursor: number): number {
  return older === 1 && (plusOne === 1 || cursor === 1) ? 1 : 0;
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
