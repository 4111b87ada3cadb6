/**
 * Reading a fetched page with the site rule, and checking it before anything is
 * inserted: the rule must match, the page element must look like page 1's and
 * hold something, and the next link must lead somewhere new. Where the rule fails,
 * the models run on the fetched document instead (seed 000 §3.2–3.3 on a page
 * without layout), and the pager is told, so a cached rule that stopped working
 * is dropped.
 */
import { runNow, type SliceBudget, type Steps } from "../budget/slices";
import { detectNextLinkSteps } from "../detect/next-link";
import { detectPageElementSteps } from "../detect/page-element";
import { visibleText } from "../features/text";
import { sameOrigin } from "../keys/normalize-url";
import { samePageKey } from "../keys/page-url";
import { nextFromRule } from "../rule/match-rule";
import { evaluateXPaths } from "../rule/xpath";

/** What the pager learned on page 1 and carries to fetched pages. */
export interface PageProfile {
  /** `pageElement` XPath(s). */
  pageElementXPaths: readonly string[];
  /** `nextLink` XPath; undefined: the models find fetched pages' next links. */
  nextLinkXPath?: string | undefined;
  /** The reader's own rule: its `nextLink` is final (no model fallback for the next link). */
  strictNextLink?: boolean;
  /** Tag names of page 1's page elements (e.g. ["article"], ["tr"]). */
  tags: ReadonlySet<string>;
}

/** Where each half of the answer came from. */
export type Source = "rule" | "model" | "none";

/** A fetched page read and checked. */
export interface ResolvedPage {
  elements: Element[];
  nextUrl: string | null;
  nextAnchor: Element | null;
  /** How the page element was found. */
  elementsBy: Source;
  /** How the next link was found; "rule" with a null URL: the rule says this is the
   * last page; "none": neither rule nor model found one. */
  nextBy: Source;
  /** Why the rule was not used, for the rule cache and the status (empty when it was). */
  ruleProblems: string[];
}

/** Page 1's profile for {@link resolvePage}. */
export function profileOf(
  pageElements: readonly Element[],
  pageElementXPaths: readonly string[],
  nextLinkXPath?: string,
  strictNextLink = false,
): PageProfile {
  return {
    pageElementXPaths,
    nextLinkXPath,
    strictNextLink,
    tags: new Set(pageElements.map((e) => e.localName)),
  };
}

/**
 * Whether fetched page elements agree with page 1's structure: the same kinds of
 * element (an article for an article, rows for rows), never the whole document.
 */
export function structureAgrees(profile: PageProfile, elements: readonly Element[]): boolean {
  if (elements.length === 0) return false;
  return elements.every(
    (e) => profile.tags.has(e.localName) && e.localName !== "body" && e.localName !== "html",
  );
}

/** Whether page elements hold anything a reader would see: text or an image. */
export function hasContent(elements: readonly Element[]): boolean {
  return elements.some(
    (e) => visibleText(e).trim().length > 0 || e.querySelector("img, picture, video") !== null,
  );
}

/**
 * Read a fetched page: next link by the rule's `nextLink` when it leads to a
 * new same-origin page, else by the model (not for the reader's own rules: there
 * no match means the last page, as in AutoPagerize); page element by the rule's
 * `pageElement` when it matches with page 1's structure and has content, else
 * by the model.
 * @param doc the fetched page, parsed (no layout)
 * @param url its final URL
 * @param profile page 1's rule and shape
 * @param visited whether a URL (any form) was already shown
 */
export function resolvePage(
  doc: Document,
  url: string,
  profile: PageProfile,
  visited: (url: string) => boolean,
): ResolvedPage {
  return runNow(resolvePageSteps(doc, url, profile, visited));
}

/**
 * {@link resolvePage} as a loop that yields within the models' passes, for a
 * {@link SliceBudget}: the same reading.
 * @param doc the fetched page, parsed (no layout)
 * @param url its final URL
 * @param profile page 1's rule and shape
 * @param visited whether a URL (any form) was already shown
 * @returns as {@link resolvePage}
 */
export function* resolvePageSteps(
  doc: Document,
  url: string,
  profile: PageProfile,
  visited: (url: string) => boolean,
): Steps<ResolvedPage> {
  const ruleProblems: string[] = [];
  const fresh = (u: string | null | undefined): u is string =>
    !!u && sameOrigin(url, u) && !visited(u);

  let nextUrl: string | null = null;
  let nextAnchor: Element | null = null;
  let nextBy: Source = "none";
  // The rule's next link to a page already shown: where nothing else leads on, the pager
  // stops on it with "already shown" (a loop), not as if the page had no next link.
  let shown: { url: string; anchor: Element | null } | null = null;
  if (profile.nextLinkXPath) {
    const ruled = nextFromRule(doc, profile.nextLinkXPath, url);
    if (ruled && fresh(ruled.nextUrl)) {
      nextUrl = ruled.nextUrl;
      nextAnchor = ruled.nextAnchor;
      nextBy = "rule";
    } else if (ruled && samePageKey(ruled.nextUrl) === samePageKey(url)) {
      // A "next" that points at the page itself (a disabled next on the last page):
      // the end, as the rule says.
      nextBy = "rule";
    } else if (ruled) {
      ruleProblems.push("nextLink leads to a page already shown");
      if (sameOrigin(url, ruled.nextUrl)) shown = { url: ruled.nextUrl, anchor: ruled.nextAnchor };
    }
  }
  if (nextBy === "none" && !profile.strictNextLink) {
    const found = yield* detectNextLinkSteps(doc, url);
    if (fresh(found.url)) {
      // On the last page the rule rightly matches nothing; it failed only if the
      // model still sees a way on.
      if (profile.nextLinkXPath && ruleProblems.length === 0)
        ruleProblems.push("nextLink matched nothing");
      nextUrl = found.url;
      nextAnchor = found.anchor;
      nextBy = "model";
    }
    // A model pick that leads to a page already shown is no loop: the model reads a page
    // only where the rule matched nothing, as on the last page, and there its pick is most
    // often the way back ("Previous page" at the model's threshold, by the URL's length
    // alone). The last page ends quietly; a loop is claimed on the rule's next link only.
  }
  if (nextUrl === null && shown !== null) {
    nextUrl = shown.url;
    nextAnchor = shown.anchor;
  }

  yield;
  const ruled = evaluateXPaths(doc, profile.pageElementXPaths).filter(
    (e) => !nextAnchor || !e.contains(nextAnchor),
  );
  const problem =
    ruled.length === 0
      ? "pageElement matched nothing"
      : !structureAgrees(profile, ruled)
        ? "pageElement differs from page 1"
        : !hasContent(ruled)
          ? "pageElement is empty"
          : null;
  if (problem === null) {
    return { elements: ruled, nextUrl, nextAnchor, elementsBy: "rule", nextBy, ruleProblems };
  }
  ruleProblems.push(problem);
  yield;
  const model = (yield* detectPageElementSteps(doc, nextAnchor)).elements;
  const found = hasContent(model);
  return {
    elements: found ? model : [],
    nextUrl,
    nextAnchor,
    elementsBy: found ? "model" : "none",
    nextBy,
    ruleProblems,
  };
}

/** A visited-set test for {@link resolvePage} over normalized URLs. */
export function visitedIn(set: ReadonlySet<string>): (url: string) => boolean {
  return (u) => set.has(samePageKey(u));
}
