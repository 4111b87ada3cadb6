/**
 * The names of the next-link features and their groups, apart from the extractor
 * (./link-features.ts) so that the candidate stage (./pager-signal.ts), which the
 * extractor calls, can name them without importing the extractor back.
 */

/** Names of the link features, in vector order: Table 3.1 (1)–(9), then extensions. */
export const LINK_FEATURE_NAMES = [
  "nextLabel",
  "pageLabel",
  "oneChar",
  "occurrences",
  "textLength",
  "textRatio",
  "urlLength",
  "urlRatio",
  "linkSimilarity",
  "relNext",
  "nextText",
  "nextAttr",
  "prevHint",
  "numericText",
  "pageNumberDelta",
  "isPlusOne",
  "inPager",
  "disabledOrCurrent",
  "inHeadOrFooter",
  "inComments",
  "area",
  "visible",
  "relTop",
  "nextItem",
  "pagePrefix",
  "runPlusOne",
  "runTemplate",
  "iconNext",
  "cursorParam",
  "dateStep",
  "hrefNotUrl",
  "olderText",
  "moreText",
  "disabledLink",
  "plusOneLinks",
  "datedTarget",
  "olderStep",
  "postNavigation",
  "headlineText",
  "otherDocument",
] as const;

/** Features read from rendered layout (seed 000 §5.2's extension). A fetched page 2
 * (DOMParser) has no layout, so they are 0 there; the next-link forest is trained
 * without them (`LINK_LEARNER` in src/train/experiment.ts) so that page 1 and page 2
 * score alike. */
export const LINK_LAYOUT_FEATURES: readonly LinkFeatureName[] = ["area", "relTop"];

/** Features that measure the page more than the link: `textRatio` (the link's share of
 * the page's text) is under 0.012 for every next link of the corpus, so full trees learn
 * "a long page" and a short one (a gallery or comic page with a caption, a fetched page 2
 * of a few lines) loses its plain "Next": the unit fixtures' `<a>Next</a>` at a share of
 * 0.09 scored 0.73, under the threshold. The next-link forest is trained without it;
 * textLength keeps the link's own length. */
export const LINK_PAGE_SIZE_FEATURES: readonly LinkFeatureName[] = ["textRatio"];

/** The features added to the thesis's, by group (for the ablations of the model card). */
export const PAGER_STRUCTURE_FEATURES: readonly LinkFeatureName[] = [
  "runPlusOne",
  "runTemplate",
  "iconNext",
  "cursorParam",
];
export const NEXT_ITEM_URL_FEATURES: readonly LinkFeatureName[] = [
  "dateStep",
  "hrefNotUrl",
  "datedTarget",
];
/** Continuation words, disabled links and rival "current + 1" links (continuation.ts). */
export const CONTINUATION_FEATURES: readonly LinkFeatureName[] = [
  "olderText",
  "moreText",
  "disabledLink",
  "plusOneLinks",
  "olderStep",
];

/** Next post against next page (./next-post.ts, ./page-step.ts): post-navigation markup, a
 * headline as the link text, a URL that leads to another document. */
export const NEXT_POST_FEATURES: readonly LinkFeatureName[] = [
  "postNavigation",
  "headlineText",
  "otherDocument",
];

export type LinkFeatureName = (typeof LINK_FEATURE_NAMES)[number];
