/**
 * Site-grouped k-fold assignment (seed 000 §4.1 splits by site): every page of a group
 * lands in the same fold, groups are dealt largest first to the fold with the fewest
 * pages, ties broken by a hash of the group name so the split is fixed across runs.
 */

import { fnv1a as hash } from "../keys/hash";

/**
 * @param groups the group of each page
 * @param k number of folds (>= 2)
 * @returns the fold (0..k−1) of each page
 * @throws RangeError when k < 2 or there are fewer groups than folds
 */
export function groupFolds(groups: readonly string[], k = 5): number[] {
  if (k < 2) throw new RangeError("need at least 2 folds");
  const size = new Map<string, number>();
  for (const g of groups) size.set(g, (size.get(g) ?? 0) + 1);
  if (size.size < k) throw new RangeError(`only ${size.size} groups for ${k} folds`);
  const order = [...size.keys()].sort(
    (a, b) => (size.get(b) ?? 0) - (size.get(a) ?? 0) || hash(a) - hash(b),
  );
  const load = new Array<number>(k).fill(0);
  const foldOf = new Map<string, number>();
  for (const g of order) {
    let f = 0;
    for (let j = 1; j < k; j++) if ((load[j] ?? 0) < (load[f] ?? 0)) f = j;
    foldOf.set(g, f);
    load[f] = (load[f] ?? 0) + (size.get(g) ?? 0);
  }
  return groups.map((g) => foldOf.get(g) ?? 0);
}
