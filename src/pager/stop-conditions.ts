import { sameOrigin } from "../keys/normalize-url";
import { samePageKey } from "../keys/page-url";

/** Why the pager will not fetch a next page. */
export type StopReason =
  | { kind: "no-next-link" }
  | { kind: "cross-origin"; url: string }
  | { kind: "visited"; url: string }
  | { kind: "page-cap"; cap: number }
  | { kind: "http-error"; status: number; url: string }
  | { kind: "fetch-failed"; message: string; url: string }
  | { kind: "not-html"; message: string; url: string }
  | { kind: "too-large"; bytes: number; url: string }
  | { kind: "insert-failed"; message: string; url: string }
  | { kind: "no-page-element"; url: string }
  | { kind: "duplicate-content"; url: string }
  | { kind: "unconfirmed"; url: string }
  | { kind: "reader-stop" }
  /** The page's "Load more" button is gone or disabled (the list's normal end). */
  | { kind: "load-more-end" }
  /** A "Load more" click added no item to the list within `seconds`. */
  | { kind: "no-growth"; seconds: number }
  /** A next page built by script did not fill in its hidden frame within `seconds`. */
  | { kind: "render-timeout"; seconds: number; url: string }
  /** A next page rendered in a hidden frame went to another site (redirect or script). */
  | { kind: "render-left"; url: string }
  /** The page lists more by itself as the reader scrolls: tsugi keeps out of its way. */
  | { kind: "own-scroll" }
  /** The reader pressed "Not the next page" on the separator of the page at `url`. */
  | { kind: "not-next"; url: string }
  /** The next chapter belongs to another work (serial reading, ../detect/same-work.ts). */
  | { kind: "other-work"; url: string }
  /** The next chapter is behind a login or age wall. */
  | { kind: "chapter-wall"; url: string }
  /** The next-chapter link leads to the work's index, not a chapter. */
  | { kind: "chapter-index"; url: string }
  /** The next chapter is only a teaser of a few lines. */
  | { kind: "chapter-teaser"; url: string }
  /** Page `page` (2 for the first joined page) is a sign-in form or a login redirect
   * where the list should be (./walls.ts). */
  | { kind: "sign-in-wall"; page: number; url: string }
  /** Page `page` is a cookie-consent interstitial. */
  | { kind: "consent-wall"; page: number; url: string }
  /** Page `page` is a subscription box (paywall). */
  | { kind: "paywall"; page: number; url: string }
  /** Page `page` is a bot challenge (captcha, "Checking your browser"). */
  | { kind: "challenge-wall"; page: number; url: string }
  /** Page 1's list is not on page `page`, which is neither a wall nor a shell to render. */
  | { kind: "not-list"; page: number; url: string }
  /** Page `page` is built by its script and the site's "Render script-built pages" switch
   * is off. */
  | { kind: "render-off"; page: number; url: string };

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
  if (progress.visited.has(samePageKey(nextUrl))) return { kind: "visited", url: nextUrl };
  if (progress.pages >= progress.pageCap) return { kind: "page-cap", cap: progress.pageCap };
  return null;
}

/** Whether stopping for this reason is the normal end of an article rather than a fault. */
export function isNormalEnd(reason: StopReason): boolean {
  return (
    reason.kind === "no-next-link" ||
    reason.kind === "unconfirmed" ||
    reason.kind === "load-more-end"
  );
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
    case "too-large":
      return `Stopped: ${reason.url} is too large (${megabytes(reason.bytes)} MB).`;
    case "insert-failed":
      return `Stopped: could not add ${reason.url} to this page (${reason.message}).`;
    case "no-page-element":
      return `Stopped: no content found on ${reason.url}.`;
    case "duplicate-content":
      return `Stopped: ${reason.url} repeats a page already shown.`;
    case "unconfirmed":
      return `No next page: ${reason.url} is not page 2 of this page (its pager and layout do not confirm the link).`;
    case "load-more-end":
      return `End: ${pages} page${pages === 1 ? "" : "s"} loaded, the "Load more" button is gone.`;
    case "no-growth":
      return `Stopped: the list did not grow within ${reason.seconds} s of clicking "Load more".`;
    case "render-timeout":
      return `Stopped: ${reason.url} built no content within ${reason.seconds} s.`;
    case "render-left":
      return `Stopped: while being rendered, ${reason.url} went to another site.`;
    case "own-scroll":
      return "This site loads more by itself as you scroll: tsugi stays out of its way.";
    case "not-next":
      return `Stopped: you marked ${reason.url} as not the next page; tsugi will not follow that link on this site again.`;
    case "other-work":
      return `Stopped: ${reason.url} belongs to another work, not the next chapter of this one.`;
    case "chapter-wall":
      return `Stopped: the next chapter (${reason.url}) asks you to log in or confirm your age.`;
    case "chapter-index":
      return `Stopped: ${reason.url} is the work's index, not its next chapter.`;
    case "chapter-teaser":
      return `Stopped: the next chapter (${reason.url}) shows only a teaser.`;
    case "sign-in-wall":
      return `Stopped: page ${reason.page} asks you to sign in (${reason.url}).`;
    case "consent-wall":
      return `Stopped: page ${reason.page} asks you to accept or reject cookies first (${reason.url}); tsugi presses nothing.`;
    case "paywall":
      return `Stopped: page ${reason.page} asks you to subscribe (${reason.url}).`;
    case "challenge-wall":
      return `Stopped: page ${reason.page} is a bot check (captcha) (${reason.url}).`;
    case "not-list":
      return `Stopped: page ${reason.page} does not hold this list (${reason.url}).`;
    case "render-off":
      return `Stopped: page ${reason.page} is built by its script and "Render script-built pages in a hidden frame" is off for this site (${reason.url}).`;
    case "reader-stop":
      return `Stopped by the reader after ${pages} page${pages === 1 ? "" : "s"}.`;
  }
}

/** Bytes as megabytes with one decimal, e.g. "12.3". */
export function megabytes(bytes: number): string {
  return (bytes / 1_048_576).toFixed(1);
}

/**
 * A `rel="next"` link (in `<head>` or the body) to another origin: the site's own
 * next page lives elsewhere, which tsugi never follows. Lets the popup say why a
 * page with a visible "next" joins nothing.
 * @param pageUrl the page's URL
 * @returns the foreign next URL, or null
 */
export function foreignRelNext(doc: Document, pageUrl: string): string | null {
  for (const el of Array.from(
    doc.querySelectorAll("link[rel~='next' i][href], a[rel~='next' i][href]"),
  )) {
    try {
      const url = new URL(el.getAttribute("href") ?? "", pageUrl).href;
      if (/^https?:/.test(url) && !sameOrigin(pageUrl, url)) return url;
    } catch {
      /* an unparseable href is no link */
    }
  }
  return null;
}
