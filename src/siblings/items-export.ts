/**
 * The items of a joined list as a file: every record shown, page by page, as CSV
 * or JSON, beside the article formats of the export. Records come from each page as the
 * reader sees it: page 1's page element(s), then the nodes tsugi inserted for each joined
 * page, which the sibling filter already cleared of items an earlier page showed.
 */

import type { ItemsFormat } from "../messaging/export-formats";
import { type Item, recordItem } from "./items";
import { itemsCsv } from "./items-csv";
import { recordsLike, segmentRecords } from "./records";

export const ITEMS_MIME: Record<ItemsFormat, string> = {
  "items-csv": "text/csv;charset=utf-8",
  "items-json": "application/json;charset=utf-8",
};

/** File name extension of each item format. */
export const ITEMS_EXTENSION: Record<ItemsFormat, string> = {
  "items-csv": "csv",
  "items-json": "json",
};

/** Whether an export format asks for the items. */
export function isItemsFormat(format: string): format is ItemsFormat {
  return format === "items-csv" || format === "items-json";
}

/**
 * The top-level nodes tsugi inserted for each joined page of a live document, by page
 * number (2, 3, …), with the page's URL.
 */
export function joinedPageNodes(doc: Document): { page: number; url: string; nodes: Element[] }[] {
  const pages = new Map<number, { page: number; url: string; nodes: Element[] }>();
  for (const el of Array.from(doc.querySelectorAll("[data-tsugi-page]"))) {
    const page = Number(el.getAttribute("data-tsugi-page"));
    if (!(page >= 2) || el.parentElement?.closest("[data-tsugi-page]")) continue;
    const entry = pages.get(page) ?? {
      page,
      url: el.getAttribute("data-tsugi-url") ?? "",
      nodes: [],
    };
    entry.nodes.push(el);
    pages.set(page, entry);
  }
  return [...pages.values()].sort((a, b) => a.page - b.page);
}

/**
 * Every item shown in a live document: page 1's, then each joined page's.
 * @param doc the live document
 * @param pageUrl page 1's URL
 * @param page1 page 1's page element(s)
 * @returns the items in reading order; [] when page 1's page element is not a list
 */
export function shownItems(doc: Document, pageUrl: string, page1: readonly Element[]): Item[] {
  const list = segmentRecords(page1);
  if (!list) return [];
  // Later pages are read by page 1's record signature: a last page of two items is no
  // list on its own, but its items are still the site's records.
  return [
    // A reader's rule may insert joined pages inside page 1's list: those are not page 1's.
    ...list.records
      .filter((r) => !r.closest("[data-tsugi-page]:not([data-tsugi-page='1'])"))
      .map((r) => recordItem(r, 1, pageUrl)),
    ...joinedPageNodes(doc).flatMap((p) =>
      recordsLike(p.nodes, list.signature).map((r) => recordItem(r, p.page, p.url)),
    ),
  ];
}

/**
 * The items as file content.
 * @param format "items-csv" (RFC 4180, ./items-csv.ts) or "items-json" (an array of
 *   `{page,url,title,text,date?,author?}`, two-space indented)
 */
export function formatItems(items: readonly Item[], format: ItemsFormat): string {
  return format === "items-csv" ? itemsCsv(items) : `${JSON.stringify(items, null, 2)}\n`;
}
