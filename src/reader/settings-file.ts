/**
 * Settings as a JSON file, for the options page's export and import: the
 * settings (`storage.sync`), the reader's site rules (`storage.local`: the rules picked on
 * a page among them) and the reader's corrections ("Not the next page", `storage.local`).
 */
import type { ReaderRule } from "../messaging/site-rule";
import { type Correction, parseCorrections } from "./corrections";
import { mergeSettings, type Settings } from "./settings";
import { parseSiteRules } from "./site-rules";

/** Version of the file format, written as `"tsugi"`. */
export const SETTINGS_FILE_VERSION = 1;

/**
 * JSON text of a settings file (pretty-printed, trailing newline).
 * @param corrections the reader's corrections (default none: the file then has no
 *   `corrections` field, as files written before corrections existed)
 */
export function settingsToJson(
  settings: Settings,
  siteRules: readonly ReaderRule[],
  corrections: readonly Correction[] = [],
): string {
  const file = {
    tsugi: SETTINGS_FILE_VERSION,
    settings,
    siteRules,
    ...(corrections.length > 0 ? { corrections } : {}),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** What an imported file yields: settings merged over the defaults, valid rules, problems. */
export interface ImportedSettings {
  settings: Settings;
  siteRules: ReaderRule[];
  /** The corrections in the file (malformed ones dropped; none in older files). */
  corrections: Correction[];
  /** One line per rule dropped; the file is still usable. */
  warnings: string[];
}

/**
 * Read a settings file written by {@link settingsToJson}. Unknown or invalid values
 * fall back to the defaults (as {@link mergeSettings} does); invalid rules are dropped.
 * @throws Error with a one-line message when the text is not JSON or not a tsugi file
 */
export function settingsFromJson(text: string): ImportedSettings {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`not JSON: ${(e as Error).message}`);
  }
  const o = value as Record<string, unknown> | null;
  if (
    typeof o !== "object" ||
    o === null ||
    o.tsugi === undefined ||
    typeof o.settings !== "object"
  )
    throw new Error('not a tsugi settings file (expected {"tsugi": 1, "settings": {…}})');
  const rules = o.siteRules === undefined ? { rules: [], errors: [] } : parseSiteRules(o.siteRules);
  return {
    settings: mergeSettings(o.settings),
    siteRules: rules.rules,
    corrections: parseCorrections(o.corrections),
    warnings: rules.errors,
  };
}
