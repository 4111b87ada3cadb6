/**
 * The bench's tab for saved corpus pages (bench/cold-pair.ts without `--streamed`;
 * `npm run bench` uses ./streamed-tab.ts): offline, page scripts off, a new renderer when
 * a run must be cold.
 */
import type { BrowserContext, Page } from "playwright-core";
import { type SavedPage, serveSavedPages } from "../src/cli/saved-page";
import { withoutFragment } from "../src/rule/transfer-metrics";

/**
 * Wait after a new tab's page has loaded, before anything is timed, ms: the previous tab's
 * renderer is still shutting down and the new one starting, and on 2 cores their work
 * otherwise lands in the timings (warm medians rose from 6 to 11 ms without it).
 */
const QUIET_MS = 300;

/**
 * One tab that shows saved pages in turn, offline, as `openSavedPage` (src/cli/saved-page.ts)
 * does: the main document is answered from the saved bytes, every other request is
 * refused; with the context's JavaScript off nothing of the page runs. Reusing the tab
 * spares a tab's set-up per page.
 */
export class SavedTab {
  private saved: SavedPage | null = null;
  private tab: Page | null = null;

  /** @param context a context created with `javaScriptEnabled: false` */
  constructor(private readonly context: BrowserContext) {}

  /**
   * Show a saved page (its URL without the fragment, so that a page differing from the
   * previous one only by its fragment still loads).
   *
   * @param saved bytes, URL, charset
   * @returns the tab, loaded
   * @throws when the navigation fails or times out (60 s); the tab is then dropped
   */
  async open(saved: SavedPage): Promise<Page> {
    let tab = this.tab;
    if (tab === null || tab.isClosed()) {
      const t = await this.context.newPage();
      await serveSavedPages(t, () => this.saved);
      tab = t;
      this.tab = t;
    }
    this.saved = saved;
    try {
      await tab.goto(withoutFragment(saved.url), { waitUntil: "load", timeout: 60_000 });
      return tab;
    } catch (e) {
      await this.reset();
      throw e;
    }
  }

  /**
   * Show a saved page in a new tab, so in a new renderer, then wait {@link QUIET_MS}. A
   * reused tab kept V8's compiled code of the bench script from page to page: tsugi's
   * cold median was 19.9 ms there against 25.1 in new tabs (80 pages, same run).
   *
   * @param saved bytes, URL, charset
   * @returns the tab, loaded
   * @throws as {@link open}
   */
  async openFresh(saved: SavedPage): Promise<Page> {
    await this.reset();
    const tab = await this.open(saved);
    await tab.waitForTimeout(QUIET_MS);
    return tab;
  }

  /** Close the tab; the next {@link open} makes a new one. */
  async reset(): Promise<void> {
    const tab = this.tab;
    this.tab = null;
    await tab?.close().catch(() => {});
  }
}
