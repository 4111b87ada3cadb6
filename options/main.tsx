import { render } from "preact";
import browser from "webextension-polyfill";
import { CORRECTIONS_KEY, parseCorrections } from "../src/reader/corrections";
import { mergeSettings, SETTING_KEYS } from "../src/reader/settings";
import { parseSiteRules, SITE_RULES_KEY } from "../src/reader/site-rules";
import { LEARNED_RULES_KEY, parseRuleCache } from "../src/rule/rule-cache";
import { Options } from "./Options";
import type { OptionsApi } from "./options-api";

const api: OptionsApi = {
  async load() {
    const settings = mergeSettings(await browser.storage.sync.get(null));
    const local = await browser.storage.local.get([
      SITE_RULES_KEY,
      LEARNED_RULES_KEY,
      CORRECTIONS_KEY,
    ]);
    return {
      settings,
      siteRules: parseSiteRules(local[SITE_RULES_KEY] ?? []).rules,
      learnedRules: parseRuleCache(local[LEARNED_RULES_KEY]).length,
      corrections: parseCorrections(local[CORRECTIONS_KEY]),
    };
  },
  async saveSettings(settings) {
    const items: Record<string, unknown> = {};
    for (const key of SETTING_KEYS) items[key] = settings[key];
    await browser.storage.sync.set(items);
  },
  async saveSiteRules(rules) {
    await browser.storage.local.set({ [SITE_RULES_KEY]: rules });
  },
  async saveCorrections(list) {
    await browser.storage.local.set({ [CORRECTIONS_KEY]: list });
  },
  async forgetLearnedRules() {
    await browser.storage.local.remove(LEARNED_RULES_KEY);
  },
  download(filename, content) {
    const url = URL.createObjectURL(new Blob([content], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
  t: (key, substitutions) => browser.i18n.getMessage(key, substitutions) || key,
};

document.documentElement.lang = browser.i18n.getUILanguage();
document.title = api.t("optTitle");
render(<Options api={api} />, document.getElementById("app") as HTMLElement);
