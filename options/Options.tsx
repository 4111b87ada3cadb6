import { useEffect, useState } from "preact/hooks";
import type { ReaderRule } from "../src/messaging/site-rule";
import type { Correction } from "../src/reader/corrections";
import { matchingExclusion, parsePatternLines } from "../src/reader/exclusions";
import type { Settings } from "../src/reader/settings";
import { settingsFromJson, settingsToJson } from "../src/reader/settings-file";
import { MODE_KEYS, MODE_LABELS, MODES } from "../src/reader/site-modes";
import { CorrectionsCard } from "./CorrectionsCard";
import { Card, CheckField, NumberField, SiteList, TextBox } from "./fields";
import type { OptionsApi } from "./options-api";
import { PickedRulesCard } from "./PickedRulesCard";
import { rulesJson, SiteRulesCard, writtenRules } from "./SiteRulesCard";

/** Settings shown as number inputs and as checkboxes. */
type NumberKey = "triggerScreens" | "pageCap" | "keepPages";
type BoolKey = "separators" | "addressBar" | "replacePagerBar" | "restorePlace" | "skipRepeats";

/**
 * The options page, in cards: joining (when to load pages; what the page shows), sites
 * switched off, the exclusion list with a test box, the reader's site rules (Wedata
 * AutoPagerize JSON, pasted or from a file), the rules picked on pages, the corrections,
 * and import/export of all of it as JSON.
 * Every change is saved at once and reaches open tabs without a reload; the result of
 * each action is announced in a status line.
 */
export function Options({ api }: { api: OptionsApi }) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [rules, setRules] = useState<ReaderRule[]>([]);
  const [learned, setLearned] = useState(0);
  const [corrections, setCorrections] = useState<Correction[]>([]);
  const [exclusions, setExclusions] = useState("");
  const [testUrl, setTestUrl] = useState("");
  const [rulesText, setRulesText] = useState("");
  const [importText, setImportText] = useState("");
  const [note, setNote] = useState("");
  const t = api.t;

  useEffect(() => {
    api.load().then(({ settings: s, siteRules, learnedRules, corrections: refused }) => {
      setSettings(s);
      setRules(siteRules);
      setLearned(learnedRules);
      setCorrections(refused ?? []);
      setExclusions(s.exclusions.join("\n"));
      setRulesText(rulesJson(writtenRules(siteRules)));
    });
  }, [api]);

  if (!settings) return <p class="loading">…</p>;

  const save = async (next: Settings) => {
    setSettings(next);
    await api.saveSettings(next);
    setNote(t("optSaved"));
  };
  const numberField = (
    label: string,
    testId: string,
    key: NumberKey,
    min: number,
    max: number,
    step = 1,
  ) => (
    <NumberField
      label={t(label)}
      testId={testId}
      value={settings[key]}
      min={min}
      max={max}
      step={step}
      onChange={(v) => {
        if (Number.isFinite(v) && v >= min && v <= max) void save({ ...settings, [key]: v });
        else setNote(t("optOutOfRange", [String(min), String(max)]));
      }}
    />
  );
  const checkField = (label: string, testId: string, key: BoolKey) => (
    <CheckField
      label={t(label)}
      testId={testId}
      checked={settings[key]}
      onChange={(on) => void save({ ...settings, [key]: on })}
    />
  );
  const patterns = parsePatternLines(exclusions);
  const hit = testUrl.trim() ? matchingExclusion(testUrl.trim(), patterns) : null;

  return (
    <main>
      <header class="page-head">
        <img src="/popup/icons/icon-48.png" alt="" width={32} height={32} />
        <div>
          <h1>{t("optTitle")}</h1>
          <p class="muted">{t("optIntro")}</p>
        </div>
      </header>

      <Card id="joining" title={t("optJoining")}>
        <fieldset>
          <legend>{t("optWhen")}</legend>
          {numberField("optTrigger", "trigger", "triggerScreens", 0, 50, 0.5)}
          {numberField("optPageCap", "page-cap", "pageCap", 1, 1000)}
          {numberField("optKeepPages", "keep-pages", "keepPages", 0, 1000)}
        </fieldset>
        <fieldset>
          <legend>{t("optShow")}</legend>
          {checkField("optSeparators", "separators", "separators")}
          {checkField("optAddressBar", "address-bar", "addressBar")}
          {checkField("optReplacePagerBar", "replace-pager-bar", "replacePagerBar")}
          {checkField("optRestorePlace", "restore-place", "restorePlace")}
          {checkField("optSkipRepeats", "skip-repeats", "skipRepeats")}
        </fieldset>
      </Card>

      <Card id="sites-off" title={t("optSitesOff")}>
        {settings.disabledSites.length === 0 ? (
          <p class="muted">{t("optNoSitesOff")}</p>
        ) : (
          <SiteList
            testId="sites-off"
            button={t("optTurnOn")}
            rows={settings.disabledSites.map((site) => ({
              key: site,
              label: site,
              remove: () =>
                void save({
                  ...settings,
                  disabledSites: settings.disabledSites.filter((s) => s !== site),
                }),
            }))}
          />
        )}
        {/* Sites where the reader turned one way of joining off in the popup. */}
        {MODES.some((mode) => settings[MODE_KEYS[mode]].length > 0) ? (
          <SiteList
            testId="modes-off"
            button={t("optTurnOn")}
            rows={MODES.flatMap((mode) =>
              settings[MODE_KEYS[mode]].map((site) => ({
                key: `${mode}:${site}`,
                label: `${site}: ${t(MODE_LABELS[mode])}`,
                remove: () =>
                  void save({
                    ...settings,
                    [MODE_KEYS[mode]]: settings[MODE_KEYS[mode]].filter((s) => s !== site),
                  }),
              })),
            )}
          />
        ) : null}
        {/* Sites where the reader turned "Join the next chapter" on in the popup. */}
        {settings.chapterSites.length > 0 ? (
          <SiteList
            testId="chapter-sites"
            button={t("optTurnOff")}
            rows={settings.chapterSites.map((site) => ({
              key: `chapters:${site}`,
              label: `${site}: ${t("popupModeChapters")}`,
              remove: () =>
                void save({
                  ...settings,
                  chapterSites: settings.chapterSites.filter((s) => s !== site),
                }),
            }))}
          />
        ) : null}
      </Card>

      <Card id="exclusions" title={t("optExclusions")} help={t("optExclusionsHelp")}>
        <TextBox
          id="exclusions"
          label={t("optExclusions")}
          rows={5}
          value={exclusions}
          onInput={setExclusions}
        />
        <div class="buttons">
          <button
            type="button"
            class="primary"
            data-testid="save-exclusions"
            onClick={() => void save({ ...settings, exclusions: patterns })}
          >
            {t("optSave")}
          </button>
        </div>
        <div class="row test-url">
          <label for="test-url">{t("optTestUrl")}</label>
          <input
            id="test-url"
            type="url"
            data-testid="test-url"
            placeholder="https://"
            value={testUrl}
            onInput={(e) => setTestUrl((e.currentTarget as HTMLInputElement).value)}
          />
        </div>
        {testUrl.trim() ? (
          <p data-testid="test-result" class={hit ? "hit" : "miss"}>
            {hit ? t("optTestMatch", [hit]) : t("optTestNoMatch")}
          </p>
        ) : null}
      </Card>

      <SiteRulesCard
        api={api}
        rules={rules}
        onRules={setRules}
        learned={learned}
        onForgotten={() => setLearned(0)}
        note={setNote}
        text={rulesText}
        onText={setRulesText}
      />

      <PickedRulesCard api={api} rules={rules} onRules={setRules} note={setNote} />

      <CorrectionsCard
        api={api}
        corrections={corrections}
        onCorrections={setCorrections}
        note={setNote}
      />

      <Card id="import-export" title={t("optImportExport")}>
        <div class="buttons">
          <button
            type="button"
            data-testid="export-settings"
            onClick={() =>
              api.download("tsugi-settings.json", settingsToJson(settings, rules, corrections))
            }
          >
            {t("optExport")}
          </button>
        </div>
        <TextBox
          id="import-text"
          label={t("optImportPlaceholder")}
          rows={4}
          placeholder={t("optImportPlaceholder")}
          value={importText}
          onInput={setImportText}
        />
        <div class="buttons">
          <button
            type="button"
            class="primary"
            data-testid="import"
            onClick={async () => {
              try {
                const imported = settingsFromJson(importText);
                await api.saveSettings(imported.settings);
                await api.saveSiteRules(imported.siteRules);
                await api.saveCorrections(imported.corrections);
                setSettings(imported.settings);
                setRules(imported.siteRules);
                setCorrections(imported.corrections);
                setExclusions(imported.settings.exclusions.join("\n"));
                setRulesText(rulesJson(writtenRules(imported.siteRules)));
                setNote([t("optImported"), ...imported.warnings].join(" "));
              } catch (e) {
                setNote(t("optImportFailed", [(e as Error).message]));
              }
            }}
          >
            {t("optImport")}
          </button>
          <label class="file">
            <span>{t("optSettingsFile")}</span>
            <input
              type="file"
              accept="application/json,.json"
              data-testid="import-file"
              onChange={(e) => {
                const file = (e.currentTarget as HTMLInputElement).files?.[0];
                if (file) void file.text().then(setImportText);
              }}
            />
          </label>
        </div>
      </Card>
      <p class={note ? "note" : "note empty"} role="status" aria-live="polite" data-testid="note">
        {note}
      </p>
    </main>
  );
}
