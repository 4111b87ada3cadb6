/** Reader settings; the defaults follow what AutoPagerize users expect. Kept in
 * `storage.sync` (small values only: its quota is 8 KB per item), so they follow
 * the reader across browsers; user site rules, which can be large, live in
 * `storage.local` (see ./site-rules.ts). */
export interface Settings {
  /** Start loading when the end of the joined content is this many screen
   * heights below the bottom of the viewport. */
  triggerScreens: number;
  /** Most pages shown in one tab, counting page 1 (a loop and memory guard). */
  pageCap: number;
  /** Show a "Page N" separator linking to each joined page. */
  separators: boolean;
  /** Least time between two requests to the site, ms. */
  minIntervalMs: number;
  /** Show the URL and title of the joined page being read in the address bar and tab
   * (history.replaceState), so a reload returns to it. */
  addressBar: boolean;
  /** On Back, Forward or Reload, join again the pages that were joined and return to the
   * reader's place. */
  restorePlace: boolean;
  /** Base delay of the automatic retries after a 5xx, 429 or network error, ms
   * (retried twice: after this delay, then twice it; a Retry-After header wins). */
  backoffMs: number;
  /** Keep at most this many joined pages in the document; pages farther above the
   * reader are replaced by an empty block of the same height (0 keeps all). */
  keepPages: number;
  /** Replace page 1's pagination bar with the last joined page's, so it shows where
   * the reader is. */
  replacePagerBar: boolean;
  /** Leave out of joined pages the list items an earlier page already showed and the
   * blocks the site repeats on every page (newsletter box, share line). */
  skipRepeats: boolean;
  /** Wildcard URL patterns where tsugi never runs (see ./exclusions.ts). */
  exclusions: string[];
  /** Hosts where the reader switched auto-join off (see ./site-switch.ts). */
  disabledSites: string[];
  /** Hosts where tsugi must not click the page's "Load more" button (see
   * ./site-modes.ts). */
  loadMoreOffSites: string[];
  /** Hosts where tsugi must not render script-built next pages in a hidden frame
   * (see ./site-modes.ts). */
  frameOffSites: string[];
  /** Hosts where tsugi joins pages even though the site lists more by itself as the
   * reader scrolls (see ./site-modes.ts). */
  ownScrollOffSites: string[];
  /** Hosts where the reader switched "Join the next chapter" on: a page read as a
   * chapter of a serial joins its next chapters there (see ./chapter-switch.ts). Off
   * everywhere else. */
  chapterSites: string[];
}

export const DEFAULT_SETTINGS: Settings = {
  triggerScreens: 2,
  pageCap: 50,
  separators: true,
  minIntervalMs: 1000,
  addressBar: false,
  restorePlace: true,
  backoffMs: 2000,
  keepPages: 0,
  replacePagerBar: false,
  skipRepeats: true,
  exclusions: [],
  disabledSites: [],
  loadMoreOffSites: [],
  frameOffSites: [],
  ownScrollOffSites: [],
  chapterSites: [],
};

/** Keys of {@link Settings}, as stored in `storage.sync` (marked pure: a bundle that
 * reads no key, the content entry, leaves the list out). */
export const SETTING_KEYS = /* @__PURE__ */ Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];

const MAX_LIST = 500;

function stringList(v: unknown): string[] | null {
  if (!Array.isArray(v)) return null;
  const out = v
    .filter((x): x is string => typeof x === "string")
    .map((x) => x.trim())
    .filter(Boolean);
  return [...new Set(out)].slice(0, MAX_LIST);
}

/** The settings the gate stage reads when the entry wakes, before its gate (content/entry.ts):
 * the exclusions, the per-site switch, the own-scroll switch, the page cap of the idle
 * status and whether to come back to joined pages. */
export type EntrySettings = Pick<
  Settings,
  "exclusions" | "disabledSites" | "ownScrollOffSites" | "pageCap" | "restorePlace"
>;

const num = (v: unknown, min: number, max: number): number | null =>
  typeof v === "number" && Number.isFinite(v) && v >= min && v <= max ? v : null;

const hosts = (v: unknown): string[] => (stringList(v) ?? []).map((h) => h.toLowerCase());

/**
 * The {@link EntrySettings} of a stored value, read as {@link mergeSettings} reads them
 * (it starts from this), without the rest of its checks: the content entry runs on every
 * page and hands the stored value itself to the detector, which merges it in full.
 * @param stored anything read from `storage.sync` (may be undefined)
 */
export function entrySettings(stored: unknown): EntrySettings {
  const o = (typeof stored === "object" && stored !== null ? stored : {}) as Record<
    string,
    unknown
  >;
  return {
    exclusions: stringList(o.exclusions) ?? [],
    disabledSites: hosts(o.disabledSites),
    ownScrollOffSites: hosts(o.ownScrollOffSites),
    pageCap: num(o.pageCap, 1, 1000) ?? DEFAULT_SETTINGS.pageCap,
    restorePlace:
      typeof o.restorePlace === "boolean" ? o.restorePlace : DEFAULT_SETTINGS.restorePlace,
  };
}

/**
 * Merge stored values over the defaults, dropping values of the wrong type or
 * out of range, so a corrupted store (or an imported file) never breaks the pager.
 * @param stored anything read from `storage.sync` (may be undefined)
 */
export function mergeSettings(stored: unknown): Settings {
  const s: Settings = {
    ...DEFAULT_SETTINGS,
    loadMoreOffSites: [],
    frameOffSites: [],
    chapterSites: [],
    ...entrySettings(stored),
  };
  if (typeof stored !== "object" || stored === null) return s;
  const o = stored as Record<string, unknown>;
  s.triggerScreens = num(o.triggerScreens, 0, 50) ?? s.triggerScreens;
  s.minIntervalMs = num(o.minIntervalMs, 0, 60_000) ?? s.minIntervalMs;
  s.backoffMs = num(o.backoffMs, 0, 60_000) ?? s.backoffMs;
  s.keepPages = num(o.keepPages, 0, 1000) ?? s.keepPages;
  if (typeof o.separators === "boolean") s.separators = o.separators;
  if (typeof o.replacePagerBar === "boolean") s.replacePagerBar = o.replacePagerBar;
  if (typeof o.addressBar === "boolean") s.addressBar = o.addressBar;
  if (typeof o.skipRepeats === "boolean") s.skipRepeats = o.skipRepeats;
  s.loadMoreOffSites = hosts(o.loadMoreOffSites);
  s.frameOffSites = hosts(o.frameOffSites);
  s.chapterSites = hosts(o.chapterSites);
  return s;
}
