import type { ReaderRule } from "../src/messaging/site-rule";
import type { Correction } from "../src/reader/corrections";
import type { Settings } from "../src/reader/settings";

/** What the options page needs from the extension APIs (injected, so tests need no browser). */
export interface OptionsApi {
  /** Settings from `storage.sync` (merged over the defaults), rules and corrections from
   * `storage.local`. */
  load(): Promise<{
    settings: Settings;
    siteRules: ReaderRule[];
    learnedRules: number;
    corrections?: Correction[];
  }>;
  saveSettings(settings: Settings): Promise<void>;
  saveSiteRules(rules: ReaderRule[]): Promise<void>;
  /** Keep the reader's corrections ("Not the next page") in `storage.local`. */
  saveCorrections(list: Correction[]): Promise<void>;
  /** Empty the cache of site rules learned on visits (`storage.local`). */
  forgetLearnedRules(): Promise<void>;
  download(filename: string, content: string): void;
  /** `browser.i18n.getMessage`. */
  t(key: string, substitutions?: string[]): string;
}
