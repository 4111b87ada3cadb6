/**
 * The body's full extent from the second page already fetched. What differs between two
 * pages of one template is their content; what stays the same is the template (seed 002,
 * the comparison of same-template pages; seed 003). So a sibling of the chosen page
 * element, of its tag and class, whose text differs between page 1 and page 2 is more of
 * the body, however short or oddly wrapped it is (the one-paragraph first half of a body
 * a template splits around inline boxes), while an element of that kind whose text is the
 * same on both pages is the template's (a teaser, a box repeated on every page).
 */
import { visibleText } from "../features/text";
import { documentOrder, evaluateXPaths, xpathFor, xpathsForRun } from "../rule/xpath";

/** Page 1 as detection left it. */
export interface BodyPage1 {
  /** the live document */
  doc: Document;
  url: string;
  /** the chosen page element(s), document order */
  elements: readonly Element[];
  /** their XPaths (the rule's `pageElement`) */
  xpaths: readonly string[];
}

/** Page 2 as fetched. */
export interface BodyPage2 {
  /** the parsed document (no layout, no scripts run) */
  doc: Document;
  url: string;
}

/** The body's full extent on page 1. */
export interface BodyExtent {
  /** page 1's elements of the body, document order */
  elements: Element[];
  /** their XPaths, for page 2 and later */
  xpaths: string[];
}

/** Share of an element's text inside links above which it is navigation, not prose (as
 * the page-element boundary, Readability.js's link density > 0.5). */
const MAX_LINK_DENSITY = 0.5;

/** Text of an element as a reader sees it, whitespace collapsed. */
function textOf(e: Element): string {
  return visibleText(e).replace(/\s+/g, " ").trim();
}

/** Share of an element's text inside links, 0..1. */
function linkDensity(e: Element, text: string): number {
  if (text.length === 0) return 0;
  let inLinks = 0;
  for (const a of Array.from(e.querySelectorAll("a[href]"))) inLinks += textOf(a).length;
  return inLinks / text.length;
}

/** The children of `parent` of `e`'s tag and class attribute, document order. */
function sameKind(parent: Element, e: Element): Element[] {
  const cls = e.getAttribute("class")?.trim() ?? "";
  return Array.from(parent.children).filter(
    (c) => c.localName === e.localName && (c.getAttribute("class")?.trim() ?? "") === cls,
  );
}

/**
 * The element of page 2 that holds what `parent` holds on page 1: the parent of page 1's
 * page element as page 1's rule finds it on page 2, else `parent`'s own XPath there.
 */
function counterpartParent(page1: BodyPage1, parent: Element, page2: Document): Element | null {
  const found = evaluateXPaths(page2, page1.xpaths);
  const up = found[0]?.parentElement;
  if (up && found.every((e) => e.parentElement === up)) return up;
  return evaluateXPaths(page2, [xpathFor(parent)])[0] ?? null;
}

/**
 * The full extent of page 1's body, judged against page 2: each sibling of a chosen page
 * element that shares its tag and class attribute joins the body when its text differs
 * from that of the sibling in the same place on page 2 (the k-th of that tag and class
 * under the body's parent), both have text, and it is not navigation (at most half its
 * text in links). The boxes between the parts (other tags or classes) stay out; so do
 * siblings of the same kind whose text page 2 repeats (the template's).
 *
 * @param page1 page 1: live document, URL, chosen page element(s) and their XPaths
 * @param page2 page 2: parsed document and URL
 * @returns page 1's body elements and their XPaths, or null when the body is already whole
 *   (nothing to add, the chosen elements not siblings, or nothing to compare on page 2)
 */
export function bodyExtent(page1: BodyPage1, page2: BodyPage2): BodyExtent | null {
  const parent = page1.elements[0]?.parentElement;
  if (!parent || !page1.elements.every((e) => e.parentElement === parent)) return null;
  const other = counterpartParent(page1, parent, page2.doc);
  if (!other) return null;
  const chosen = new Set(page1.elements);
  const added: Element[] = [];
  const kinds = new Set<string>();
  for (const e of page1.elements) {
    const cls = e.getAttribute("class")?.trim() ?? "";
    const kind = `${e.localName}.${cls}`;
    // Elements of one kind are compared once; a kind without a class names no part.
    if (cls === "" || kinds.has(kind)) continue;
    kinds.add(kind);
    const here = sameKind(parent, e);
    const there = sameKind(other, e);
    here.forEach((s, k) => {
      if (chosen.has(s)) return;
      const text = textOf(s);
      const twin = there[k];
      const twinText = twin ? textOf(twin) : "";
      if (text === "" || twinText === "" || text === twinText) return;
      if (linkDensity(s, text) > MAX_LINK_DENSITY) return;
      added.push(s);
    });
  }
  if (added.length === 0) return null;
  const elements = [...page1.elements, ...added].sort(documentOrder);
  return { elements, xpaths: xpathsForRun(elements) };
}
