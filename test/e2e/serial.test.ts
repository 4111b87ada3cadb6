/**
 * "Join the next chapter" in the built extension (Chromium): serials of the five usual
 * shapes are offered and left unjoined with the switch off, joined chapter by chapter
 * (each once, in order, under its heading) once the popup turns it on, without a reload;
 * single documents whose link leads to the next one (a news story, a blog post, a
 * product) stay unjoined and are not offered; a wall, another work and a teaser stop
 * joining with their reason.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  messageTab,
  openPopupFor,
  scrollUntilSettled,
  setExtensionSettings,
  waitForStatus,
} from "../../src/cli/join";
import type { ExportFile } from "../../src/messaging/messages";
import { extensionSuite, restoredStatus } from "../support/extension";
import {
  CHAPTERS,
  chapterPath,
  markOf,
  negativePath,
  SHAPES,
  type Shape,
  startSerialServer,
} from "../support/serial-server";

const suite = extensionSuite(startSerialServer, { settings: { minIntervalMs: 0 } }, (b) =>
  setExtensionSettings(b.context, { chapterSites: [] }),
);

const site = () => new URL(suite.server.origin).host;

/** Where each mark of `shape` stands in the page's text, chapter 1 first (−1: absent),
 * and how often each is there. */
async function marks(page: Page, shape: string): Promise<{ at: number[]; counts: number[] }> {
  const text = await page.evaluate(() => document.body.textContent ?? "");
  const at: number[] = [];
  const counts: number[] = [];
  for (let n = 1; n <= CHAPTERS; n++) {
    const mark = markOf(shape, n);
    at.push(text.indexOf(mark));
    counts.push(text.split(mark).length - 1);
  }
  return { at, counts };
}

/** Requests for `path` since request `from`. */
const asked = (path: string, from = 0) =>
  suite.server.requests.slice(from).filter((r) => r.path === path).length;

/** Scroll to the end a few times, as a reader would, and give tsugi time to act. */
async function scrollAWhile(page: Page): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(200);
  }
}

/** Every chapter of `shape` once, in order, each behind a separator linking to it. */
async function expectEveryChapter(page: Page, shape: Shape, from: number): Promise<void> {
  const { at, counts } = await marks(page, shape);
  expect(counts).toEqual(Array(CHAPTERS).fill(1));
  expect([...at].sort((a, b) => a - b)).toEqual(at);
  const links = await page
    .locator(".tsugi-separator > a, .tsugi-separator a")
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(links).toEqual(
    Array.from(
      { length: CHAPTERS - 1 },
      (_, i) => `${suite.server.origin}${chapterPath(shape, i + 2)}`,
    ),
  );
  for (let n = 2; n <= CHAPTERS; n++) expect(asked(chapterPath(shape, n), from)).toBe(1);
}

describe("a serial with Join the next chapter off", () => {
  it.each(SHAPES)("%s: offered, nothing joined, no chapter fetched", async (shape) => {
    const from = suite.server.requests.length;
    const page = await suite.tabs.open(chapterPath(shape, 1));
    const status = await waitForStatus(page, (s) => s.detector === true && s.state !== "starting");
    expect(status.serial).toBe(true);
    expect(status.chapters).toBe(false);
    await scrollAWhile(page);
    expect(await page.locator(".tsugi-separator").count()).toBe(0);
    expect((await marks(page, shape)).counts).toEqual([1, 0, 0, 0]);
    expect(asked(chapterPath(shape, 2), from)).toBe(0);
  });
});

describe("the popup's Join the next chapter", () => {
  it("offers the serial, and joins its chapters at once when turned on (no reload)", async () => {
    const from = suite.server.requests.length;
    const page = await suite.tabs.open(chapterPath("narou", 1));
    await waitForStatus(page, (s) => s.serial === true);
    const popup = await openPopupFor(suite.browser.context, page.url());
    suite.tabs.keep(popup);
    await expect
      .poll(() => popup.getByTestId("serial-offer").textContent())
      .toBe("This looks like a serial: join the next chapter on this site?");
    const toggle = popup.getByRole("checkbox", { name: "Join the next chapter" });
    expect(await toggle.isChecked()).toBe(false);
    // Keyboard reachable: focus it and press Space, as a keyboard reader does.
    await toggle.focus();
    await popup.keyboard.press("Space");
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await waitForStatus(page, (s) => s.chapters === true);
    const end = await scrollUntilSettled(page, 60_000);
    expect(end).toMatchObject({ state: "done", pages: CHAPTERS });
    await expectEveryChapter(page, "narou", from);
    // The site's own chapter heading on each separator, and in the export.
    const headings = ["旅立ち", "港町", "灯台守", "夜明け"].map(
      (t, i) => `第${i + 1}話 ${t} - 星の旅人 - 小説の森`,
    );
    const labels = await page.locator(".tsugi-separator > a").allTextContents();
    expect(labels).toEqual(headings.slice(1));
    const md = await messageTab<ExportFile>(page, { type: "popup→content:export", format: "md" });
    const said = headings.map((h) => md.content.indexOf(`## ${h}`));
    expect(said.every((at) => at >= 0)).toBe(true);
    expect([...said].sort((a, b) => a - b)).toEqual(said);
    expect(md.pages).toBe(CHAPTERS);
  });
});

describe("a serial with Join the next chapter on", () => {
  it.each(SHAPES)("%s: every chapter read once, in order, under its heading", async (shape) => {
    await setExtensionSettings(suite.browser.context, { chapterSites: [site()] });
    const from = suite.server.requests.length;
    const page = await suite.tabs.open(chapterPath(shape, 1));
    const end = await scrollUntilSettled(page, 60_000);
    expect(end, end.reason ?? "").toMatchObject({ state: "done", pages: CHAPTERS });
    await expectEveryChapter(page, shape, from);
  });

  it("Reload keeps the place: the chapters joined again as chapters, the one read on screen", async () => {
    await setExtensionSettings(suite.browser.context, { chapterSites: [site()] });
    const page = await suite.tabs.open(chapterPath("chinese", 1));
    expect((await scrollUntilSettled(page, 60_000)).pages).toBe(CHAPTERS);
    const labels = () => page.locator(".tsugi-separator > a").allTextContents();
    const before = await labels();
    expect(before).toEqual(["第二章 风起", "第三章 风起", "第四章 风起"]);
    // The reader reads chapter 3, then reloads.
    const mark = markOf("chinese", 3);
    const centre = () =>
      page.evaluate((m) => {
        const p = Array.from(document.querySelectorAll("p.mark")).find((e) => e.textContent === m);
        p?.scrollIntoView({ block: "center" });
        return p ? Math.round(p.getBoundingClientRect().top) : null;
      }, mark);
    await centre();
    await page.waitForTimeout(600);
    await page.reload();
    const back = await restoredStatus(page, "restored", 30_000);
    expect(back?.restored).toBe(CHAPTERS - 1);
    expect(await labels()).toEqual(before);
    expect((await marks(page, "chinese")).counts).toEqual(Array(CHAPTERS).fill(1));
    const top = await page.evaluate((m) => {
      const p = Array.from(document.querySelectorAll("p.mark")).find((e) => e.textContent === m);
      return p ? p.getBoundingClientRect().top : null;
    }, mark);
    const height = await page.evaluate(() => window.innerHeight);
    expect(top).not.toBeNull();
    expect(top as number).toBeGreaterThanOrEqual(0);
    expect(top as number).toBeLessThan(height);
  });

  it("Not the next page on a chapter's separator takes it and the later ones back, and the serial is not joined again", async () => {
    await setExtensionSettings(suite.browser.context, { chapterSites: [site()] });
    const page = await suite.tabs.open(chapterPath("essay", 1));
    expect((await scrollUntilSettled(page, 60_000)).pages).toBe(CHAPTERS);
    await page
      .locator(".tsugi-separator[data-tsugi-separator='3']")
      .getByRole("button", { name: "Not the next page" })
      .click();
    const stopped = await waitForStatus(page, (s) => s.state === "stopped");
    expect(stopped.pages).toBe(2);
    expect(stopped.reason).toContain("not the next page");
    expect((await marks(page, "essay")).counts).toEqual([1, 1, 0, 0]);
    // On a later visit the refused link is not followed, as for pages.
    const from = suite.server.requests.length;
    const again = await suite.tabs.open(chapterPath("essay", 1));
    await scrollAWhile(again);
    await waitForStatus(again, (s) => s.detector === true && s.state !== "starting");
    expect(await again.locator(".tsugi-separator").count()).toBe(0);
    expect(asked(chapterPath("essay", 2), from)).toBe(0);
  });

  it("the address bar follows the chapter being read (the option on)", async () => {
    await setExtensionSettings(suite.browser.context, { chapterSites: [site()] });
    try {
      const page = await suite.tabs.open(chapterPath("kakuyomu", 1));
      expect((await scrollUntilSettled(page, 60_000)).pages).toBe(CHAPTERS);
      // Turned on once joined (the status is kept under page 1's URL, which then moves).
      await setExtensionSettings(suite.browser.context, { addressBar: true });
      await page.waitForTimeout(300);
      await page.evaluate(
        (m) => {
          const p = Array.from(document.querySelectorAll("p.mark")).find(
            (e) => e.textContent === m,
          );
          p?.scrollIntoView({ block: "start" });
          window.scrollBy(0, -40);
        },
        markOf("kakuyomu", 3),
      );
      await expect
        .poll(() => page.url())
        .toBe(`${suite.server.origin}${chapterPath("kakuyomu", 3)}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect
        .poll(() => page.url())
        .toBe(`${suite.server.origin}${chapterPath("kakuyomu", 1)}`);
    } finally {
      await setExtensionSettings(suite.browser.context, { addressBar: false });
    }
  });

  it("stops on an age wall, a link into another work and a teaser, saying why", async () => {
    await setExtensionSettings(suite.browser.context, { chapterSites: [site()] });
    const cases = [
      { kind: "walled", says: "asks you to log in or confirm your age", joined: 2 },
      { kind: "other", says: "belongs to another work", joined: 2 },
      { kind: "teaser", says: "shows only a teaser", joined: 1 },
    ] as const;
    for (const c of cases) {
      const page = await suite.tabs.open(chapterPath(c.kind, 1));
      const end = await scrollUntilSettled(page, 60_000);
      expect(end.state).toBe("stopped");
      expect(end.reason).toContain(c.says);
      expect(end.pages).toBe(c.joined);
      expect(await page.locator(".tsugi-status").textContent()).toContain(c.says);
      expect(await page.locator(".tsugi-separator").count()).toBe(c.joined - 1);
    }
    const other = await suite.tabs.open(chapterPath("other", 1));
    await scrollUntilSettled(other, 60_000);
    expect(
      await other.evaluate(() => document.body.textContent?.includes("MARK-otherwork-1")),
    ).toBe(false);
  });
});

describe("single documents whose link leads to the next one", () => {
  for (const kind of ["news", "blog", "shop"] as const) {
    it(`${kind}: not joined and not offered, with the switch off and on`, async () => {
      for (const on of [false, true]) {
        await setExtensionSettings(suite.browser.context, { chapterSites: on ? [site()] : [] });
        const page = await suite.tabs.open(negativePath(kind, 1));
        await scrollAWhile(page);
        const status = await waitForStatus(page, (s) => s.state !== "starting");
        expect(status.serial).toBeUndefined();
        expect(await page.locator(".tsugi-separator").count()).toBe(0);
        expect((await marks(page, kind)).counts).toEqual([1, 0, 0, 0]);
        const popup = await openPopupFor(suite.browser.context, page.url());
        suite.tabs.keep(popup);
        await popup.getByTestId("state").waitFor();
        expect(await popup.getByTestId("serial-offer").count()).toBe(0);
      }
      expect(asked(negativePath(kind, 3))).toBe(0);
    });
  }
});
