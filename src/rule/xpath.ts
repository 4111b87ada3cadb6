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

function xpathString(s: string): string {
  if (!s.includes('"')) return `"${s}"`;
  if (!s.includes("'")) return `'${s}'`;
  return `concat("${s.replace(/"/g, '", \'"\', "')}")`;
}

function classPredicate(cls: string): string {
  return `contains(concat(" ", normalize-space(@class), " "), ${xpathString(` ${cls} `)})`;
}

function stableClass(el: Element): string | null {
  for (const c of Array.from(el.classList)) if (isStableToken(c)) return c;
  return null;
}

function matchesStep(el: Element, tag: string, cls: string | null): boolean {
  return el.localName === tag && (cls === null || el.classList.contains(cls));
}

/** One location step for `el` below its parent: `tag`, `tag[class]`, plus a position if needed. */
function stepFor(el: Element): string {
  const tag = el.localName;
  const cls = stableClass(el);
  const parent = el.parentElement;
  let step = cls ? `${tag}[${classPredicate(cls)}]` : tag;
  if (parent) {
    const same = Array.from(parent.children).filter((c) => matchesStep(c, tag, cls));
    if (same.length > 1) step += `[${same.indexOf(el) + 1}]`;
  }
  return step;
}

/**
 * XPath that selects `el` in its document and, ideally, the same-role element
 * in other pages of the site.
 * @param el an element attached to a document
 * @returns an absolute XPath 1.0 expression (e.g. `//*[@id="story"]/div[contains(…"body"…)]`)
 */
export function xpathFor(el: Element): string {
  const doc = el.ownerDocument;
  const steps: string[] = [];
  let cur: Element | null = el;
  while (cur && cur !== doc.documentElement) {
    const id = cur.getAttribute("id");
    if (id && isStableToken(id) && doc.querySelectorAll(`[id=${xpathString(id)}]`).length === 1) {
      steps.unshift(`//*[@id=${xpathString(id)}]`);
      return steps.join("/");
    }
    steps.unshift(stepFor(cur));
    cur = cur.parentElement;
  }
  return `/${[doc.documentElement?.localName ?? "html", ...steps].join("/")}`;
}

/**
 * XPaths for a run of sibling page elements (forum posts, or the paragraphs of
 * a body that shares its parent with the pager): one `parent/step` per distinct
 * tag-and-class among them, so the rule holds on pages with more or fewer
 * items. Together (a union) they select the run in document order; elements
 * the run skipped on page 1 (the pager) are dropped by the caller.
 * @param els page elements in document order (non-empty)
 */
export function xpathsForRun(els: readonly Element[]): string[] {
  const [first] = els;
  if (!first) return [];
  if (els.length === 1) return [xpathFor(first)];
  const parent = first.parentElement;
  if (!parent || !els.every((e) => e.parentElement === parent)) return els.map(xpathFor);
  const parentPath = xpathFor(parent);
  const steps = new Set<string>();
  for (const el of els) {
    const cls = stableClass(el);
    steps.add(cls ? `${el.localName}[${classPredicate(cls)}]` : el.localName);
  }
  return Array.from(steps, (step) => `${parentPath}/${step}`);
}

/**
 * Union of what several XPaths select, in document order, without repeats.
 */
export function evaluateXPaths(doc: Document, xpaths: readonly string[]): Element[] {
  const found = new Set<Element>();
  for (const xp of xpaths) for (const el of evaluateXPath(doc, xp)) found.add(el);
  return Array.from(found).sort((a, b) =>
    a === b ? 0 : a.compareDocumentPosition(b) & 4 /* FOLLOWING */ ? -1 : 1,
  );
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
