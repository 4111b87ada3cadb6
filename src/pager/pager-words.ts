/**
 * The pager's words in the reader's language, through `browser.i18n` (message keys
 * `stop_<kind>`, `pagerLoading`, `pagerRetry`, `pageHeading`, `pagerSkipped` in public/_locales). A missing message
 * falls back to the English of ./stop-conditions.ts.
 */
import type { PagerWords } from "./pager-base";
import { describeStop, megabytes, type StopReason } from "./stop-conditions";

/** `browser.i18n.getMessage`'s shape ("" when the key is unknown). */
export type GetMessage = (key: string, substitutions?: string[]) => string;

/** Substitutions of each stop reason's message, in placeholder order. */
export function stopSubstitutions(reason: StopReason, pages: number): string[] {
  switch (reason.kind) {
    case "no-next-link":
    case "reader-stop":
    case "load-more-end":
      return [String(pages)];
    case "cross-origin":
      return [hostOf(reason.url)];
    case "page-cap":
      return [String(reason.cap)];
    case "no-growth":
      return [String(reason.seconds)];
    case "render-timeout":
      return [reason.url, String(reason.seconds)];
    case "own-scroll":
      return [];
    case "http-error":
      return [String(reason.status), reason.url];
    case "fetch-failed":
    case "not-html":
    case "insert-failed":
      return [reason.url, reason.message];
    case "too-large":
      return [reason.url, megabytes(reason.bytes)];
    case "visited":
    case "no-page-element":
    case "duplicate-content":
    case "unconfirmed":
    case "render-left":
    case "not-next":
    case "other-work":
    case "chapter-wall":
    case "chapter-index":
    case "chapter-teaser":
      return [reason.url];
    case "sign-in-wall":
    case "consent-wall":
    case "paywall":
    case "challenge-wall":
    case "not-list":
    case "render-off":
      return [String(reason.page), reason.url];
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The pager's words from a message catalogue. */
export function pagerWords(getMessage: GetMessage): PagerWords {
  return {
    stop: (reason, pages) =>
      getMessage(`stop_${reason.kind.replaceAll("-", "_")}`, stopSubstitutions(reason, pages)) ||
      describeStop(reason, pages),
    loading: (page) => getMessage("pagerLoading", [String(page)]) || `Loading page ${page}…`,
    retrying: (page, seconds) =>
      getMessage("pagerRetrying", [String(page), String(seconds)]) ||
      `Page ${page}: retrying in ${seconds} s…`,
    retry: getMessage("pagerRetry") || "Retry",
    clicking: (page) =>
      getMessage("pagerClicking", [String(page)]) || `Loading more items (page ${page})…`,
    page: (page) => getMessage("pageHeading", [String(page)]) || `Page ${page}`,
    skipped: (count) =>
      (count === 1 ? getMessage("pagerSkippedOne") : getMessage("pagerSkipped", [String(count)])) ||
      (count === 1 ? "1 item already shown" : `${count} items already shown`),
    notNext: getMessage("pagerNotNext") || "Not the next page",
  };
}
