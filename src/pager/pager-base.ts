/**
 * What the two pagers share: the next-link pager (./pager.ts, fetches and joins the next
 * page) and the load-more pager (./load-more-pager.ts, clicks the page's own "Load more"
 * button). Both have one state (`ready → loading → ready`, ending `done` or `stopped`, and
 * for the next-link pager `own-scroll`), a stop reason (./stop-conditions.ts), a count of
 * the pages shown, a scroll trigger that the per-site switch turns on and off, and a
 * status they publish to the content script on every change of state. Each subclass keeps
 * only what differs: how far the end is, what one step does, what a stop leaves on the
 * page, and what its status carries.
 */
import type { PagerState, TabStatus } from "../messaging/status";
import type { Settings } from "../reader/settings";
import { watchScroll } from "./status-block";
import { describeStop, isNormalEnd, type StopReason } from "./stop-conditions";

/** What the detector script drives, whichever pager joins the page. {@link Pager} (next
 * links) and {@link LoadMorePager} (a "Load more" button) both have this shape. */
export interface JoiningPager {
  attach(): void;
  setAuto(on: boolean): void;
  stop(): void;
  loadNext(): Promise<void>;
  loadMore(count: number, onProgress?: (pages: number) => void): Promise<number>;
  detach(): void;
  snapshot(): TabStatus;
  /** Take back what the pager put into the page, without a word: another run takes over. */
  discard(): void;
}

/** What the pager says in the page and in its status. */
export interface PagerWords {
  /** Why joining stopped (default: {@link describeStop}). */
  stop(reason: StopReason, pages: number): string;
  /** "Loading page N…" */
  loading(page: number): string;
  /** "Page N: retrying in S s…" */
  retrying(page: number, seconds: number): string;
  /** Label of the retry button. */
  retry: string;
  /** "Loading more items (page N)…": a "Load more" button was clicked. */
  clicking(page: number): string;
  /** Text of the separator before joined page N: "Page N". */
  page(page: number): string;
  /** Beside a separator: "3 items already shown" (list items left out). */
  skipped(count: number): string;
  /** The separator's button that refuses the joined page: "Not the next page". */
  notNext: string;
}

export const ENGLISH: PagerWords = {
  stop: describeStop,
  loading: (page) => `Loading page ${page}…`,
  retrying: (page, seconds) => `Page ${page}: retrying in ${seconds} s…`,
  retry: "Retry",
  clicking: (page) => `Loading more items (page ${page})…`,
  page: (page) => `Page ${page}`,
  skipped: (count) => (count === 1 ? "1 item already shown" : `${count} items already shown`),
  notNext: "Not the next page",
};

/**
 * The state, stop reason, scroll trigger and status publishing of a pager.
 * Subclasses give {@link remaining} (px to the end), {@link loadNext} (one step),
 * {@link snapshot} (the status) and {@link inFlight} (how to cancel a step under way).
 */
export abstract class PagerBase implements JoiningPager {
  protected state: PagerState = "ready";
  /** Why joining ended; null while it goes on (and after the reader's Retry). */
  protected reason: StopReason | null = null;
  /** Pages shown: page 1 plus each page joined (or each click that added items). */
  protected pages = 1;
  /** Whether scrolling near the end loads the next page (the per-site switch). */
  protected auto = true;
  /** Doing again what the reader had before leaving (Back, Reload): the scroll trigger
   * waits. */
  protected restoring = false;
  protected readonly onScroll = () => this.maybeLoad();

  /**
   * @param doc the page the pager works in
   * @param settings the reader's settings, updated in place by the content script
   * @param report receives the status ({@link snapshot}) on every change of state
   * @param words the reader's words for statuses and the page
   * @param pollMs how often {@link loadMore} looks whether a step in flight ended, ms
   */
  protected constructor(
    protected readonly doc: Document,
    protected readonly settings: Settings,
    private readonly report: (status: TabStatus) => void,
    protected readonly words: PagerWords,
    private readonly pollMs: number,
  ) {}

  /** Status for the popup and the badge. */
  abstract snapshot(): TabStatus;

  /** Take back what the pager put into the page, without a word in the page or the
   * status (see {@link halt}): another run takes over. */
  abstract discard(): void;

  /**
   * Take one step now (also "next page now"): resolves when it is done or joining
   * stopped; never rejects.
   */
  abstract loadNext(): Promise<void>;

  /** Distance in px from the bottom of the viewport to the end of what is shown. */
  protected abstract remaining(): number;

  /** Takes the step in flight away and returns how to cancel it (null: none). */
  protected abstract inFlight(): (() => void) | null;

  /** Start watching the scroll position (and check once right away). */
  attach(): void {
    watchScroll(this.doc.defaultView, this.onScroll, true);
    this.publish();
    this.maybeLoad();
  }

  /**
   * Turn loading on scroll on or off (the per-site switch) without stopping:
   * "next page now" and {@link loadMore} still work while it is off.
   */
  setAuto(on: boolean): void {
    this.auto = on;
    if (on && this.state === "ready") this.attach();
    else if (!on) watchScroll(this.doc.defaultView, this.onScroll, false);
  }

  /** Stop listening to the scroll. */
  detach(): void {
    watchScroll(this.doc.defaultView, this.onScroll, false);
  }

  /** The reader's "stop": cancel a step in flight and take no more. */
  stop(): void {
    if (this.isFinished()) return;
    const cancel = this.inFlight();
    this.finish({ kind: "reader-stop" });
    cancel?.();
  }

  /**
   * Stop at once without a word in the page or the status, and cancel a step in flight;
   * the start of {@link discard}.
   */
  protected halt(): void {
    const cancel = this.inFlight();
    // Stopped first: a step still resolving then takes nothing.
    this.state = "stopped";
    this.reason = { kind: "reader-stop" };
    this.detach();
    cancel?.();
  }

  /**
   * Take up to `count` more steps now, one after another, ending early when joining stops.
   * @param onProgress called after each step with the pages shown so far
   * @returns the pages gained by this call
   */
  async loadMore(count: number, onProgress?: (pages: number) => void): Promise<number> {
    const before = this.pages;
    for (let i = 0; i < count; i++) {
      // Wait for a scroll-triggered step already in flight, then take over.
      await this.settled();
      if (this.state !== "ready") break;
      await this.loadNext();
      onProgress?.(this.pages);
    }
    return this.pages - before;
  }

  /** Resolves once no step is in flight (a scroll-triggered one may be). */
  protected async settled(): Promise<void> {
    while (this.state === "loading") await sleep(this.pollMs);
  }

  /** Within the reader's trigger distance of the end, while ready, on and not restoring. */
  protected nearEnd(): boolean {
    if (this.state !== "ready" || !this.auto || this.restoring) return false;
    const win = this.doc.defaultView;
    const trigger = this.settings.triggerScreens * (win?.innerHeight ?? 800);
    return this.remaining() <= trigger;
  }

  /** The scroll trigger: one step once the end is near. */
  protected maybeLoad(): void {
    if (this.nearEnd()) void this.loadNext();
  }

  protected isFinished(): boolean {
    return this.state === "done" || this.state === "stopped" || this.state === "own-scroll";
  }

  /** End with `reason`: the scroll trigger off, the state `done` after a normal end
   * (./stop-conditions.ts `isNormalEnd`), else `stopped`. Subclasses add what the page
   * shows. */
  protected finish(reason: StopReason): void {
    this.reason = reason;
    this.detach();
    this.setState(isNormalEnd(reason) ? "done" : "stopped");
  }

  /** The stop reason in the reader's words; null while joining goes on. */
  protected reasonText(): string | null {
    return this.reason ? this.words.stop(this.reason, this.pages) : null;
  }

  protected setState(state: PagerState): void {
    this.state = state;
    this.publish();
  }

  protected publish(): void {
    this.report(this.snapshot());
  }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
