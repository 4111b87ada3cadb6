/**
 * "The content is new": a fetched page whose text mostly repeats pages already
 * shown (the same list under a new URL, page 1 served again with a fresh
 * timestamp or ad) is not joined. The exact content hash in ./pager.ts catches
 * byte-identical repeats; this catches near ones, by word 4-gram shingles (the
 * measure tsugi's evaluation uses, ../eval/measures.ts).
 */
import { shingles } from "../eval/measures";
import { visibleText } from "../features/text";
import { fnv1a } from "../keys/hash";

/** Share of a page's shingles already shown from which it counts as a repeat: high, because
 * templated pages (numbered lists, "Part 2 of …") legitimately share most of their wording. */
export const REPEAT_SHARE = 0.95;
/** Pages with fewer shingles than this are left to the exact hash (too little text to judge). */
export const MIN_SHINGLES = 20;

/** The shingles of every page shown so far. */
export class ShownText {
  /** Hashes of shingles (numbers, not strings: 19 long pages stay small). */
  private readonly seen = new Set<number>();

  /** Record a shown page, by its {@link pageShingles}. */
  add(own: ReadonlySet<number>): void {
    for (const s of own) this.seen.add(s);
  }

  /**
   * Share of a page's shingles ({@link pageShingles}) already shown, 0..1 (0 for pages
   * under {@link MIN_SHINGLES} shingles).
   */
  repeatShare(own: ReadonlySet<number>): number {
    if (own.size < MIN_SHINGLES) return 0;
    let hit = 0;
    for (const s of own) if (this.seen.has(s)) hit++;
    return hit / own.size;
  }
}

/** Hashed word 4-gram shingles of page elements' visible text, computed once per page
 * for both {@link ShownText.repeatShare} and {@link ShownText.add}. */
export function pageShingles(elements: readonly Element[]): Set<number> {
  return new Set(Array.from(shingles(elements.map(visibleText).join(" ")), fnv1a));
}
