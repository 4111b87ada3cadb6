/**
 * "New chapters since the last book": the last chapter each work's latest EPUB held, per
 * work, in the extension's `storage.local` under {@link SERIAL_BOOKS_KEY} (bounded and
 * kept as the places of ./serial-place.ts are), so that the popup's book options offer
 * "Only chapters after the last book (Chapter N)", the export's `after` option.
 */
import type { SerialWork } from "./serial-keeper";
import {
  type LocalStore,
  readSerialPlaces,
  rememberSerialPlace,
  type SerialPlace,
  updateSerialPlaces,
} from "./serial-place";

/** `storage.local` key of the last chapter of each work's latest book. */
export const SERIAL_BOOKS_KEY = "serialBooks";

/**
 * The last chapter a book of `work` held: the last chapter joined, else the page itself.
 * @param joined the URLs of the chapters joined after the page, in order
 * @param now ms since the epoch
 */
export function lastChapterOfBook(
  work: SerialWork,
  joined: readonly string[],
  now: number,
): SerialPlace {
  return {
    work: work.work,
    url: joined[joined.length - 1] ?? work.pageUrl,
    number: (work.first ?? 1) + joined.length,
    title: "",
    fraction: 1,
    at: now,
  };
}

/** Record the last chapter of a book just made (read, replace the work's, write). */
export async function rememberBook(store: LocalStore, last: SerialPlace): Promise<void> {
  await updateSerialPlaces(store, (books) => rememberSerialPlace(books, last), SERIAL_BOOKS_KEY);
}

/** The last chapter of `work`'s latest book, or null when none was made. */
export async function lastBookOf(store: LocalStore, work: string): Promise<SerialPlace | null> {
  const books = await readSerialPlaces(store, SERIAL_BOOKS_KEY);
  return books.find((b) => b.work === work) ?? null;
}
