/**
 * Work in slices the reader cannot feel. A long loop is written once, as a generator that
 * yields (nothing) between items, and run either at once ({@link runNow}: the command line,
 * the training and the tests, which want the answer synchronously) or in slices of a
 * few milliseconds ({@link SliceBudget.run}: the extension on a reader's page), handing the
 * main thread back to the page between slices so that a scroll or a key press is answered
 * within a frame. Both drivers run the same loop body in the same order, so the result is
 * the same value.
 *
 * A task over 50 ms is a long task (W3C Long Tasks API); a frame at 60 Hz is 16.7 ms. A
 * slice stops at its first yield after {@link SLICE_MS}, so a loop that yields every few
 * dozen items overshoots by one batch of items at most.
 */

/** A loop written as a generator: it yields between items; it returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** How long a slice may run before the work yields to the page, ms (well within a frame). */
export const SLICE_MS = 10;

/**
 * Run a loop to its end at once, without yielding to the page.
 *
 * @param steps the loop
 * @returns the loop's result
 */
export function runNow<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** The page's `scheduler` where the browser has the Prioritized Task Scheduling API. */
interface PageScheduler {
  yield?: () => Promise<void>;
}

/**
 * Hand the main thread back to the page for a moment: the pending input, rendering and
 * the page's own tasks run, then the promise resolves. `scheduler.yield()` where the
 * browser has it (the continuation keeps its place ahead of other tasks), else a
 * `MessageChannel` message (a task without `setTimeout`'s clamping), else `setTimeout(0)`.
 *
 * @returns a promise resolved in a later task
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: PageScheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  if (typeof MessageChannel === "function") {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Options of a {@link SliceBudget}. */
export interface SliceOptions {
  /** longest a slice may run before yielding, ms; default {@link SLICE_MS} */
  sliceMs?: number;
  /** the clock, ms; default `performance.now` */
  now?: () => number;
  /** how to yield; default {@link yieldToPage} */
  yieldToPage?: () => Promise<void>;
}

/**
 * The main-thread budget of one piece of work (page 1's detection, one joined page): it
 * runs loops in slices of at most `sliceMs` (give or take one batch of items), yields to
 * the page between them, and measures what the page felt: the longest slice and the
 * total time of all slices. A slice starts when the budget is made or resumes and ends
 * when it yields or waits ({@link wait}); the time spent waiting is not counted.
 */
export class SliceBudget {
  /** longest a slice may run before yielding, ms */
  readonly sliceMs: number;
  private readonly now: () => number;
  private readonly yieldFn: () => Promise<void>;
  private started: number;
  private running = true;
  private longest = 0;
  private total = 0;
  private count = 0;

  /** @param options the slice length, clock and yield (defaults for the page) */
  constructor(options: SliceOptions = {}) {
    this.sliceMs = options.sliceMs ?? SLICE_MS;
    this.now = options.now ?? (() => performance.now());
    this.yieldFn = options.yieldToPage ?? yieldToPage;
    this.started = this.now();
  }

  /** @returns true when the current slice has used its budget */
  due(): boolean {
    return this.now() - this.started >= this.sliceMs;
  }

  /** Ends the current slice, yields to the page, and starts the next slice. */
  async pause(): Promise<void> {
    this.end();
    await this.yieldFn();
    this.begin();
  }

  /**
   * Wait for something outside the budget (an idle period, a script the background
   * injects): the current slice ends, the next one starts when it settles.
   *
   * @param what the promise waited for
   * @returns its value; rejects as it does
   */
  async wait<T>(what: Promise<T>): Promise<T> {
    this.end();
    try {
      return await what;
    } finally {
      this.begin();
    }
  }

  /**
   * Run a loop in slices: after each of its steps, yield to the page when the slice has
   * used its budget.
   *
   * @param steps the loop
   * @returns the loop's result, the same value {@link runNow} returns
   */
  async run<T>(steps: Steps<T>): Promise<T> {
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (this.due()) await this.pause();
    }
  }

  /**
   * Ends the current slice once the work is done, so that the time after it (the
   * reader's, the page's) is not counted as the budget's.
   */
  finish(): void {
    this.end();
  }

  /** @returns the longest slice so far (the current one included), ms */
  get longestMs(): number {
    return Math.max(this.longest, this.running ? this.now() - this.started : 0);
  }

  /** @returns the time of all slices so far (the current one included), ms */
  get totalMs(): number {
    return this.total + (this.running ? this.now() - this.started : 0);
  }

  /** @returns slices so far, the current one included */
  get slices(): number {
    return this.count + (this.running ? 1 : 0);
  }

  private end(): void {
    if (!this.running) return;
    const ms = this.now() - this.started;
    this.longest = Math.max(this.longest, ms);
    this.total += ms;
    this.count++;
    this.running = false;
  }

  private begin(): void {
    this.running = true;
    this.started = this.now();
  }
}
