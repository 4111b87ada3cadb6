/**
 * Pages built by script with the built extension in real Chromium:
 * (b) numbered pages whose HTML is an empty app shell filled from JSON by the page's
 * script are rendered in a hidden same-origin frame and read through every page, each
 * item once and in order; a shell that never fills stops with a reason after the
 * time-out, and one that sends its frame to another site is refused; (c) a site with its
 * own infinite scroll is left to itself and the popup says so; (4) the reader's per-site
 * switches of these modes (frames, "Load more" clicks) take effect; shells whose list
 * container holds a placeholder ("Loading…", a skeleton, a spinner) are rendered too.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  openPopupFor,
  scrollUntilSettled,
  setExtensionSettings,
  tabStatus,
  waitForStatus,
} from "../../src/cli/join";
import { localeMessages } from "../../src/cli/locale";
import type { TabStatus } from "../../src/messaging/status";
import { wakeAtLoadMatches } from "../../src/wake/wake-at-load";
import { extensionSuite, taggedTitles, wakeAtLoadRegistered } from "../support/extension";
import {
  itemOf,
  LAST_PAGE,
  LATE_FILL_MS,
  PER_PAGE,
  startScriptPagesServer,
} from "../support/script-pages-server";

const suite = extensionSuite(
  startScriptPagesServer,
  { settings: { minIntervalMs: 0, pageCap: 10 } },
  (b) =>
    setExtensionSettings(b.context, {
      frameOffSites: [],
      loadMoreOffSites: [],
      ownScrollOffSites: [],
    }),
);
const site = () => new URL(suite.server.origin).host;
const en = localeMessages("en");

const openPage = (path: string) => suite.tabs.open(path);

/** Titles of every item shown, in document order. */
const titles = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll("li.entry h2"), (e) => e.textContent));

const allTitles = (pages: number) =>
  Array.from({ length: pages * PER_PAGE }, (_, i) => itemOf(i + 1).title);

/**
 * Read an app shell through as a reader would: once its own script has shown page 1's
 * items, scroll to the end until tsugi is past the gate (a gate that looked before the
 * items came looks again as the reader nears the end), then until the pager settles.
 */
async function readShell(page: Page): Promise<TabStatus> {
  await page
    .locator("li.entry h2")
    .first()
    .waitFor({ timeout: LATE_FILL_MS + 10_000 });
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return (await tabStatus(page))?.state;
      },
      { timeout: 15_000 },
    )
    .not.toMatch(/^(starting|no-next)$/);
  return scrollUntilSettled(page, 60_000);
}

/** Requests since `from` whose path starts with `prefix`. */
const requested = (from: number, prefix: string) =>
  suite.server.requests
    .slice(from)
    .filter((r) => r.path.startsWith(prefix))
    .map((r) => r.path);

/** tsugi's own nodes in the page: joined pages, separators, frames. */
const tsugiNodes = (page: Page) =>
  page
    .locator('[data-tsugi-page]:not([data-tsugi-page="1"]), .tsugi-separator, [data-tsugi-frame]')
    .count();

/** The popup, opened as a page of its own for the tab showing `url`. */
async function popupFor(url: string): Promise<Page> {
  const popup = await openPopupFor(suite.browser.context, url);
  suite.tabs.keep(popup);
  return popup;
}

describe("numbered pages filled from JSON by script (case b)", () => {
  it("are rendered in a hidden frame and read through every page, each item once and in order", async () => {
    const from = suite.server.requests.length;
    const page = await openPage("/spa/1");
    await waitForStatus(page, (s) => s.state !== "starting");
    const t0 = Date.now();
    const end = await scrollUntilSettled(page, 60_000);
    const ms = Date.now() - t0;
    expect(end).toMatchObject({ state: "done", pages: LAST_PAGE, framePages: LAST_PAGE - 1 });
    expect(await titles(page)).toEqual(allTitles(LAST_PAGE));
    // Each page's items are one joined page, tagged as such.
    for (let n = 2; n <= LAST_PAGE; n++) {
      const tagged = await page.evaluate(
        (n) =>
          Array.from(
            document.querySelectorAll(`[data-tsugi-page="${n}"] h2`),
            (e) => e.textContent,
          ),
        n,
      );
      expect(tagged).toEqual(allTitles(n).slice((n - 1) * PER_PAGE));
    }
    // The frames' scripts asked for each JSON page once; no frame is left behind.
    expect(requested(from, "/spa/api")).toEqual(
      Array.from({ length: LAST_PAGE }, (_, i) => `/spa/api?page=${i + 1}`),
    );
    expect(await page.locator("iframe").count()).toBe(0);
    // AutoPagerize's events fired for what came through the frames.
    const ap = await page.evaluate(() => (window as unknown as { __ap: unknown }).__ap);
    expect(ap).toMatchObject({ pages: LAST_PAGE - 1 });
    expect((ap as { nodes: number }).nodes).toBeGreaterThanOrEqual(LAST_PAGE - 1);
    expect(page.url()).toBe(`${suite.server.origin}/spa/1`);
    console.log(
      `[script-pages] ${LAST_PAGE - 1} frame-rendered pages in ${ms} ms (${Math.round(ms / (LAST_PAGE - 1))} ms a page)`,
    );
  });

  it("a shell that never fills stops after the time-out with a reason, frame removed", async () => {
    const page = await openPage("/stuck/1");
    const t0 = Date.now();
    const end = await scrollUntilSettled(page, 40_000);
    expect(end).toMatchObject({ state: "stopped", pages: 1 });
    expect(end.reason).toBe(en("stop_render_timeout", [`${suite.server.origin}/stuck/2`, "10"]));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(9_500);
    expect(await page.locator("iframe").count()).toBe(0);
    expect(await titles(page)).toEqual(allTitles(1));
    expect(await page.locator(".tsugi-status").textContent()).toContain("built no content");
  });

  it("a shell whose frame goes to another site is refused", async () => {
    const page = await openPage("/away/1");
    const end = await scrollUntilSettled(page, 40_000);
    expect(end).toMatchObject({ state: "stopped", pages: 1 });
    expect(end.reason).toBe(en("stop_render_left", [`${suite.server.origin}/away/2`]));
    expect(await page.locator("iframe").count()).toBe(0);
    expect(await titles(page)).toEqual(allTitles(1));
    expect(page.url()).toBe(`${suite.server.origin}/away/1`);
  });

  it("a framed page can neither take over the tab, open a window, submit a form, nor add to the tab's history", async () => {
    const from = suite.server.requests.length;
    const pagesBefore = suite.browser.context.pages().length;
    const page = await openPage("/bust/1");
    const historyBefore = await page.evaluate(() => history.length);
    const end = await scrollUntilSettled(page, 60_000);
    // Each framed page pushed its URL: the tab's history must not grow (Back stays Back).
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
    expect(end).toMatchObject({ state: "done", pages: LAST_PAGE, framePages: LAST_PAGE - 1 });
    expect(await titles(page)).toEqual(allTitles(LAST_PAGE));
    expect(page.url()).toBe(`${suite.server.origin}/bust/1`);
    expect(suite.browser.context.pages().length).toBe(pagesBefore + 1);
    expect(requested(from, "/popup")).toEqual([]);
    expect(requested(from, "/submit")).toEqual([]);
    // What came through the frames is as inert as any fetched page: no handler, no
    // javascript: URL, no script.
    const armed = await page.evaluate(() => {
      const joined = Array.from(
        document.querySelectorAll('[data-tsugi-page]:not([data-tsugi-page="1"])'),
      );
      return {
        items: joined.flatMap((p) => Array.from(p.querySelectorAll("li.entry"))).length,
        links: joined.flatMap((p) => Array.from(p.querySelectorAll("a.js"))).length,
        onclick: joined.filter((p) => p.querySelector("[onclick]") || p.hasAttribute("onclick"))
          .length,
        js: joined.filter((p) => p.querySelector('[href^="javascript:" i]')).length,
        scripts: joined.filter((p) => p.querySelector("script")).length,
        pwned: (window as unknown as { __pwned?: number }).__pwned ?? 0,
      };
    });
    expect(armed).toEqual({
      items: (LAST_PAGE - 1) * PER_PAGE,
      links: (LAST_PAGE - 1) * PER_PAGE,
      onclick: 0,
      js: 0,
      scripts: 0,
      pwned: 0,
    });
    // Each framed page was loaded once by the fetch and once by its frame, never by the tab.
    expect(requested(from, "/bust/2")).toEqual(["/bust/2", "/bust/2"]);
  });

  it("a shell is read as soon as it is filled, even when its load event never comes", async () => {
    const page = await openPage("/slow/1");
    const t0 = Date.now();
    const end = await scrollUntilSettled(page, 60_000);
    const ms = Date.now() - t0;
    expect(end).toMatchObject({ state: "done", pages: LAST_PAGE, framePages: LAST_PAGE - 1 });
    expect(await titles(page)).toEqual(allTitles(LAST_PAGE));
    expect(requested(0, "/hang").length).toBeGreaterThanOrEqual(LAST_PAGE - 1);
    // Far below one time-out (10 s) a page: no page waited for its load event.
    expect(ms).toBeLessThan(10_000);
  });

  it("makes no frame where the reader turned frames off for the site, and the popup shows it", async () => {
    await setExtensionSettings(suite.browser.context, { frameOffSites: [site()] });
    const from = suite.server.requests.length;
    const page = await openPage("/spa/1");
    const end = await scrollUntilSettled(page, 30_000);
    expect(end.modes).toEqual({ loadMore: true, frame: false, ownScroll: true });
    expect(end.framePages).toBeUndefined();
    // No frame ran page 2's script: its JSON was never asked for.
    expect(requested(from, "/spa/api")).toEqual(["/spa/api?page=1"]);
    expect(await titles(page)).toEqual(allTitles(1));
    const popup = await popupFor(page.url());
    await expect.poll(() => popup.getByTestId("mode-frame").isChecked()).toBe(false);
    expect(await popup.getByTestId("mode-loadMore").isChecked()).toBe(true);
  });
});

describe("app shells whose list container holds a placeholder or only page 1's boilerplate", () => {
  // loading: a "Loading…" line; skeleton: empty cards; spinner: an image; toolbar: only
  // the "Sort by" row page 1 also has.
  for (const kind of ["loading", "skeleton", "spinner", "toolbar"]) {
    it(`${kind}: every page is rendered in a frame and read, each item once and in order`, async () => {
      const from = suite.server.requests.length;
      const page = await openPage(`/${kind}/1`);
      const end = await readShell(page);
      expect(end).toMatchObject({ state: "done", pages: LAST_PAGE, framePages: LAST_PAGE - 1 });
      expect(await titles(page)).toEqual(allTitles(LAST_PAGE));
      // Each later page came through its frame: its script asked for its JSON once (the
      // skeleton's pages carry theirs inline).
      expect(requested(from, "/spa/api")).toEqual(
        kind === "skeleton"
          ? []
          : Array.from({ length: LAST_PAGE }, (_, i) => `/spa/api?page=${i + 1}`),
      );
      expect(await taggedTitles(page, LAST_PAGE)).toEqual(
        Array.from({ length: LAST_PAGE - 1 }, (_, i) => allTitles(i + 2).slice((i + 1) * PER_PAGE)),
      );
      // No placeholder came through: no "Loading…" line, no empty card, no spinner.
      const joined = await page.evaluate(() =>
        Array.from(
          document.querySelectorAll('[data-tsugi-page]:not([data-tsugi-page="1"])'),
          (p) => p.querySelectorAll(".loading, .skeleton, img").length,
        ),
      );
      expect(joined).toEqual(Array.from({ length: LAST_PAGE - 1 }, () => 0));
      expect(await page.locator("iframe").count()).toBe(0);
    });
  }
});

describe("an app shell whose page 1 renders its list and pager late", () => {
  it("is gated again once its links are in: every page read, each item once and in order", async () => {
    const page = await openPage("/late/1");
    // The shell is short: the entry wakes at load and the gate sees no pager yet.
    const first = await waitForStatus(page, (s) => s.state !== "starting");
    expect(first.state).toBe("no-next");
    const end = await readShell(page);
    expect(end).toMatchObject({ state: "done", pages: LAST_PAGE, framePages: LAST_PAGE - 1 });
    expect(await titles(page)).toEqual(allTitles(LAST_PAGE));
  });
});

describe("requests of a framed page to other sites", () => {
  it("are blocked while the frame renders; the site's own requests load", async () => {
    const from = suite.server.requests.length;
    const page = await openPage("/ext/1");
    await waitForStatus(page, (s) => s.state !== "starting");
    const end = await scrollUntilSettled(page, 60_000);
    expect(end).toMatchObject({ state: "done", pages: LAST_PAGE, framePages: LAST_PAGE - 1 });
    expect(await titles(page)).toEqual(allTitles(LAST_PAGE));
    // The frames' scripts got their JSON from the site itself.
    expect(requested(from, "/spa/api")).toEqual(
      Array.from({ length: LAST_PAGE }, (_, i) => `/spa/api?page=${i + 1}`),
    );
    // The other host saw page 1's own request (the tab, before any frame) and none of a frame.
    const other = suite.server.requests
      .slice(from)
      .filter((r) => r.host.startsWith("localhost"))
      .map((r) => r.path);
    expect(other).toEqual(["/ext.js?page=1"]);
    // The block is lifted after the last frame: the tab may reach the other site again.
    const after = suite.server.requests.length;
    await page.evaluate(
      (o) => fetch(`${o}/ext.js?page=99`, { mode: "no-cors" }),
      suite.server.origin.replace("127.0.0.1", "localhost"),
    );
    expect(suite.server.requests.slice(after).map((r) => r.path)).toEqual(["/ext.js?page=99"]);
  });
});

describe("a site with its own infinite scroll (case c)", () => {
  /** From before the page loads, keep the most elements matching `selector` (tsugi's
   * joined pages) the page ever held at once; {@link mostJoined} reads it. */
  const countJoined = (page: Page, selector: string) =>
    page.addInitScript((sel) => {
      const w = window as unknown as { __joined: number };
      w.__joined = 0;
      new MutationObserver(() => {
        const n = document.querySelectorAll(sel).length;
        if (n > w.__joined) w.__joined = n;
      }).observe(document, { childList: true, subtree: true });
    }, selector);
  const mostJoined = (page: Page) =>
    page.evaluate(() => (window as unknown as { __joined: number }).__joined);
  /** The reader scrolls to the end, at most `tries` times, until the site shows every item. */
  const scrollUntilAll = async (page: Page, tries: number) => {
    for (let i = 0; i < tries && (await titles(page)).length < LAST_PAGE * PER_PAGE; i++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(150);
    }
  };

  it("is left alone: the site's items once each, nothing of tsugi's, and the popup says so", async () => {
    const page = await suite.browser.context.newPage();
    suite.tabs.keep(page);
    // Counts the pages tsugi joined before it saw the site's own scrolling (for the log).
    await countJoined(page, ".tsugi-separator");
    await page.goto(`${suite.server.origin}/own/1`);
    // The reader scrolls to the end again and again; tsugi may join pages before the
    // site's own script first answers a scroll ("done" is no end here), but must end
    // out of the way.
    await waitForStatus(page, (s) => s.state !== "starting");
    const deadline = Date.now() + 30_000;
    let end = await tabStatus(page);
    while (end?.state !== "own-scroll" && Date.now() < deadline) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(150);
      end = await tabStatus(page);
    }
    if (!end) throw new Error("no status");
    expect(end.state).toBe("own-scroll");
    expect(end.reason).toBe(en("stop_own_scroll"));
    // The reader scrolls on: the site's own scrolling shows every page.
    await scrollUntilAll(page, 40);
    expect(await titles(page)).toEqual(allTitles(LAST_PAGE));
    expect(await tsugiNodes(page)).toBe(0);
    expect(await page.locator(".tsugi-status").count()).toBe(0);
    const joined = await mostJoined(page);
    console.log(`[script-pages] own scroll: ${joined} page(s) joined, then taken back`);
    const popup = await popupFor(page.url());
    await expect
      .poll(() => popup.getByTestId("state").textContent())
      .toBe(`${en("state_own_scroll")} — ${en("stop_own_scroll")}`);
    expect(await popup.getByTestId("next-now").isDisabled()).toBe(true);
  });

  it("with a pager link too: tsugi waits for the site's answer to the first scroll, joins nothing and requests nothing", async () => {
    const from = suite.server.requests.length;
    const page = await suite.browser.context.newPage();
    suite.tabs.keep(page);
    await countJoined(page, ".tsugi-separator, [data-tsugi-page]:not([data-tsugi-page='1'])");
    await page.goto(`${suite.server.origin}/own/1`);
    await waitForStatus(page, (s) => s.state !== "starting");
    await scrollUntilAll(page, 60);
    // Each item once, in order, from the start: nothing of tsugi's ever showed.
    expect(await titles(page)).toEqual(allTitles(LAST_PAGE));
    expect(await mostJoined(page)).toBe(0);
    // tsugi asked the site for no page: only the site's own API calls after page 1.
    const pages = suite.server.requests
      .slice(from)
      .map((r) => r.path)
      .filter((p) => /^\/own\/\d+/.test(p));
    expect(pages).toEqual(["/own/1"]);
    expect((await tabStatus(page))?.state).toBe("own-scroll");
  });

  // The wait's bound is the gate's grace (src/pager/own-scroll-gate.test.ts, fake timers);
  // here page 2 must come on a page without scrolling of its own, and the cost is
  // printed: timing targets live in the bench, not in a test on a shared machine.
  it("joins page 2 of a page with a pager and no scrolling of its own after the wait, and prints the wait's cost", async () => {
    /** ms from the reader's scroll to the end until page 2 is joined. */
    const delay = async () => {
      for (const open of suite.browser.context.pages())
        if (open.url().endsWith("/plain/1")) await open.close();
      const page = await openPage("/plain/1");
      // A tab in front, as a reader's is: hidden tabs' timers are throttled to 1 s.
      await page.bringToFront();
      // Wakes the entry; the end is still far below the trigger distance.
      await page.evaluate(() => window.scrollTo(0, 600));
      await waitForStatus(page, (s) => s.state === "ready");
      expect(await page.locator(".tsugi-separator").count()).toBe(0);
      // Timed in the page (a poll from here would add its own interval).
      const ms = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const t0 = performance.now();
            const seen = () => document.querySelector(".tsugi-separator");
            new MutationObserver((_, o) => {
              if (!seen()) return;
              o.disconnect();
              resolve(performance.now() - t0);
            }).observe(document.body, { childList: true, subtree: true });
            window.scrollTo(0, document.documentElement.scrollHeight);
          }),
      );
      return Math.round(ms);
    };
    const gated = await delay();
    await setExtensionSettings(suite.browser.context, { ownScrollOffSites: [site()] });
    const ungated = await delay();
    console.log(
      `[script-pages] page 2 after the first scroll: ${gated} ms waiting for the site's own scroll, ${ungated} ms without (cost ${gated - ungated} ms)`,
    );
    expect(gated).toBeGreaterThan(0);
    expect(ungated).toBeGreaterThan(0);
  });

  it("is joined anyway where the reader turned 'leave it alone' off for the site", async () => {
    await setExtensionSettings(suite.browser.context, { ownScrollOffSites: [site()] });
    // Statuses are found by URL: the last test's tab of the same URL would answer for this
    // one until this one's entry wakes and reports. Closing a tab removes its status.
    for (const open of suite.browser.context.pages())
      if (open.url().endsWith("/own/1")) await open.close();
    const page = await openPage("/own/1");
    const end = await scrollUntilSettled(page, 40_000);
    expect(end).toMatchObject({ state: "done", pages: LAST_PAGE });
    expect(end.modes?.ownScroll).toBe(false);
    expect(await page.locator(".tsugi-separator").count()).toBe(LAST_PAGE - 1);
  });

  it("is joined on a reader's own scroll, on a long page, where 'leave it alone' is off: the entry wakes at load there", async () => {
    // A reader opens the page some time after changing the setting; the background
    // registers the wake-at-load script a few calls after the change. The last test's
    // registration is seen gone first, so the one awaited below is this test's.
    await expect
      .poll(() => wakeAtLoadRegistered(suite.browser.context), { timeout: 10_000 })
      .toEqual([]);
    await setExtensionSettings(suite.browser.context, { ownScrollOffSites: [site()] });
    await expect
      .poll(() => wakeAtLoadRegistered(suite.browser.context), { timeout: 10_000 })
      .toEqual(wakeAtLoadMatches([site()]));
    const page = await openPage("/ownlong/1");
    // Nothing asks tsugi to wake (no popup, no `tsugi join`, no scroll yet): the entry must
    // report a decision at load. Asleep it would report nothing until the reader's scroll,
    // which also makes the site append its page 2 first. The reader then scrolls, as a
    // reader does, after the page has shown (a scroll to the end within the first
    // milliseconds would race any detector, as it did before the entry slept).
    const loadDeadline = Date.now() + 20_000;
    let atLoad = await tabStatus(page);
    while (!(atLoad && atLoad.state !== "starting") && Date.now() < loadDeadline) {
      await page.waitForTimeout(100);
      atLoad = await tabStatus(page);
    }
    expect(atLoad?.state ?? "unreported").not.toBe("unreported");
    expect(atLoad?.state).not.toBe("starting");
    const deadline = Date.now() + 40_000;
    let end = await tabStatus(page);
    while (!(end?.state === "done" || end?.state === "own-scroll") && Date.now() < deadline) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(150);
      end = await tabStatus(page);
    }
    expect(end).toMatchObject({ state: "done", pages: LAST_PAGE });
    expect(end?.modes?.ownScroll).toBe(false);
    expect(await page.locator(".tsugi-separator").count()).toBe(LAST_PAGE - 1);
  });

  it("without any pager link, tsugi stays idle and the status still says it is the site's own scrolling", async () => {
    const page = await openPage("/feed");
    const idle = await waitForStatus(page, (s) => s.state !== "starting");
    expect(idle).toMatchObject({ state: "no-next", detector: false });
    let end = idle;
    for (let i = 0; i < 60 && end.state !== "own-scroll"; i++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(150);
      end = (await tabStatus(page)) ?? end;
    }
    expect(end).toMatchObject({ state: "own-scroll", detector: false });
    expect(end.reason).toBe(en("stop_own_scroll"));
    expect(await tsugiNodes(page)).toBe(0);
  });
});
