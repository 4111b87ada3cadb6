import { LINK_FEATURE_NAMES, type LinkFeatureName } from "../features/link-features";

/** The features {@link eligibleNextLink} reads, whether the forest tests them or not: the
 * detection computes these (`linkFeaturesRead`), so the list and the columns read below
 * are one. */
export const CHOICE_FEATURES: readonly LinkFeatureName[] = [
  "inComments",
  "disabledLink",
  "nextItem",
];

const [IN_COMMENTS, DISABLED, NEXT_ITEM] = CHOICE_FEATURES.map((n) =>
  LINK_FEATURE_NAMES.indexOf(n),
) as [number, number, number];

/**
 * Whether a candidate may be the next link at all: a link all of whose anchors sit in a
 * comment section pages through the comments, never through the article or list an
 * auto-pager joins (the corpus has too few comment pagers for the forest to learn this);
 * a link all of whose anchors are switched off (`aria-disabled`, `disabled`: the last
 * page's "Next") does nothing when a reader clicks it, so the pager does not follow it;
 * a link that names the next single item ("Next Thread", "Next Year", "次の記事": the
 * nextItem feature) leads along a chain of separate pages, never to page 2 of this one
 * (false activations the forest sees too few of to learn).
 *
 * @param row the candidate's features in LINK_FEATURE_NAMES order
 * @returns false for comment-only, disabled and next-item links
 */
export function eligibleNextLink(row: readonly number[]): boolean {
  return (row[IN_COMMENTS] ?? 0) !== 1 && (row[DISABLED] ?? 0) !== 1 && (row[NEXT_ITEM] ?? 0) !== 1;
}

/**
 * The per-page decision of seed 000 §3.2: the eligible candidate with the highest forest
 * probability, if it reaches the threshold.
 *
 * @param rows candidate features (LINK_FEATURE_NAMES order)
 * @param probs forest probability of each candidate
 * @param threshold decision threshold in 0..1
 * @param refused per candidate, true where the reader refused it ("Not the next page",
 *   ../reader/corrections.ts): it is never chosen, and the next-best one may be
 * @returns the chosen position (−1 for none) and the best eligible probability
 */
export function chooseNextLink(
  rows: readonly (readonly number[])[],
  probs: readonly number[],
  threshold: number,
  refused?: readonly boolean[],
): { index: number; score: number } {
  let best = -1;
  let score = 0;
  probs.forEach((p, k) => {
    if (p > score && eligibleNextLink(rows[k] ?? []) && refused?.[k] !== true) {
      score = p;
      best = k;
    }
  });
  return { index: best >= 0 && score >= threshold ? best : -1, score };
}
