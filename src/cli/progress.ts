/**
 * Progress and summary lines of a batch, on stderr. Pure formatting.
 */

/** Counters of a running batch. */
export interface BatchCounts {
  /** pages answered so far (errors included) */
  done: number;
  /** of those, pages that failed */
  errors: number;
  /** ids skipped because `--resume` found them answered */
  skipped: number;
  /** manifest lines of the batch (skipped ones included), when known; null when reading stdin */
  total: number | null;
  /** ms since the batch started */
  elapsedMs: number;
}

/** "1h02m", "3m07s" or "12s". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s >= 3600)
    return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${s}s`;
}

function rate(c: BatchCounts): number {
  return c.elapsedMs > 0 ? (c.done * 1000) / c.elapsedMs : 0;
}

/** One progress line: done, errors, pages/s and time left (when the total is known). */
export function progressLine(c: BatchCounts): string {
  const r = rate(c);
  const of = c.total === null ? "" : `/${c.total}`;
  const left =
    c.total === null || r === 0
      ? ""
      : `, ${duration((Math.max(0, c.total - c.done - c.skipped) / r) * 1000)} left`;
  return `tsugi: ${c.done}${of} done, ${c.errors} errors, ${r.toFixed(2)} pages/s${left}`;
}

/** The one-line summary printed when a batch ends. */
export function summaryLine(c: BatchCounts): string {
  const skipped = c.skipped > 0 ? `, ${c.skipped} skipped (already answered)` : "";
  return `tsugi: ${c.done} pages in ${duration(c.elapsedMs)} (${rate(c).toFixed(2)} pages/s): ${c.done - c.errors} answered, ${c.errors} failed${skipped}`;
}
