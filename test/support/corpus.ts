/**
 * Skipping tests that read the shared corpus on a clone without it: each such suite
 * says once, on stderr, what it skipped and why, so `npm test` ends green with the
 * reason in view, while CI (where the corpus is) runs them all.
 */
import { CORPUS_MISSING, corpusAvailable } from "../../src/replay/cases";

/**
 * Whether a suite that needs the corpus must skip; when it must, prints one line
 * "skipped <what>: corpus not found: set TSUGI_CORPUS or place it at ../shared/corpus".
 * Use as `describe.skipIf(withoutCorpus("..."))(...)`.
 * @param what the suite's name, as the line should show it
 * @param part the corpus folder the suite reads (default `multipage`)
 * @returns true when the corpus (or `part` of it) is missing
 */
export function withoutCorpus(what: string, part = "multipage"): boolean {
  if (corpusAvailable(part)) return false;
  console.warn(`skipped ${what}: ${CORPUS_MISSING}`);
  return true;
}
