/**
 * Items as CSV (RFC 4180) through Papa Parse (`papaparse`, a well-kept CSV library): one
 * header line, one line per item, CRLF line ends, a field quoted when it holds a comma, a
 * quote, CR or LF, its quotes doubled, so spreadsheets and CSV readers read each field back
 * as it was. A field that a spreadsheet would run as a formula (it starts with `=`, `+`,
 * `-`, `@`, a tab or CR: text taken from a web page may be written to do that) is prefixed
 * with `'` (Papa Parse's `escapeFormulae`, OWASP's advice against CSV injection).
 */
import Papa from "papaparse";
import type { Item } from "./items";

/** Columns, in order: the {@link Item} fields. */
export const ITEM_COLUMNS = ["page", "url", "title", "text", "date", "author"] as const;

/**
 * The items as one CSV document (header included, CRLF after every line).
 * @param items as ./items.ts gives them; absent date/author become empty fields
 * @returns the CSV text
 */
export function itemsCsv(items: readonly Item[]): string {
  const data = items.map((it) => ITEM_COLUMNS.map((c) => String(it[c] ?? "")));
  const csv = Papa.unparse(
    { fields: [...ITEM_COLUMNS], data },
    { newline: "\r\n", escapeFormulae: true, header: true },
  );
  return `${csv}\r\n`;
}
