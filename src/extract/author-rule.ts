/**
 * Choosing the author rule ({@link AuthorRule}) from labelled pages: each source's
 * precision (right / pages where it has a candidate, seed 004 §8's measure) on the
 * training pages, the sources ordered by it, a source kept when right on at least
 * `minPrecision` of the pages where it speaks. A source the training pages give no
 * evidence on (fewer than `minSpoke` pages: the "作者：" label on an English corpus) is kept
 * last, untested, rather than judged. Node-side (scripts/eval-author.ts); the
 * extension ships only the rule it printed.
 */
import {
  AUTHOR_SOURCES,
  type AuthorCandidate,
  type AuthorRule,
  type AuthorSource,
  authorMatches,
} from "./author";

/** One training page: its candidates and its gold author (null: the page names none). */
export interface AuthorExample {
  candidates: readonly AuthorCandidate[];
  gold: string | null;
}

/** A source's record on the training pages. */
export interface SourceRecord {
  source: AuthorSource;
  /** Pages where the source has a candidate. */
  spoke: number;
  /** Of those, pages where its first candidate matches the gold. */
  right: number;
}

/**
 * Each source's record on `examples`.
 * @returns one record per source, in {@link AUTHOR_SOURCES} order
 */
export function sourceRecords(examples: readonly AuthorExample[]): SourceRecord[] {
  return AUTHOR_SOURCES.map((source) => {
    let spoke = 0;
    let right = 0;
    for (const e of examples) {
      const c = e.candidates.find((x) => x.source === source);
      if (!c) continue;
      spoke++;
      if (authorMatches(c.text, e.gold)) right++;
    }
    return { source, spoke, right };
  });
}

/**
 * The rule learned from `examples`: sources with a precision of at least `minPrecision`
 * (and at least `minSpoke` pages), most precise first (ties: more pages first).
 *
 * @param examples the training pages only
 * @param minPrecision a source right less often than this is left out (0-1)
 * @param minSpoke a source seen on fewer pages is left out
 */
export function learnAuthorRule(
  examples: readonly AuthorExample[],
  minPrecision = 0.5,
  minSpoke = 2,
): AuthorRule {
  const records = sourceRecords(examples);
  const kept = records
    .filter((r) => r.spoke >= minSpoke && r.right / r.spoke >= minPrecision)
    .sort((a, b) => b.right / b.spoke - a.right / a.spoke || b.spoke - a.spoke);
  const unseen = records.filter((r) => r.spoke < minSpoke);
  return { order: [...kept, ...unseen].map((r) => r.source) };
}
