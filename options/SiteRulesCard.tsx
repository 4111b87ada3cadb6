import { useState } from "preact/hooks";
import type { SiteRule } from "../src/messaging/site-rule";
import { mergeSiteRules, parseSiteRules } from "../src/reader/site-rules";
import { Card, TextBox } from "./fields";
import type { OptionsApi } from "./options-api";

/**
 * The reader's site rules (Wedata AutoPagerize JSON): pasted into the text box and
 * saved, or added from a Wedata JSON file (a rule of the same name is replaced); the
 * rules in use, each with a remove button (a rule picked on a page is named after its
 * site); the rules learned on visits, with "forget them".
 */
export function SiteRulesCard(props: {
  api: OptionsApi;
  rules: SiteRule[];
  onRules(rules: SiteRule[]): void;
  learned: number;
  onForgotten(): void;
  note(text: string): void;
  /** The text box's content, kept by the page so an import of all settings can fill it. */
  text: string;
  onText(text: string): void;
}) {
  const { api, rules } = props;
  const t = api.t;
  const [fileKey, setFileKey] = useState(0);
  const keep = async (next: SiteRule[], message: string) => {
    props.onRules(next);
    props.onText(next.length ? JSON.stringify(next, null, 2) : "");
    await api.saveSiteRules(next);
    props.note(message);
  };
  const readFile = async (file: File) => {
    const parsed = parseSiteRules(await file.text());
    // A file with no usable rule changes nothing; the reasons are shown instead.
    if (parsed.rules.length === 0) {
      props.note(t("optImportFailed", [parsed.errors.slice(0, 3).join("; ")]));
      return;
    }
    const merged = mergeSiteRules(rules, parsed.rules);
    const added = t("optRulesFileAdded", [String(parsed.rules.length), file.name]);
    await keep(merged, [added, ...parsed.errors].join(" "));
  };
  return (
    <Card id="rules" title={t("optSiteRules")} help={t("optSiteRulesHelp")}>
      <TextBox
        id="site-rules"
        label={t("optSiteRules")}
        rows={8}
        value={props.text}
        onInput={props.onText}
      />
      <div class="buttons">
        <button
          type="button"
          class="primary"
          data-testid="save-rules"
          onClick={() => {
            const parsed = props.text.trim()
              ? parseSiteRules(props.text)
              : { rules: [], errors: [] };
            props.onRules(parsed.rules);
            void api
              .saveSiteRules(parsed.rules)
              .then(() =>
                props.note(
                  [t("optRulesSaved", [String(parsed.rules.length)]), ...parsed.errors].join(" "),
                ),
              );
          }}
        >
          {t("optSave")}
        </button>
        <label class="file">
          <span>{t("optRulesFile")}</span>
          <input
            key={fileKey}
            type="file"
            accept="application/json,.json"
            data-testid="rules-file"
            onChange={(e) => {
              const file = (e.currentTarget as HTMLInputElement).files?.[0];
              // A new input each time, so choosing the same file again reads it again.
              if (file) void readFile(file).finally(() => setFileKey((k) => k + 1));
            }}
          />
        </label>
      </div>
      <p class="muted" data-testid="rule-count">
        {t("optRulesInUse", [String(rules.length)])}
      </p>
      {rules.length > 0 ? (
        <ul class="sites" data-testid="rule-list">
          {rules.map((r) => (
            <li key={r.name}>
              <span>
                {r.name} <code>{r.nextLink}</code>
              </span>
              <button
                type="button"
                data-testid="remove-rule"
                onClick={() =>
                  void keep(
                    rules.filter((o) => o !== r),
                    t("optRuleRemoved", [r.name]),
                  )
                }
              >
                {t("optRemove")}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div class="buttons learned">
        <span class="muted">{t("optLearnedRules", [String(props.learned)])}</span>
        <button
          type="button"
          data-testid="forget-learned"
          disabled={props.learned === 0}
          onClick={() => void api.forgetLearnedRules().then(props.onForgotten)}
        >
          {t("optForgetLearned")}
        </button>
      </div>
    </Card>
  );
}
