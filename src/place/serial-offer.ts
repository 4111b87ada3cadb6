/**
 * The page's side of "Continue at Chapter N": the work of the chapter the reader opened,
 * the place the page offers to continue at (its own work's, or on the work's index the
 * chapter it links to), and the scroll back into a chapter the popup sent the reader to.
 */
import { samePageKey } from "../keys/page-url";
import type { ChapterRun } from "../pager/tab-run";
import type { LocalStore, SerialWork } from "./serial-keeper";
import {
  continueAt,
  readSerialPlaces,
  SERIAL_PLACES_KEY,
  type SerialPlace,
  workKey,
} from "./serial-place";
import { scrollIntoChapter } from "./serial-reading";

/**
 * The work of the chapter the reader opened.
 * @param run page 1 read as a chapter (null: it reads as none)
 * @returns null where the page is no chapter or nothing names its work
 */
export function serialWork(
  doc: Document,
  pageUrl: string,
  run: ChapterRun | null,
): SerialWork | null {
  if (!run) return null;
  const work = workKey(pageUrl, run.serial.toc, doc.title);
  if (!work) return null;
  return {
    work,
    pageUrl,
    first: run.serial.chapter,
    heading: run.serial.heading ?? doc.title.replace(/\s+/g, " ").trim(),
    elements: run.start.pageElements,
  };
}

/**
 * The place this page offers to continue at ({@link continueAt}).
 * @param work the page's work, when it is a chapter
 * @returns the place, or null (none stored, or the page is that chapter)
 */
export async function offerOnPage(
  store: LocalStore,
  doc: Document,
  pageUrl: string,
  work: SerialWork | null,
): Promise<SerialPlace | null> {
  const places = await readSerialPlaces(store);
  if (places.length === 0) return null;
  const links = Array.from(doc.querySelectorAll<HTMLAnchorElement>("a[href]"), (a) => a.href);
  return continueAt(places, pageUrl, work?.work ?? null, links);
}

/**
 * Where the popup's "Continue at" brought the reader to this chapter: scroll to the place
 * in it and clear the request (a later visit starts at the top as usual).
 * @returns the place's fraction of the chapter when the page is too short to get there
 *   yet (scroll again once a chapter is joined below), else null
 */
export async function resumeIfAsked(
  store: LocalStore,
  win: Window,
  work: SerialWork,
): Promise<number | null> {
  const places = await readSerialPlaces(store);
  const asked = places.find(
    (p) => p.resume && p.work === work.work && samePageKey(p.url) === samePageKey(work.pageUrl),
  );
  if (!asked) return null;
  await store.set({
    [SERIAL_PLACES_KEY]: places.map((p) => (p === asked ? { ...p, resume: false } : p)),
  });
  return scrollIntoChapter(win, work.elements, asked.fraction) ? null : asked.fraction;
}
