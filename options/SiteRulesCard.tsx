import { useState } from "preact/hooks";
import type { ReaderRule } from "../src/messaging/site-rule";
import { isPickedRule } from "../src/picker/picked-rule";
import { isLoadMoreRule, mergeSiteRules, parseSiteRules } from "../src/reader/site-rules";
import { Card, TextBox } from "./fields";
import type { OptionsApi } from "./options-api";

/** The reader's rules written by hand or read from Wedata (not picked on a page). */
export const writtenRules = (rules: readonly ReaderRule[]) => rules.filter((r) => !isPickedRule(r));

/** The rules as the text box shows them: JSON, "" for none. */
export const rulesJson = (rules: readonly ReaderRule[]) =>
  rules.length ? JSON.stringify(rules, null, 2) : "";

/** What a rule follows: its next link's XPath, or its load-more button's. */
export const ruleTarget = (r: ReaderRule) => (isLoadMoreRule(r) ? r.loadMoreButton : r.nextLink);

/**
 * The reader's site rules written by hand (Wedata AutoPagerize JSON): pasted into the
 * text box and saved, or added from a Wedata JSON file (a rule of the same name is
 * replaced); those rules, each with a remove button; the rules learned on visits, with
 * "forget them". The rules picked on a page have a card of their own
 * ({@link PickedRulesCard}); the text box leaves them out and saving it keeps them.
 */
export function SiteRulesCard(props: {
  api: OptionsApi;
  /** Every rule of the reader's, picked ones included. */
  rules: ReaderRule[];
  onRules(rules: ReaderRule[]): void;
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
  const written = writtenRules(rules);
  const picked = rules.filter(isPickedRule);
  const keep = async (next: ReaderRule[], message: string) => {
    props.onRules(next);
    props.onText(rulesJson(writtenRules(next)));
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
            // The picked rules are not in the text box: they stay (a pasted one replaces).
            const next = mergeSiteRules(picked, parsed.rules);
            props.onRules(next);
            void api
              .saveSiteRules(next)
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
        {t("optRulesInUse", [String(written.length)])}
      </p>
      {written.length > 0 ? (
        <ul class="sites" data-testid="rule-list">
          {written.map((r) => (
            <li key={r.name}>
              <span>
                {r.name} <code>{ruleTarget(r)}</code>
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
