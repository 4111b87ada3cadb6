/**
 * Back and Reload keep the reader's place, with the built extension in real
 * Chromium and its back/forward cache on, as a reader meets it: scroll until pages 2–4 of a
 * long article are joined, bring the link in the middle of page 3 to the middle of the
 * screen, follow it, then come back. After each way of coming back, every joined page is
 * there once and in order, and the link is on screen; pages the browser's HTTP cache holds
 * are not requested again.
 */
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { scrollUntilSettled, setExtensionSettings, tabStatus } from "../../src/cli/join";
import type { TabStatus } from "../../src/messaging/status";
import { hostResolverRules, startReplayServer } from "../../src/replay/replay-server";
import { withoutCorpus } from "../support/corpus";
import { launchWithExtension, restoredStatus } from "../support/extension";
import {
  linkTextOf,
  PAGES,
  type PlaceServer,
  paragraphOf,
  startPlaceServer,
} from "../support/place-server";

let server: PlaceServer;
let browser: LaunchedBrowser;
const open: Page[] = [];
/** How long each way of coming back took until the place was right, ms (printed). */
const took: Record<string, number> = {};

beforeAll(async () => {
  server = await startPlaceServer();
  browser = await launchWithExtension({
    settings: { minIntervalMs: 0, pageCap: 10 },
    backForwardCache: true,
  });
});

afterEach(async () => {
  for (const p of open.splice(0)) await p.close().catch(() => {});
  await setExtensionSettings(browser.context, { addressBar: false, restorePlace: true });
});

afterAll(async () => {
  console.log(
    `keep-place: time from Back/Reload to the place restored (ms) ${JSON.stringify(took)}`,
  );
  await browser?.close();
  await server?.close();
});

/** What the reader sees: which pages are there (by their first paragraph), in what order
 * and how often, and whether page `k`'s link is on screen. */
interface Seen {
  order: number[];
  counts: number[];
  linkOnScreen: boolean;
  url: string;
}

async function seen(page: Page, k: number): Promise<Seen> {
  const firsts = Array.from({ length: PAGES }, (_, i) => paragraphOf(i + 1, 1));
  const read = await page.evaluate(
    ({ firsts, link }) => {
      const text = document.body.textContent ?? "";
      const counts = firsts.map((f) => text.split(f).length - 1);
      const order = firsts
        .map((f, i) => ({ at: text.indexOf(f), n: i + 1 }))
        .filter((x) => x.at >= 0)
        .sort((a, b) => a.at - b.at)
        .map((x) => x.n);
      const a = Array.from(document.querySelectorAll("a")).find((e) => e.textContent === link);
      const r = a?.getBoundingClientRect();
      const linkOnScreen = !!r && r.top >= 0 && r.bottom <= window.innerHeight;
      return { order, counts, linkOnScreen, url: location.href };
    },
    { firsts, link: linkTextOf(k) },
  );
  return read;
}

/**
 * Poll until the reader sees `expected` pages once each, in order, with page `k`'s link on
 * screen (at most 15 s), timing it from `t0`.
 */
async function untilPlaced(
  page: Page,
  k: number,
  expected: number[],
  label: string,
  t0: number,
): Promise<Seen> {
  const deadline = Date.now() + 15_000;
  let last: Seen | null = null;
  for (;;) {
    last = await seen(page, k).catch(() => last);
    const right =
      last?.linkOnScreen &&
      last.order.join() === expected.join() &&
      expected.every((n) => last?.counts[n - 1] === 1);
    if (right || Date.now() > deadline) break;
    await page.waitForTimeout(25);
  }
  took[label] = Date.now() - t0;
  return last as Seen;
}

/** The tab's status once it counts restored pages (at most 10 s). */
const restoredPages = (page: Page) => restoredStatus(page, "restored", 10_000);

/** Open page 1, join every page, bring page `k`'s link to the middle of the screen and
 * follow it; resolves on the page it leads to.
 * @param addressBar turn "address bar follows reading" on once every page is joined (the
 *   tests find a tab's status by the URL it reported from, which the option changes) */
async function readAndLeave(mode: "cached" | "nostore", k = 3, addressBar = false): Promise<Page> {
  const page = await browser.context.newPage();
  open.push(page);
  await page.goto(`${server.origin}/${mode}/article/1`);
  const status = await scrollUntilSettled(page);
  expect(status.state, status.reason ?? "").toBe("done");
  expect(status.pages).toBe(PAGES);
  if (addressBar) {
    await setExtensionSettings(browser.context, { addressBar: true });
    await page.waitForTimeout(300);
  }
  const link = page.getByRole("link", { name: linkTextOf(k), exact: true });
  await link.evaluate((a) => a.scrollIntoView({ block: "center" }));
  // Marks this document: it is still there after Back only if the back/forward cache kept it.
  await page.evaluate(() => {
    (window as { __sameDocument?: boolean }).__sameDocument = true;
  });
  // Let the place keeper write the settled place (it also writes on pagehide).
  await page.waitForTimeout(600);
  await Promise.all([page.waitForURL(/elsewhere/), link.click()]);
  return page;
}

/** Back and Forward as the reader presses them: a page the back/forward cache restores
 * fires no load event, so wait for the navigation to commit only. */
const back = (page: Page) => page.goBack({ waitUntil: "commit" });
const forward = (page: Page) => page.goForward({ waitUntil: "commit" });

const fromCache = (page: Page) =>
  page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

function requestsOf(mode: string): number[] {
  return Array.from(
    { length: PAGES },
    (_, i) => server.counts.get(`/${mode}/article/${i + 1}`) ?? 0,
  );
}

describe("Back and Reload keep the reader's place", () => {
  it("ordinary page + Back: the back/forward cache keeps it as left, tsugi only resumes", async () => {
    const page = await readAndLeave("cached");
    const before = requestsOf("cached");
    const t0 = Date.now();
    await back(page);
    const s = await untilPlaced(page, 3, [1, 2, 3, 4], "cached back", t0);
    expect(s.order).toEqual([1, 2, 3, 4]);
    expect(s.counts).toEqual([1, 1, 1, 1]);
    expect(s.linkOnScreen).toBe(true);
    // tsugi kept the page eligible for that cache (no unload handler, no open port) and did
    // nothing on its return: nothing joined again.
    expect(await fromCache(page)).toBe(true);
    expect((await tabStatus(page))?.restored).toBeUndefined();
    // Pages 2–4 came from the browser's caches, not from the site again.
    expect(requestsOf("cached").slice(1)).toEqual(before.slice(1));
    expect(before.slice(1)).toEqual([1, 1, 1]);
  });

  it("no-store page + Back, then Back/Forward/Back: joined again once each, the place kept", async () => {
    const page = await readAndLeave("nostore");
    let t0 = Date.now();
    await back(page);
    expect(await fromCache(page)).toBe(false);
    let s = await untilPlaced(page, 3, [1, 2, 3, 4], "no-store back", t0);
    expect(s).toMatchObject({ order: [1, 2, 3, 4], counts: [1, 1, 1, 1], linkOnScreen: true });
    const status = (await restoredPages(page)) as TabStatus;
    expect(status.restored).toBe(3);
    expect(status.pages).toBe(PAGES);
    // The site sent no-store: each page is fetched again, once.
    expect(requestsOf("nostore")).toEqual([2, 2, 2, 2]);

    await forward(page);
    await page.waitForURL(/elsewhere/);
    t0 = Date.now();
    await back(page);
    s = await untilPlaced(page, 3, [1, 2, 3, 4], "back/forward/back", t0);
    expect(s).toMatchObject({ order: [1, 2, 3, 4], counts: [1, 1, 1, 1], linkOnScreen: true });
  });

  it("Reload: every page once, in order, the link on screen; cached pages not requested again", async () => {
    const page = await readAndLeave("cached");
    await back(page);
    await untilPlaced(page, 3, [1, 2, 3, 4], "cached back (before reload)", Date.now());
    const before = requestsOf("cached");
    const t0 = Date.now();
    await page.reload();
    expect(await fromCache(page)).toBe(false);
    const s = await untilPlaced(page, 3, [1, 2, 3, 4], "reload", t0);
    expect(s).toMatchObject({ order: [1, 2, 3, 4], counts: [1, 1, 1, 1], linkOnScreen: true });
    expect((await restoredPages(page))?.restored).toBe(3);
    // The reload asks for page 1 itself; pages 2–4 come from the HTTP cache.
    expect(requestsOf("cached").slice(1)).toEqual(before.slice(1));
  });

  it("address bar on: Back to page 3's own URL shows page 3 with page 4 after it, at the link", async () => {
    const page = await readAndLeave("nostore", 3, true);
    const t0 = Date.now();
    await back(page);
    expect(page.url()).toBe(`${server.origin}/nostore/article/3`);
    const s = await untilPlaced(page, 3, [3, 4], "address bar back", t0);
    expect(s).toMatchObject({ order: [3, 4], linkOnScreen: true });
    expect(s.counts.slice(2)).toEqual([1, 1]);
    expect((await restoredPages(page))?.restored).toBe(1);
  });

  it("control: with the option off, a no-store page comes back at page 1 alone", async () => {
    await setExtensionSettings(browser.context, { restorePlace: false });
    const page = await readAndLeave("nostore");
    await back(page);
    await page.waitForTimeout(1_500);
    const s = await seen(page, 3);
    expect(s.linkOnScreen).toBe(false);
    expect(s.counts[3]).toBe(0);
    expect((await tabStatus(page))?.restored).toBeUndefined();
  });
});

describe.skipIf(withoutCorpus("keeping the place on a replayed real article"))(
  "Reload on a real article (replayed capture arstechnica-002)",
  () => {
    it("brings back every joined page once, in order, with the paragraph being read on screen", async () => {
      const replay = await startReplayServer("arstechnica-002");
      const real = await launchWithExtension({
        hostResolverRules: hostResolverRules(replay.port),
        backForwardCache: true,
        settings: { minIntervalMs: 0 },
      });
      try {
        const page = await real.context.newPage();
        await page.goto(replay.case.startUrl, { waitUntil: "load" });
        // Read on until a few pages are joined, not the whole article.
        let joined = 1;
        for (let i = 0; i < 200 && joined < 5; i++) {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await page.waitForTimeout(150);
          joined = (await tabStatus(page))?.pages ?? 1;
        }
        expect(joined).toBeGreaterThanOrEqual(5);
        await page.waitForTimeout(1_000);
        const before = (await tabStatus(page)) as TabStatus;
        const text = await page.evaluate(() => {
          const p = Array.from(document.querySelectorAll("[data-tsugi-page='4'] p")).find(
            (e) => (e.textContent ?? "").trim().length > 80,
          );
          p?.scrollIntoView({ block: "center" });
          return (p?.textContent ?? "").trim();
        });
        expect(text.length).toBeGreaterThan(80);
        await page.waitForTimeout(600);
        await page.reload();
        const t0 = Date.now();
        let after: TabStatus | null = null;
        let onScreen = false;
        while (Date.now() - t0 < 15_000) {
          after = await tabStatus(page);
          onScreen = await page.evaluate((want) => {
            const p = Array.from(document.querySelectorAll("p")).find(
              (e) => (e.textContent ?? "").trim() === want,
            );
            const r = p?.getBoundingClientRect();
            return !!r && r.top < window.innerHeight && r.bottom > 0;
          }, text);
          if (after?.restored !== undefined && onScreen) break;
          await page.waitForTimeout(50);
        }
        took["replayed article reload"] = Date.now() - t0;
        expect(after?.restored).toBe(before.pages - 1);
        expect(after?.pages).toBe(before.pages);
        expect(onScreen).toBe(true);
        const separators = await page.evaluate(() =>
          Array.from(document.querySelectorAll("[data-tsugi-separator]"), (e) =>
            Number(e.getAttribute("data-tsugi-separator")),
          ),
        );
        expect(separators).toEqual(Array.from({ length: before.pages - 1 }, (_, i) => i + 2));
      } finally {
        await real.close();
        await replay.close();
      }
    });
  },
);
