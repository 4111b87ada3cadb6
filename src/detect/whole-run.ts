/**
 * The whole run of a list's records when the forest chose most of them: it scores every
 * record on its own, and a few of them (the first row of a table, next to its header; a
 * review or product whose text is short) fall under the threshold while their siblings
 * pass. A run that misses a record loses that record on every page joined after it, and
 * its XPaths become positions (`tr[3]`, …, `tr[11]`; `div[…"review"…][2]`) that select
 * other records, or nothing, on a page with more or fewer of them. The records of one
 * table share their cells' shape (the header row of `th` and a pager or total row of
 * another number of cells do not); other records share their classes (an ad slot that
 * shares one class of a post does not share them all).
 */
import { visibleText } from "../features/text";
import { documentOrder, stableClasses } from "../rule/xpath";
import { LAYOUT_CLASS } from "./split-body";

/** Data cells of a row, in order: `td` only (a row with a `th` is a header). */
function cells(row: Element): Element[] | null {
  const kids = Array.from(row.children);
  if (kids.length === 0 || kids.some((c) => c.localName !== "td")) return null;
  return kids;
}

/**
 * The shape of a record row: its number of data cells and each cell's `colspan`; null for
 * a row that is no record (a header row, an empty row).
 *
 * @param row a `tr`
 * @returns a key equal for rows of one record shape, or null
 */
export function recordRowShape(row: Element): string | null {
  if (row.localName !== "tr") return null;
  const tds = cells(row);
  if (!tds) return null;
  if ((row.textContent ?? "").trim() === "") return null;
  return tds.map((c) => c.getAttribute("colspan") ?? "1").join(",");
}

/**
 * A run of two or more record rows of one table section, completed with the adjacent rows
 * of the same shape ({@link recordRowShape}) on either side.
 *
 * @param run the chosen page elements, document order
 * @returns the completed run in document order; `run` itself unless it is two or more
 *   `tr` of one parent that share one record shape
 */
export function withWholeRowRun(run: readonly Element[]): Element[] {
  const first = run[0];
  const last = run[run.length - 1];
  if (run.length < 2 || !first || !last) return [...run];
  const parent = first.parentElement;
  const shape = recordRowShape(first);
  if (!parent || shape === null) return [...run];
  if (!run.every((e) => e.parentElement === parent && recordRowShape(e) === shape)) return [...run];
  const before: Element[] = [];
  let e = first.previousElementSibling;
  while (e && recordRowShape(e) === shape) {
    before.unshift(e);
    e = e.previousElementSibling;
  }
  const after: Element[] = [];
  e = last.nextElementSibling;
  while (e && recordRowShape(e) === shape) {
    after.push(e);
    e = e.nextElementSibling;
  }
  return [...before, ...run, ...after];
}

/**
 * The hand-written classes every one of a run's elements of one tag carries, layout-grid
 * classes left out (`col-md-4` is shared by a list's tiles and the sidebar beside them).
 *
 * @param members two or more elements of one tag
 * @returns the shared classes, in the first element's order
 */
export function sharedItemClasses(members: readonly Element[]): string[] {
  const [first] = members;
  if (!first) return [];
  return stableClasses(first).filter(
    (c) => !LAYOUT_CLASS.test(c.toLowerCase()) && members.every((m) => m.classList.contains(c)),
  );
}

/**
 * A run of sibling items completed with the siblings of one kind the forest left out: per
 * parent, and per tag of which the run holds two or more there, every sibling of that tag
 * carrying all the classes they share ({@link sharedItemClasses}; none shared: nothing
 * added) and some text or media; never one that holds the next link. A run of table rows
 * is completed by their shape ({@link withWholeRowRun}). The page element may be a heading,
 * a toolbar and the items: each parent's items are completed apart.
 *
 * @param run the chosen page elements, document order
 * @param nextLink the next link's anchor, or null
 * @returns the completed run in document order; `run` itself when nothing is added
 */
export function withWholeRun(run: readonly Element[], nextLink: Element | null = null): Element[] {
  if (run.length < 2) return [...run];
  const chosen = new Set(run);
  const byParent = new Map<Element, Element[]>();
  for (const e of run) {
    const parent = e.parentElement;
    if (parent) byParent.set(parent, [...(byParent.get(parent) ?? []), e]);
  }
  const before = chosen.size;
  for (const [parent, siblings] of byParent) {
    if (siblings.length < 2) continue;
    if (siblings.every((e) => e.localName === "tr")) {
      for (const r of withWholeRowRun(siblings)) chosen.add(r);
      continue;
    }
    for (const tag of new Set(siblings.map((e) => e.localName))) {
      const members = siblings.filter((e) => e.localName === tag);
      if (members.length < 2) continue;
      const shared = sharedItemClasses(members);
      if (shared.length === 0) continue;
      for (const c of Array.from(parent.children)) {
        if (chosen.has(c) || c.localName !== tag) continue;
        if (!shared.every((cls) => c.classList.contains(cls))) continue;
        if (nextLink && c.contains(nextLink)) continue;
        if (visibleText(c).trim() === "" && c.querySelector(MEDIA) === null) continue;
        chosen.add(c);
      }
    }
  }
  if (chosen.size === before) return [...run];
  return Array.from(chosen).sort(documentOrder);
}

/** Media that carry an item without text (a product tile of one picture). */
const MEDIA = "img, picture, video, svg, canvas";
