/**
 * The whole run of a table's records when the forest chose most of them: it scores every
 * row on its own, and the first or last record of a table (next to the header row, or
 * above the pager's row) often falls under the threshold while its neighbours pass. A
 * run that misses its first row loses that row on every page joined after it, and its
 * XPaths become positions (`tr[3]`, …, `tr[11]`) that select nothing on a shorter last
 * page. The records of one table share their cells' shape; the header row (`th`) and a
 * pager or total row (another number of cells) do not.
 */

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
