/** Small sample helpers shared by the bench commands (bench/run.ts, bench/cold-pair.ts). */
import { seededRandom } from "../src/train/random";

/**
 * Median of a sample, unrounded (mean of the middle two for an even count).
 *
 * @param xs values (any unit)
 * @returns the median; 0 for an empty sample
 */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return 0;
  return n % 2 === 1 ? (s[(n - 1) / 2] ?? 0) : ((s[n / 2 - 1] ?? 0) + (s[n / 2] ?? 0)) / 2;
}

/**
 * Up to `k` items spread evenly over a list, so a sample of the corpus takes every site's
 * part of it rather than the first sites.
 *
 * @param list items in corpus order
 * @param k how many
 * @returns `min(k, list.length)` distinct items, in list order
 */
export function spreadEvenly<T>(list: readonly T[], k: number): T[] {
  const n = Math.min(k, list.length);
  return Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)] as T);
}

/** What {@link pairedEffect} estimates from two builds timed on the same pages. */
export interface PairedEffect {
  /** B − A with the order of the two runs balanced out, ms (median based) */
  effect: number;
  /** 95 % bootstrap interval of `effect`, ms: [low, high] */
  interval: [number, number];
  /** what running second rather than first on a page changes a run by, ms */
  order: number;
}

/**
 * The effect of build B against build A from paired runs, with its uncertainty and the
 * order of the runs taken out. A single median of B − A says little on this machine:
 * two copies of one build gave −2.3 ms over 150 pages in one run (B faster on 89) and
 * −0.1 ms in the next. Where running second on a page differs from running
 * first, the per-page differences form two clouds (B second, B first) and their plain
 * median falls anywhere between them; so each cloud's median is taken and the two are
 * averaged (the order effect is half their distance), and the interval comes from
 * resampling the pages within each cloud (2,000 resamples, fixed seed).
 *
 * @param diffs per page, B − A (ms)
 * @param bSecond per page, true where B ran second
 * @returns the effect, its 95 % interval and the order effect (ms); zeros when either
 *   order has no page
 * @throws Error when the two arrays differ in length
 */
export function pairedEffect(diffs: readonly number[], bSecond: readonly boolean[]): PairedEffect {
  if (diffs.length !== bSecond.length) throw new Error("one order flag per difference");
  const late = diffs.filter((_, i) => bSecond[i]);
  const early = diffs.filter((_, i) => !bSecond[i]);
  if (late.length === 0 || early.length === 0) return { effect: 0, interval: [0, 0], order: 0 };
  const effectOf = (l: readonly number[], e: readonly number[]) => (median(l) + median(e)) / 2;
  const random = seededRandom(13);
  const resample = (xs: readonly number[]) =>
    Array.from({ length: xs.length }, () => xs[Math.floor(random() * xs.length)] as number);
  const effects = Array.from({ length: 2000 }, () =>
    effectOf(resample(late), resample(early)),
  ).sort((a, b) => a - b);
  return {
    effect: effectOf(late, early),
    interval: [effects[49] as number, effects[1949] as number],
    order: (median(late) - median(early)) / 2,
  };
}

/** One page of a bench run, as bench/results.json keeps it (the fields compared). */
export interface TimedPage {
  key: string;
  detect?: { first?: number; min?: number } | null;
  readability?: { first?: number; min?: number } | null;
  nextUrl?: string | null;
}

/** This run against the last one, page by page ({@link againstLastRun}). */
export interface AgainstLastRun {
  /** pages timed in both runs */
  pages: number;
  /** median over those pages of this run's time / the last run's, cold (first run) and
   * warm (min of the runs); `null` where no page has both times */
  tsugi: { cold: number | null; warm: number | null };
  readability: { cold: number | null; warm: number | null };
  /** pages whose next link differs between the two runs */
  nextLinkChanged: number;
}

/**
 * This run's page times against the last run's, page by page: Readability.js's code does
 * not change between runs, so its ratio is how much faster or slower the machine ran,
 * and tsugi's ratio over Readability.js's is what the code changed. A median of one run
 * against a median of the other mixes both (and where the median falls: two runs
 * of one code differed 23.5 → 26.2 ms with a page-by-page ratio of 1.00).
 *
 * @param last the last run's pages (bench/results.json before this run)
 * @param now this run's pages
 * @returns the ratios (dimensionless) over the pages both runs timed with times above 0
 */
export function againstLastRun(
  last: readonly TimedPage[],
  now: readonly TimedPage[],
): AgainstLastRun {
  const before = new Map(last.map((p) => [p.key, p]));
  const shared = now.flatMap((p) => {
    const q = before.get(p.key);
    return q === undefined ? [] : [[q, p] as const];
  });
  const ratio = (get: (p: TimedPage) => number | undefined): number | null => {
    const rs = shared.flatMap(([q, p]) => {
      const a = get(q) ?? 0;
      const b = get(p) ?? 0;
      return a > 0 && b > 0 ? [b / a] : [];
    });
    return rs.length === 0 ? null : median(rs);
  };
  return {
    pages: shared.length,
    tsugi: { cold: ratio((p) => p.detect?.first), warm: ratio((p) => p.detect?.min) },
    readability: {
      cold: ratio((p) => p.readability?.first),
      warm: ratio((p) => p.readability?.min),
    },
    nextLinkChanged: shared.filter(([q, p]) => (q.nextUrl ?? null) !== (p.nextUrl ?? null)).length,
  };
}
