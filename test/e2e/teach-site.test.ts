/**
 * Teaching tsugi a site, in real Chromium with the built extension: on a site whose next
 * link the detector does not find (an unlabelled arrow image), the reader picks it from
 * the popup with two clicks, tsugi saves a site rule and joins with it, and uses it on
 * the next visit; on a list whose "more" button it does not recognise, the picked button
 * is saved and clicked on later visits too; on a site where tsugi joined a page, the
 * reader presses "Not the next page" on its separator, and the link is refused from then
 * on, the next-best link taken only where its page 2 confirms it. Every undo (a picked
 * rule removed, corrections forgotten) reaches the open tab at once.
 */
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { extensionId } from "../../src/cli/browser";
import {
  backgroundWorker,
  messageTab,
  openPopupFor,
  scrollUntilSettled,
  tabStatus,
  waitForStatus,
} from "../../src/cli/join";
import type { LoadMoreRule, ReaderRule, SiteRule } from "../../src/messaging/site-rule";
import type { TabStatus } from "../../src/messaging/status";
import { CORRECTIONS_KEY, type Correction } from "../../src/reader/corrections";
import { SITE_RULES_KEY } from "../../src/reader/site-rules";
import { type CachedRule, LEARNED_RULES_KEY } from "../../src/rule/rule-cache";
import { type StaticServer, startStaticServer } from "../../src/serve/static-server";
import { extensionLocalStorage, launchWithExtension } from "../support/extension";

let server: StaticServer;
let browser: LaunchedBrowser | null = null;

beforeAll(async () => {
  server = await startStaticServer(join(process.cwd(), "test/fixtures"));
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  await browser?.close();
  browser = null;
});

async function openOptions(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`chrome-extension://${await extensionId(ctx)}/options/index.html`);
  await page.getByTestId("page-cap").waitFor();
  return page;
}

/** Drop the status kept for the tab showing `page` (before a reload: the page's URL stays
 * the same, and the status read next must be the reloaded page's). */
async function forgetStatus(page: Page): Promise<void> {
  const worker = await backgroundWorker(page.context());
  await worker.evaluate(async (url) => {
    type S = {
      storage: {
        session: {
          get(k: null): Promise<Record<string, { url?: string }>>;
          remove(k: string[]): Promise<void>;
        };
      };
    };
    const session = (globalThis as unknown as { chrome: S }).chrome.storage.session;
    const items = await session.get(null);
    const keys = Object.keys(items).filter(
      (k) => k.startsWith("tab-status:") && items[k]?.url === url,
    );
    await session.remove(keys);
  }, page.url());
}

const requestsFor = (path: string) => server.requests.filter((r) => r.path === path).length;

/** The reader's corrections as the extension keeps them. */
async function corrections(ctx: BrowserContext): Promise<Correction[]> {
  return ((await extensionLocalStorage(ctx))[CORRECTIONS_KEY] ?? []) as Correction[];
}

/** Scroll to the end a few times, as a reader waiting for more would. */
async function scrollToEndRepeatedly(page: Page): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(150);
  }
}

/**
 * A fresh browser with the built extension (closed after the test), and a tab on a
 * fixture of `test/fixtures/teach/`, loaded.
 *
 * @param fixture file name, e.g. `intro.html`
 * @returns the browser context, the tab and the fixture's URL
 */
async function openFixture(fixture: string) {
  browser = await launchWithExtension({ settings: { minIntervalMs: 0 } });
  const ctx = browser.context;
  const page = await ctx.newPage();
  const url = `${server.origin}/teach/${fixture}`;
  await page.goto(url, { waitUntil: "load" });
  return { ctx, page, url };
}

/**
 * Open a fixture list ({@link openFixture}), let tsugi join it, check that page 2 came
 * from `wrongPage`, and press "Not the next page" on page 2's separator.
 *
 * @returns the tab and page 2's separator
 */
async function refuseSecondPage(fixture: string, wrongPage: string) {
  const { ctx, page } = await openFixture(fixture);
  await scrollUntilSettled(page, 30_000);
  const second = page.locator(".tsugi-separator[data-tsugi-separator='2']");
  expect(await second.getAttribute("data-tsugi-url")).toBe(`${server.origin}/teach/${wrongPage}`);
  await second.getByRole("button", { name: "Not the next page" }).click();
  await expect.poll(() => corrections(ctx)).toHaveLength(1);
  return { page, second };
}

describe("teach tsugi a site (built extension, Chromium)", () => {
  it("the reader picks an unlabelled next link: tsugi joins with the rule it saved, and uses it on reload", async () => {
    const { ctx, page, url } = await openFixture("intro.html");
    const host = new URL(url).host;

    // The detector, asked as "next page now" asks, finds no next link here by itself.
    const missed = await messageTab<TabStatus>(page, { type: "popup→content:next-page" });
    expect(missed).toMatchObject({ state: "no-next", nextUrl: null, detector: true, pages: 1 });
    expect(requestsFor("/teach/chapter-b.html")).toBe(0);

    // The popup's "Pick the next link": it asks the tab and closes itself.
    const popup = await openPopupFor(ctx, url);
    const closed = popup.waitForEvent("close");
    await popup.getByTestId("pick-next").click();
    await closed;

    // The reader points at the arrow and clicks it.
    await page.bringToFront();
    const arrow = page.locator("a.zz-q7 img");
    const box = await arrow.boundingBox();
    if (!box) throw new Error("the arrow is not shown");
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x - 40, y);
    await page.mouse.move(x, y, { steps: 3 });
    await page.mouse.click(x, y);

    // Nothing of the page ran and nothing navigated; pages 2 to 4 are joined.
    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => document.body.dataset.pageClicked ?? "")).toBe("");
    // The pick is checked, saved and joined with in the page's time: wait for the rule.
    await waitForStatus(page, (s) => s.ruleSource === "user", 20_000);
    const done = await scrollUntilSettled(page, 30_000);
    expect(done).toMatchObject({ state: "done", pages: 4, ruleSource: "user", ruleName: host });
    expect(done.teach).toContain(host);
    expect(page.url()).toBe(url);
    expect(await page.locator(".tsugi-separator").count()).toBe(3);
    const text = await page.locator("body").innerText();
    expect(text).toContain("By midwinter he knew every step");
    expect(text).toContain("The boat took him away on a calm morning");
    expect(await page.evaluate(() => document.body.dataset.pageClicked ?? "")).toBe("");

    // The rule is the reader's own, named after the host, and names the arrow by its class.
    const local = await extensionLocalStorage(ctx);
    const rules = local[SITE_RULES_KEY] as SiteRule[];
    expect(rules).toHaveLength(1);
    const rule = rules[0] as SiteRule;
    expect(rule.name).toBe(host);
    expect(rule.nextLink).toContain("zz-q7");
    expect(rule.nextLink).not.toMatch(/\[\d+\]/);
    expect(new RegExp(rule.url).test(`${server.origin}/teach/chapter-c.html`)).toBe(true);

    // The options page lists it among the rules picked, apart from the rules written by hand.
    const options = await openOptions(ctx);
    expect(await options.getByTestId("picked-rules").textContent()).toContain(host);
    expect(await options.getByTestId("picked-rules").textContent()).toContain("zz-q7");
    expect(await options.getByTestId("rule-list").count()).toBe(0);
    expect(await options.getByTestId("site-rules").inputValue()).toBe("");
    await options.close();

    // On reload the rule is used before any detection: every page is joined again.
    await page.bringToFront();
    await forgetStatus(page);
    await page.reload({ waitUntil: "load" });
    const again = await scrollUntilSettled(page, 30_000);
    expect(again).toMatchObject({ state: "done", pages: 4, ruleSource: "user", ruleName: host });
    expect(await page.locator("[data-tsugi-page='4']").count()).toBeGreaterThan(0);

    // Removed on the options page, the rule leaves the open tab at once: the pages joined
    // with it are taken back and tsugi detects again (and finds no next link by itself).
    const options2 = await openOptions(ctx);
    await options2.getByTestId("remove-picked-rule").click();
    expect(await options2.getByTestId("note").textContent()).toContain(host);
    await expect
      .poll(async () => ((await extensionLocalStorage(ctx))[SITE_RULES_KEY] as SiteRule[]).length)
      .toBe(0);
    await options2.close();
    await page.bringToFront();
    const undone = await waitForStatus(page, (s) => s.ruleSource !== "user");
    expect(undone).toMatchObject({ state: "no-next", pages: 1, ruleName: null });
    expect(await page.locator(".tsugi-separator, [data-tsugi-page='2']").count()).toBe(0);
    expect(page.url()).toBe(url);
  });

  it("keyboard only: the popup's button by Enter, Tab to the unlabelled arrow, Enter: pages 2 to 4 are joined", async () => {
    const { ctx, page, url } = await openFixture("intro.html");

    const popup = await openPopupFor(ctx, url);
    const closed = popup.waitForEvent("close");
    await popup.getByTestId("pick-next").focus();
    await popup.keyboard.press("Enter");
    await closed;

    await page.bringToFront();
    await waitForStatus(page, (s) => s.teach !== undefined || s.state !== "starting");
    // Tab through the page's links until the arrow has the focus (the outline follows it).
    for (let i = 0; i < 30; i++) {
      if (await page.evaluate(() => document.activeElement?.matches("a.zz-q7") ?? false)) break;
      await page.keyboard.press("Tab");
    }
    expect(await page.evaluate(() => document.activeElement?.matches("a.zz-q7"))).toBe(true);
    await page.keyboard.press("Enter");

    // Enter chose the link without following it; the rule joins pages 2 to 4.
    expect(page.url()).toBe(url);
    await waitForStatus(page, (s) => s.ruleSource === "user", 20_000);
    const done = await scrollUntilSettled(page, 30_000);
    expect(done).toMatchObject({ state: "done", pages: 4, ruleSource: "user" });
    expect(page.url()).toBe(url);
  });

  it("on a list without a next link, the reader picks its arrow button: tsugi clicks it as they scroll, and again after a Reload and on a later visit", async () => {
    const { ctx, page, url } = await openFixture("list.html");
    const shown = () => page.evaluate(() => Number(document.body.dataset.shown));
    const missed = await messageTab<TabStatus>(page, { type: "popup→content:next-page" });
    expect(missed).toMatchObject({ state: "no-next", nextUrl: null });
    expect(missed.loadMore ?? null).toBeNull();
    expect(await shown()).toBe(10);

    const popup = await openPopupFor(ctx, url);
    const closed = popup.waitForEvent("close");
    await popup.getByTestId("pick-load-more").click();
    await closed;
    await page.bringToFront();
    const box = await page.locator("button.zz-more").boundingBox();
    if (!box) throw new Error("the button is not shown");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const chosen = await waitForStatus(page, (s) => s.loadMore === "▼" && s.teach !== undefined);
    // The pick's click did not reach the page's own handlers.
    expect(await page.evaluate(() => document.body.dataset.readerClicks ?? "")).toBe("");
    expect(chosen.teach).toContain("▼");
    expect(page.url()).toBe(url);

    // tsugi clicks the page's own button as the reader nears the end, until it is gone.
    const end = await scrollUntilSettled(page, 60_000);
    expect(end.state).toBe("done");
    expect(await shown()).toBe(40);
    expect(await page.locator("li.tide").count()).toBe(40);

    // The button is saved as the site's picked rule, by an XPath without positions.
    const host = new URL(url).host;
    const rules = (await extensionLocalStorage(ctx))[SITE_RULES_KEY] as ReaderRule[];
    expect(rules).toHaveLength(1);
    const rule = rules[0] as LoadMoreRule;
    expect(rule).toMatchObject({ name: host });
    expect(rule.loadMoreButton).toContain("zz-more");
    expect(rule.loadMoreButton).not.toMatch(/\[\d+\]/);
    expect("nextLink" in rule).toBe(false);
    expect(chosen.teach).toContain(host);

    // Reload: the list grows again with no new pick.
    await forgetStatus(page);
    await page.reload({ waitUntil: "load" });
    const again = await scrollUntilSettled(page, 60_000);
    expect(again).toMatchObject({ state: "done", ruleSource: "user", ruleName: host });
    expect(await shown()).toBe(40);
    expect(await page.evaluate(() => document.body.dataset.readerClicks ?? "")).toBe("");

    // A later visit in a new tab (no place to come back to): the rule alone wakes tsugi.
    await page.close();
    const later = await ctx.newPage();
    await later.goto(url, { waitUntil: "load" });
    const laterShown = () => later.evaluate(() => Number(document.body.dataset.shown));
    const fresh = await scrollUntilSettled(later, 60_000);
    expect(fresh).toMatchObject({ state: "done", ruleSource: "user", ruleName: host });
    // Clicked afresh by the rule (the list's first batch may already be joined by the
    // time the page answers: it is short), not replayed from a remembered place.
    expect(fresh.restoredClicks).toBeUndefined();
    expect(await laterShown()).toBe(40);

    // The popup's undo removes the picked rule; the tab stops using it at once.
    const popup2 = await openPopupFor(ctx, url);
    await popup2.getByTestId("remove-picked").click();
    await expect
      .poll(async () => ((await extensionLocalStorage(ctx))[SITE_RULES_KEY] as ReaderRule[]).length)
      .toBe(0);
    await popup2.close();
    await later.bringToFront();
    const undone = await waitForStatus(later, (s) => s.ruleSource !== "user");
    expect(undone).toMatchObject({ state: "no-next", ruleName: null });
    expect(undone.loadMore ?? null).toBeNull();
    expect(await later.locator(".tsugi-status").count()).toBe(0);
  });

  it("'Not the next page' takes the joined pages back, stops, and the link is refused on reload", async () => {
    const { ctx, page, url } = await openFixture("series-1.html");
    expect(await scrollUntilSettled(page, 30_000)).toMatchObject({ state: "done", pages: 3 });
    // Page 2 taught tsugi a rule for the section, kept for the next visit.
    await expect
      .poll(async () => {
        const cache = ((await extensionLocalStorage(ctx))[LEARNED_RULES_KEY] ?? []) as CachedRule[];
        return cache.some((r) => new RegExp(r.url).test(url));
      })
      .toBe(true);

    expect(await page.locator(".tsugi-separator").allTextContents()).toEqual(["Page 2", "Page 3"]);
    await page
      .locator(".tsugi-separator[data-tsugi-separator='2']")
      .getByRole("button", { name: "Not the next page" })
      .click();

    expect(page.url()).toBe(url);
    expect(await page.locator("[data-tsugi-page='2'], [data-tsugi-page='3']").count()).toBe(0);
    expect(await page.locator(".tsugi-separator").count()).toBe(0);
    expect(await page.locator("body").innerText()).not.toContain("Harbour note 2 begins");
    const stopped = await waitForStatus(page, (s) => s.state === "stopped");
    expect(stopped.pages).toBe(1);
    expect(stopped.reason).toContain("not the next page");
    expect(await page.locator(".tsugi-status").innerText()).toContain("not the next page");
    // The popup says why joining stopped.
    const said = await openPopupFor(ctx, url);
    await expect.poll(() => said.getByTestId("state").textContent()).toContain("not the next page");
    await said.close();

    // The correction is kept for the site; the learned rule that led there is dropped.
    await expect.poll(() => corrections(ctx)).toHaveLength(1);
    const local = await extensionLocalStorage(ctx);
    const [correction] = local[CORRECTIONS_KEY] as Correction[];
    expect(correction).toMatchObject({
      site: new URL(url).host,
      url: `${server.origin}/teach/series-2.html`,
    });
    expect(correction?.nextLink).toContain("next");
    expect(
      new RegExp(correction?.urlPattern ?? "^$").test(`${server.origin}/teach/series-9.html`),
    ).toBe(true);
    const cache = (local[LEARNED_RULES_KEY] ?? []) as CachedRule[];
    expect(cache.some((r) => new RegExp(r.url).test(url))).toBe(false);

    // On reload nothing is joined through that link.
    const asked = requestsFor("/teach/series-2.html");
    await forgetStatus(page);
    await page.reload({ waitUntil: "load" });
    const after = await scrollUntilSettled(page, 30_000);
    expect(after.state).toBe("no-next");
    await scrollToEndRepeatedly(page);
    expect(await page.locator("[data-tsugi-page='2'], .tsugi-separator").count()).toBe(0);
    expect(requestsFor("/teach/series-2.html")).toBe(asked);
    expect((await tabStatus(page))?.pages).toBe(1);

    // The options page lists the correction.
    const options = await openOptions(ctx);
    expect(await options.getByTestId("corrections").textContent()).toContain(
      `${server.origin}/teach/series-2.html`,
    );
    await options.close();

    // The popup forgets the site's corrections: the next visit joins again.
    const popup = await openPopupFor(ctx, url);
    await popup.getByTestId("forget-corrections").click();
    await expect.poll(() => corrections(ctx)).toHaveLength(0);
    await popup.close();
    await page.bringToFront();
    await forgetStatus(page);
    await page.reload({ waitUntil: "load" });
    expect(await scrollUntilSettled(page, 30_000)).toMatchObject({ state: "done", pages: 3 });
  });

  it("'Forget corrections for this site' starts joining again on the same tab, without Reload", async () => {
    const { ctx, page, url } = await openFixture("series-1.html");
    expect(await scrollUntilSettled(page, 30_000)).toMatchObject({ state: "done", pages: 3 });
    await page
      .locator(".tsugi-separator[data-tsugi-separator='2']")
      .getByRole("button", { name: "Not the next page" })
      .click();
    expect((await waitForStatus(page, (s) => s.state === "stopped")).pages).toBe(1);
    await expect.poll(() => corrections(ctx)).toHaveLength(1);

    const popup = await openPopupFor(ctx, url);
    await popup.getByTestId("forget-corrections").click();
    await expect.poll(() => corrections(ctx)).toHaveLength(0);
    await popup.close();

    // Same tab, same document: detection runs again and pages 2 and 3 are joined.
    await page.bringToFront();
    await waitForStatus(page, (s) => s.state !== "stopped");
    const again = await scrollUntilSettled(page, 30_000);
    expect(again).toMatchObject({ state: "done", pages: 3 });
    expect(page.url()).toBe(url);
    expect(await page.locator(".tsugi-separator").allTextContents()).toEqual(["Page 2", "Page 3"]);
    expect(await page.locator("body").innerText()).toContain("Harbour note 2 begins");
  });

  it("after 'Not the next page', the next-best link is joined on reload only once its page 2 confirms it", async () => {
    // The detector took the numbered link to another log, under the site's one title and
    // heading: nothing on that page tells it apart from a page 2, so the reader does.
    const { page, second } = await refuseSecondPage("log-1.html", "log-2.html");

    const asked = requestsFor("/teach/log-2.html");
    await forgetStatus(page);
    await page.reload({ waitUntil: "load" });
    const after = await scrollUntilSettled(page, 30_000);
    // "Next »" was fetched quietly, confirmed as page 2 (same log, links back), then joined.
    expect(after.pages).toBe(2);
    expect(await second.getAttribute("data-tsugi-url")).toBe(
      `${server.origin}/teach/log-1-more.html`,
    );
    const text = await page.locator("body").innerText();
    expect(text).toContain("By noon the fog had lifted");
    expect(text).not.toContain("The gulls of the north pier");
    expect(requestsFor("/teach/log-2.html")).toBe(asked);
  });

  it("after 'Not the next page', the next-best link is not joined on reload when its page is another document", async () => {
    // The detector took the numbered link to another diary, under the site's one title and
    // heading: nothing on that page tells it apart from a page 2, so the reader does.
    const { page } = await refuseSecondPage("pier-1.html", "pier-2.html");

    const asked = requestsFor("/teach/pier-2.html");
    const notices = requestsFor("/teach/pier-1-2.html");
    await forgetStatus(page);
    await page.reload({ waitUntil: "load" });
    await scrollUntilSettled(page, 30_000);
    // "Next »", whose address reads as page 2, was fetched quietly as the reader neared the
    // end, and refused by the page-2 check (another title, no way back to page 1): nothing
    // is joined.
    await expect.poll(() => requestsFor("/teach/pier-1-2.html")).toBeGreaterThan(notices);
    await scrollToEndRepeatedly(page);
    expect(await page.locator("[data-tsugi-page='2'], .tsugi-separator").count()).toBe(0);
    const text = await page.locator("body").innerText();
    expect(text).not.toContain("Notices of the harbour board");
    expect(text).not.toContain("The anglers of the east steps");
    expect((await tabStatus(page))?.pages).toBe(1);
    expect(requestsFor("/teach/pier-2.html")).toBe(asked);
  });
});
