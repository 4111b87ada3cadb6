/**
 * Skipping tests that read the shared corpus on a clone without it: each such suite
 * says once, on stderr, what it skipped and why, so `npm test` ends green with the
 * reason in view, while CI (where the corpus is) runs them all.
 */
import { join } from "node:path";
import { CORPUS_MISSING, corpusAvailable, corpusDir } from "../../src/replay/cases";

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

/** Page 1 of the arstechnica Lion review in the corpus: a real page for feature tests. */
export const ARS_LION_URL = "http://arstechnica.com/apple/reviews/2011/07/mac-os-x-10-7.ars";

/**
 * The file of {@link ARS_LION_URL} in the corpus, or "" (after the skip line) without it.
 * @param what the suite's name, for the skip line
 */
export function arsLionFile(what: string): string {
  if (withoutCorpus(what)) return "";
  return join(
    corpusDir(),
    "multipage/arstechnica-002/arstechnica.com/apple/reviews/2011/07/mac-os-x-10-7.ars.1.html",
  );
}
