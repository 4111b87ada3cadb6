/**
 * Records of a list page element (seed 002 §5.1 "繰返し構造推定処理", §5.2 "記事HTML要素抽出処理"):
 * the posts, results or products of a list are sibling subtrees that repeat one tag-path
 * signature. The seed codes the XPath of every child, level by level below the main
 * content element, and takes the pattern that repeats most (LZW over the code string).
 * tsugi keeps the one-element case of that pattern, which is how list markup is written
 * today (one `li`/`article`/`div.item` per record), and scores each level by how much of
 * the page element's text the repeated siblings hold, so a repeated pair of share buttons
 * never wins over the list itself.
 */
import { visibleText } from "../features/text";
import { stableClasses } from "../rule/xpath";

/** Fewest repeated siblings that make a list: two could be an article's two sidebars. */
export const MIN_RECORDS = 3;
/** Least share of the page element's text the records must hold, so a short run of
 * repeated boxes inside an article (a gallery strip, a tag list) does not make it a list. */
export const MIN_COVERAGE = 0.5;
/** Levels below the page element searched for the records' parent (seed 002 walks every
 * level; lists sit within a few wrappers of the element the detector picks). */
export const MAX_DEPTH = 4;

/** Form controls whose text is a menu of choices, of which a reader sees one at a time. */
const CHOICES = "select, datalist";

/**
 * The length of the text a reader reads in an element: its visible text without the
 * options of its drop-down menus. A search form's country menu (a few hundred `<option>`s)
 * would otherwise outweigh the list above it, and a layout table's rows would pass for
 * the records because the row holding the real list no longer holds most of the text.
 *
 * @param el the element
 * @returns chars
 */
export function readTextLength(el: Element): number {
  if (el.matches(CHOICES)) return 0;
  let n = visibleText(el).length;
  for (const c of el.querySelectorAll(CHOICES)) n -= visibleText(c).length;
  return Math.max(0, n);
}

/** Tags that never make a record by themselves: text runs, headings and table cells are
 * parts of an article or of a row, not items (an article is many `p`s of one signature). */
const NOT_RECORD: ReadonlySet<string> = new Set([
  "p",
  "span",
  "a",
  "br",
  "hr",
  "img",
  "picture",
  "b",
  "i",
  "em",
  "strong",
  "small",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "td",
  "th",
  "option",
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "input",
  "button",
  "label",
  "figure",
  "blockquote",
  "pre",
  "code",
]);

/** Class tokens that say a record's state or its place in the list, not its kind: rows
 * alternate "odd"/"even", the first item is "first", a pinned topic "sticky". */
const STATE_CLASSES: ReadonlySet<string> = new Set([
  "odd",
  "even",
  "alt",
  "alternate",
  "first",
  "last",
  "active",
  "current",
  "selected",
  "sticky",
  "featured",
  "hot",
  "new",
  "read",
  "unread",
]);

/**
 * The tag-path signature of a sibling (seed 002 §5.1 STEP 2 codes each child's XPath):
 * its tag and its first hand-written class token that is not a state
 * ({@link STATE_CLASSES}). Only the first, because records carry state and modifier
 * classes ("item first", "post sticky") after the one naming the kind.
 * @returns e.g. "li.item", "article.post", "tr"
 */
export function signature(el: Element): string {
  const cls = stableClasses(el).find((c) => !STATE_CLASSES.has(c.toLowerCase()));
  return cls ? `${el.localName}.${cls}` : el.localName;
}

/** A list found in a page element: the records and where they were found. */
export interface RecordList {
  /** The records, in document order (each one element). */
  records: Element[];
  /** Their common signature, e.g. "li.item". */
  signature: string;
  /** Share of the page element's visible text they hold, 0..1. */
  coverage: number;
}

/**
 * Segment page elements into records (seed 002 §5.1-5.2), or null for an article.
 * Several page elements sharing one signature ({@link MIN_RECORDS}+: the pager's rule
 * selected the items themselves, e.g. `#content > article` or a table's rows) are the
 * records, unless each is itself a list (a product grid split into row `ul`s), whose
 * records are then joined, or a few of them hold the list.
 * One page element is searched down to {@link MAX_DEPTH} levels for the parent whose
 * children repeat one signature ({@link MIN_RECORDS}+ times) and hold the most text
 * ({@link MIN_COVERAGE}+ of it).
 * @param elements a page's page element(s), in document order
 * @returns the records, or null when the page element is not a list
 */
export function segmentRecords(elements: readonly Element[]): RecordList | null {
  if (elements.length === 0) return null;
  if (elements.length > 1) return segmentMany(elements);
  const root = elements[0] as Element;
  // Each level re-reads its children's text: measured once per element.
  const lengths = new Map<Element, number>();
  const textLength = (e: Element): number => {
    const known = lengths.get(e);
    if (known !== undefined) return known;
    const n = readTextLength(e);
    lengths.set(e, n);
    return n;
  };
  const total = textLength(root);
  if (total === 0) return null;
  let best: RecordList | null = null;
  const visit = (el: Element, depth: number): void => {
    const found = repeatedChildren(el, total, textLength);
    if (found && (!best || better(found, best))) best = found;
    if (depth >= MAX_DEPTH) return;
    for (const c of Array.from(el.children)) if (c.children.length > 0) visit(c, depth + 1);
  };
  visit(root, 0);
  return best;
}

/** Tags of elements that hold list items by their HTML meaning (a grid split into row
 * `ul`s); other page elements sharing a signature are items themselves, whatever repeats
 * inside them (a product tile's price and quantity lines). */
const LIST_TAGS: ReadonlySet<string> = new Set(["ul", "ol", "dl", "table", "tbody"]);

/** Several page elements: they are the records, each is a list of its own, or one of
 * them is the list (the detector's elements may be a heading, a toolbar and the list). */
function segmentMany(elements: readonly Element[]): RecordList | null {
  const first = elements[0] as Element;
  const sig = signature(first);
  const same = elements.every((e) => signature(e) === sig);
  if (same && elements.every((e) => LIST_TAGS.has(e.localName))) {
    const inner = elements.map((e) => segmentRecords([e]));
    const lists = inner.filter((l): l is RecordList => l !== null);
    if (lists.length === inner.length && lists.every((l) => l.signature === lists[0]?.signature)) {
      const coverage = lists.reduce((s, l) => s + l.coverage, 0) / lists.length;
      return {
        records: lists.flatMap((l) => l.records),
        signature: lists[0]?.signature ?? "",
        coverage,
      };
    }
  }
  const total = elements.reduce((s, e) => s + readTextLength(e), 0);
  if (total === 0) return null;
  const textLength = readTextLength;
  // Lists inside the elements, joined by kind (two boxes of topics, each with a heading).
  const inner = elements.map((e) => segmentRecords([e]));
  const bySignature = new Map<string, Element[]>();
  for (const list of inner)
    if (list)
      bySignature.set(list.signature, [
        ...(bySignature.get(list.signature) ?? []),
        ...list.records,
      ]);
  let nested: RecordList | null = null;
  for (const [sig, records] of bySignature) {
    const coverage = records.reduce((s, r) => s + textLength(r), 0) / total;
    const found = { records, signature: sig, coverage };
    if (coverage >= MIN_COVERAGE && (!nested || better(found, nested))) nested = found;
  }
  // Two elements of one kind are as likely an article's two halves as two items.
  if (
    same &&
    elements.length >= MIN_RECORDS &&
    !NOT_RECORD.has(first.localName) &&
    itemLike(sig, elements)
  ) {
    // Elements of one kind are the items (tiles whose inner lines repeat in every one),
    // unless a few of them hold the list (a results box among info boxes of one class).
    const holding = inner.filter((l) => l !== null).length;
    return nested && holding * 2 < elements.length
      ? nested
      : { records: [...elements], signature: sig, coverage: 1 };
  }
  // Most of the elements are the items (a stray box among the tiles), or some of them
  // hold lists of one kind.
  const group = repeatedChildren(elements, total, textLength);
  if (!group || !nested) return group ?? nested;
  // As above: boxes of one kind of which a few hold the list are not the items.
  const holders = group.records.filter((g) => nested?.records.some((r) => g.contains(r))).length;
  if (holders * 2 < group.records.length) return nested;
  // Lists (tables, `ul`s) that hold the records are their containers, not items: a
  // board's menu table, pinned-topics table and topics table share the tag `table`.
  if (holders > 0 && group.records.every((g) => LIST_TAGS.has(g.localName))) return nested;
  return better(nested, group) ? nested : group;
}

/** Wrappers that, without a class naming them, are an article's sections as often as items. */
const PLAIN_WRAPPERS: ReadonlySet<string> = new Set(["div", "section", "span"]);

/**
 * Whether repeated siblings look like a list's items rather than an article's parts: not
 * bare `div`/`section` wrappers (Readability-style bodies and long reads are cut into
 * those), and most of them linking somewhere (a result, product, post or comment carries
 * its permalink, its author's or a reply link; an article's sections mostly do not).
 */
function itemLike(sig: string, records: readonly Element[]): boolean {
  if (PLAIN_WRAPPERS.has(sig)) return false;
  const linked = records.filter((r) => r.querySelector("a[href]") !== null).length;
  return linked * 2 >= records.length;
}

/** More text wins; on a tie (a wrapper and its only child), more records. */
function better(a: RecordList, b: RecordList): boolean {
  if (Math.abs(a.coverage - b.coverage) > 0.02) return a.coverage > b.coverage;
  return a.records.length > b.records.length;
}

/** The largest group of siblings sharing a signature, when it makes a list.
 * @param siblings an element (its children) or several page elements in document order */
function repeatedChildren(
  siblings: Element | readonly Element[],
  total: number,
  textLength: (e: Element) => number,
): RecordList | null {
  const groups = new Map<string, Element[]>();
  const kids = Array.isArray(siblings) ? siblings : Array.from((siblings as Element).children);
  for (const c of kids) {
    if (NOT_RECORD.has(c.localName)) continue;
    const sig = signature(c);
    const g = groups.get(sig);
    if (g) g.push(c);
    else groups.set(sig, [c]);
  }
  let best: RecordList | null = null;
  for (const [sig, records] of groups) {
    if (records.length < MIN_RECORDS || !itemLike(sig, records)) continue;
    const text = records.reduce((s, r) => s + textLength(r), 0);
    const coverage = text / total;
    if (coverage < MIN_COVERAGE) continue;
    const found = { records, signature: sig, coverage };
    if (!best || better(found, best)) best = found;
  }
  return best;
}

/**
 * The records of a later page of a list whose records page 1 already showed: the
 * elements carrying page 1's record signature, outermost only. A last page with two
 * items, or one whose description box outweighs its items, no longer makes a list on its
 * own, but its items are still the site's records (and must not be read as template).
 * @param elements the later page's page element(s)
 * @param sig page 1's {@link RecordList.signature}
 * @param max most records returned: the walk stops once found (the page-2 judge reads
 *   the boundary, not a 1,500-row list's end); default all
 * @returns the records in document order, empty when none carries the signature
 */
export function recordsLike(
  elements: readonly Element[],
  sig: string,
  max = Number.POSITIVE_INFINITY,
): Element[] {
  const out: Element[] = [];
  const walk = (el: Element): void => {
    if (out.length >= max) return;
    if (signature(el) === sig) {
      out.push(el);
      return;
    }
    for (const c of Array.from(el.children)) walk(c);
  };
  for (const e of elements) walk(e);
  return out;
}
