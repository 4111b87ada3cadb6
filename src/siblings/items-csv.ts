/**
 * Items as CSV (RFC 4180): one header line, one line per item, CRLF line ends, every
 * field that holds a comma, a quote, CR or LF quoted with its quotes doubled, so that
 * spreadsheets and CSV parsers read each field back as it was.
 */
import type { Item } from "./items";

/** Columns, in order: the {@link Item} fields. */
export const ITEM_COLUMNS = ["page", "url", "title", "text", "date", "author"] as const;

/** One field of RFC 4180: quoted only when it must be. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The items as one CSV document (header included, CRLF after every line).
 * @param items as ./items.ts gives them; absent date/author become empty fields
 */
export function itemsCsv(items: readonly Item[]): string {
  const lines = [ITEM_COLUMNS.join(",")];
  for (const it of items)
    lines.push(ITEM_COLUMNS.map((c) => csvField(String(it[c] ?? ""))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
