/**
 * Keeps the reader's place in a serial (./serial-place.ts) up to date while chapters are
 * joined and read: after each joined chapter and when scrolling settles, once the reader
 * has scrolled, the chapter at the reading line is written into the extension's `storage.local`, per work. Only a
 * change of chapter, or of the place in it by a hundredth, is written.
 */
import { SETTLE_MS } from "./keeper";
import { type LocalStore, rememberSerialPlace, updateSerialPlaces } from "./serial-place";
import { type ReadingChapter, readingChapter } from "./serial-reading";

export type { LocalStore } from "./serial-place";

/** The work the reader opened a chapter of. */
export interface SerialWork {
  /** Its key (./serial-place.ts `workKey`). */
  work: string;
  /** The chapter's URL. */
  pageUrl: string;
  /** Its chapter number (null: the page names none; chapters are counted from 1). */
  first: number | null;
  /** Its heading or title. */
  heading: string;
  /** Its chapter elements. */
  elements: readonly Element[];
}

/**
 * Write the place `at` of `serial` into `store` (read, replace the work's place, write).
 * @param now ms since the epoch
 */
export async function writeSerialPlace(
  store: LocalStore,
  serial: SerialWork,
  at: ReadingChapter,
  now: number,
): Promise<void> {
  await updateSerialPlaces(store, (places) =>
    rememberSerialPlace(places, {
      work: serial.work,
      url: at.url,
      number: (serial.first ?? 1) + at.page - 1,
      title: at.label ?? serial.heading,
      fraction: Math.round(at.fraction * 100) / 100,
      at: now,
    }),
  );
}

/**
 * Watch the reader's place in a serial in `win`. Returns save (write now, e.g. after a
 * chapter is joined) and stop (removes the listener).
 */
export function keepSerialPlace(
  win: Window,
  serial: SerialWork,
  store: LocalStore,
): { save(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = "";
  // A chapter joined on its own (a short page is near its end at once) is not read: the
  // reader's own scroll says so. Else opening chapter 1 again would lose chapter 3.
  let scrolled = false;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!scrolled) return;
    const at = readingChapter(win, serial.elements, serial.pageUrl);
    const said = `${at.page} ${Math.round(at.fraction * 100)}`;
    if (said === last) return;
    last = said;
    void writeSerialPlace(store, serial, at, Date.now()).catch(() => {});
  };
  const onScroll = () => {
    scrolled = true;
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, SETTLE_MS);
  };
  win.addEventListener("scroll", onScroll, { passive: true });
  return {
    save,
    stop() {
      if (timer) clearTimeout(timer);
      win.removeEventListener("scroll", onScroll);
    },
  };
}
