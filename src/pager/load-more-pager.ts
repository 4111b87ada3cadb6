/**
 * The load-more pager: on a page with no next link but a "Load more" button
 * after its list (../features/load-more.ts), it clicks the page's own button when the
 * reader nears the end, waits for the list to grow, and repeats up to the page cap. The
 * items one click adds are one "page": they are tagged `data-tsugi-page` and announced
 * with AutoPagerize's events, like a joined page. Nothing is inserted into the site's
 * list (its own script owns it); tsugi's status line stands after the list.
 *
 * Stops (stop reasons of ./stop-conditions.ts): the button is gone, disabled or hidden
 * ("load-more-end", the normal end); a click added nothing within 8 s ("no-growth"); the
 * page cap; the reader. Before every click the button is judged again by the deny list,
 * the form and the navigation tests, so a button that turned into "Log in to see more"
 * is never clicked.
 */
import { findLoadMore, type LoadMoreTarget, runItems, safeToClick } from "../features/load-more";
import type { TabStatus } from "../messaging/status";
import type { Settings } from "../reader/settings";
import { announceJoinedPage } from "./events";
import { ENGLISH, type JoiningPager, PagerBase, type PagerWords, sleep } from "./pager-base";
import { StatusBlock } from "./status-block";
import { isNormalEnd, type StopReason } from "./stop-conditions";

export type { JoiningPager };

/** How long a click may take to grow the list, ms. */
export const GROWTH_TIMEOUT_MS = 8_000;
/** Quiet time after the first new item before the batch counts as complete, ms. */
export const SETTLE_MS = 250;

/** Options of {@link LoadMorePager}. */
export interface LoadMoreOptions {
  /** Words for the reader (localized by the content script); English by default. */
  words?: PagerWords;
  /** Detection time on page 1, ms (shown in the status). */
  detectMs?: number;
  /** {@link GROWTH_TIMEOUT_MS} unless given (tests). */
  growthTimeoutMs?: number;
  /** {@link SETTLE_MS} unless given (tests). */
  settleMs?: number;
  /** Whether clicking is allowed now (the reader's per-site "Load more" switch); asked
   * before every click. Default: always. */
  mayClick?(): boolean;
  /** Called once a click grew the list: the page number (2 for the first click) and the
   * new items. */
  onPage?(page: { number: number; items: Element[] }): void;
  /** Where the page replaced its button: the button again, found as page 1's was (a
   * reader's load-more rule names it by XPath). Default: the load-more look of
   * ../features/load-more.ts (`findLoadMore`). */
  findAgain?(): LoadMoreTarget | null;
}

/**
 * Clicks a page's own "Load more" button, one click in flight, as the reader scrolls.
 * Same surface as the next-link pager ({@link JoiningPager}), so the popup's "next page
 * now", "load N more", "fetch all" and "stop" work alike.
 */
export class LoadMorePager extends PagerBase {
  private target: LoadMoreTarget;
  private lastClickAt = 0;
  /** Ends the wait for growth in flight (the reader's stop). */
  private cancel: (() => void) | null = null;
  private readonly block: StatusBlock;
  private readonly growthTimeoutMs: number;
  private readonly settleMs: number;
  /** Clicks that added items again in {@link restore}; undefined until it ran. */
  private restoredClicks: number | undefined;

  constructor(
    doc: Document,
    target: LoadMoreTarget,
    settings: Settings,
    report: (status: TabStatus) => void,
    private readonly opts: LoadMoreOptions = {},
  ) {
    super(doc, settings, report, opts.words ?? ENGLISH, 50);
    this.target = target;
    this.growthTimeoutMs = opts.growthTimeoutMs ?? GROWTH_TIMEOUT_MS;
    this.settleMs = opts.settleMs ?? SETTLE_MS;
    const url = doc.location?.href ?? "";
    for (const item of runItems(target)) {
      item.setAttribute("data-tsugi-page", "1");
      item.setAttribute("data-tsugi-url", url);
    }
    this.block = new StatusBlock(doc, target.scope.parentNode as Element);
    target.scope.after(this.block.element);
  }

  protected inFlight(): (() => void) | null {
    return this.cancel;
  }

  /**
   * Click nothing more and take tsugi's status line out of the page, without a word in
   * the page or the status: another run takes over (the reader removed the rule that
   * named the button). The items the clicks brought stay: the site's own script put them
   * there.
   */
  discard(): void {
    this.halt();
    this.block.element.remove();
  }

  /**
   * Click the button again as many times as before, for a reader who came back (Back,
   * Reload) to a page whose items came from it (while restoring: no status line, the
   * reader's scroll kept, the first click that adds nothing ends it quietly): one click at a time, each waiting for its
   * items ({@link GROWTH_TIMEOUT_MS} at most), quietly (no status line) and with the
   * reader's scroll kept where it is. The first click that adds nothing, or a button gone,
   * ends it; the pager is then ready (or done) as after a normal click, and its status
   * counts the clicks repeated (`restoredClicks`, which the popup shows).
   * @param clicks the clicks that added items before the reader left
   * @returns the clicks that added items now
   */
  async restore(clicks: number): Promise<number> {
    const before = this.pages;
    this.restoring = true;
    try {
      for (let i = 0; i < clicks && this.state === "ready"; i++) {
        const win = this.doc.defaultView;
        const at = win ? { x: win.scrollX, y: win.scrollY } : null;
        const pages = this.pages;
        await this.loadNext();
        // The site's handler may focus or scroll: the reader stays where they were.
        if (win && at && (win.scrollX !== at.x || win.scrollY !== at.y)) win.scrollTo(at.x, at.y);
        if (this.pages === pages) break;
      }
    } finally {
      this.restoring = false;
    }
    if (this.state === "ready") this.block.hide();
    this.restoredClicks = this.pages - before;
    this.publish();
    return this.restoredClicks;
  }

  /** Status for the popup and the badge (no next URL: the page's button is the pager);
   * after {@link restore}, the clicks it repeated (`restoredClicks`). */
  snapshot(): TabStatus {
    return {
      state: this.state,
      reason: this.reasonText(),
      nextUrl: null,
      nextScore: 0,
      pages: this.pages,
      detectMs: this.opts.detectMs ?? 0,
      rule: null,
      loadMore: this.target.label,
      ...(this.restoredClicks !== undefined ? { restoredClicks: this.restoredClicks } : {}),
    };
  }

  /** Distance in px from the bottom of the viewport to the button (or the list's end). */
  protected remaining(): number {
    const win = this.doc.defaultView;
    if (!win) return Number.POSITIVE_INFINITY;
    const rect = this.target.control.getBoundingClientRect();
    const top = rect.height > 0 ? rect.top : this.target.scope.getBoundingClientRect().bottom;
    return top - win.innerHeight;
  }

  /**
   * The button to click now: the one found, or the one that replaced it after the list.
   * Null when it is gone, disabled or hidden, or no longer safe to click.
   */
  private currentControl(): Element | null {
    let control: Element | null = this.target.control;
    if (!control.isConnected) {
      const again = this.opts.findAgain ? this.opts.findAgain() : findLoadMore(this.doc);
      if (again) this.target = again;
      control = again?.control ?? null;
    }
    // Judged again before every click: the deny list always wins.
    return control && safeToClick(control) ? control : null;
  }

  /**
   * Click the button once and wait for the list to grow (also "next page now").
   * Resolves when the new items are tagged or loading stopped; never rejects.
   */
  async loadNext(): Promise<void> {
    if (this.state !== "ready") return;
    // The reader turned clicking off for this site: wait, ready, for it to be on again.
    if (this.opts.mayClick && !this.opts.mayClick()) return;
    if (this.pages >= this.settings.pageCap)
      return this.finish({ kind: "page-cap", cap: this.settings.pageCap });
    if (!this.currentControl()) return this.finish({ kind: "load-more-end" });
    this.setState("loading");
    this.showStatus(this.words.clicking(this.pages + 1));
    const wait = this.lastClickAt + this.settings.minIntervalMs - Date.now();
    if (wait > 0) await sleep(wait);
    if (this.isFinished()) return;
    // The page may have changed while we waited.
    const control = this.currentControl();
    if (!control) return this.finish({ kind: "load-more-end" });
    if (this.opts.mayClick && !this.opts.mayClick()) {
      this.block.hide();
      return this.setState("ready");
    }
    const before = new Set(runItems(this.target));
    const grown = this.waitForGrowth(before);
    this.lastClickAt = Date.now();
    // A load-more link's "#" href would jump to the top of the page (or change the URL)
    // when the site's handler does not prevent it; the site's handlers still run.
    // javascript: hrefs are left alone: they may be the site's own action.
    if (control.localName === "a" && (control.getAttribute("href") ?? "").trim().startsWith("#"))
      control.addEventListener("click", (e) => e.preventDefault(), { once: true });
    try {
      (control as HTMLElement).click();
    } catch {
      // A page listener threw: the wait decides whether anything came.
    }
    const items = await grown;
    if (this.isFinished()) return;
    if (!items) {
      // Coming back, a click that adds nothing is where the site's list ends now.
      if (this.restoring) return this.setState("ready");
      this.finish({ kind: "no-growth", seconds: Math.round(this.growthTimeoutMs / 1000) });
      return;
    }
    this.pages += 1;
    const url = this.doc.location?.href ?? "";
    for (const item of items) {
      item.setAttribute("data-tsugi-page", String(this.pages));
      item.setAttribute("data-tsugi-url", url);
    }
    this.opts.onPage?.({ number: this.pages, items });
    this.block.hide();
    this.setState("ready");
    announceJoinedPage(this.doc, items, items[0]?.parentNode ?? this.target.scope, url);
    // The new items may still leave the button within reach.
    if (!this.restoring) setTimeout(() => this.maybeLoad(), 0);
  }

  /**
   * Watch the list (MutationObserver on its scope, subtree) for items not in `before`;
   * once some arrive, wait {@link SETTLE_MS} of quiet for the rest of the batch.
   * @returns the new items in document order, or null when none came in time
   */
  private waitForGrowth(before: ReadonlySet<Element>): Promise<Element[] | null> {
    return new Promise((resolve) => {
      const fresh = () => runItems(this.target).filter((e) => !before.has(e));
      const Observer = this.doc.defaultView?.MutationObserver ?? MutationObserver;
      let settle: ReturnType<typeof setTimeout> | undefined;
      const done = (items: Element[] | null) => {
        observer.disconnect();
        clearTimeout(timeout);
        clearTimeout(settle);
        this.cancel = null;
        resolve(items && items.length > 0 ? items : null);
      };
      const observer = new Observer(() => {
        if (fresh().length === 0) return;
        clearTimeout(settle);
        settle = setTimeout(() => done(fresh()), this.settleMs);
      });
      observer.observe(this.target.scope, { childList: true, subtree: true });
      const timeout = setTimeout(() => done(fresh()), this.growthTimeoutMs);
      this.cancel = () => done(null);
    });
  }

  protected override finish(reason: StopReason): void {
    super.finish(reason);
    // Nothing gained and nothing broken: the page stays as it was (the popup says why).
    const quiet = this.pages === 1 && (isNormalEnd(reason) || reason.kind === "no-growth");
    if (quiet) this.block.hide();
    else this.showStatus(this.words.stop(reason, this.pages));
  }

  private showStatus(text: string): void {
    if (this.restoring) return;
    // The site may have re-rendered the list's surroundings: stand after the list again.
    if (!this.block.element.isConnected && this.target.scope.isConnected)
      this.target.scope.after(this.block.element);
    this.block.show(text);
  }
}
