/**
 * The export's page-level ensemble: when tsugi's chosen body and Readability.js's
 * agree closely enough, the export takes Readability.js's output as it is (it is the
 * better-tested extractor where the two see the same article); where they part, tsugi's
 * body (marked markup, cleaned and block-scored) stands. The agreement levels are
 * chosen on tuning folds (scripts/eval-export.ts) and shipped in the block model, one
 * pair for bodies found by the page's markup and one for bodies Readability.js chose:
 * there tsugi's body is Readability.js's own output after cleaning (./clean.ts), so the
 * agreement only says how much the cleaning removed, which means something else than
 * how two different containers overlap.
 */
import { shingles } from "../eval/measures";

/** Agreement levels above which the export defers to Readability.js (0..1; > 1: never). */
export interface DeferRule {
  /** least share of tsugi's 4-token shingles found in Readability.js's text */
  tsugiInReadability: number;
  /** least share of Readability.js's shingles found in tsugi's text */
  readabilityInTsugi: number;
  /** {@link tsugiInReadability} for a body Readability.js chose (default: the same) */
  chosenTsugiInReadability?: number;
  /** {@link readabilityInTsugi} for a body Readability.js chose (default: the same) */
  chosenReadabilityInTsugi?: number;
}

/** Share of the 4-token shingles of `part` that also occur in `whole`, 0..1 (0 for no text). */
export function containment(part: string, whole: string): number {
  const p = shingles(part);
  if (p.size === 0) return 0;
  const w = shingles(whole);
  let n = 0;
  for (const s of p) if (w.has(s)) n++;
  return n / p.size;
}

/**
 * Whether the export should take Readability.js's body instead of tsugi's.
 * @param tsugiText text of tsugi's chosen body (before block scoring)
 * @param readabilityText Readability.js's body text ("" when it found none: never defer)
 * @param rule the agreement levels
 * @param chosenByReadability whether tsugi's body is Readability.js's choice (cleaned)
 *   rather than the page's marked body: the rule's `chosen…` levels apply
 */
export function defersToReadability(
  tsugiText: string,
  readabilityText: string,
  rule: DeferRule,
  chosenByReadability = false,
): boolean {
  if (!readabilityText) return false;
  if (!tsugiText) return true;
  const a = chosenByReadability
    ? (rule.chosenTsugiInReadability ?? rule.tsugiInReadability)
    : rule.tsugiInReadability;
  const b = chosenByReadability
    ? (rule.chosenReadabilityInTsugi ?? rule.readabilityInTsugi)
    : rule.readabilityInTsugi;
  return (
    containment(tsugiText, readabilityText) >= a && containment(readabilityText, tsugiText) >= b
  );
}
