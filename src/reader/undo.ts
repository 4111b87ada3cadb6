/**
 * The reader's undo of what they taught a site, seen from an open tab: a change of
 * `storage.local` (the popup's "Remove this site's picked rule" and "Forget corrections
 * for this site", the options page's remove buttons, an import) that takes away what the
 * tab's run stands on. The tab then detects again at once, without a reload.
 */
import { CORRECTIONS_KEY, correctionsUndone } from "./corrections";
import { ruleRemoved, SITE_RULES_KEY } from "./site-rules";

/** One `storage.onChanged` entry. */
export interface StorageChange {
  oldValue?: unknown;
  newValue?: unknown;
}

/** What a tab's run stands on. */
export interface RunBasis {
  /** The tab's site (host), as `siteOf` gives it. */
  site: string;
  /** Name of the reader's rule the run joins with; null when none (detection, a
   * learned rule). */
  ruleInUse: string | null;
  /** Pages shown so far (1: nothing joined). */
  pages: number;
}

/**
 * Whether a change of `storage.local` undoes what a tab's run stands on: the reader's rule
 * it joins with was removed (a rule replaced under the same name, as a new pick does, is
 * not), or a correction of its site was taken back while nothing is joined (a run that
 * joins pages is left alone; a correction added is no undo).
 * @param changes the `storage.onChanged` changes of the `local` area
 * @param run what the tab's run stands on
 */
export function undoesRun(
  changes: Readonly<Record<string, StorageChange>>,
  run: RunBasis,
): boolean {
  const rules = changes[SITE_RULES_KEY];
  if (rules && run.ruleInUse && ruleRemoved(rules.oldValue, rules.newValue, run.ruleInUse))
    return true;
  const corrections = changes[CORRECTIONS_KEY];
  return (
    corrections !== undefined &&
    run.pages <= 1 &&
    correctionsUndone(corrections.oldValue, corrections.newValue, run.site)
  );
}
