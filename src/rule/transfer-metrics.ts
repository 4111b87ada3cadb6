/**
 * Pure helpers for measuring how well a site rule learned on one page of a site
 * carries to another page of it (scripts/eval-rules.ts): a positional XPath
 * baseline, the deterministic choice of page pairs, gold next links and page
 * elements from corpus CSS selectors, and the exact and loose hit tests.
 */

/**
 * Plain absolute positional XPath of an element, as Chrome's "Copy full XPath"
 * writes it: one `tag[n]` step per ancestor from `html` down, with the position
 * among same-tag siblings, omitted when the element is its parent's only child
 * of that tag. No ids, classes or text: the baseline for what those buy a rule.
 * @param el an element attached to a document
 * @returns e.g. `/html/body/div[2]/a[3]`
 */
export function positionalXPath(el: Element): string {
  const steps: string[] = [];
  for (let cur: Element | null = el; cur; cur = cur.parentElement) {
    const parent: Element | null = cur.parentElement;
    const tag = cur.localName;
    const same = parent ? Array.from(parent.children).filter((c) => c.localName === tag) : [cur];
    steps.unshift(same.length > 1 ? `${tag}[${same.indexOf(cur) + 1}]` : tag);
  }
  return `/${steps.join("/")}`;
}

/**
 * Ordered pairs (A, B) of distinct indices 0..n-1, in a deterministic order that
 * spreads over the pages before it repeats one as A: first every page with the
 * next one (i, i+1 mod n), then (i, i+2 mod n), and so on; cut at `cap`.
 * @param n number of pages of the site
 * @param cap most pairs to return (Infinity: all n·(n-1))
 * @returns `[a, b]` index pairs, a !== b, no repeats
 */
export function pairSchedule(n: number, cap: number): [number, number][] {
  const out: [number, number][] = [];
  for (let d = 1; d < n; d++)
    for (let i = 0; i < n; i++) {
      if (out.length >= cap) return out;
      out.push([i, (i + d) % n]);
    }
  return out;
}

/**
 * All elements a CSS selector matches, or null when the selector does not parse.
 * @param root document or element to search
 * @param selector CSS selector (may be a comma list)
 */
export function safeQueryAll(root: ParentNode, selector: string): Element[] | null {
  try {
    return Array.from(root.querySelectorAll(selector));
  } catch {
    return null;
  }
}

/**
 * The gold next anchors a corpus `next` selector marks, as the training harvest
 * reads them (src/train/harvest.ts): for each match, its closest `a[href]`, else
 * its first descendant `a[href]`; document order, no repeats.
 * @param doc the page
 * @param selector the label's `next` CSS selector
 * @returns anchors ([] when nothing matches), or null when the selector does not parse
 */
export function goldNextAnchors(doc: Document, selector: string): Element[] | null {
  const matches = safeQueryAll(doc, selector);
  if (matches === null) return null;
  const out: Element[] = [];
  for (const el of matches) {
    const a = el.closest("a[href]") ?? el.querySelector("a[href]");
    if (a && !out.includes(a)) out.push(a);
  }
  return out;
}

/**
 * Absolute URL of an href with the fragment dropped, resolved the way
 * `nextFromRule` resolves it: against the document's first `<base href>`
 * (itself resolved against the page URL), else the page URL.
 * @param href raw `href` attribute
 * @param doc document holding the link
 * @param pageUrl the document's URL
 * @returns the URL, or null for javascript:/fragment-only links and unparsable ones
 */
export function linkUrl(href: string, doc: Document, pageUrl: string): string | null {
  if (/^\s*(javascript:|#)/i.test(href)) return null;
  try {
    const base = doc.querySelector("base[href]")?.getAttribute("href") ?? pageUrl;
    return withoutFragment(new URL(href.trim(), new URL(base, pageUrl)).href);
  } catch {
    return null;
  }
}

/** `url` with its `#fragment` removed (unchanged when it is not a URL). */
export function withoutFragment(url: string): string {
  try {
    const u = new URL(url);
    u.hash = "";
    return u.href;
  } catch {
    return url;
  }
}

/** Outermost elements of a set: any element inside another of the set is dropped. */
export function outermost(els: readonly Element[]): Element[] {
  return els.filter((e) => !els.some((o) => o !== e && o.contains(e)));
}

/**
 * Whether two element lists select the same elements (as sets).
 * @returns true when every element of each is in the other
 */
export function sameElements(a: readonly Element[], b: readonly Element[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((e) => sb.has(e));
}

/** Calls `visit` with every text node's data under `node`, in document order. */
function eachText(node: Node, visit: (text: string) => void): void {
  for (let c = node.firstChild; c; c = c.nextSibling)
    if (c.nodeType === 3) visit((c as Text).data);
    else eachText(c, visit);
}

/**
 * Lowercased whitespace-separated tokens of the elements' text (their
 * `textContent`, each text node split on its own, so `<li>a</li><li>b</li>` is
 * two tokens, not "ab"), each element counted once (nested selections are
 * reduced to the outermost).
 * @returns a bag: token -> count
 */
export function tokenBag(els: readonly Element[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const el of outermost(els))
    eachText(el, (text) => {
      for (const t of text.toLowerCase().split(/\s+/)) if (t) bag.set(t, (bag.get(t) ?? 0) + 1);
    });
  return bag;
}

function bagSize(bag: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const c of bag.values()) n += c;
  return n;
}

/**
 * Text overlap of a selection with the gold, over token bags (multiset
 * intersection of {@link tokenBag}s).
 * @param selected elements the rule selected
 * @param gold gold page elements
 * @returns `recall`: share of gold tokens the selection covers; `precision`:
 *   share of selected tokens inside the gold (1 for an empty side, 0 when only
 *   the other side is empty)
 */
export function textCoverage(
  selected: readonly Element[],
  gold: readonly Element[],
): { recall: number; precision: number } {
  const s = tokenBag(selected);
  const g = tokenBag(gold);
  let common = 0;
  for (const [t, c] of s) common += Math.min(c, g.get(t) ?? 0);
  const ns = bagSize(s);
  const ng = bagSize(g);
  if (ns === 0 && ng === 0) return { recall: 1, precision: 1 };
  return { recall: ng === 0 ? 0 : common / ng, precision: ns === 0 ? 0 : common / ns };
}

/**
 * The loose page-element hit: exact set equality, or text coverage of at least
 * `threshold` both ways (see {@link textCoverage}).
 * @param threshold e.g. 0.9
 */
export function looseHit(
  selected: readonly Element[],
  gold: readonly Element[],
  threshold: number,
): boolean {
  if (sameElements(selected, gold)) return true;
  if (selected.length === 0) return false;
  const { recall, precision } = textCoverage(selected, gold);
  return recall >= threshold && precision >= threshold;
}

/** Rates over a list of booleans; a site's rate is the share of its pairs that hit. */
export interface Rates {
  /** share of all pairs that hit (micro) */
  micro: number;
  /** mean over sites of each site's share (macro) */
  macro: number;
}

/**
 * Micro (over pairs) and macro (over sites) hit rates.
 * @param rows one per pair: its site and whether it hit
 * @returns both rates; 0 when there are no rows
 */
export function rates(rows: readonly { site: string; hit: boolean }[]): Rates {
  if (rows.length === 0) return { micro: 0, macro: 0 };
  const bySite = new Map<string, { n: number; hits: number }>();
  for (const r of rows) {
    const s = bySite.get(r.site) ?? { n: 0, hits: 0 };
    s.n++;
    if (r.hit) s.hits++;
    bySite.set(r.site, s);
  }
  let macro = 0;
  for (const s of bySite.values()) macro += s.hits / s.n;
  return {
    micro: rows.filter((r) => r.hit).length / rows.length,
    macro: macro / bySite.size,
  };
}
