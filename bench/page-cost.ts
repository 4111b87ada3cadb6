/**
 * What the extension adds to a page load where there is nothing to join: the
 * same pages are loaded in two Chromiums started in the same run, one with the built
 * extension and one without, alternating page by page, each page in a fresh tab. Page
 * scripts are blocked by a `Content-Security-Policy: script-src 'none'` header on the
 * saved bytes (content scripts are exempt from a page's CSP), every sub-resource is
 * refused, so the difference between the two is the extension's own work.
 * After `load` + settle time: CDP `HeapProfiler.collectGarbage`, then
 * `Performance.getMetrics` (ScriptDuration, TaskDuration, JSHeapUsedSize), and the time
 * the extension's status says its gate or detector took: ScriptDuration counts only the
 * content script's injection task, not its later callbacks (docs/performance.md,
 * "What is timed, and how").
 */
import { readFileSync } from "node:fs";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { type LaunchedBrowser, launchChromium } from "../src/cli/browser";
import { tabStatus } from "../src/cli/join";
import { guardTab } from "../src/cli/page-guard";
import type { TabStatus } from "../src/messaging/status";
import type { CorpusPage } from "../src/train/corpus";

/** One page's metrics in one browser. */
export interface PageCost {
  /** main-thread script time, ms */
  scriptMs: number;
  /** main-thread task time, ms */
  taskMs: number;
  /** used JS heap after a forced GC, bytes */
  heapBytes: number;
}

/** What the extension had done on a page at one moment, from its status. */
export interface EntryAt {
  /** The status state, or null where the entry had reported nothing (still asleep). */
  state: string | null;
  /** Whether the detector script was loaded on the page (the gate opened). */
  detectorLoaded: boolean;
  /**
   * The extension's own timed work after its injection task, as its status reports it
   * (`detectMs`: the gate's run where the gate closed, the detection where it opened), ms;
   * 0 while asleep. ScriptDuration does not see it (it counts the injection task, not the
   * callbacks after the entry's storage reads and idle wait), so the bench adds it.
   */
  inPageMs: number;
}

/** One page with and without the extension, and what the extension decided. */
export interface PageCostRow extends EntryAt {
  key: string;
  without: PageCost;
  with: PageCost;
  /**
   * The same tabs after the reader scrolled to the end of the page (which wakes the
   * entry) and the settle time passed again: cumulative metrics since
   * navigation, and the entry's status then.
   */
  atEnd: { without: PageCost; with: PageCost; entry: EntryAt };
}

/** Wait after load, and again after the scroll to the end, ms. */
export const SETTLE_MS = 2500;

async function metrics(cdp: CDPSession): Promise<PageCost> {
  await cdp.send("HeapProfiler.collectGarbage");
  const { metrics: list } = await cdp.send("Performance.getMetrics");
  const m = new Map(list.map((x) => [x.name, x.value]));
  return {
    scriptMs: (m.get("ScriptDuration") ?? 0) * 1000,
    taskMs: (m.get("TaskDuration") ?? 0) * 1000,
    heapBytes: m.get("JSHeapUsedSize") ?? 0,
  };
}

/** Open a saved page in a fresh tab whose CDP metrics count from before navigation
 * (`Performance.enable` starts the counters). The page is served as `tsugi detect` serves
 * it ({@link guardTab}: later navigations refused, sub-resources refused), with page
 * scripts blocked by CSP; content scripts are exempt from a page's CSP. */
async function loadSaved(
  context: BrowserContext,
  page: CorpusPage,
): Promise<{ tab: Page; cdp: CDPSession }> {
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Performance.enable");
  const guard = await guardTab(tab);
  guard.arm({ bytes: readFileSync(page.file), charset: page.charset, csp: "script-src 'none'" });
  await tab.goto(page.input.pageUrl, { waitUntil: "load", timeout: 60_000 });
  await tab.waitForTimeout(SETTLE_MS);
  return { tab, cdp };
}

/**
 * Load each page with and without the extension and read the metrics.
 *
 * @param pages saved pages without a next link
 * @param dist the built extension
 * @param log progress lines
 * @returns one row per page that loaded in both browsers
 */
export async function measurePageCost(
  pages: readonly CorpusPage[],
  dist: string,
  log: (line: string) => void = () => {},
): Promise<PageCostRow[]> {
  const plain: LaunchedBrowser = await launchChromium();
  const withExt: LaunchedBrowser = await launchChromium({ extensionDir: dist });
  const rows: PageCostRow[] = [];
  try {
    for (const [i, page] of pages.entries()) {
      try {
        // Alternate which browser goes first, so neither is always the warmer one.
        const order = i % 2 === 0 ? [plain, withExt] : [withExt, plain];
        const costs = new Map<LaunchedBrowser, PageCost>();
        const atEnd = new Map<LaunchedBrowser, PageCost>();
        let status: TabStatus | null = null;
        let endStatus: TabStatus | null = null;
        for (const b of order) {
          const { tab, cdp } = await loadSaved(b.context, page);
          costs.set(b, await metrics(cdp));
          // Read while the tab is open: closing a tab removes its status.
          if (b === withExt) status = await tabStatus(tab);
          // The reader reaches the end: the sleeping entry wakes and decides.
          await tab.evaluate(() =>
            window.scrollTo(0, document.scrollingElement?.scrollHeight ?? 0),
          );
          await tab.waitForTimeout(SETTLE_MS);
          atEnd.set(b, await metrics(cdp));
          if (b === withExt) endStatus = await tabStatus(tab);
          await cdp.detach();
          await tab.close();
        }
        const entry = (s: TabStatus | null): EntryAt => ({
          state: s?.state ?? null,
          detectorLoaded: s?.detector === true,
          inPageMs: s?.detectMs ?? 0,
        });
        rows.push({
          key: page.key,
          without: costs.get(plain) as PageCost,
          with: costs.get(withExt) as PageCost,
          ...entry(status),
          atEnd: {
            without: atEnd.get(plain) as PageCost,
            with: atEnd.get(withExt) as PageCost,
            entry: entry(endStatus),
          },
        });
        log(`page cost ${i + 1}/${pages.length} ${page.key} ${status?.state ?? "?"}`);
      } catch (e) {
        log(`page cost ${page.key}: ${(e as Error).message.split("\n")[0]}`);
      }
    }
  } finally {
    await plain.close();
    await withExt.close();
  }
  return rows;
}
