/** Reader settings; the defaults follow what AutoPagerize users expect. */
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
}

export const DEFAULT_SETTINGS: Settings = {
  triggerScreens: 2,
  pageCap: 50,
  separators: true,
  minIntervalMs: 1000,
};

/**
 * Merge stored values over the defaults, dropping values of the wrong type or
 * out of range, so a corrupted store never breaks the pager.
 * @param stored anything read from `storage.sync` (may be undefined)
 */
export function mergeSettings(stored: unknown): Settings {
  const s = { ...DEFAULT_SETTINGS };
  if (typeof stored !== "object" || stored === null) return s;
  const o = stored as Record<string, unknown>;
  const num = (v: unknown, min: number, max: number): number | null =>
    typeof v === "number" && Number.isFinite(v) && v >= min && v <= max ? v : null;
  s.triggerScreens = num(o.triggerScreens, 0, 50) ?? s.triggerScreens;
  s.pageCap = num(o.pageCap, 1, 1000) ?? s.pageCap;
  s.minIntervalMs = num(o.minIntervalMs, 0, 60_000) ?? s.minIntervalMs;
  if (typeof o.separators === "boolean") s.separators = o.separators;
  return s;
}
