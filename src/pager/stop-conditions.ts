import { normalizeUrl, sameOrigin } from "./normalize-url";

/** Why the pager will not fetch a next page. */
export type StopReason =
  | { kind: "no-next-link" }
  | { kind: "cross-origin"; url: string }
  | { kind: "visited"; url: string }
  | { kind: "page-cap"; cap: number }
  | { kind: "http-error"; status: number; url: string }
  | { kind: "fetch-failed"; message: string; url: string }
  | { kind: "not-html"; message: string; url: string }
  | { kind: "insert-failed"; message: string; url: string }
  | { kind: "no-page-element"; url: string }
  | { kind: "duplicate-content"; url: string }
  | { kind: "reader-stop" };

/** What the stop conditions need to know about the joining so far. */
export interface JoinProgress {
  /** Origin the reader is on (page 1's URL). */
  pageUrl: string;
  /** Normalized URLs already shown, including redirect targets. */
  visited: ReadonlySet<string>;
  /** Pages shown so far, counting page 1. */
  pages: number;
  /** Most pages to show, counting page 1. */
  pageCap: number;
}

/**
 * Decide whether the pager may fetch `nextUrl` (checked before every request).
 * @returns null when it may, else the reason to stop
 */
export function checkNext(progress: JoinProgress, nextUrl: string | null): StopReason | null {
  if (!nextUrl) return { kind: "no-next-link" };
  if (!sameOrigin(progress.pageUrl, nextUrl)) return { kind: "cross-origin", url: nextUrl };
  if (progress.visited.has(normalizeUrl(nextUrl))) return { kind: "visited", url: nextUrl };
  if (progress.pages >= progress.pageCap) return { kind: "page-cap", cap: progress.pageCap };
  return null;
}

/** Whether stopping for this reason is the normal end of an article rather than a fault. */
export function isNormalEnd(reason: StopReason): boolean {
  return reason.kind === "no-next-link";
}

/** One line for the reader, shown where joining stopped. */
export function describeStop(reason: StopReason, pages: number): string {
  switch (reason.kind) {
    case "no-next-link":
      return `End: ${pages} page${pages === 1 ? "" : "s"} joined, no further next link.`;
    case "cross-origin":
      return `Stopped: the next link leads to another site (${new URL(reason.url).host}).`;
    case "visited":
      return `Stopped: the next link points to a page already shown (${reason.url}).`;
    case "page-cap":
      return `Stopped at the page cap (${reason.cap} page${reason.cap === 1 ? "" : "s"}).`;
    case "http-error":
      return `Stopped: HTTP ${reason.status} for ${reason.url}.`;
    case "fetch-failed":
      return `Stopped: could not load ${reason.url} (${reason.message}).`;
    case "not-html":
      return `Stopped: ${reason.url} is not a web page (${reason.message}).`;
    case "insert-failed":
      return `Stopped: could not add ${reason.url} to this page (${reason.message}).`;
    case "no-page-element":
      return `Stopped: no content found on ${reason.url}.`;
    case "duplicate-content":
      return `Stopped: ${reason.url} repeats a page already shown.`;
    case "reader-stop":
      return `Stopped by the reader after ${pages} page${pages === 1 ? "" : "s"}.`;
  }
}
