import { existsSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { type LaunchedBrowser, launchChromium } from "../../src/cli/browser";
import { backgroundWorker, setExtensionSettings, tabStatus } from "../../src/cli/join";
import type { TabStatus } from "../../src/messaging/status";
import { WAKE_AT_LOAD_ID } from "../../src/wake/wake-at-load";

/** The built extension; e2e tests run after `npm run build` (npm test does both). */
export const DIST = join(process.cwd(), "dist");

/** Launch Chromium with the built extension; fails loudly when dist/ is missing. */
export async function launchWithExtension(
  opts: {
    hostResolverRules?: string;
    settings?: Record<string, unknown>;
    locale?: string;
    backForwardCache?: boolean;
  } = {},
): Promise<LaunchedBrowser> {
  if (!existsSync(join(DIST, "manifest.json")))
    throw new Error("dist/ is missing: run npm run build");
  const browser = await launchChromium({
    extensionDir: DIST,
    ...(opts.hostResolverRules ? { hostResolverRules: opts.hostResolverRules } : {}),
    ...(opts.locale ? { locale: opts.locale } : {}),
    ...(opts.backForwardCache ? { backForwardCache: true } : {}),
  });
  if (opts.settings) await setExtensionSettings(browser.context, opts.settings);
  return browser;
}

/** Text of the document as it was before tsugi added anything (tsugi's nodes removed). */
export async function originalText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const el of Array.from(
      clone.querySelectorAll(
        ".tsugi-separator, .tsugi-status, [data-tsugi-page]:not([data-tsugi-page='1'])",
      ),
    )) {
      el.remove();
    }
    for (const s of Array.from(clone.querySelectorAll("script, style, noscript"))) s.remove();
    return (clone.textContent ?? "").replace(/\s+/g, " ").trim();
  });
}

/** Whitespace-collapsed text content of the whole body. */
export async function bodyText(page: Page): Promise<string> {
  return page.evaluate(() => (document.body.textContent ?? "").replace(/\s+/g, " "));
}

/** Number of non-overlapping occurrences of `needle` in `hay`. */
export function occurrences(hay: string, needle: string): number {
  if (needle.length === 0) return 0;
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
}

/**
 * Everything the extension keeps in `storage.local` (user site rules, the learned-rule
 * cache), read through its background worker.
 */
export async function extensionLocalStorage(
  context: BrowserContext,
): Promise<Record<string, unknown>> {
  const worker = await backgroundWorker(context);
  return worker.evaluate(() => {
    type Local = { storage: { local: { get(k: null): Promise<Record<string, unknown>> } } };
    return (globalThis as unknown as { chrome: Local }).chrome.storage.local.get(null);
  });
}

/**
 * The tabs a test file opens on its local server, to be closed after each test.
 * @param context the browser context, read when a tab is opened (it is launched later)
 * @param origin the server's origin, read likewise
 */
export function testTabs(context: () => BrowserContext, origin: () => string) {
  const tabs: Page[] = [];
  return {
    /** Open `path` of the server in a new tab. */
    async open(path: string): Promise<Page> {
      const page = await context().newPage();
      tabs.push(page);
      await page.goto(`${origin()}${path}`);
      return page;
    },
    /** Keep a tab opened elsewhere (a popup page) to close it with the others. */
    keep(page: Page): void {
      tabs.push(page);
    },
    /** Close every tab opened since the last call. */
    async closeAll(): Promise<void> {
      for (const p of tabs.splice(0)) await p.close().catch(() => {});
    },
  };
}

/**
 * The suite most extension tests run in, around one local server: before all tests the
 * server starts and Chromium launches with the built extension; after each test its tabs
 * close (then `afterEachTest` runs, to reset settings a test changed); after all, both
 * close. Call it at a test file's top level: it registers the vitest hooks.
 * @param start starts the test file's server
 * @param launch the options of {@link launchWithExtension}
 * @param afterEachTest what to reset after each test, given the browser
 * @returns the server and browser (read them inside tests: they exist once the suite
 *   started) and the tabs of {@link testTabs}
 */
export function extensionSuite<S extends { origin: string; close(): Promise<void> }>(
  start: () => Promise<S>,
  launch: Parameters<typeof launchWithExtension>[0],
  afterEachTest?: (browser: LaunchedBrowser) => Promise<unknown>,
) {
  let server: S | undefined;
  let browser: LaunchedBrowser | undefined;
  const started = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`the suite's ${what} has not started`);
    return v;
  };
  const suite = {
    get server(): S {
      return started(server, "server");
    },
    get browser(): LaunchedBrowser {
      return started(browser, "browser");
    },
    tabs: testTabs(
      () => started(browser, "browser").context,
      () => started(server, "server").origin,
    ),
  };
  beforeAll(async () => {
    server = await start();
    browser = await launchWithExtension(launch);
  });
  afterEach(async () => {
    await suite.tabs.closeAll();
    if (afterEachTest && browser) await afterEachTest(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return suite;
}

/**
 * The match patterns of the wake-at-load registration (../../src/wake/wake-at-load.ts), as
 * the browser holds them: the background registers them a few calls after the setting
 * changes, and only pages loaded after that wake at load.
 * @returns the patterns, [] when nothing is registered
 */
export async function wakeAtLoadRegistered(context: BrowserContext): Promise<string[]> {
  const worker = await backgroundWorker(context);
  return worker.evaluate(async (id) => {
    type Scripting = {
      scripting: {
        getRegisteredContentScripts(f: { ids: string[] }): Promise<{ matches?: string[] }[]>;
      };
    };
    const [script] = await (
      globalThis as unknown as { chrome: Scripting }
    ).chrome.scripting.getRegisteredContentScripts({ ids: [id] });
    return script?.matches ?? [];
  }, WAKE_AT_LOAD_ID);
}

/**
 * The `h2` titles inside each joined page's wrapper (`[data-tsugi-page="n"]`), for
 * n = 2..last: what tsugi tagged as each page.
 *
 * @param page the tab
 * @param last number of the last page
 * @returns one list of titles per page, page 2 first
 */
export async function taggedTitles(page: Page, last: number): Promise<(string | null)[][]> {
  const out: (string | null)[][] = [];
  for (let n = 2; n <= last; n++) {
    out.push(
      await page.evaluate(
        (n) =>
          Array.from(
            document.querySelectorAll(`[data-tsugi-page="${n}"] h2`),
            (e) => e.textContent,
          ),
        n,
      ),
    );
  }
  return out;
}

/**
 * The tab's status once it says what came back after Back or Reload: the content script
 * reports it after the joins (or clicks) and the scroll back to the reading place, so it
 * reaches the background a moment after the page shows them. Polls without waking the
 * tab (`waitForStatus` would ask it as the popup does).
 *
 * @param page the tab
 * @param field `restored` (pages joined by next link) or `restoredClicks` (Load more clicks)
 * @param timeoutMs how long to poll, ms
 * @returns the first status with the field set, else the last status read (null: none)
 */
export async function restoredStatus(
  page: Page,
  field: "restored" | "restoredClicks",
  timeoutMs: number,
): Promise<TabStatus | null> {
  const deadline = Date.now() + timeoutMs;
  let status = await tabStatus(page);
  while (status?.[field] === undefined && Date.now() < deadline) {
    await page.waitForTimeout(50);
    status = await tabStatus(page);
  }
  return status;
}
