/**
 * The bench's tab for a bundle loaded as a network script of a saved page (bench/run.ts,
 * bench/cold-pair.ts `--streamed`): the way the extension loads its detector, as a module
 * that Chromium compiles while it streams in, off the main thread, and eagerly where the
 * bundle carries V8's compile hint (src/gate/load-detector.ts). A CDP evaluate, the other
 * way (bench/saved-tab.ts), compiles on the main thread, lazily, and cannot show the hint.
 */
import type { BrowserContext, Page } from "playwright-core";
import { guardTab, SAVED_PAGE_CSP } from "../src/cli/page-guard";
import type { SavedPage } from "../src/cli/saved-page";
import { withoutFragment } from "../src/rule/transfer-metrics";

/** Quiet time after a page's load and after a bundle's, ms: the previous tab's renderer is
 * still shutting down, and a streamed script's compile and run land in tasks after the
 * script element's load event. */
export const LOAD_QUIET_MS = 300;

/** Where the bundle is served from, on the page's own origin. */
const BUNDLE_PATH = "/__tsugi_bench_bundle.js";

/**
 * A saved page in a new tab of a context with JavaScript on, for a bundle loaded as a
 * network script: the page served as `tsugi detect` serves it (guardTab,
 * src/cli/page-guard.ts: later navigations refused, sub-resources refused) with a CSP that
 * allows the bundle's URL alone as a script (no inline or other script of the page runs;
 * `<noscript>` is then text, as in a reader's browser), and the bundle answered from `code`.
 *
 * @param context a context with JavaScript on
 * @param saved the page
 * @param code the bundle's source
 * @returns the tab, loaded and quiet for {@link LOAD_QUIET_MS}
 * @throws when the navigation fails or times out (60 s); the tab is then closed
 */
export async function openStreamed(
  context: BrowserContext,
  saved: SavedPage,
  code: string,
): Promise<Page> {
  const url = withoutFragment(saved.url);
  const bundleUrl = new URL(BUNDLE_PATH, url);
  const tab = await context.newPage();
  try {
    const guard = await guardTab(tab);
    // Routed after the guard's catch-all, so Playwright asks this one first. Matched by
    // host and path, not scheme: a page's own CSP `upgrade-insecure-requests` turns the
    // request for http://host/… into https://host/….
    await tab.route(
      (u) => u.host === bundleUrl.host && u.pathname === BUNDLE_PATH,
      (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: code }),
    );
    guard.arm({
      bytes: saved.bytes,
      charset: saved.charset,
      csp: `${SAVED_PAGE_CSP}; script-src ${bundleUrl.host}${BUNDLE_PATH}`,
    });
    await tab.goto(url, { waitUntil: "load", timeout: 60_000 });
    await tab.waitForTimeout(LOAD_QUIET_MS);
    return tab;
  } catch (e) {
    await tab.close().catch(() => {});
    throw e;
  }
}

/**
 * Load the bundle {@link openStreamed} serves through a script element and wait until it
 * has run (its `__tsugiBench` global is there).
 *
 * @param tab a tab from {@link openStreamed}
 * @param asModule a module script (as the extension imports its detector), else classic
 */
export async function loadStreamed(tab: Page, asModule: boolean): Promise<void> {
  const src = new URL(BUNDLE_PATH, tab.url()).href;
  await tab.addScriptTag(asModule ? { url: src, type: "module" } : { url: src });
  await tab.waitForFunction(() => "__tsugiBench" in globalThis);
}

/** One streamed tab at a time, closed by the next or by {@link StreamedTab.reset} (a page
 * that timed out may still be busy in it). */
export class StreamedTab {
  private tab: Page | null = null;

  /** @param context a context with JavaScript on */
  constructor(private readonly context: BrowserContext) {}

  /**
   * Close the last tab and show a saved page in a new one, with `code` served for
   * {@link loadStreamed}.
   *
   * @returns the tab, loaded and quiet
   * @throws as {@link openStreamed}
   */
  async openFresh(saved: SavedPage, code: string): Promise<Page> {
    await this.reset();
    this.tab = await openStreamed(this.context, saved, code);
    return this.tab;
  }

  /** Close the tab, if any. */
  async reset(): Promise<void> {
    const tab = this.tab;
    this.tab = null;
    await tab?.close().catch(() => {});
  }
}
