/**
 * Per-site switches of the optional ways of joining (issue 15): clicking the page's own
 * "Load more" button, and rendering script-built next pages in a hidden frame. Both are
 * on everywhere until the reader turns one off for a host; the hosts live in
 * `storage.sync` beside the per-site auto-join switch (`disabledSites`, ./site-switch.ts),
 * as `loadMoreOffSites` and `frameOffSites`.
 */
import type { SiteModes } from "../messaging/status";
import type { Settings } from "./settings";
import { isSiteEnabled, withSite } from "./site-switch";

/** A switchable mode. */
export type SiteMode = keyof SiteModes;

/** The `storage.sync` key that lists the hosts where a mode is off. */
export const MODE_KEYS = {
  loadMore: "loadMoreOffSites",
  frame: "frameOffSites",
} as const satisfies Record<SiteMode, keyof Settings>;

/**
 * Which modes are on for `url`'s site.
 * @param url the page's URL
 * @param settings the reader's settings (only the two host lists are read)
 */
export function siteModes(
  url: string,
  settings: Pick<Settings, "loadMoreOffSites" | "frameOffSites">,
): SiteModes {
  return {
    loadMore: isSiteEnabled(url, settings.loadMoreOffSites),
    frame: isSiteEnabled(url, settings.frameOffSites),
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
  settings: Pick<Settings, "loadMoreOffSites" | "frameOffSites">,
  mode: SiteMode,
  url: string,
  on: boolean,
): Partial<Pick<Settings, "loadMoreOffSites" | "frameOffSites">> {
  const key = MODE_KEYS[mode];
  return { [key]: withSite(settings[key], url, on) };
}
