/** Next-link measures of ARCHITECTURE.md, per page: the predicted next URL (or
 * none) against the gold URLs (or none). */
export interface NextLinkCounts {
  /** Pages where the prediction is one of the gold next URLs. */
  correct: number;
  /** Pages where a next URL was predicted. */
  predicted: number;
  /** Pages that have a gold next link. */
  withNext: number;
  /** Pages without a gold next link where something was predicted anyway. */
  falseActivations: number;
  /** Pages without a gold next link. */
  withoutNext: number;
}

export interface NextLinkScores {
  precision: number;
  recall: number;
  f1: number;
  /** False activations / pages without a next link. */
  falseActivation: number;
}

/** Count one page into `c`. `gold` is empty for pages with no next page. */
export function countNextLink(
  c: NextLinkCounts,
  predicted: string | null,
  gold: ReadonlySet<string>,
): void {
  if (predicted !== null) c.predicted++;
  if (gold.size > 0) {
    c.withNext++;
    if (predicted !== null && gold.has(predicted)) c.correct++;
  } else {
    c.withoutNext++;
    if (predicted !== null) c.falseActivations++;
  }
}

/** Precision = correct / predicted, recall = correct / pages with a next link, F1,
 * and false activation; 0 where a denominator is 0. */
export function nextLinkScores(c: NextLinkCounts): NextLinkScores {
  const precision = c.predicted ? c.correct / c.predicted : 0;
  const recall = c.withNext ? c.correct / c.withNext : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return {
    precision,
    recall,
    f1,
    falseActivation: c.withoutNext ? c.falseActivations / c.withoutNext : 0,
  };
}

export function emptyCounts(): NextLinkCounts {
  return { correct: 0, predicted: 0, withNext: 0, falseActivations: 0, withoutNext: 0 };
}

/** Word 4-gram shingles of a text (lower-cased, split on non-letters/digits; CJK per character). */
export function shingles(text: string, n = 4): Set<string> {
  const tokens =
    text
      .toLowerCase()
      .match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu) ?? [];
  const out = new Set<string>();
  if (tokens.length > 0 && tokens.length < n) out.add(tokens.join(" "));
  for (let i = 0; i + n <= tokens.length; i++) out.add(tokens.slice(i, i + n).join(" "));
  return out;
}

/** 4-token shingle precision/recall/F1 of a predicted text against a gold text. */
export function shingleScores(
  predicted: string,
  gold: string,
): { precision: number; recall: number; f1: number } {
  const p = shingles(predicted);
  const g = shingles(gold);
  let common = 0;
  for (const s of p) if (g.has(s)) common++;
  const precision = p.size ? common / p.size : 0;
  const recall = g.size ? common / g.size : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
