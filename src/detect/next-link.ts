import { runNow, type SliceBudget, type Steps } from "../budget/slices";
import { extractLinkVectorsSteps, linkFeatureArray } from "../features/link-features";
import { pageStep } from "../features/page-step";
import type { Forest } from "../model/forest";
import { worthPage2Check } from "./confirm-next";
import { nextLinkForest } from "./models";
import { CHOICE_FEATURES, chooseNextLink } from "./next-link-choice";
import { pagerAnchor } from "./pager-anchor";
import type { RefusedLink } from "./refused-links";

export { pagerAnchor };

/** The per-page decision of the next-link detector. */
export interface NextLinkResult {
  /** Absolute URL of the next page, or null when the page has none. */
  url: string | null;
  /** Forest probability of the best candidate (0..1), also when it fell below the threshold. */
  score: number;
  /** The anchor of the chosen link that sits in the pager (see {@link pagerAnchor}). */
  anchor: HTMLAnchorElement | null;
  /** Candidates scored: same-origin links, merged by URL, that show a pager signal
   * (src/features/pager-signal.ts). */
  candidates: number;
  /** true when page 2 must confirm `url` before anything is joined: it was kept from the
   * unsure band (probability between the floor asked for and the threshold), or, when a
   * floor was asked for, its URL takes no page step ({@link pageStep}): it leads to
   * another document (the next post), which joins only once page 2 shows it continues
   * this one; or a candidate the reader refused outscored it (./refused-links.ts): the
   * next-best link joins only once page 2 confirms it. */
  unsure: boolean;
}

const computedFor = new WeakMap<Forest, ReadonlySet<string>>();

/**
 * The link features a detection computes: those the forest's splits test
 * ({@link Forest.testedFeatures}) and those the choice reads (`CHOICE_FEATURES`). The
 * others are left 0 ({@link extractLinkVectors}' `features`): they change no vote and no
 * choice, and each is code a page's first, uncompiled detection would compile and run.
 *
 * @param forest the next-link forest
 * @returns feature names (the same set for the same forest)
 */
export function linkFeaturesRead(forest: Forest): ReadonlySet<string> {
  let names = computedFor.get(forest);
  if (names === undefined) {
    names = new Set([...forest.testedFeatures, ...CHOICE_FEATURES]);
    computedFor.set(forest, names);
  }
  return names;
}

/**
 * Find the next-page link of a document, seed 000 §3.2: every same-origin link, merged by
 * URL, that shows a pager signal (src/features/pager-signal.ts; the others cannot page and are
 * not scored) is scored by the bundled random forest (models/next-link.json); the best one
 * outside comment sections ({@link chooseNextLink}) is the next link if its probability
 * reaches the threshold chosen at training time, else the page has none (an auto-pager
 * must stay idle).
 *
 * @param doc the page (live or parsed; layout features are used when present)
 * @param pageUrl absolute URL of `doc` (base for relative links, origin filter)
 * @param threshold decision threshold in 0..1; default: the model's
 * @param unsureFloor when given (below the threshold), a best candidate scoring at least
 *   this is returned too, marked `unsure` (the page-2 confirmation of confirm-next.ts
 *   decides on it), and so is a sure one whose URL takes no paging step, when the
 *   forest's majority votes for it (`worthPage2Check`; else the page has no next link)
 * @param refused the reader's corrections on this page (./refused-links.ts): a refused
 *   candidate is skipped, and the one chosen instead is marked `unsure`
 * @returns the decision; never throws on a well-formed Document
 */
export function detectNextLink(
  doc: Document,
  pageUrl: string,
  threshold?: number,
  unsureFloor?: number,
  refused?: RefusedLink | null,
): NextLinkResult {
  return runNow(detectNextLinkSteps(doc, pageUrl, threshold, unsureFloor, refused));
}

/**
 * {@link detectNextLink} as a loop that yields within the link features and between the
 * forest's trees, for a {@link SliceBudget}: the same decision on an unchanged document.
 *
 * @param doc the page
 * @param pageUrl absolute URL of `doc`
 * @param threshold as {@link detectNextLink}
 * @param unsureFloor as {@link detectNextLink}
 * @param refused as {@link detectNextLink}
 * @returns the decision
 */
export function* detectNextLinkSteps(
  doc: Document,
  pageUrl: string,
  threshold?: number,
  unsureFloor?: number,
  refused?: RefusedLink | null,
): Steps<NextLinkResult> {
  const forest = nextLinkForest();
  const cut = threshold ?? forest.params.threshold ?? 0.5;
  const floor = Math.min(cut, unsureFloor ?? cut);
  // Only links with a pager signal are scored (src/features/pager-signal.ts).
  const vectors = yield* extractLinkVectorsSteps(doc, pageUrl, {
    pagerSignalsOnly: true,
    features: linkFeaturesRead(forest),
  });
  const rows = vectors.map(linkFeatureArray);
  const skipped = refused ? vectors.map((v) => refused(v.url, v.anchors)) : undefined;
  const votes = yield* forest.probabilitiesSteps(rows);
  const { index, score } = chooseNextLink(rows, votes, floor, skipped);
  const chosen = index >= 0 ? vectors[index] : undefined;
  const otherDocument =
    chosen !== undefined && unsureFloor !== undefined && !pageStep(pageUrl, chosen.url);
  if (otherDocument && !worthPage2Check(score, unsureFloor))
    return { url: null, score, anchor: null, candidates: vectors.length, unsure: false };
  return {
    url: chosen?.url ?? null,
    score,
    anchor: chosen ? pagerAnchor(chosen) : null,
    candidates: vectors.length,
    unsure:
      chosen !== undefined && (score < cut || otherDocument || skipped?.includes(true) === true),
  };
}
