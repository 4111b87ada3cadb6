/**
 * Continuation read from a list's items (seed 002 §5.1–5.2: the records of a list page are
 * sibling subtrees repeating one signature). Page 2 of a list shows more records of page 1's
 * shape, and none of page 1's items again; another list, or page 1 served again, shows the
 * same items or none of page 1's shape. Each signal is one function; the judge
 * (../page2-judge.ts) combines them.
 *
 * Pure functions over documents (no layout).
 */

import { visibleText } from "../../features/text";
import { type RecordList, recordsLike, segmentRecords } from "../../siblings/records";

/** The records of page 1 and the records of page 2 that carry page 1's signature. */
export interface RecordPair {
  /** page 1's records (seed 002's repeated siblings of its page element) */
  first: RecordList;
  /** page 2's elements with page 1's record signature, outermost only, document order */
  second: Element[];
}

/**
 * Page 1's records and page 2's records of the same shape: page 1's page element is
 * segmented ({@link segmentRecords}); page 2's elements are searched for that signature
 * ({@link recordsLike}).
 *
 * @param elements1 page 1's page element(s), document order
 * @param elements2 the elements page 1's page-element XPaths select on page 2 (its body
 *   when they select none: the page-element test is a signal of its own)
 * @param max most of page 2's records read (default all)
 * @returns the pair, or null when page 1's page element is not a list (an article)
 */
export function recordPair(
  elements1: readonly Element[],
  elements2: readonly Element[],
  max = Number.POSITIVE_INFINITY,
): RecordPair | null {
  const first = segmentRecords(elements1);
  if (first === null) return null;
  return { first, second: recordsLike(elements2, first.signature, max) };
}

/**
 * Page 2 keeps page 1's record shape: it holds at least one record carrying page 1's
 * signature (a last page may hold a single item).
 *
 * @param pair {@link recordPair}
 * @returns true when page 2 has records of page 1's shape
 */
export function recordShapeKept(pair: RecordPair): boolean {
  return pair.second.length > 0;
}

/** Characters of a record's text that name it (a summary's start is enough to tell two
 * posts apart, and keeps a long record's key short). */
const KEY_CHARS = 200;

/**
 * What names an item across pages: its visible text (spaces collapsed, lower case, the
 * first {@link KEY_CHARS} characters), else the URL of its first link (fragment and
 * trailing slash dropped). The text, not the first link, because a record's first link
 * is often one every record shares (the author, the category, a "details" script link);
 * page 1 served again, or another list showing page 1's posts, shows the same text.
 *
 * @param record one record element
 * @param pageUrl the URL of the page holding it (to resolve relative links)
 * @returns the key, "" for a record without text or link
 */
export function itemKey(record: Element, pageUrl: string): string {
  const text = visibleText(record).replace(/\s+/g, " ").trim().toLowerCase();
  if (text !== "") return text.slice(0, KEY_CHARS);
  for (const a of record.querySelectorAll("a[href]")) {
    const href = a.getAttribute("href") ?? "";
    if (href === "" || href.startsWith("#") || /^javascript:/i.test(href)) continue;
    try {
      const u = new URL(href, pageUrl);
      u.hash = "";
      return u.href.replace(/\/$/, "");
    } catch {
      // an unparsable href names nothing: try the next one
    }
  }
  return "";
}

/**
 * Share of page 2's items that page 1 showed already ({@link itemKey}): near 0 for a real
 * page 2 (a pinned post may repeat), near 1 for page 1 served again or "the way back".
 *
 * @param records1 page 1's records
 * @param url1 page 1's URL
 * @param records2 page 2's records of page 1's shape
 * @param url2 page 2's URL
 * @returns 0..1; 0 when page 2 has no keyed item
 */
export function repeatedItemShare(
  records1: readonly Element[],
  url1: string,
  records2: readonly Element[],
  url2: string,
): number {
  const seen = new Set(records1.map((r) => itemKey(r, url1)).filter((k) => k !== ""));
  const keys = [...new Set(records2.map((r) => itemKey(r, url2)).filter((k) => k !== ""))];
  if (keys.length === 0) return 0;
  return keys.filter((k) => seen.has(k)).length / keys.length;
}
