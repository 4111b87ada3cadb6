/** Small sample helpers shared by the bench commands (bench/run.ts, bench/cold-pair.ts). */

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
