/**
 * How this document was opened, and its history entry, read from the browser: only a
 * reader coming back (Back, Forward, Reload) gets the joined pages restored;
 * a fresh visit from a link starts at page 1 as usual.
 */

/** How a document was opened (Navigation Timing's `type`). */
export type NavigationKind = "navigate" | "reload" | "back_forward" | "prerender";

/**
 * How this document was opened.
 * @returns Navigation Timing's type; "navigate" when the browser does not say
 */
export function navigationKind(win: Window): NavigationKind {
  const entry = win.performance?.getEntriesByType?.("navigation")[0] as
    | { type?: string }
    | undefined;
  const type = entry?.type;
  return type === "reload" || type === "back_forward" || type === "prerender" ? type : "navigate";
}

/** Whether the reader is coming back to this document rather than arriving anew. */
export function isComingBack(kind: NavigationKind): boolean {
  return kind === "reload" || kind === "back_forward";
}

/**
 * The key of this document's history entry (Navigation API), stable across reloads and
 * traversals and unchanged by `history.replaceState`.
 * @returns undefined where the browser has no Navigation API (Firefox before 147)
 */
export function historyEntryKey(win: Window): string | undefined {
  const nav = (win as { navigation?: { currentEntry?: { key?: unknown } | null } }).navigation;
  const key = nav?.currentEntry?.key;
  return typeof key === "string" && key ? key : undefined;
}
