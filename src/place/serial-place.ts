/**
 * The reader's place in a serial, per work (not per tab): the last chapter read of each
 * work, kept in the extension's `storage.local` under {@link SERIAL_PLACES_KEY} so that a
 * chapter page or the work's index, opened later in any tab, offers "Continue at Chapter
 * N". Nothing leaves the browser. The work is told apart as same-work.ts tells it: the
 * work's table of contents, else the work id in the chapter URL, else the series title.
 */

import { titleParts, workPath } from "../detect/same-work";
import { samePageKey } from "../keys/page-url";

/** `storage.local` key of the places in serials. */
export const SERIAL_PLACES_KEY = "serialPlaces";

/** The extension's `storage.local`, as much of it as the places and books use. */
export interface LocalStore {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

/**
 * The places (or books: ./serial-books.ts) stored under `key`.
 * @returns the valid entries ({@link parseSerialPlaces}), [] when none are stored
 */
export async function readSerialPlaces(
  store: LocalStore,
  key: string = SERIAL_PLACES_KEY,
): Promise<SerialPlace[]> {
  const stored = await store.get(key);
  return parseSerialPlaces(stored[key]);
}

/** Read the entries under `key`, change them with `update`, and write them back. */
export async function updateSerialPlaces(
  store: LocalStore,
  update: (places: SerialPlace[]) => SerialPlace[],
  key: string = SERIAL_PLACES_KEY,
): Promise<void> {
  await store.set({ [key]: update(await readSerialPlaces(store, key)) });
}

/** Most works whose place is kept; the least recently read go first. */
export const MAX_SERIAL_PLACES = 50;

/** The last chapter read of one work. */
export interface SerialPlace {
  /** The work's key ({@link workKey}). */
  work: string;
  /** The chapter's URL. */
  url: string;
  /** Its chapter number (counted from page 1's, or from 1 where none is named). */
  number: number;
  /** Its heading or title, as its separator shows it. */
  title: string;
  /** How far the reader was in it: the scroll fraction within the chapter, 0..1. */
  fraction: number;
  /** When, ms since the epoch. */
  at: number;
  /** Set by the popup's "Continue at": the chapter page, once opened, scrolls to
   * `fraction` and clears it. */
  resume?: boolean;
}

/**
 * The key of a chapter's work: its host with the work's table of contents (same host),
 * else the work's part of the URL ({@link workPath}), else the first part of its title
 * that names the work ({@link titleParts}). Two chapters of one work get the same key.
 * @param url the chapter's URL
 * @param toc the work's table of contents, when the chapter links to it
 * @param title the chapter's `<title>`
 * @returns "host path-or-title", or null where nothing names the work (or `url` is bad)
 */
export function workKey(url: string, toc: string | null, title: string): string | null {
  let host: string;
  try {
    host = new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
  if (toc) {
    try {
      const t = new URL(toc);
      if (t.host.toLowerCase() === host) return `${host} ${t.pathname}`;
    } catch {
      // A bad contents link names nothing; the URL or title may.
    }
  }
  const path = workPath(url);
  if (path) return `${host} ${path}`;
  const part = titleParts(title)[0];
  return part ? `${host} title:${part}` : null;
}

/** A stored value read back as places: malformed entries are dropped, never thrown on. */
export function parseSerialPlaces(stored: unknown): SerialPlace[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (p): p is SerialPlace =>
      typeof p === "object" &&
      p !== null &&
      typeof p.work === "string" &&
      typeof p.url === "string" &&
      typeof p.number === "number" &&
      typeof p.title === "string" &&
      typeof p.fraction === "number" &&
      typeof p.at === "number",
  );
}

/**
 * The places with `place` written in: it replaces its work's place, the newest first,
 * at most {@link MAX_SERIAL_PLACES} kept.
 * @param places the stored places, newest first
 * @param place the chapter read now
 */
export function rememberSerialPlace(
  places: readonly SerialPlace[],
  place: SerialPlace,
): SerialPlace[] {
  const others = places.filter((p) => p.work !== place.work);
  return [place, ...others].sort((a, b) => b.at - a.at).slice(0, MAX_SERIAL_PLACES);
}

/**
 * The place a page offers to continue at: the place of the page's own work, else the
 * newest place whose chapter the page links to (the work's index), on the same host;
 * none where the page is that chapter itself.
 * @param places the stored places
 * @param pageUrl the page's URL
 * @param pageWork the page's work key, when it reads as a chapter
 * @param links the absolute URLs the page links to
 */
export function continueAt(
  places: readonly SerialPlace[],
  pageUrl: string,
  pageWork: string | null,
  links: readonly string[],
): SerialPlace | null {
  const here = samePageKey(pageUrl);
  let host: string;
  try {
    host = new URL(pageUrl).host.toLowerCase();
  } catch {
    return null;
  }
  const sameHost = (p: SerialPlace) => {
    try {
      return new URL(p.url).host.toLowerCase() === host;
    } catch {
      return false;
    }
  };
  const newest = [...places].filter(sameHost).sort((a, b) => b.at - a.at);
  const linked = new Set(links.map(samePageKey));
  const place =
    (pageWork ? newest.find((p) => p.work === pageWork) : undefined) ??
    newest.find((p) => linked.has(samePageKey(p.url)));
  return place && samePageKey(place.url) !== here ? place : null;
}

/**
 * The places with the one at `url` asked to resume: the chapter page, once the popup has
 * opened it, scrolls back to the place in it (./serial-offer.ts `resumeIfAsked`).
 * @param url the place's chapter URL
 */
export function askResume(places: readonly SerialPlace[], url: string): SerialPlace[] {
  const key = samePageKey(url);
  return places.map((p) => (samePageKey(p.url) === key ? { ...p, resume: true } : p));
}
