import { useEffect, useState } from "preact/hooks";
import { matchingExclusion, parsePatternLines } from "../src/exclusions";
import type { Settings } from "../src/settings";
import { settingsFromJson, settingsToJson } from "../src/settings-file";
import { parseSiteRules, type SiteRule } from "../src/site-rules";

/** Settings shown as number inputs and as checkboxes. */
type NumberKey = "triggerScreens" | "pageCap" | "keepPages";
type BoolKey = "separators" | "addressBar" | "replacePagerBar";

/** What the options page needs from the extension APIs (injected, so tests need no browser). */
export interface OptionsApi {
  /** Settings from `storage.sync` (merged over the defaults) and rules from `storage.local`. */
  load(): Promise<{ settings: Settings; siteRules: SiteRule[]; learnedRules: number }>;
  saveSettings(settings: Settings): Promise<void>;
  saveSiteRules(rules: SiteRule[]): Promise<void>;
  /** Empty the cache of site rules learned on visits (`storage.local`). */
  forgetLearnedRules(): Promise<void>;
  download(filename: string, content: string): void;
  /** `browser.i18n.getMessage`. */
  t(key: string, substitutions?: string[]): string;
}

/**
 * The options page: trigger distance, page cap, separators, address-bar update,
 * sites switched off, the exclusion list with a test box, the reader's site rules
 * (Wedata AutoPagerize JSON), and import/export of all of it as JSON. Every change
 * is saved at once and reaches open tabs without a reload.
 */
export function Options({ api }: { api: OptionsApi }) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [rules, setRules] = useState<SiteRule[]>([]);
  const [learned, setLearned] = useState(0);
  const [exclusions, setExclusions] = useState("");
  const [testUrl, setTestUrl] = useState("");
  const [rulesText, setRulesText] = useState("");
  const [importText, setImportText] = useState("");
  const [note, setNote] = useState("");
  const t = api.t;

  useEffect(() => {
    api.load().then(({ settings: s, siteRules, learnedRules }) => {
      setSettings(s);
      setRules(siteRules);
      setLearned(learnedRules);
      setExclusions(s.exclusions.join("\n"));
      setRulesText(siteRules.length ? JSON.stringify(siteRules, null, 2) : "");
    });
  }, [api]);

  if (!settings) return <p>…</p>;

  const save = async (next: Settings) => {
    setSettings(next);
    await api.saveSettings(next);
    setNote(t("optSaved"));
  };
  const num =
    (key: "triggerScreens" | "pageCap" | "keepPages", min: number, max: number) => (e: Event) => {
      const v = Number((e.currentTarget as HTMLInputElement).value);
      if (Number.isFinite(v) && v >= min && v <= max) void save({ ...settings, [key]: v });
      else setNote(t("optOutOfRange", [String(min), String(max)]));
    };
  const bool = (key: BoolKey) => (e: Event) =>
    void save({ ...settings, [key]: (e.currentTarget as HTMLInputElement).checked });
  const numberField = (
    label: string,
    testId: string,
    key: NumberKey,
    min: number,
    max: number,
    step = 1,
  ) => (
    <label>
      {t(label)}{" "}
      <input
        type="number"
        data-testid={testId}
        min={min}
        max={max}
        step={step}
        value={settings[key]}
        onChange={num(key, min, max)}
      />
    </label>
  );
  const checkbox = (label: string, testId: string, key: BoolKey) => (
    <label>
      <input type="checkbox" data-testid={testId} checked={settings[key]} onChange={bool(key)} />{" "}
      {t(label)}
    </label>
  );
  const patterns = parsePatternLines(exclusions);
  const hit = testUrl.trim() ? matchingExclusion(testUrl.trim(), patterns) : null;

  return (
    <main>
      <h1>{t("optTitle")}</h1>
      <section>
        <h2>{t("optJoining")}</h2>
        {numberField("optTrigger", "trigger", "triggerScreens", 0, 50, 0.5)}
        {numberField("optPageCap", "page-cap", "pageCap", 1, 1000)}
        {checkbox("optSeparators", "separators", "separators")}
        {checkbox("optAddressBar", "address-bar", "addressBar")}
        {checkbox("optReplacePagerBar", "replace-pager-bar", "replacePagerBar")}
        {numberField("optKeepPages", "keep-pages", "keepPages", 0, 1000)}
      </section>

      <section>
        <h2>{t("optSitesOff")}</h2>
        {settings.disabledSites.length === 0 ? (
          <p class="muted">{t("optNoSitesOff")}</p>
        ) : (
          <ul data-testid="sites-off">
            {settings.disabledSites.map((site) => (
              <li key={site}>
                {site}{" "}
                <button
                  type="button"
                  onClick={() =>
                    void save({
                      ...settings,
                      disabledSites: settings.disabledSites.filter((s) => s !== site),
                    })
                  }
                >
                  {t("optTurnOn")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section>
        <h2>{t("optExclusions")}</h2>
        <p class="muted">{t("optExclusionsHelp")}</p>
        <textarea
          data-testid="exclusions"
          rows={5}
          value={exclusions}
          onInput={(e) => setExclusions((e.currentTarget as HTMLTextAreaElement).value)}
        />
        <button
          type="button"
          data-testid="save-exclusions"
          onClick={() => void save({ ...settings, exclusions: patterns })}
        >
          {t("optSave")}
        </button>
        <label>
          {t("optTestUrl")}{" "}
          <input
            type="url"
            data-testid="test-url"
            value={testUrl}
            onInput={(e) => setTestUrl((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        {testUrl.trim() ? (
          <p data-testid="test-result" class={hit ? "hit" : "miss"}>
            {hit ? t("optTestMatch", [hit]) : t("optTestNoMatch")}
          </p>
        ) : null}
      </section>

      <section>
        <h2>{t("optSiteRules")}</h2>
        <p class="muted">{t("optSiteRulesHelp")}</p>
        <textarea
          data-testid="site-rules"
          rows={8}
          value={rulesText}
          onInput={(e) => setRulesText((e.currentTarget as HTMLTextAreaElement).value)}
        />
        <button
          type="button"
          data-testid="save-rules"
          onClick={() => {
            const parsed = rulesText.trim() ? parseSiteRules(rulesText) : { rules: [], errors: [] };
            setRules(parsed.rules);
            void api
              .saveSiteRules(parsed.rules)
              .then(() =>
                setNote(
                  [t("optRulesSaved", [String(parsed.rules.length)]), ...parsed.errors].join(" "),
                ),
              );
          }}
        >
          {t("optSave")}
        </button>
        <p class="muted" data-testid="rule-count">
          {t("optRulesInUse", [String(rules.length)])}
        </p>
        <p class="muted">
          {t("optLearnedRules", [String(learned)])}{" "}
          <button
            type="button"
            data-testid="forget-learned"
            disabled={learned === 0}
            onClick={() => void api.forgetLearnedRules().then(() => setLearned(0))}
          >
            {t("optForgetLearned")}
          </button>
        </p>
      </section>

      <section>
        <h2>{t("optImportExport")}</h2>
        <button
          type="button"
          data-testid="export-settings"
          onClick={() => api.download("tsugi-settings.json", settingsToJson(settings, rules))}
        >
          {t("optExport")}
        </button>
        <textarea
          data-testid="import-text"
          rows={4}
          placeholder={t("optImportPlaceholder")}
          value={importText}
          onInput={(e) => setImportText((e.currentTarget as HTMLTextAreaElement).value)}
        />
        <input
          type="file"
          accept="application/json,.json"
          data-testid="import-file"
          onChange={(e) => {
            const file = (e.currentTarget as HTMLInputElement).files?.[0];
            if (file) void file.text().then(setImportText);
          }}
        />
        <button
          type="button"
          data-testid="import"
          onClick={async () => {
            try {
              const imported = settingsFromJson(importText);
              await api.saveSettings(imported.settings);
              await api.saveSiteRules(imported.siteRules);
              setSettings(imported.settings);
              setRules(imported.siteRules);
              setExclusions(imported.settings.exclusions.join("\n"));
              setRulesText(
                imported.siteRules.length ? JSON.stringify(imported.siteRules, null, 2) : "",
              );
              setNote([t("optImported"), ...imported.warnings].join(" "));
            } catch (e) {
              setNote(t("optImportFailed", [(e as Error).message]));
            }
          }}
        >
          {t("optImport")}
        </button>
      </section>
      {note ? (
        <p class="note" role="status" data-testid="note">
          {note}
        </p>
      ) : null}
    </main>
  );
}
