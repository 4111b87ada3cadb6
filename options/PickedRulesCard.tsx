import type { ReaderRule } from "../src/messaging/site-rule";
import { isPickedRule } from "../src/picker/picked-rule";
import { isLoadMoreRule } from "../src/reader/site-rules";
import { Card } from "./fields";
import type { OptionsApi } from "./options-api";

/**
 * The rules the reader taught tsugi by picking on a page ("Pick the next link", "Pick the
 * Load more button"), apart from the rules written by hand: one per site, named after its
 * host, with what it follows (the next link's or the load-more button's XPath) and a
 * remove button. A removal reaches the site's open tabs at once (they detect again).
 */
export function PickedRulesCard(props: {
  api: OptionsApi;
  /** Every rule of the reader's; only the picked ones are shown. */
  rules: ReaderRule[];
  onRules(rules: ReaderRule[]): void;
  note(text: string): void;
}) {
  const { api, rules } = props;
  const t = api.t;
  const picked = rules.filter(isPickedRule);
  const remove = async (r: ReaderRule) => {
    const next = rules.filter((o) => o !== r);
    props.onRules(next);
    await api.saveSiteRules(next);
    props.note(t("optRuleRemoved", [r.name]));
  };
  return (
    <Card id="picked-rules" title={t("optPickedRules")} help={t("optPickedRulesHelp")}>
      {picked.length === 0 ? (
        <p class="muted">{t("optNoPickedRules")}</p>
      ) : (
        <ul class="sites" data-testid="picked-rules">
          {picked.map((r) => (
            <li key={r.name}>
              <span>
                {r.name}{" "}
                {isLoadMoreRule(r) ? (
                  <>
                    {t("optPickedLoadMore")} <code>{r.loadMoreButton}</code>
                  </>
                ) : (
                  <code>{r.nextLink}</code>
                )}
              </span>
              <button type="button" data-testid="remove-picked-rule" onClick={() => void remove(r)}>
                {t("optRemove")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
