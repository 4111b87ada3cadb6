/**
 * XPath expressions for the page element and the next link, shaped like the
 * `pageElement` / `nextLink` of an AutoPagerize SITEINFO item: anchored on a
 * unique id where one exists, stepping by tag and class, and using positions
 * only where tag and class do not single an element out. Ids and classes survive
 * from page 1 to page 2 of the same template far more often than positions do.
 */

const GENERATED = /\d{3,}|^[a-f0-9]{8,}$|^(?:ember|react|ng-|css-|sc-|jsx-)/i;

/** True when an id or class token looks hand-written (not a per-render hash or counter). */
export function isStableToken(token: string): boolean {
  return token.length > 0 && token.length <= 40 && !GENERATED.test(token);
}

/** An XPath 1.0 string literal for any text (quotes included, `concat()` when it has both kinds). */
export function xpathString(s: string): string {
  if (!s.includes('"')) return `"${s}"`;
  if (!s.includes("'")) return `'${s}'`;
  return `concat("${s.replace(/"/g, '", \'"\', "')}")`;
}

/** XPath predicate body true when `@class` has the token `cls`. */
export function classPredicate(cls: string): string {
  return `contains(concat(" ", normalize-space(@class), " "), ${xpathString(` ${cls} `)})`;
}

/** The element's first hand-written-looking class token, or null. */
export function stableClass(el: Element): string | null {
  return stableClasses(el)[0] ?? null;
}

/** The element's hand-written-looking class tokens, in attribute order. */
export function stableClasses(el: Element): string[] {
  return Array.from(el.classList).filter(isStableToken);
}

/** One location step: a tag, optionally a class, optionally a position among the
 * parent's children that match tag and class (XPath `tag[class][n]`). */
interface Step {
  tag: string;
  cls: string | null;
  pos: number | null;
}

/** A tag name XPath can name as is (not `fb:like`, which would need a namespace). */
const PLAIN_TAG = /^[a-z][a-z0-9-]*$/;

function renderStep(s: Step): string {
  const tag = PLAIN_TAG.test(s.tag) ? s.tag : `*[local-name()=${xpathString(s.tag)}]`;
  return `${tag}${s.cls ? `[${classPredicate(s.cls)}]` : ""}${s.pos ? `[${s.pos}]` : ""}`;
}

/** CSS for a position-free step: the same elements as its XPath (`~=` is the XPath class test). */
function cssStep(s: Step): string {
  return `${s.tag}${s.cls ? `[class~=${JSON.stringify(s.cls)}]` : ""}`;
}

/**
 * The step for `el` below its parent: a class that singles it out among its
 * same-tag siblings if one does, else tag and first stable class, with a position
 * only when those do not decide.
 */
function stepFor(el: Element): Step {
  const tag = el.localName;
  const classes = stableClasses(el);
  const parent = el.parentElement;
  if (!parent) return { tag, cls: classes[0] ?? null, pos: null };
  const sameTag = Array.from(parent.children).filter((c) => c.localName === tag);
  if (sameTag.length > 1) {
    for (const cls of classes) {
      if (sameTag.filter((c) => c.classList.contains(cls)).length === 1)
        return { tag, cls, pos: null };
    }
  }
  const cls = classes[0] ?? null;
  const same = cls ? sameTag.filter((c) => c.classList.contains(cls)) : sameTag;
  return { tag, cls, pos: same.length > 1 ? same.indexOf(el) + 1 : null };
}

/** Whether exactly one element of the document has this id. */
function uniqueId(doc: Document, id: string): boolean {
  try {
    return doc.querySelectorAll(`[id=${JSON.stringify(id)}]`).length === 1;
  } catch {
    return false;
  }
}

/** The steps from the nearest unique stable id (or the root) down to `el`. */
function pathTo(el: Element): { anchor: string | null; anchorCss: string | null; steps: Step[] } {
  const doc = el.ownerDocument;
  const steps: Step[] = [];
  for (let cur: Element | null = el; cur && cur !== doc.documentElement; cur = cur.parentElement) {
    const id = cur.getAttribute("id");
    if (id && isStableToken(id) && uniqueId(doc, id))
      return {
        anchor: `//*[@id=${xpathString(id)}]`,
        anchorCss: `[id=${JSON.stringify(id)}]`,
        steps,
      };
    steps.unshift(stepFor(cur));
  }
  return { anchor: null, anchorCss: null, steps };
}

/** Whether a CSS selector selects exactly `targets` (in any order) in `root`. */
function selectsExactly(root: ParentNode, css: string, targets: readonly Element[]): boolean {
  try {
    const found = root.querySelectorAll(css);
    return found.length === targets.length && targets.every((t) => Array.from(found).includes(t));
  } catch {
    return false;
  }
}

/**
 * XPath that selects `el` in its document and, ideally, the same-role element
 * in other pages of the site. The full path from the nearest unique id is
 * shortened to its shortest position-free tail that still selects `el` alone
 * (`//*[@id="main"]//article[…"post"…]`): steps in between are where templates
 * vary from page to page (an extra featured row, an ad slot).
 * @param el an element attached to a document
 * @returns an absolute XPath 1.0 expression (e.g. `//*[@id="story"]/div[contains(…"body"…)]`)
 */
export function xpathFor(el: Element): string {
  const { anchor, anchorCss, steps } = pathTo(el);
  if (steps.length === 0 && anchor) return anchor;
  return shortestPath(el.ownerDocument, anchor, anchorCss, steps, [el]);
}

/**
 * The shortest position-free tail of `anchor/steps` that selects exactly `targets`
 * below the anchor (`anchor//tail`), else the whole path.
 */
function shortestPath(
  doc: Document,
  anchor: string | null,
  anchorCss: string | null,
  steps: readonly Step[],
  targets: readonly Element[],
): string {
  const scope: ParentNode = anchorCss ? (doc.querySelector(anchorCss) ?? doc) : doc;
  for (let k = steps.length - 1; k >= 1; k--) {
    const tail = steps.slice(k);
    if (tail.some((s) => s.pos !== null || !PLAIN_TAG.test(s.tag))) break;
    if (selectsExactly(scope, tail.map(cssStep).join(" > "), targets))
      return `${anchor ?? ""}//${tail.map(renderStep).join("/")}`;
  }
  const path = steps.map(renderStep).join("/");
  return anchor
    ? `${anchor}/${path}`
    : `/${[doc.documentElement?.localName ?? "html", path].join("/")}`;
}

/** A table row with a data cell (not a header row of `th` only). */
export function hasDataCell(row: Element): boolean {
  return Array.from(row.children).some((c) => c.localName === "td");
}

/**
 * The XPath of every row of a table section that holds a data cell ({@link hasDataCell}):
 * the records of a list laid out as a table, its header rows left out, on any page.
 *
 * @param section the `tbody` (or `table`, `thead`) whose rows they are
 * @returns `…/tr[td]`
 */
export function recordRowsXPath(section: Element): string {
  return `${xpathFor(section)}/tr[td]`;
}

/** Sort comparator of elements of one document: document order. */
export function documentOrder(a: Element, b: Element): number {
  return a === b ? 0 : a.compareDocumentPosition(b) & 4 /* FOLLOWING */ ? -1 : 1;
}

function sameMembers(a: readonly Element[], b: readonly Element[]): boolean {
  return a.length === b.length && a.every((e) => b.includes(e));
}

/**
 * XPaths for a run of sibling page elements (forum posts, or the paragraphs of
 * a body that shares its parent with the pager): per tag, one `parent/tag[class]`
 * step whose class picks exactly the run's elements of that tag among the
 * parent's children (or the bare tag when all of them are in the run; `tr[td]` when the
 * run is every row of a table section but its header rows), so the rule holds on pages with more or fewer items and does not take the ad slots or
 * header rows that share the parent. Elements no such step covers get their own
 * XPath. Together (a union) they select the run in document order.
 * @param els page elements in document order (non-empty)
 */
export function xpathsForRun(els: readonly Element[]): string[] {
  const [first] = els;
  if (!first) return [];
  if (els.length === 1) return [xpathFor(first)];
  const parent = first.parentElement;
  if (!parent || !els.every((e) => e.parentElement === parent)) return els.map(xpathFor);
  const doc = parent.ownerDocument;
  const { anchor, anchorCss, steps } = pathTo(parent);
  const out: string[] = [];
  const tags = Array.from(new Set(els.map((e) => e.localName)));
  for (const tag of tags) {
    const mine = els.filter((e) => e.localName === tag);
    const all = Array.from(parent.children).filter((c) => c.localName === tag);
    const shared = stableClasses(mine[0] as Element).filter((c) =>
      mine.every((e) => e.classList.contains(c)),
    );
    const exact = shared.find(
      (c) => all.filter((e) => e.classList.contains(c)).length === mine.length,
    );
    // The bare tag when the run has every child of that tag; a class, for robustness,
    // when one picks exactly the run.
    const step: Step | null = exact
      ? { tag, cls: exact, pos: null }
      : all.length === mine.length
        ? { tag, cls: null, pos: null }
        : null;
    if (step) out.push(shortestPath(doc, anchor, anchorCss, [...steps, step], mine));
    else if (tag === "tr" && sameMembers(mine, all.filter(hasDataCell)))
      out.push(recordRowsXPath(parent));
    else out.push(...mine.map(xpathFor));
  }
  return out;
}

/**
 * Union of what several XPaths select, in document order, without repeats.
 */
export function evaluateXPaths(doc: Document, xpaths: readonly string[]): Element[] {
  const found = new Set<Element>();
  for (const xp of xpaths) for (const el of evaluateXPath(doc, xp)) found.add(el);
  return Array.from(found).sort(documentOrder);
}

/**
 * Elements an XPath selects in `doc`, in document order; [] on any error
 * (a rule from another page must never throw in the pager).
 */
export function evaluateXPath(doc: Document, xpath: string, context: Node = doc): Element[] {
  try {
    const view = doc.defaultView as (Window & typeof globalThis) | null;
    const snapshotType = view?.XPathResult?.ORDERED_NODE_SNAPSHOT_TYPE ?? 7;
    const result = doc.evaluate(xpath, context, null, snapshotType, null);
    const out: Element[] = [];
    for (let i = 0; i < result.snapshotLength; i++) {
      const node = result.snapshotItem(i);
      if (node && node.nodeType === 1) out.push(node as Element);
    }
    return out;
  } catch {
    return [];
  }
}
