/**
 * Open the pages of a batch in pooled tabs, each kept on the page it was opened for
 * ({@link guardTab}), measure them, and hand the tab on to the next page. A crash of the
 * tab or of the browser becomes a {@link CrashError} (the batch tries the page again); the
 * page's time running out (the signal) closes the tab's context, which ends every pending
 * call. A tab is reused only after a page that ended well, and only after it was blanked,
 * so no timer or refresh of one page can reach the next.
 */
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { CrashError } from "./batch";
import { after, type BrowserSlot, CLOSE_GRACE_MS } from "./browser-pool";
import type { PageJob } from "./manifest";
import { guardTab, type NavigationGuard } from "./page-guard";

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
 * The site a URL's page is rendered under, erring towards one site: the last two labels
 * of the host name (`news.example.co.uk` → `co.uk`, so every `.co.uk` host is one site
 * here), the whole host for an IP address or a one-label host.
 * @param url absolute URL ("" when it does not parse)
 */
export function siteKey(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return "";
  }
  if (/^[\d.]+$|^\[/.test(host)) return host;
  return host.split(".").slice(-2).join(".");
}

/** The batch's crash error for `e`, named by its first line. */
function crashError(e: Error): CrashError {
  return new CrashError(`crashed: ${e.message.split("\n")[0]}`);
}

/** A tab of the pool: its own context (cookies, cache) and its navigation guard. */
interface PooledTab {
  browser: Browser;
  context: BrowserContext;
  tab: Page;
  guard: NavigationGuard;
  javaScript: boolean;
  /** pages it has opened */
  uses: number;
  /** {@link siteKey} of the page it was last taken for */
  site: string;
  /** the tab crashed since it was last taken */
  crashed: boolean;
}

/**
 * Tabs of one browser slot, reused from page to page. Opening a context and a tab costs
 * about 150 ms of the browser's own (single) thread, as much as loading a saved page; with
 * a fresh tab per page the browser process was the batch's bottleneck and a second job
 * added almost nothing (bench:cli, docs/performance.md).
 */
export class TabPool {
  private readonly idle: PooledTab[] = [];

  /**
   * @param slot the browser the tabs live in
   * @param maxUses pages a tab opens before it is closed, bounding what a long batch can
   *   leak into one tab
   */
  constructor(
    readonly slot: BrowserSlot,
    private readonly maxUses = 50,
  ) {}

  /**
   * An idle tab of the live browser with the same script setting whose last page was of
   * another site, or a new one. Never a tab that last showed the same site: Chromium keeps
   * a site's renderer process from page to page in a tab, so the next page of that site
   * would find the detector bundle compiled and measure warm (a reused tab made a page's
   * second visit 22 % faster); a page load is a cold run.
   * @param site {@link siteKey} of the page to open
   * @throws CrashError when the browser died while the tab was being opened
   */
  async take(javaScript: boolean, site: string): Promise<PooledTab> {
    const browser = await this.slot.get();
    for (let i = this.idle.length - 1; i >= 0; i--) {
      const t = this.idle[i] as PooledTab;
      if (t.browser !== browser || !browser.isConnected()) {
        this.idle.splice(i, 1);
      } else if (t.javaScript === javaScript && t.site !== site) {
        this.idle.splice(i, 1);
        t.crashed = false;
        t.site = site;
        return t;
      }
    }
    // No tab fits: one that cannot serve this page makes room, so that a batch of one
    // site keeps as many tabs as pages in flight.
    const unfit = this.idle.shift();
    if (unfit) void closeContext(this.slot, unfit.browser, unfit.context);
    const lost = (e: Error) => (browser.isConnected() ? e : crashError(e));
    const context = await browser
      .newContext({ javaScriptEnabled: javaScript, viewport: { width: 1280, height: 800 } })
      .catch((e: Error) => {
        throw lost(e);
      });
    try {
      const tab = await context.newPage();
      const guard = await guardTab(tab);
      const t: PooledTab = {
        browser,
        context,
        tab,
        guard,
        javaScript,
        uses: 0,
        site,
        crashed: false,
      };
      tab.on("crash", () => {
        t.crashed = true;
      });
      return t;
    } catch (e) {
      void closeContext(this.slot, browser, context);
      throw lost(e as Error);
    }
  }

  /**
   * Hand a tab back after its page: blanked and kept when `reusable`, else closed.
   * @returns once the tab is idle or closing
   */
  async give(t: PooledTab, reusable: boolean): Promise<void> {
    if (reusable && !t.crashed && t.uses < this.maxUses && t.browser.isConnected()) {
      // about:blank makes no request, so the armed-off guard never sees it; it unloads the
      // page with its refresh timers.
      const blank = await Promise.race([
        t.tab.goto("about:blank").then(
          () => true,
          () => false,
        ),
        after(CLOSE_GRACE_MS, false),
      ]);
      if (blank && !t.crashed) {
        this.idle.push(t);
        return;
      }
    }
    await closeContext(this.slot, t.browser, t.context);
  }
}

/**
 * Open `job` in a tab of the pool and run `measure` on it.
 * @param measure gets the tab and the page's URL (the final one after redirects, live)
 * @throws CrashError when the tab or the browser crashed; Error for a page that cannot be
 *   loaded (missing file, HTTP error, the page left for another document, "timeout" once
 *   `signal` aborted); any error of `measure`
 */
export async function measurePage<T>(
  pool: TabPool,
  job: PageJob,
  opts: OpenOptions,
  signal: AbortSignal,
  measure: (tab: Page, url: string) => Promise<T>,
): Promise<Measured<T>> {
  const bytes = job.body ?? (job.file ? savedBytes(job.file) : null);
  if (signal.aborted) throw new Error("timeout");
  const t = await pool.take(opts.javaScript && !bytes, siteKey(job.url));
  const { browser, tab } = t;
  t.uses++;
  let closing: Promise<void> | null = null;
  // Time is up: closing the context ends every call pending on it.
  const onAbort = () => {
    closing ??= closeContext(pool.slot, browser, t.context);
  };
  signal.addEventListener("abort", onAbort, { once: true });
  if (signal.aborted) onAbort();
  let ok = false;
  let left = (): string | null => null;
  try {
    t.guard.arm(bytes ? { bytes, charset: job.charset } : null);
    const res = await tab.goto(job.url, { waitUntil: opts.waitUntil, timeout: 0 });
    if (!bytes && res && !res.ok()) throw new Error(`HTTP ${res.status()} for ${job.url}`);
    const committed = tab.url();
    // A refresh that makes no request (to about:blank) cannot be refused: say so.
    left = () => (bytes && tab.url() !== committed ? tab.url() : null);
    const value = await measure(tab, bytes ? job.url : committed);
    if (left()) throw new Error(`the page left for ${left()}`);
    ok = true;
    return { value, refresh: t.guard.refresh() };
  } catch (e) {
    if (t.crashed || !browser.isConnected()) throw crashError(e as Error);
    if (signal.aborted) throw new Error("timeout");
    if (left()) throw new Error(`the page left for ${left()}`);
    throw e;
  } finally {
    signal.removeEventListener("abort", onAbort);
    // An aborted page's context is closing already (onAbort ran).
    if (!closing) {
      if (ok) await pool.give(t, true);
      else void pool.give(t, false);
    }
  }
}
