import { type Correction, removeCorrection } from "../src/reader/corrections";
import { Card } from "./fields";
import type { OptionsApi } from "./options-api";

/**
 * The reader's corrections: the pages they marked "Not the next page" on a separator, by
 * site, with what was refused and when, each with a remove button.
 */
export function CorrectionsCard(props: {
  api: OptionsApi;
  corrections: Correction[];
  onCorrections(list: Correction[]): void;
  note(text: string): void;
}) {
  const { api, corrections } = props;
  const t = api.t;
  const remove = async (c: Correction) => {
    const next = removeCorrection(corrections, c);
    props.onCorrections(next);
    await api.saveCorrections(next);
    props.note(t("optCorrectionRemoved"));
  };
  return (
    <Card id="corrections" title={t("optCorrections")} help={t("optCorrectionsHelp")}>
      {corrections.length === 0 ? (
        <p class="muted">{t("optNoCorrections")}</p>
      ) : (
        <ul class="sites" data-testid="corrections">
          {corrections.map((c) => (
            <li key={`${c.site} ${c.nextLink} ${c.urlPattern}`}>
              <span>
                {t("optCorrectionRefused", [c.site, c.url, new Date(c.at).toLocaleDateString()])}
              </span>
              <button type="button" data-testid="remove-correction" onClick={() => void remove(c)}>
                {t("optRemove")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
