/**
 * Learned block scoring for the export: each text block of the chosen body
 * (./blocks.ts) is scored by a random forest over layout-free features
 * (./block-features.ts) trained on the article sets' gold text (`npm run train:export`,
 * scripts/eval-export.ts), and blocks scored under the model's threshold are removed.
 * This is where captions, bylines, share bars, related links and other furniture that
 * the markup rules of ./clean.ts miss are told from the article text.
 */
import shipped from "../../models/export-blocks.json";
import type { ModelFile } from "../model/forest";
import { forestOf, isPacked, type PackedModel } from "../model/packed";
import { BLOCK_FEATURE_NAMES, blockFeatures } from "./block-features";
import { removeBlock, textBlocks } from "./blocks";
import type { DeferRule } from "./defer";

/** Scores feature rows (columns of BLOCK_FEATURE_NAMES) with the probability that a
 * block is article text; blocks under `threshold` are removed. */
export interface BlockScorer {
  probabilities(rows: readonly number[][]): number[];
  threshold: number;
  /** when set, the page-level ensemble of ./defer.ts */
  defer?: DeferRule;
}

let cached: BlockScorer | null | undefined;

/**
 * The shipped block scorer (models/export-blocks.json), loaded once.
 * @returns it, or null when the model file holds no forest
 * @throws Error when the model file is malformed (see Forest)
 */
export function shippedBlockScorer(): BlockScorer | null {
  if (cached !== undefined) return cached;
  // The detector script's build packs the forest (scripts/build-detector.ts): a few
  // strings instead of an object literal of every tree node, built on each page the
  // detector loads on although few of them ever export.
  const file = shipped as unknown as (ModelFile & { forest: object | null }) | PackedModel;
  if (!isPacked(file) && !file.forest) {
    cached = null;
    return cached;
  }
  const forest = forestOf(file, BLOCK_FEATURE_NAMES);
  cached = {
    probabilities: (rows) => forest.probabilities(rows),
    threshold: file.params.threshold ?? 0.5,
    defer: {
      tsugiInReadability: file.params.tsugiInReadability ?? 2,
      readabilityInTsugi: file.params.readabilityInTsugi ?? 2,
      chosenTsugiInReadability: file.params.chosenTsugiInReadability,
      chosenReadabilityInTsugi: file.params.chosenReadabilityInTsugi,
    },
  };
  return cached;
}

/**
 * Remove, in place, the blocks of `body` that `scorer` rates under its threshold.
 * @param body the cleaned body (class/id attributes still on)
 * @param scorer the block scorer
 * @param readabilityText Readability.js's body text of the page ("" when none)
 * @param method which body finder chose `body`
 * @returns the number of blocks removed
 */
export function pruneBlocks(
  body: Element,
  scorer: BlockScorer,
  readabilityText: string,
  method: string,
): number {
  const blocks = textBlocks(body);
  if (blocks.length === 0) return 0;
  const rows = blockFeatures(blocks, body, readabilityText, method === "marked");
  const p = scorer.probabilities(rows);
  let removed = 0;
  blocks.forEach((b, i) => {
    if ((p[i] ?? 1) < scorer.threshold && body.contains(b.el)) {
      removeBlock(b.el, body);
      removed++;
    }
  });
  return removed;
}
