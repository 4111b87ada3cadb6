/**
 * The reader's place in a serial, per work, in the built extension (Chromium): chapters
 * 1–3 of a serial read with "Join the next chapter" on, then chapter 1 opened again in a
 * fresh tab: the popup offers "Continue at Chapter 3", and taking it opens chapter 3 in
 * that tab, scrolled back to the place the reader was at.
 */
import { describe, expect, it } from "vitest";
import {
  messageTab,
  openPopupFor,
  scrollUntilSettled,
  setExtensionSettings,
  waitForStatus,
} from "../../src/cli/join";
import type { ExportFile } from "../../src/messaging/messages";
import type { TabStatus } from "../../src/messaging/status";
import { SERIAL_BOOKS_KEY } from "../../src/place/serial-books";
import { parseSerialPlaces, SERIAL_PLACES_KEY } from "../../src/place/serial-place";
import { DEFAULT_SETTINGS } from "../../src/reader/settings";
import { extensionLocalStorage, extensionSuite } from "../support/extension";
import { CHAPTERS, chapterPath, markOf, startSerialServer } from "../support/serial-server";

/** The pager's polite interval between requests (the reader's setting's default), ms. */
const POLITE_MS = DEFAULT_SETTINGS.minIntervalMs;

const suite = extensionSuite(startSerialServer, { settings: { minIntervalMs: 0 } }, (b) =>
  setExtensionSettings(b.context, { chapterSites: [] }),
);

describe("Continue at Chapter N", () => {
  it("reads chapters 1–3, then offers chapter 3 on chapter 1 in a fresh tab and lands there", async () => {
    const origin = suite.server.origin;
    await setExtensionSettings(suite.browser.context, { chapterSites: [new URL(origin).host] });
    const reading = await suite.tabs.open(chapterPath("narou", 1));
    expect((await scrollUntilSettled(reading, 60_000)).pages).toBe(CHAPTERS);
    // The reader reads half way into chapter 3 (between its separator and chapter 4's).
    await reading.evaluate(() => {
      const top = (n: number) =>
        (
          document.querySelector(`.tsugi-separator[data-tsugi-separator="${n}"]`) as HTMLElement
        ).getBoundingClientRect().top + window.scrollY;
      const mid = (top(3) + top(4)) / 2;
      window.scrollTo(0, mid - window.innerHeight / 3);
    });
    const chapter3 = `${origin}${chapterPath("narou", 3)}`;
    // Written when scrolling settles: chapter 3, about half way (the written place may
    // first be one the scroll passed while chapters were joined).
    await expect
      .poll(async () => {
        const places = parseSerialPlaces(
          (await extensionLocalStorage(suite.browser.context))[SERIAL_PLACES_KEY],
        );
        return places.map((p) => [p.url, p.number, Math.round(p.fraction * 10) / 10]);
      })
      .toEqual([[chapter3, 3, 0.5]]);
    await reading.close();

    const fresh = await suite.tabs.open(chapterPath("narou", 1));
    await waitForStatus(fresh, (s) => s.serial === true);
    const popup = await openPopupFor(suite.browser.context, fresh.url());
    suite.tabs.keep(popup);
    const offer = popup.getByTestId("continue-at");
    await expect.poll(() => offer.textContent()).toBe("Continue at Chapter 3");
    await offer.click();
    await expect.poll(() => fresh.url()).toBe(chapter3);
    // Scrolled back into chapter 3 (once chapter 4 is joined below it: the page alone is
    // shorter than the window), and the request to do so cleared…
    await expect
      .poll(() => fresh.evaluate(() => window.scrollY), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const after = parseSerialPlaces(
      (await extensionLocalStorage(suite.browser.context))[SERIAL_PLACES_KEY],
    );
    // …where the reader was: the place read there is still chapter 3, about half way.
    const back = after.find((p) => p.url === chapter3);
    expect(back?.resume).not.toBe(true);
    expect(Math.abs((back?.fraction ?? 0) - 0.5)).toBeLessThan(0.1);
  });

  it("an EPUB made of the serial is offered as the last book on the work's chapters", async () => {
    const origin = suite.server.origin;
    await setExtensionSettings(suite.browser.context, { chapterSites: [new URL(origin).host] });
    const page = await suite.tabs.open(chapterPath("kakuyomu", 1));
    expect((await scrollUntilSettled(page, 60_000)).pages).toBe(CHAPTERS);
    const book = await messageTab<ExportFile>(page, {
      type: "popup→content:export",
      format: "epub",
      book: {},
    });
    expect(book.pages).toBe(CHAPTERS);
    await page.close();
    const fresh = await suite.tabs.open(chapterPath("kakuyomu", 1));
    await waitForStatus(fresh, (s) => s.serial === true && s.detector === true);
    const last = `${origin}${chapterPath("kakuyomu", CHAPTERS)}`;
    const books = parseSerialPlaces(
      (await extensionLocalStorage(suite.browser.context))[SERIAL_BOOKS_KEY],
    );
    expect(books.map((b) => [b.url, b.number])).toEqual([[last, CHAPTERS]]);
    const popup = await openPopupFor(suite.browser.context, fresh.url());
    suite.tabs.keep(popup);
    await popup.getByTestId("format").selectOption("epub");
    const after = popup.getByTestId("book-after");
    await after.waitFor();
    expect(await popup.locator("label", { has: after }).textContent()).toContain(
      `Only chapters after the last book (Chapter ${CHAPTERS})`,
    );
  });
});

describe("Fetch all pages first with chapter mode on", () => {
  it("joins every chapter once, in order, one request at a time spaced by the polite interval", async () => {
    const origin = suite.server.origin;
    await setExtensionSettings(suite.browser.context, {
      chapterSites: [new URL(origin).host],
      minIntervalMs: POLITE_MS,
    });
    try {
      const page = await suite.tabs.open(chapterPath("chinese", 1));
      await waitForStatus(page, (s) => s.serial === true && s.detector === true);
      const from = suite.server.requests.length;
      const end = await messageTab<TabStatus>(page, { type: "popup→content:fetch-all" });
      const seen = suite.server.requests.slice(from);
      expect(end.pages).toBe(CHAPTERS);
      const chapters = seen.filter((r) => !r.path.startsWith("/img/"));
      expect(chapters.map((r) => r.path)).toEqual(
        Array.from({ length: CHAPTERS - 1 }, (_, i) => chapterPath("chinese", i + 2)),
      );
      const gaps = chapters.slice(1).map((r, i) => r.at - (chapters[i] as { at: number }).at);
      // The pager spaces the starts of its requests; their arrival here moves by the
      // browser's dispatch, tens of ms on a busy machine (seen: 971 ms to 1026 ms).
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(POLITE_MS - 60);
      const text = await page.evaluate(() => document.body.textContent ?? "");
      const at = Array.from({ length: CHAPTERS }, (_, i) => text.indexOf(markOf("chinese", i + 1)));
      const counts = Array.from(
        { length: CHAPTERS },
        (_, i) => text.split(markOf("chinese", i + 1)).length - 1,
      );
      expect(counts).toEqual(Array(CHAPTERS).fill(1));
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    } finally {
      await setExtensionSettings(suite.browser.context, { minIntervalMs: 0 });
    }
  });
});
