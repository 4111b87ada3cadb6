import type { BrowserContext, Page, Worker } from "playwright-core";
import type { JoinedArticle } from "../export/joined-article";
import type { ExportFile } from "../messaging/messages";
import type { TabStatus } from "../messaging/status";
import { latestStatusFor } from "../messaging/tab-status";
import { hostResolverRules, startReplayServer } from "../replay/replay-server";
import type { Item } from "../siblings/items";
import type { WakingApi } from "../wake/wake";
import { extensionId, launchChromium } from "./browser";

/** States in which the content script will not join anything more. */
export const FINAL_STATES = new Set(["no-next", "done", "stopped", "off", "own-scroll"]);

/** The extension's background worker (started again if Chromium stopped it). */
export async function backgroundWorker(context: BrowserContext): Promise<Worker> {
  const [worker] = context.serviceWorkers();
  return worker ?? (await context.waitForEvent("serviceworker", { timeout: 10_000 }));
}

/**
 * The last status tsugi reported for the page open in `page`, read from the
 * extension's `storage.session` through its background worker.
 * @returns null until the content script has reported
 */
export async function tabStatus(page: Page): Promise<TabStatus | null> {
  const worker = await backgroundWorker(page.context());
  const items = await worker.evaluate(() => {
    type Session = { storage: { session: { get(k: null): Promise<Record<string, unknown>> } } };
    return (globalThis as unknown as { chrome: Session }).chrome.storage.session.get(null);
  });
  return latestStatusFor(items, page.url());
}

/**
 * Wait until tsugi's status for `page` satisfies `accept`.
 * @returns that status
 * @throws Error naming the last state seen after `timeoutMs` (default 20 000 ms)
 */
export async function waitForStatus(
  page: Page,
  accept: (s: TabStatus) => boolean,
  timeoutMs = 20_000,
): Promise<TabStatus> {
  const deadline = Date.now() + timeoutMs;
  let last: TabStatus | null = null;
  let woken = false;
  for (;;) {
    last = await tabStatus(page);
    if (last && accept(last)) return last;
    if (!woken) {
      // Asleep until the reader nears the end (../wake/near-end.ts): ask as the popup does.
      woken = await wakeTab(page).catch(() => false);
    }
    if (Date.now() > deadline) {
      throw new Error(`tsugi status still '${last?.state ?? "unreported"}' after ${timeoutMs} ms`);
    }
    await page.waitForTimeout(100);
  }
}

/**
 * Scroll to the end of the page repeatedly, as a reader would, until the
 * pager reaches a final state.
 * @param timeoutMs give up after this long (default 120 000 ms)
 * @returns the final status
 * @throws Error when the content script never reports or the timeout passes
 */
export async function scrollUntilSettled(page: Page, timeoutMs = 120_000): Promise<TabStatus> {
  const deadline = Date.now() + timeoutMs;
  // `tsugi join` asks, as the popup does: the entry wakes before the first scroll, so a
  // site's own infinite scroll has not appended anything yet when it decides.
  await waitForStatus(page, (s) => s.state !== "starting", Math.min(timeoutMs, 20_000));
  for (;;) {
    const status = await tabStatus(page);
    if (status && FINAL_STATES.has(status.state)) return status;
    if (Date.now() > deadline)
      throw new Error(`pager still '${status?.state}' after ${timeoutMs} ms`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(150);
  }
}

/**
 * Read the joined article from the live DOM: elements the pager tagged
 * `data-tsugi-page`, grouped by page, in page order.
 */
export async function readJoinedArticle(page: Page): Promise<JoinedArticle> {
  const status = await tabStatus(page);
  const read = await page.evaluate(() => {
    const groups = new Map<number, { url: string; html: string[]; text: string[] }>();
    for (const el of Array.from(document.querySelectorAll("[data-tsugi-page]"))) {
      if (el.parentElement?.closest("[data-tsugi-page]")) continue;
      const n = Number(el.getAttribute("data-tsugi-page"));
      const g = groups.get(n) ?? {
        url: el.getAttribute("data-tsugi-url") ?? location.href,
        html: [],
        text: [],
      };
      const clone = el.cloneNode(true) as Element;
      clone.removeAttribute("data-tsugi-page");
      clone.removeAttribute("data-tsugi-url");
      g.html.push(clone.outerHTML);
      g.text.push((el.textContent ?? "").replace(/\s+/g, " ").trim());
      groups.set(n, g);
    }
    return {
      url: location.href,
      title: document.title.trim(),
      pages: Array.from(groups.entries())
        .sort(([a], [b]) => a - b)
        .map(([number, g]) => ({
          number,
          url: g.url,
          html: g.html.join("\n"),
          text: g.text.join("\n"),
        })),
    };
  });
  return {
    ...read,
    state: status?.state ?? "unknown",
    reason: status?.reason ?? null,
    detectMs: status?.detectMs ?? null,
  };
}

export interface JoinOptions {
  url: string;
  /** A `multipage/` capture to serve offline at its original URLs. */
  replayDir?: string;
  /** A replay server already listening (a web archive's, ./warc-replay.ts): every host
   * resolves to it. */
  replayServer?: { port: number };
  /** Most pages to show, counting page 1 (the extension's page cap). */
  maxPages?: number;
  /** The built extension (dist/). */
  extensionDir: string;
  /** Write a full-page PNG here after joining. */
  screenshot?: string;
  /** Browser UI language (e.g. "ja"): the separators' words. */
  locale?: string;
  timeoutMs?: number;
  /** Turn "Join the next chapter" on for the page's site first. */
  chapters?: boolean;
  /** Called with the joined tab before the browser closes (an export through the
   * extension, as the popup asks for it). */
  whileOpen?: (page: Page) => Promise<void>;
}

/**
 * Join a paginated article with the real extension in headless Chromium.
 * @returns the joined article as the reader would see it
 * @throws Error on a bad URL, a missing capture, or a browser failure
 */
export async function joinWithBrowser(opts: JoinOptions): Promise<JoinedArticle> {
  const replay = opts.replayDir ? await startReplayServer(opts.replayDir) : null;
  const port = replay?.port ?? opts.replayServer?.port;
  const browser = await launchChromium({
    extensionDir: opts.extensionDir,
    ...(port !== undefined ? { hostResolverRules: hostResolverRules(port) } : {}),
    ...(opts.locale ? { locale: opts.locale } : {}),
  });
  try {
    if (opts.maxPages !== undefined)
      await setExtensionSettings(browser.context, { pageCap: opts.maxPages });
    if (opts.chapters)
      await setExtensionSettings(browser.context, { chapterSites: [new URL(opts.url).host] });
    const page = await browser.context.newPage();
    const res = await page.goto(opts.url, { waitUntil: "load", timeout: 60_000 });
    if (res && res.status() >= 400) throw new Error(`HTTP ${res.status()} for ${opts.url}`);
    await scrollUntilSettled(page, opts.timeoutMs);
    const article = await readJoinedArticle(page);
    // A list's items, as the popup's export gives them.
    const status = await messageTab<TabStatus>(page, { type: "popup→content:get-status" });
    if (status.listItems) {
      const file = await messageTab<ExportFile>(page, {
        type: "popup→content:export",
        format: "items-json",
      });
      article.items = JSON.parse(file.content) as Item[];
    }
    if (opts.screenshot) await page.screenshot({ path: opts.screenshot, fullPage: false });
    await opts.whileOpen?.(page);
    return article;
  } finally {
    await browser.close();
    await replay?.close();
  }
}

/** Write extension settings through its own background context (storage.sync). */
export async function setExtensionSettings(
  context: BrowserContext,
  values: Record<string, unknown>,
): Promise<void> {
  await extensionId(context);
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error("extension background did not start");
  await worker.evaluate((v) => {
    type Sync = { storage: { sync: { set(items: unknown): Promise<void> } } };
    return (globalThis as unknown as { chrome: Sync }).chrome.storage.sync.set(v);
  }, values);
}

/** The background worker's view of `tabs` and `scripting`, inside `worker.evaluate`: what
 * the popup uses to wake a tab (../wake/wake.ts), and `tabs.query` to find one. */
type WorkerChrome = WakingApi & {
  tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> };
};

/**
 * The browser's id of the tab showing `url`: the background keeps each tab's status under
 * `tab-status:<id>` with the page's URL; a tab whose entry is still asleep has reported
 * nothing, and is found by `tabs.query`, which shows the URLs of pages the extension has
 * host access to (it has no "tabs" permission).
 * @throws Error when no tab shows that URL
 */
export async function tabIdOf(context: BrowserContext, url: string): Promise<number> {
  const worker = await backgroundWorker(context);
  const id = await worker.evaluate(async (u) => {
    type S = { storage: { session: { get(k: null): Promise<Record<string, { url: string }>> } } };
    const items = await (globalThis as unknown as { chrome: S }).chrome.storage.session.get(null);
    const key = Object.keys(items).find((k) => k.startsWith("tab-status:") && items[k]?.url === u);
    if (key) return Number(key.slice("tab-status:".length));
    const tabs = await (globalThis as unknown as { chrome: WorkerChrome }).chrome.tabs.query({});
    return tabs.find((t) => t.url === u)?.id ?? -1;
  }, url);
  if (id < 0) throw new Error(`no tab shows ${url}`);
  return id;
}

/**
 * The popup, opened as a page of its own (`?tab=`) for the tab showing `url`.
 * @throws Error when no tab has reported from that URL
 */
export async function openPopupFor(context: BrowserContext, url: string): Promise<Page> {
  const tab = await tabIdOf(context, url);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${await extensionId(context)}/popup/index.html?tab=${tab}`);
  return popup;
}

/**
 * Wake the entry of every tab showing `page`'s URL, as the popup does when the reader
 * opens it (../wake/wake.ts): the entry sleeps until the reader nears the end of the page.
 * Every such tab, because a second tab of the same URL is told apart from the first by
 * nothing the worker sees; waking an entry that is awake changes nothing.
 * @returns true when an entry was there and has decided
 */
export async function wakeTab(page: Page): Promise<boolean> {
  const worker = await backgroundWorker(page.context());
  return worker.evaluate(async (url) => {
    const chrome = (globalThis as unknown as { chrome: WorkerChrome }).chrome;
    const tabs = (await chrome.tabs.query({})).filter((t) => t.url === url && t.id !== undefined);
    const woke = await Promise.all(
      tabs.map((t) =>
        chrome.scripting
          .executeScript({
            target: { tabId: t.id as number },
            // Sent as source: it names wake.ts's WAKE_GLOBAL itself.
            func: () =>
              (globalThis as { tsugiWake?: () => Promise<boolean> }).tsugiWake?.() ?? false,
          })
          .then(([first]) => first?.result === true)
          .catch(() => false),
      ),
    );
    return woke.includes(true);
  }, page.url());
}

/**
 * Send a message to the tab showing `page`, as the popup does, through the background
 * worker, waking a sleeping entry first as the popup does.
 * @param message e.g. `{ type: "popup→content:export", format: "items-json" }`
 * @returns the content script's answer
 * @throws when no tab shows the page's URL, or its entry does not answer once woken
 */
export async function messageTab<T>(page: Page, message: Record<string, unknown>): Promise<T> {
  const tab = await tabIdOf(page.context(), page.url());
  const worker = await backgroundWorker(page.context());
  const send = () =>
    worker.evaluate(
      ({ tab, message }) =>
        (globalThis as unknown as { chrome: WorkerChrome }).chrome.tabs.sendMessage(tab, message),
      { tab, message },
    ) as Promise<T>;
  try {
    return await send();
  } catch {
    await wakeTab(page);
    return send();
  }
}
