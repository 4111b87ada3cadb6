/**
 * XPaths for what a reader picked on the page, in the style of the learned rules
 * (../rule/learn-rule.ts, ../rule/xpath.ts): `rel`, ids, classes and link texts first,
 * positions only where nothing else singles the element out, so the rule still holds on
 * pages 2, 3, … of the same template.
 */
import { nextLinkXPathCandidates } from "../rule/learn-rule";
import { classPredicate, evaluateXPath, stableClasses, xpathFor } from "../rule/xpath";

/** A candidate whose last step is a single class test (`…//a[contains(… " arrow ")]`). */
const ENDS_IN_CLASS = /\[contains\(concat\(" ", normalize-space\(@class\), " "\), [^\]]*\)\]$/;

/**
 * The learned rules' `nextLink` candidates for a picked link, with one more before those
 * that name it by a single class: all its stable classes at once. A page 2 often has a
 * "previous" arrow that shares one class with the next one (`arrow back`, `arrow fwd`);
 * the rule must not take it for the next link there.
 */
function pickCandidates(link: Element): string[] {
  const all = nextLinkXPathCandidates(link);
  const classes = stableClasses(link);
  if (classes.length < 2) return all;
  const combined = `//${link.localName}${classes.map((c) => `[${classPredicate(c)}]`).join("")}`;
  const at = all.findIndex((xp) => ENDS_IN_CLASS.test(xp));
  return at < 0 ? [...all, combined] : [...all.slice(0, at), combined, ...all.slice(at)];
}

/**
 * The link a reader meant when pointing at `el`: `el` itself or its nearest ancestor that
 * is a link with an `href` (the arrow image inside a next link).
 * @returns null when `el` is in no link
 */
export function linkOf(el: Element): Element | null {
  return el.closest("a[href], area[href]");
}

/**
 * The `nextLink` XPath of a picked link: the first of the learned-rule candidates
 * (`rel="next"`, a unique id, its text in its pager, its image's alt, all its stable
 * classes, one stable class…) that selects exactly this link and nothing else on the page.
 * @param link the picked link (attached)
 * @returns an XPath that selects `link` alone (the positional path when nothing else does)
 */
export function pickedNextLinkXPath(link: Element): string {
  const doc = link.ownerDocument;
  for (const xp of pickCandidates(link)) {
    const found = evaluateXPath(doc, xp);
    if (found.length === 1 && found[0] === link) return xp;
  }
  return xpathFor(link);
}

/**
 * The `pageElement` XPath of a picked element: its path from the nearest unique id,
 * shortened to the shortest position-free tail that still selects it alone
 * ({@link xpathFor}).
 * @param el the picked element (attached)
 */
export function pickedPageElementXPath(el: Element): string {
  return xpathFor(el);
}
