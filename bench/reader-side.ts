/**
 * What the reader feels of tsugi's work on a page, from the bench's page results: the
 * longest task it gave the page (its longest slice, and the longest task the page's
 * PerformanceObserver saw) and its main-thread time, page 1's detection and the joined
 * page apart, next to Readability.js's `parse()` on the same page (one task by design).
 * Pure functions over plain numbers, so the summaries are unit-tested.
 */
import { median } from "./stats";

/** A long task, as the Long Tasks API counts it: over 50 ms. */
export const LONG_TASK_MS = 50;

/** What the summaries read of one page's bench result. */
export interface ReaderSidePage {
  key: string;
  /** the corpus part (kind of page) */
  part: string;
  /** the page's size, bytes */
  bytes: number;
  detect: {
    /** the cold run's main-thread time, ms */
    first: number;
    /** the cold run's longest slice, ms */
    longestTaskMs: number;
    /** the longest of the runs' longest slices, ms */
    longestTaskMax: number;
    /** the longest long task the observer saw over the runs, ms (0: none) */
    longTaskMs: number;
    /** the cold run's longest main-thread task by thread (CPU) time, from a trace, ms */
    longestTaskCpuMs?: number;
  };
  /** Readability.js's cold `parse()` (clone included), ms */
  readability: { first: number };
  fetched?: { ok: boolean; total: number; longestTaskMs?: number; longTaskMs?: number };
}

/** Order statistics of a sample (nearest-rank p95), rounded to 0.1. */
export interface Spread {
  n: number;
  median: number;
  p95: number;
  max: number;
}

/**
 * @param xs values
 * @returns their median, p95 and max; zeros for none
 */
export function spread(xs: readonly number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return { n: 0, median: 0, p95: 0, max: 0 };
  const r1 = (x: number) => Math.round(x * 10) / 10;
  return {
    n,
    median: r1(median(s)),
    p95: r1(s[Math.min(n - 1, Math.ceil(0.95 * n) - 1)] ?? 0),
    max: r1(s[n - 1] ?? 0),
  };
}

/** The reader's side of a group of pages. */
export interface ReaderSide {
  pages: number;
  /** page 1: the longest slice of each page's detection (the longest of its runs), ms */
  longestTask: Spread;
  /** pages whose longest slice was a long task (over {@link LONG_TASK_MS}) */
  overBudget: number;
  /** pages where the observer saw a long task during the detection */
  longTasksSeen: number;
  /** page 1: the cold run's longest main-thread task by thread (CPU) time, ms: what the
   * longest task would take on an idle machine */
  longestTaskCpu: Spread;
  /** pages whose longest task by thread time was a long task */
  overBudgetCpu: number;
  /** page 1: main-thread time of the cold detection, ms */
  total: Spread;
  /** Readability.js's cold parse on the same pages, ms */
  readability: Spread;
  /** median of tsugi's cold total / median of Readability.js's cold parse */
  ratio: number;
  /** the same ratio on the decile of the pages where tsugi's total is highest */
  slowestDecile: { pages: number; ratio: number; longestTask: number };
  /** the joined pages (page 2 processed as the pager does) */
  joined: { pages: number; longestTask: Spread; overBudget: number; total: Spread };
}

/**
 * Summarize a group of pages.
 *
 * @param rs the pages
 * @returns the reader's side; ratios NaN where Readability.js's median is 0
 */
export function readerSide(rs: readonly ReaderSidePage[]): ReaderSide {
  const longest = rs.map((r) => Math.max(r.detect.longestTaskMs, r.detect.longestTaskMax));
  const ratioOf = (ps: readonly ReaderSidePage[]) => {
    const rd = median(ps.map((r) => r.readability.first));
    return rd > 0 ? Math.round((median(ps.map((r) => r.detect.first)) / rd) * 100) / 100 : NaN;
  };
  const slow = [...rs]
    .sort((a, b) => b.detect.first - a.detect.first)
    .slice(0, Math.max(1, Math.ceil(rs.length / 10)));
  const joined = rs.flatMap((r) => (r.fetched?.ok ? [r.fetched] : []));
  const joinedLongest = joined.map((f) => Math.max(f.longestTaskMs ?? 0, 0));
  return {
    pages: rs.length,
    longestTask: spread(longest),
    overBudget: longest.filter((ms) => ms > LONG_TASK_MS).length,
    longTasksSeen: rs.filter((r) => r.detect.longTaskMs > 0).length,
    longestTaskCpu: spread(rs.map((r) => r.detect.longestTaskCpuMs ?? 0)),
    overBudgetCpu: rs.filter((r) => (r.detect.longestTaskCpuMs ?? 0) > LONG_TASK_MS).length,
    total: spread(rs.map((r) => r.detect.first)),
    readability: spread(rs.map((r) => r.readability.first)),
    ratio: rs.length > 0 ? ratioOf(rs) : NaN,
    slowestDecile: {
      pages: rs.length > 0 ? slow.length : 0,
      ratio: rs.length > 0 ? ratioOf(slow) : NaN,
      longestTask: spread(
        slow.map((r) => Math.max(r.detect.longestTaskMs, r.detect.longestTaskMax)),
      ).max,
    },
    joined: {
      pages: joined.length,
      longestTask: spread(joinedLongest),
      overBudget: joinedLongest.filter((ms) => ms > LONG_TASK_MS).length,
      total: spread(joined.map((f) => f.total)),
    },
  };
}

/**
 * The reader's side per kind of page (corpus part), over all pages, and over the
 * heaviest pages of the run.
 *
 * @param rs every page of the run
 * @param heaviest how many of the heaviest pages (bytes) make the "heaviest" group
 * @returns groups by name: each part, "all", and `heaviest N`
 */
export function readerSideByKind(
  rs: readonly ReaderSidePage[],
  heaviest: number,
): Record<string, ReaderSide> {
  const parts = [...new Set(rs.map((r) => r.part))];
  const out: Record<string, ReaderSide> = {};
  for (const p of parts) out[p] = readerSide(rs.filter((r) => r.part === p));
  out.all = readerSide(rs);
  const heavy = [...rs].sort((a, b) => b.bytes - a.bytes).slice(0, heaviest);
  if (heavy.length > 0) out[`heaviest ${heavy.length}`] = readerSide(heavy);
  return out;
}
