/**
 * Open one page of a batch in its own browser context, kept on the page it was opened
 * for ({@link guardTab}), measure it, and close it within a bounded time. A crash of the
 * tab or of the browser becomes a {@link CrashError} (the batch tries the page again); the
 * page's time running out (the signal) closes the context, which ends every pending call.
 */
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { CrashError } from "./batch";
import { after, type BrowserSlot, CLOSE_GRACE_MS } from "./browser-pool";
import type { PageJob } from "./manifest";
import { guardTab } from "./page-guard";

/** How to open the page. */
export interface OpenOptions {
  /** run the page's own scripts (live pages in `extract`); saved pages never do */
  javaScript: boolean;
  /** load state to wait for before measuring */
  waitUntil: "load" | "domcontentloaded";
}

/** A measured page. */
export interface Measured<T> {
  value: T;
  /** where a refused later navigation (a refresh) wanted to go, or null */
  refresh: string | null;
}

function savedBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new Error(code === "ENOENT" ? `no such file: ${file}` : `cannot read ${file}: ${code}`);
  }
}

async function closeContext(slot: BrowserSlot, browser: Browser, context: BrowserContext) {
  const closed = await Promise.race([
    context.close().then(
      () => true,
      () => true,
    ),
    after(CLOSE_GRACE_MS, false),
  ]);
  // A context that will not close means a browser that stopped answering.
  if (!closed) slot.replace(browser);
}

/**
 * Open `job` in a fresh context of the slot's browser and run `measure` on it.
 * @param measure gets the tab and the page's URL (the final one after redirects, live)
 * @throws CrashError when the tab or the browser crashed; Error for a page that cannot be
 *   loaded (missing file, HTTP error, the page left for another document); any error of
 *   `measure`
 */
export async function measurePage<T>(
  slot: BrowserSlot,
  job: PageJob,
  opts: OpenOptions,
  signal: AbortSignal,
  measure: (tab: Page, url: string) => Promise<T>,
): Promise<Measured<T>> {
  const bytes = job.file ? savedBytes(job.file) : null;
  const browser = await slot.get();
  if (signal.aborted) throw new Error("timeout");
  const context = await browser
    .newContext({
      javaScriptEnabled: opts.javaScript && !job.file,
      viewport: { width: 1280, height: 800 },
    })
    .catch((e: Error) => {
      throw browser.isConnected() ? e : new CrashError(`crashed: ${e.message.split("\n")[0]}`);
    });
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= closeContext(slot, browser, context);
    return closing;
  };
  // Time is up: closing the context ends every call pending on it.
  const onAbort = () => void close();
  signal.addEventListener("abort", onAbort, { once: true });
  if (signal.aborted) onAbort();
  let crashed = false;
  let left = (): string | null => null;
  try {
    const tab = await context.newPage();
    tab.on("crash", () => {
      crashed = true;
    });
    const guard = await guardTab(tab, bytes ? { bytes, charset: job.charset } : null);
    const res = await tab.goto(job.url, { waitUntil: opts.waitUntil, timeout: 0 });
    if (!bytes && res && !res.ok()) throw new Error(`HTTP ${res.status()} for ${job.url}`);
    const committed = tab.url();
    // A refresh that makes no request (to about:blank) cannot be refused: say so.
    left = () => (bytes && tab.url() !== committed ? tab.url() : null);
    const value = await measure(tab, bytes ? job.url : committed);
    if (left()) throw new Error(`the page left for ${left()}`);
    return { value, refresh: guard.refresh() };
  } catch (e) {
    if (crashed || !browser.isConnected())
      throw new CrashError(`crashed: ${(e as Error).message.split("\n")[0]}`);
    if (signal.aborted) throw new Error("timeout");
    if (left()) throw new Error(`the page left for ${left()}`);
    throw e;
  } finally {
    signal.removeEventListener("abort", onAbort);
    if (signal.aborted) void close();
    else await close();
  }
}
