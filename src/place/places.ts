/**
 * What the background remembers of joined pages, per tab and history entry, so
 * Back and Reload bring back every joined page and the reader's place. Kept in the
 * extension's `storage.session` (gone when the browser closes), never in the site's
 * storage or `history.state`, which the site's scripts can read.
 */
import { samePageKey } from "../keys/page-url";
import type { JoinedPlace, Recalled } from "../messaging/joined-place";

/** A remembered place is forgotten after this long, ms (6 h): later, the site has likely
 * moved on, and a reader coming back to a day-old tab expects the page as it is now. */
export const PLACE_TTL_MS = 6 * 3_600_000;

/** Most places kept per tab (its most recent history entries with joined pages). */
export const MAX_PLACES_PER_TAB = 20;

const KEY_PREFIX = "place:";

/** `storage.session` key of a tab's places. */
export function placesKey(tabId: number): string {
  return `${KEY_PREFIX}${tabId}`;
}

/** Whether a `storage.session` key holds a tab's places. */
export function isPlacesKey(key: string): boolean {
  return key.startsWith(KEY_PREFIX);
}

/** A stored value read back as places: malformed entries are dropped, never thrown on. */
export function parsePlaces(stored: unknown): JoinedPlace[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (p): p is JoinedPlace =>
      typeof p === "object" &&
      p !== null &&
      Array.isArray((p as JoinedPlace).pages) &&
      (p as JoinedPlace).pages.length > 0 &&
      (p as JoinedPlace).pages.every((u) => typeof u === "string") &&
      typeof (p as JoinedPlace).at === "number",
  );
}

/**
 * The place to restore for a page opened by Back, Forward or Reload.
 * @param places the tab's places, most recent first
 * @param url the page's URL now (`location.href`)
 * @param entryKey the history entry's key, when the browser has the Navigation API
 * @param now ms since the epoch
 * @returns the entry's own place when its key matches, else the most recent place that
 *   shows `url`; null when none is fresh
 */
export function recallPlace(
  places: readonly JoinedPlace[],
  url: string,
  entryKey: string | undefined,
  now: number,
): Recalled | null {
  const target = samePageKey(url);
  const fresh = places.filter((p) => now - p.at <= PLACE_TTL_MS);
  const withUrl = (p: JoinedPlace) => p.pages.findIndex((u) => samePageKey(u) === target);
  const byKey = entryKey
    ? fresh.find((p) => p.entryKey === entryKey && withUrl(p) >= 0)
    : undefined;
  const place = byKey ?? fresh.filter((p) => withUrl(p) >= 0).sort((a, b) => b.at - a.at)[0];
  return place ? { place, from: withUrl(place) } : null;
}

/**
 * The tab's places with `place` written in: it replaces the place of the same history
 * entry (same key, else same page 1), expired places go, at most
 * {@link MAX_PLACES_PER_TAB} are kept, most recent first.
 */
export function rememberPlace(
  places: readonly JoinedPlace[],
  place: JoinedPlace,
  now: number,
): JoinedPlace[] {
  const first = samePageKey(place.pages[0] ?? "");
  const same = (p: JoinedPlace) =>
    place.entryKey && p.entryKey
      ? p.entryKey === place.entryKey
      : samePageKey(p.pages[0] ?? "") === first;
  const kept = places.filter((p) => now - p.at <= PLACE_TTL_MS && !same(p));
  return [place, ...kept].slice(0, MAX_PLACES_PER_TAB);
}

/**
 * The tab's places without those of one site (the reader switched it off, or refused a
 * joined page there).
 * @param site a host with its port, as `siteOf` (../reader/site-switch.ts) gives it
 */
export function forgetSite(places: readonly JoinedPlace[], site: string): JoinedPlace[] {
  return places.filter((p) => {
    try {
      return new URL(p.pages[0] ?? "").host.toLowerCase() !== site;
    } catch {
      return false;
    }
  });
}
