/**
 * "Load more" buttons with the built extension in real Chromium: (a) a list
 * whose button fetches JSON and appends items is read through every page, each item
 * once and in order; (d) a page full of dangerous buttons next to its list, and
 * load-more-looking submit buttons in a form, gets no click at all, even when the
 * reader asks for the next page.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  messageTab,
  openPopupFor,
  scrollUntilSettled,
  setExtensionSettings,
  tabStatus,
  waitForStatus,
} from "../../src/cli/join";
import { localeMessages } from "../../src/cli/locale";
import type { TabStatus } from "../../src/messaging/status";
import {
  extensionSuite,
  launchWithExtension,
  restoredStatus,
  taggedTitles,
} from "../support/extension";
import { itemOf, LAST_PAGE, PER_PAGE, startLoadMoreServer } from "../support/load-more-server";

const suite = extensionSuite(startLoadMoreServer, { settings: { minIntervalMs: 0, pageCap: 10 } });

const openPage = (path: string) => suite.tabs.open(path);
const en = localeMessages("en");

/** Requests whose path starts with `prefix`. */
const requested = (prefix: string) =>
  suite.server.requests
    .filter((r) => r.path.startsWith(prefix))
    .map((r) => `${r.method} ${r.path}`);

/** Titles of the list's items, in document order. */
const titles = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll("#items > li h2, #items > li:not(:has(h2))"), (e) =>
      (e.textContent ?? "").trim(),
    ),
  );

describe("a list with a Load more button (case a)", () => {
  it("is read through all its pages, each item once and in order, with AutoPagerize's events", async () => {
    const before = suite.server.requests.length;
    const page = await openPage("/list");
    const end = await scrollUntilSettled(page, 60_000);
    expect(end.state).toBe("done");
    expect(end.pages).toBe(LAST_PAGE);
    expect(end.detector).toBe(true);
    expect(end.loadMore).toBe("Load more");
    expect(end.reason).toContain(`${LAST_PAGE} pages loaded`);
    const all = PER_PAGE * LAST_PAGE;
    expect(await titles(page)).toEqual(Array.from({ length: all }, (_, i) => itemOf(i + 1).title));
    // The page's own button was clicked once per page: each JSON page asked for once.
    const api = suite.server.requests.slice(before).filter((r) => r.path.startsWith("/api/"));
    expect(api.map((r) => r.path)).toEqual(
      Array.from({ length: LAST_PAGE - 1 }, (_, i) => `/api/items?page=${i + 2}`),
    );
    // Each click's items are one page, tagged as such, and announced as AutoPagerize does.
    expect(await taggedTitles(page, LAST_PAGE)).toEqual(
      Array.from({ length: LAST_PAGE - 1 }, (_, i) =>
        Array.from({ length: PER_PAGE }, (_, k) => itemOf((i + 1) * PER_PAGE + k + 1).title),
      ),
    );
    expect(await page.evaluate(() => (window as unknown as { __ap: unknown }).__ap)).toEqual({
      nodes: PER_PAGE * (LAST_PAGE - 1),
      pages: LAST_PAGE - 1,
    });
    // The end is said in the page, after the list.
    expect(await page.locator(".tsugi-status").textContent()).toContain("pages loaded");
    expect(page.url()).toBe(`${suite.server.origin}/list`);
  });
});

describe("dangerous buttons next to a list (case d)", () => {
  it("are never clicked: the gate leaves the deny list to the detector, which refuses them", async () => {
    const before = suite.server.requests.length;
    const page = await openPage("/danger");
    // The gate's look for a load-more control has no deny list: it loads the detector.
    const found = await waitForStatus(page, (s) => s.state === "no-next" && s.detector === true);
    expect(found.pages).toBe(1);
    // The reader asks anyway: still nothing to click.
    await messageTab<TabStatus>(page, { type: "popup→content:next-page" });
    const after = await waitForStatus(page, (s) => s.detector === true);
    expect(after.state).toBe("no-next");
    for (let i = 0; i < 5; i++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(300);
    }
    expect(
      await page.evaluate(() => (window as unknown as { __clicks: string[] }).__clicks),
    ).toEqual([]);
    const since = suite.server.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(since.filter((p) => p.includes("/click") || p.includes("/submit"))).toEqual([]);
    expect(page.url()).toBe(`${suite.server.origin}/danger`);
    expect((await tabStatus(page))?.pages).toBe(1);
  });

  it("while a plain Load more button among them is clicked, and only it (the control)", async () => {
    const page = await openPage("/danger?control=1");
    const end = await scrollUntilSettled(page, 60_000);
    expect(end.detector).toBe(true);
    expect(end).toMatchObject({ state: "done", pages: 2 });
    expect(
      await page.evaluate(() => (window as unknown as { __clicks: string[] }).__clicks),
    ).toEqual(["Load more"]);
    expect(requested("/submit")).toEqual([]);
    expect(await titles(page)).toContain("Control item 3");
  });
});

describe("a Load more button that loads nothing", () => {
  it("is clicked once, then the pager stops with a reason after 8 s, leaving the page as it was", async () => {
    const page = await openPage("/inert");
    const end = await scrollUntilSettled(page, 60_000);
    expect(end).toMatchObject({ state: "stopped", pages: 1 });
    expect(end.reason).toContain("did not grow within 8 s");
    expect(
      await page.evaluate(() => (window as unknown as { __clicks: string[] }).__clicks),
    ).toEqual(["Show more"]);
    // Nothing was gained: no line in the page (the popup says why).
    expect(await page.locator(".tsugi-status [role=status]").isVisible()).toBe(false);
    expect(await titles(page)).toHaveLength(PER_PAGE);
  });
});

describe("the reader's per-site switch of Load more clicks", () => {
  it("clicks nothing while it is off, and clicks again once the popup turns it on", async () => {
    const site = new URL(suite.server.origin).host;
    await setExtensionSettings(suite.browser.context, { loadMoreOffSites: [site] });
    try {
      const from = suite.server.requests.length;
      const page = await openPage("/list");
      const off = await waitForStatus(page, (s) => s.state === "off" && s.detector === true);
      expect(off.modes).toEqual({ loadMore: false, frame: true, ownScroll: true });
      expect(off.loadMore).toBe("Load more");
      for (let i = 0; i < 5; i++) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(200);
      }
      // Not even "next page now" clicks while the reader said no.
      await messageTab<TabStatus>(page, { type: "popup→content:next-page" });
      const api = suite.server.requests.slice(from).filter((r) => r.path.startsWith("/api/"));
      expect(api).toEqual([]);
      expect(await titles(page)).toHaveLength(PER_PAGE);

      const popup = await openPopupFor(suite.browser.context, page.url());
      suite.tabs.keep(popup);
      const toggle = popup.getByTestId("mode-loadMore");
      await expect.poll(() => toggle.isChecked()).toBe(false);
      await toggle.click();
      // The switch reaches the page through storage.sync, a moment after the click; "off"
      // would otherwise count as settled before the page has heard of it.
      await waitForStatus(page, (s) => s.state !== "off");
      const end = await scrollUntilSettled(page, 60_000);
      expect(end).toMatchObject({ state: "done", pages: LAST_PAGE });
      expect(await titles(page)).toHaveLength(PER_PAGE * LAST_PAGE);
    } finally {
      await setExtensionSettings(suite.browser.context, { loadMoreOffSites: [] });
    }
  });
});

describe("the load-more pager in the reader's language", () => {
  it("says the end in Japanese, in the page and in the status", async () => {
    const ja = localeMessages("ja");
    const b = await launchWithExtension({
      locale: "ja",
      settings: { minIntervalMs: 0, pageCap: 10 },
    });
    try {
      const page = await b.context.newPage();
      await page.goto(`${suite.server.origin}/list`);
      const end = await scrollUntilSettled(page, 60_000);
      expect(end).toMatchObject({ state: "done", pages: LAST_PAGE });
      const said = ja("stop_load_more_end", [String(LAST_PAGE)]);
      expect(said).toMatch(/[ぁ-んァ-ン一-龯]/);
      expect(end.reason).toBe(said);
      expect(await page.locator(".tsugi-status").textContent()).toContain(said);
      expect(await titles(page)).toHaveLength(LAST_PAGE * PER_PAGE);
    } finally {
      await b.close();
    }
  });
});

describe("Back and Reload after Load more", () => {
  /** The status once it counts restored clicks (at most 20 s). */
  const restoredClicks = (page: Page) => restoredStatus(page, "restoredClicks", 20_000);
  const all = () => Array.from({ length: PER_PAGE * LAST_PAGE }, (_, i) => itemOf(i + 1).title);
  /** Where item `title`'s heading stands in the viewport, px from its top (null: absent). */
  const topOf = (page: Page, title: string) =>
    page.evaluate((t) => {
      const h = Array.from(document.querySelectorAll("#items h2")).find((e) => e.textContent === t);
      return h ? Math.round(h.getBoundingClientRect().top) : null;
    }, title);

  /** Scroll item `title` to the middle of the viewport, as a reader reading it. */
  const centerOn = (page: Page, title: string) =>
    page.evaluate((t) => {
      const h = Array.from(document.querySelectorAll("#items h2")).find((e) => e.textContent === t);
      h?.closest("li")?.scrollIntoView({ block: "center" });
    }, title);

  /** The popup says what came back: the clicks repeated, not pages joined by next link. */
  async function popupSaysRestored(page: Page): Promise<void> {
    const popup = await openPopupFor(suite.browser.context, page.url());
    suite.tabs.keep(popup);
    const said = en("popupRestoredClicks", [String(LAST_PAGE - 1)]);
    expect(said).toBe(`Restored ${LAST_PAGE - 1} Load more clicks`);
    await expect.poll(() => popup.getByTestId("restored").textContent()).toBe(` — ${said}`);
    expect(await popup.getByTestId("pages").textContent()).toBe(`${LAST_PAGE} — ${said}`);
  }

  it("Reload: clicks again as often as before, each item once, the item being read back in place, and the popup says so", async () => {
    const page = await openPage("/list");
    const end = await scrollUntilSettled(page, 60_000);
    expect(end.pages).toBe(LAST_PAGE);
    const reading = itemOf(PER_PAGE * 3 + 5).title;
    await centerOn(page, reading);
    const before = await topOf(page, reading);
    // Let the place keeper write the settled place.
    await page.waitForTimeout(600);
    const from = suite.server.requests.length;
    await page.reload();
    const status = await restoredClicks(page);
    expect(status).toMatchObject({ pages: LAST_PAGE, restoredClicks: LAST_PAGE - 1 });
    expect(await titles(page)).toEqual(all());
    // The page's own button, once per page, at the site's pace: each JSON page once.
    const api = suite.server.requests.slice(from).filter((r) => r.path.startsWith("/api/"));
    expect(api.map((r) => r.path)).toEqual(
      Array.from({ length: LAST_PAGE - 1 }, (_, i) => `/api/items?page=${i + 2}`),
    );
    // The item being read is where it was on screen; no status line was shown meanwhile.
    const after = await topOf(page, reading);
    expect(after).not.toBeNull();
    expect(Math.abs((after as number) - (before as number))).toBeLessThan(40);
    await popupSaysRestored(page);
  });

  it("Back: clicks again as often as before when the page comes back without the back/forward cache, and the popup says so", async () => {
    const page = await openPage("/list?nostore=1");
    const end = await scrollUntilSettled(page, 60_000);
    expect(end.pages).toBe(LAST_PAGE);
    const reading = itemOf(PER_PAGE * 2 + 3).title;
    await centerOn(page, reading);
    const before = await topOf(page, reading);
    await page.waitForTimeout(600);
    // Somewhere else, then Back (no-store pages are not kept in the back/forward cache).
    await page.evaluate(() => {
      (window as { __sameDocument?: boolean }).__sameDocument = true;
    });
    await page.goto(`${suite.server.origin}/inert`);
    await page.goBack({ waitUntil: "commit" });
    const status = await restoredClicks(page);
    expect(status).toMatchObject({ pages: LAST_PAGE, restoredClicks: LAST_PAGE - 1 });
    expect(await titles(page)).toEqual(all());
    const after = await topOf(page, reading);
    expect(Math.abs((after as number) - (before as number))).toBeLessThan(40);
    await popupSaysRestored(page);
  });
});
