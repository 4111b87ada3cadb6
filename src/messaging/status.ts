/** Where the pager of one tab is. `off`: tsugi does not run on this document
 * (not HTML, an excluded URL) or the reader switched auto-join off for the site;
 * `no-next`: detection found no next link (tsugi stays idle on this page);
 * `ready`: waiting for the reader to scroll near the end; `loading`: one
 * request in flight; `done`: the last page was joined; `stopped`: an error or a
 * safety limit ended joining (see `reason`); `own-scroll`: the page lists more by itself
 * as the reader scrolls, so tsugi joins nothing there. */
export type PagerState =
  | "starting"
  | "off"
  | "no-next"
  | "ready"
  | "loading"
  | "done"
  | "stopped"
  | "own-scroll";

/** Snapshot of one tab's pager, sent to the popup and the badge. */
export interface TabStatus {
  state: PagerState;
  /** Why joining ended or never started, in words a reader understands. */
  reason: string | null;
  /** The reason as the key of an i18n message without substitutions, for `reason` to be
   * worded by whoever shows it ({@link reasonWorded}): the content entry leaves it so on
   * pages without a pager, since its first `i18n.getMessage` loads the message catalogue
   * through a synchronous call to the browser on every page. */
  reasonKey?: string;
  /** The next link tsugi would follow now (absolute URL), if any. */
  nextUrl: string | null;
  /** Confidence of the next link on page 1, 0..1. */
  nextScore: number;
  /** Pages shown, counting page 1; 1 means nothing joined yet. */
  pages: number;
  /** Detection time on page 1 (features + scoring), ms. */
  detectMs: number;
  /** Site rule in use, shaped like an AutoPagerize SITEINFO item. */
  rule: { pageElement: string; nextLink: string | null } | null;
  /** Name of the reader's site rule in use, when one applies (else detection). */
  ruleName?: string | null;
  /** Where the rule came from: the reader's rules, a rule learned on an earlier
   * visit (cached), or this page's detection. */
  ruleSource?: "user" | "learned" | "detected";
  /** The page's site (host) and whether auto-join is on there. */
  site?: string;
  siteEnabled?: boolean;
  /** Most pages that will be shown (the page cap), for progress bars. */
  pageCap?: number;
  /** A "fetch all" in progress in this tab. */
  fetchingAll?: boolean;
  /** The label of the page's own "Load more" button that the load-more pager clicks
   *, when the page has no next link but such a button. */
  loadMore?: string | null;
  /** Joined pages that were rendered in a hidden frame: their HTML was an
   * empty shell filled by script. */
  framePages?: number;
  /** The reader's per-site switches of the modes: clicking the page's "Load
   * more" button, rendering script-built pages in a hidden frame, leaving a site that
   * scrolls by itself alone. */
  modes?: SiteModes;
  /** Page 1 reads as a chapter of a serial (src/features/serial.ts): the popup offers
   * "Join the next chapter" for the site. */
  serial?: boolean;
  /** "Join the next chapter" is on for this site (src/reader/chapter-switch.ts). */
  chapters?: boolean;
  /** The reader's place in this page's serial (src/place/serial-place.ts), when it is
   * another chapter than this page: the popup offers "Continue at Chapter N". */
  continueAt?: { url: string; number: number; title: string };
  /** The last chapter of this serial's latest EPUB (src/place/serial-books.ts): the book
   * options offer "Only chapters after the last book (Chapter N)". */
  lastBook?: { url: string; number: number };
  /** Items page 1's list holds, when the popup asked and page 1's page element
   * is a list: the export then offers the items as CSV and JSON. */
  listItems?: number;
  /** Pages joined again on Back, Forward or Reload, counting from page 2;
   * absent on a fresh visit. */
  restored?: number;
  /** Clicks on the page's own "Load more" button repeated on Back, Forward or Reload
   * (`LoadMorePager.restore`), as the load-more pager publishes them; absent on a fresh
   * visit and on pages joined by next link. */
  restoredClicks?: number;
  /** Whether the detector script was loaded on this page (false: the gate kept tsugi
   * idle, and only the content entry ran). */
  detector?: boolean;
  /** How the detector script came (../gate/load-detector.ts): imported as a module of the
   * extension, or injected by the background where the import failed. */
  detectorLoad?: DetectorLoad;
  /** What became of the reader's last pick on this page (../picker/), in their words:
   * the rule saved, what is still to pick, or why the pick was refused. */
  teach?: string;
}

/** How the detector script was loaded into a page. */
export type DetectorLoad = "module" | "injected";

/** Which optional ways of joining are on for a site. */
export interface SiteModes {
  /** Click the page's own "Load more" button. */
  loadMore: boolean;
  /** Render script-built next pages in a hidden frame. */
  frame: boolean;
  /** Keep out of the way of a page that lists more by itself as the reader scrolls. */
  ownScroll: boolean;
}

export const INITIAL_STATUS: TabStatus = {
  state: "starting",
  reason: null,
  nextUrl: null,
  nextScore: 0,
  pages: 1,
  detectMs: 0,
  rule: null,
};

/**
 * What the popup says was restored when the reader came back (Back, Forward, Reload):
 * the "Load more" clicks repeated ({@link TabStatus.restoredClicks}, "Restored 3 Load
 * more clicks"), else the pages joined again ({@link TabStatus.restored}, "restored 3
 * pages on coming back").
 * @param status the tab's status
 * @param getMessage `i18n.getMessage` of the context that shows it
 * @returns the words, or null when nothing was restored (a fresh visit, or 0)
 */
export function restoredWords(
  status: TabStatus,
  getMessage: (key: string, substitutions?: string[]) => string,
): string | null {
  const clicks = status.restoredClicks ?? 0;
  if (clicks === 1) return getMessage("popupRestoredClickOne");
  if (clicks > 1) return getMessage("popupRestoredClicks", [String(clicks)]);
  if (status.restored) return getMessage("popupRestored", [String(status.restored)]);
  return null;
}

/**
 * The status with `reason` worded from `reasonKey` when only the key was sent.
 * @param getMessage `i18n.getMessage` of the context that shows the status
 * @returns the same status when there is nothing to word
 */
export function reasonWorded(status: TabStatus, getMessage: (key: string) => string): TabStatus {
  if (status.reason !== null || !status.reasonKey) return status;
  return { ...status, reason: getMessage(status.reasonKey) || null };
}
