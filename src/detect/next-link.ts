import { runNow, type SliceBudget, type Steps } from "../budget/slices";
import { headNextLink } from "../features/head-next";
import {
  extractLinkVectorsSteps,
  type LinkVector,
  linkFeatureArray,
} from "../features/link-features";
import { visibleText } from "../features/text";
import type { Forest } from "../model/forest";
import { nextLinkForest } from "./models";
import {
  DECISION_FEATURES,
  decideNextLink,
  type ScoredCandidate,
  type WaitReason,
} from "./next-decision";
import { CHOICE_FEATURES } from "./next-link-choice";
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
  /** The head's `<link rel="next">` when it is the link chosen (`wait` "head-link"; no
   * anchor then): a site rule reads it on the fetched pages. */
  headLink?: Element;
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
  /** why page 2 must confirm it (null when it joins at once or there is none): its score
   * is short of certain, it leads to another document, the reader refused a better one, or
   * the pager's structure chose it over the best-scoring link */
  wait: WaitReason | null;
  /** the links the pager tries, each through the page-2 judge, when page 2 refuses `url`
   * (best first, at most two) */
  alternatives: NextLinkCandidate[];
}

/** A link the pager may try after a refused page 2. */
export interface NextLinkCandidate {
  url: string;
  /** forest probability (0..1) */
  score: number;
  anchor: HTMLAnchorElement | null;
}

const computedFor = new WeakMap<Forest, ReadonlySet<string>>();

/**
 * The link features a detection computes: those the forest's splits test
 * ({@link Forest.testedFeatures}) and those the choice and the decision read (`CHOICE_FEATURES`, `DECISION_FEATURES`). The
 * others are left 0 ({@link extractLinkVectors}' `features`): they change no vote and no
 * choice, and each is code a page's first, uncompiled detection would compile and run.
 *
 * @param forest the next-link forest
 * @returns feature names (the same set for the same forest)
 */
export function linkFeaturesRead(forest: Forest): ReadonlySet<string> {
  let names = computedFor.get(forest);
  if (names === undefined) {
    names = new Set([...forest.testedFeatures, ...CHOICE_FEATURES, ...DECISION_FEATURES]);
    computedFor.set(forest, names);
  }
  return names;
}

/**
 * Find the next-page link of a document, seed 000 §3.2: every same-origin link, merged by
 * URL, that shows a pager signal (src/features/pager-signal.ts; the others cannot page and are
 * not scored) is scored by the bundled random forest (models/next-link.json) and the
 * decision of ./next-decision.ts picks one: the best eligible candidate reaching the
 * threshold chosen at training time (or the pager structure's current + 1), else the page
 * has none (an auto-pager must stay idle).
 *
 * @param doc the page (live or parsed; layout features are used when present)
 * @param pageUrl absolute URL of `doc` (base for relative links, origin filter)
 * @param threshold decision threshold in 0..1; default: the model's
 * @param unsureFloor when given, the page-2 judge guards every link short of certain:
 *   `unsure` is set unless the link steps within the page's sequence and scores the
 *   model's `certainScore` (or is structurally next where the model's `certainStructure`
 *   is 1), and a link to another document is kept only from this score (else the page has
 *   no next link); `alternatives` lists what the pager tries after a refusal. Where no
 *   anchor is chosen, the head's `<link rel="next">` one page on is (`unsure`, `wait`
 *   "head-link", `headLink` set, `anchor` null)
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
  // Only links with a pager signal are scored (src/features/pager-signal.ts).
  const vectors = yield* extractLinkVectorsSteps(doc, pageUrl, {
    pagerSignalsOnly: true,
    features: linkFeaturesRead(forest),
  });
  const rows = vectors.map(linkFeatureArray);
  const probs = yield* forest.probabilitiesSteps(rows);
  const candidates: ScoredCandidate[] = vectors.map((v, k) => ({
    url: v.url,
    score: probs[k] ?? 0,
    row: rows[k] ?? [],
    text: standingText(v),
    ...(refused?.(v.url, v.anchors) ? { refused: true } : {}),
  }));
  const d = decideNextLink(pageUrl, candidates, {
    threshold: cut,
    ...(unsureFloor !== undefined ? { floor: unsureFloor } : {}),
    certainScore: forest.params.certainScore ?? 0,
    certainStructure: forest.params.certainStructure === 1,
  });
  // A pager built by script has no link to score; a head that names page 2 stands in for
  // it, where page 2 is asked (a floor) and the reader did not refuse it.
  if (d.index < 0 && unsureFloor !== undefined) {
    const head = headNextLink(doc, pageUrl);
    if (head !== null && !refused?.(head.url, [head.element])) {
      return {
        url: head.url,
        score: d.score,
        anchor: null,
        headLink: head.element,
        candidates: vectors.length,
        unsure: true,
        wait: "head-link",
        alternatives: [],
      };
    }
  }
  const chosen = d.index >= 0 ? vectors[d.index] : undefined;
  const result = (v: (typeof vectors)[number], k: number): NextLinkCandidate => ({
    url: v.url,
    score: probs[k] ?? 0,
    anchor: pagerAnchor(v),
  });
  return {
    url: chosen?.url ?? null,
    score: d.score,
    anchor: chosen ? pagerAnchor(chosen) : null,
    candidates: vectors.length,
    unsure: chosen !== undefined && d.pending,
    wait: d.wait,
    alternatives: d.alternatives.map((k) => result(vectors[k] as (typeof vectors)[number], k)),
  };
}

/**
 * The visible text of the anchor that stands for a candidate, as the training harvest
 * records it (first 80 chars): the pager structure reads its numbers there.
 *
 * @param v a merged link vector
 * @returns the text ("" without an anchor)
 */
export function standingText(v: LinkVector): string {
  const a = pagerAnchor(v);
  return a ? visibleText(a).slice(0, 80) : "";
}
