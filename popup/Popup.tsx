import { useEffect, useState } from "preact/hooks";
import type { TabStatus } from "../src/status";

/** What the popup needs from the extension APIs (injected, so tests need no browser). */
export interface PopupApi {
  getStatus(): Promise<TabStatus | null>;
  nextPage(): Promise<TabStatus | null>;
  t(key: string): string;
}

/** This tab's pager: next link (and confidence), pages joined, state, site rule. */
export function Popup({ api }: { api: PopupApi }) {
  const [status, setStatus] = useState<TabStatus | null | undefined>(undefined);
  useEffect(() => {
    api.getStatus().then(setStatus, () => setStatus(null));
  }, [api]);
  if (status === undefined) return <p>…</p>;
  if (status === null) return <p class="muted">{api.t("popupNoContent")}</p>;
  return (
    <div>
      <dl>
        <dt>{api.t("popupNextLink")}</dt>
        <dd data-testid="next">
          {status.nextUrl ? (
            <>
              <a href={status.nextUrl} target="_blank" rel="noreferrer">
                {status.nextUrl}
              </a>{" "}
              <span class="muted">({Math.round(status.nextScore * 100)}%)</span>
            </>
          ) : (
            api.t("popupNone")
          )}
        </dd>
        <dt>{api.t("popupPagesJoined")}</dt>
        <dd data-testid="pages">{status.pages}</dd>
        <dt>{api.t("popupState")}</dt>
        <dd data-testid="state">
          {status.state}
          {status.reason ? ` — ${status.reason}` : ""}
        </dd>
      </dl>
      {status.rule ? <code class="rule">{status.rule.pageElement}</code> : null}
      <button
        type="button"
        disabled={status.state !== "ready"}
        onClick={() => api.nextPage().then((s) => s && setStatus(s))}
      >
        {api.t("popupNextNow")}
      </button>
    </div>
  );
}
