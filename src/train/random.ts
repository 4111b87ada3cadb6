/**
 * A small seeded PRNG (mulberry32) so sampling, SMOTE and fold assignment give the same
 * result on every run.
 *
 * @param seed any 32-bit integer
 * @returns a function returning floats in [0, 1)
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Fisher–Yates shuffle in place.
 *
 * @param items array to shuffle
 * @param rand PRNG from {@link seededRandom}
 * @returns the same array
 */
export function shuffle<T>(items: T[], rand: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
  return items;
}
