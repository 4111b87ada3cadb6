/**
 * Per-site switches of the optional ways of joining: clicking the page's own
 * "Load more" button, rendering script-built next pages in a hidden frame, and leaving a
 * site that lists more by itself alone. All are on everywhere until the reader turns one
 * off for a host; the hosts live in `storage.sync` beside the per-site auto-join switch
 * (`disabledSites`, ./site-switch.ts), as `loadMoreOffSites`, `frameOffSites` and
 * `ownScrollOffSites`.
 */
import type { SiteModes } from "../messaging/status";
import type { Settings } from "./settings";
import { isSiteEnabled, withSite } from "./site-switch";

/** A switchable mode. */
export type SiteMode = keyof SiteModes;

/** Every mode, in the order the popup and the options page list them. */
export const MODES: readonly SiteMode[] = ["loadMore", "frame", "ownScroll"];

/** The `storage.sync` key that lists the hosts where a mode is off. */
export const MODE_KEYS = {
  loadMore: "loadMoreOffSites",
  frame: "frameOffSites",
  ownScroll: "ownScrollOffSites",
} as const satisfies Record<SiteMode, keyof Settings>;

/** The message key (public/_locales) that names a mode. */
export const MODE_LABELS = {
  loadMore: "popupModeLoadMore",
  frame: "popupModeFrame",
  ownScroll: "popupModeOwnScroll",
} as const satisfies Record<SiteMode, string>;

/** The host lists of the modes. */
export type ModeLists = Pick<Settings, (typeof MODE_KEYS)[SiteMode]>;

/**
 * Which modes are on for `url`'s site.
 * @param url the page's URL
 * @param settings the reader's settings (only the host lists of the modes are read)
 */
export function siteModes(url: string, settings: ModeLists): SiteModes {
  return {
    loadMore: isSiteEnabled(url, settings.loadMoreOffSites),
    frame: isSiteEnabled(url, settings.frameOffSites),
    ownScroll: isSiteEnabled(url, settings.ownScrollOffSites),
  };
}

/**
 * The host list of `mode` after turning it on or off for `url`'s site.
 * @param settings the stored settings
 * @param mode which mode
 * @param url any URL of the site
 * @param on true: the mode is on there (the host leaves the list)
 * @returns `{ [key]: list }`, ready for `storage.sync.set`
 */
export function withSiteMode(
  settings: ModeLists,
  mode: SiteMode,
  url: string,
  on: boolean,
): Partial<ModeLists> {
  const key = MODE_KEYS[mode];
  return { [key]: withSite(settings[key], url, on) };
}
