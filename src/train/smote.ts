import { seededRandom } from "./random";

/**
 * SMOTE, the Synthetic Minority Over-sampling TEchnique (Chawla et al. 2002), as seed 000
 * §3.2.3/§3.3.3 uses it: each synthetic minority row lies on the segment between a
 * minority row and one of its k nearest minority neighbours. Distances are Euclidean on
 * features scaled by their range over the minority rows, so a px-sized feature does not
 * drown a 0/1 one.
 *
 * @param minority minority-class rows (feature arrays of equal length)
 * @param count number of synthetic rows to make (0 or less gives [])
 * @param opts.k neighbours per row (default 5)
 * @param opts.seed PRNG seed (default 1)
 * @returns `count` new rows; [] when there are fewer than 2 minority rows
 */
export function smote(
  minority: readonly number[][],
  count: number,
  opts: { k?: number; seed?: number } = {},
): number[][] {
  const n = minority.length;
  if (count <= 0 || n < 2) return [];
  const k = Math.min(opts.k ?? 5, n - 1);
  const rand = seededRandom(opts.seed ?? 1);
  const dims = minority[0]?.length ?? 0;
  const lo = new Array<number>(dims).fill(Number.POSITIVE_INFINITY);
  const hi = new Array<number>(dims).fill(Number.NEGATIVE_INFINITY);
  for (const r of minority) {
    for (let d = 0; d < dims; d++) {
      const v = r[d] ?? 0;
      if (v < (lo[d] ?? 0)) lo[d] = v;
      if (v > (hi[d] ?? 0)) hi[d] = v;
    }
  }
  const scale = lo.map((l, d) => {
    const range = (hi[d] ?? 0) - l;
    return range > 0 ? 1 / range : 0;
  });
  const neighbours = (i: number): number[] => {
    const a = minority[i] ?? [];
    const best: { j: number; d: number }[] = [];
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const b = minority[j] ?? [];
      let dist = 0;
      for (let d = 0; d < dims; d++) {
        const diff = ((a[d] ?? 0) - (b[d] ?? 0)) * (scale[d] ?? 0);
        dist += diff * diff;
      }
      if (best.length < k || dist < (best[best.length - 1]?.d ?? 0)) {
        best.push({ j, d: dist });
        best.sort((x, y) => x.d - y.d);
        if (best.length > k) best.pop();
      }
    }
    return best.map((b) => b.j);
  };
  const cache = new Map<number, number[]>();
  const out: number[][] = [];
  for (let s = 0; s < count; s++) {
    // Cycle through the minority rows so each seeds about count / n synthetic rows.
    const i = s % n;
    let nn = cache.get(i);
    if (nn === undefined) {
      nn = neighbours(i);
      cache.set(i, nn);
    }
    const a = minority[i] ?? [];
    const b = minority[nn[Math.floor(rand() * nn.length)] ?? i] ?? a;
    const gap = rand();
    out.push(a.map((v, d) => v + gap * ((b[d] ?? v) - v)));
  }
  return out;
}
