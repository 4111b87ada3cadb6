import { useEffect, useRef, useState } from "preact/hooks";
import type {
  BookFormat,
  BookOptions,
  ExportFormat,
  ItemsFormat,
} from "../src/messaging/export-formats";
import type { ExportFile, PickTarget } from "../src/messaging/messages";
import {
  reasonWorded,
  restoredWords,
  type SiteModes,
  type TabStatus,
} from "../src/messaging/status";
import { MODE_LABELS, MODES } from "../src/reader/site-modes";
import { BookOptionsBox } from "./BookOptionsBox";

type Format = ExportFormat | ItemsFormat | BookFormat;

/** What the popup needs from the extension APIs (injected, so tests need no browser). */
export interface PopupApi {
  getStatus(): Promise<TabStatus | null>;
  nextPage(): Promise<TabStatus | null>;
  /** Join up to `count` more pages now. */
  loadMore(count: number): Promise<TabStatus | null>;
  stop(): Promise<TabStatus | null>;
  /** Join every remaining page (up to the page cap); resolves when done. */
  fetchAll(): Promise<TabStatus | null>;
  /** The export in `format`; `book` holds the EPUB's options. */
  exportArticle(format: Format, book?: BookOptions): Promise<ExportFile | null>;
  /** Switch auto-join for a site (host) on or off (`storage.sync`). */
  setSiteEnabled(site: string, on: boolean): Promise<void>;
  /** Switch one optional way of joining for a site on or off (`storage.sync`). */
  setSiteMode(site: string, mode: keyof SiteModes, on: boolean): Promise<void>;
  /** Switch "Join the next chapter" for a site (host) on or off (`storage.sync`). */
  setChapters(site: string, on: boolean): Promise<void>;
  download(file: ExportFile): void;
  copy(text: string): Promise<void>;
  openOptions(): void;
  /** Put the tab into pick mode for one part of a site rule (answered at once). */
  pick(target: PickTarget): Promise<TabStatus | null>;
  /** Close the popup (the reader picks on the page). */
  close(): void;
  /** What the reader taught a site (`storage.local`): whether it has a picked rule, and
   * how many links were refused there ("Not the next page"). */
  taught(site: string): Promise<Taught>;
  /** Remove the site's picked rule from the reader's site rules. */
  removePickedRule(site: string): Promise<void>;
  /** Forget the site's corrections. */
  forgetCorrections(site: string): Promise<void>;
  /** Open the reader's place in a serial in this tab ("Continue at Chapter N"), the
   * chapter page then scrolling back to the place in it. */
  continueAt(url: string): Promise<void>;
  /** `browser.i18n.getMessage`. */
  t(key: string, substitutions?: string[]): string;
}

/** What the reader taught a site. */
export interface Taught {
  pickedRule: boolean;
  corrections: number;
}

/** How many pages "load more" joins. */
export const LOAD_MORE = 5;
/** How often the popup asks for progress while a "fetch all" runs, ms. */
export const POLL_MS = 250;

type Busy = null | "next" | "more" | "fetch" | "export";

/**
 * This tab's pager: next link (and confidence), pages joined, state, site rule;
 * the per-site switch and, under it, the per-site switches of the optional ways of joining
 * (clicking "Load more", rendering in a hidden frame); next page now, load 5 more, stop; export (Markdown, HTML,
 * plain text, an EPUB book) of the pages joined so far or of all pages, fetched first with a
 * progress bar, as a download or to the clipboard.
 */
export function Popup({ api }: { api: PopupApi }) {
  const [status, setStatus] = useState<TabStatus | null | undefined>(undefined);
  const [busy, setBusy] = useState<Busy>(null);
  const [format, setFormat] = useState<Format>("md");
  const [book, setBook] = useState<BookOptions>({});
  const [all, setAll] = useState(false);
  const [note, setNote] = useState<string>("");
  const [taught, setTaught] = useState<Taught | null>(null);
  const poll = useRef<ReturnType<typeof setInterval> | null>(null);
  const t = api.t;
  const site = status?.site;

  useEffect(() => {
    api.getStatus().then(setStatus, () => setStatus(null));
    return () => {
      if (poll.current) clearInterval(poll.current);
    };
  }, [api]);

  useEffect(() => {
    if (site) api.taught(site).then(setTaught, () => setTaught(null));
  }, [api, site]);

  if (status === undefined) return <p>…</p>;
  if (status === null) return <p class="muted">{t("popupNoContent")}</p>;
  const { reason } = reasonWorded(status, t);
  const restored = restoredWords(status, t);

  const update = (s: TabStatus | null) => {
    if (s) setStatus(s);
  };
  const run = async (kind: Busy, job: () => Promise<void>) => {
    setBusy(kind);
    setNote("");
    try {
      await job();
    } catch (e) {
      setNote(t("popupError", [e instanceof Error ? e.message : String(e)]));
    } finally {
      setBusy(null);
    }
  };
  const joinable =
    (status.nextUrl !== null || Boolean(status.loadMore)) &&
    (status.state === "ready" || status.state === "off") &&
    !busy;
  const running = status.state === "ready" || status.state === "loading" || status.state === "off";
  const cap = status.pageCap ?? 0;

  const pick = (target: PickTarget) =>
    run(null, async () => {
      await api.pick(target);
      api.close();
    });

  const doExport = (deliver: "download" | "copy") =>
    run("export", async () => {
      if (all && running) {
        poll.current = setInterval(() => {
          api.getStatus().then(update, () => {});
        }, POLL_MS);
        setBusy("fetch");
        try {
          update(await api.fetchAll());
        } finally {
          if (poll.current) clearInterval(poll.current);
          poll.current = null;
        }
        setBusy("export");
      }
      const file =
        format === "epub" ? await api.exportArticle(format, book) : await api.exportArticle(format);
      if (!file) throw new Error(t("popupNoContent"));
      if (deliver === "download") {
        api.download(file);
        setNote(t("popupDownloaded", [file.filename, String(file.pages)]));
      } else {
        await api.copy(file.content);
        setNote(t("popupCopied", [String(file.pages)]));
      }
    });

  return (
    <div>
      {status.continueAt ? (
        <button
          type="button"
          class="continue"
          data-testid="continue-at"
          title={status.continueAt.title}
          onClick={() =>
            run(null, async () => {
              await api.continueAt((status.continueAt as { url: string }).url);
              api.close();
            })
          }
        >
          {t("popupContinueAt", [String(status.continueAt.number)])}
        </button>
      ) : null}
      {status.site ? (
        <label class="switch">
          <input
            type="checkbox"
            data-testid="site-toggle"
            checked={status.siteEnabled !== false}
            onChange={(e) => {
              const on = (e.currentTarget as HTMLInputElement).checked;
              const site = status.site as string;
              void api.setSiteEnabled(site, on).then(() => {
                setStatus({ ...status, siteEnabled: on });
              });
            }}
          />{" "}
          {t("popupAutoJoinOn", [status.site])}
        </label>
      ) : null}
      {status.site && status.modes ? (
        <fieldset class="modes" data-testid="modes">
          <legend>{t("popupModes")}</legend>
          {MODES.map((mode) => (
            <label key={mode}>
              <input
                type="checkbox"
                data-testid={`mode-${mode}`}
                checked={status.modes?.[mode] !== false}
                onChange={(e) => {
                  const on = (e.currentTarget as HTMLInputElement).checked;
                  const modes = { ...(status.modes as SiteModes), [mode]: on };
                  void api.setSiteMode(status.site as string, mode, on).then(() => {
                    setStatus({ ...status, modes });
                  });
                }}
              />{" "}
              {t(MODE_LABELS[mode])}
            </label>
          ))}
          {status.serial && !status.chapters ? (
            <p class="offer" data-testid="serial-offer">
              {t("popupSerialOffer")}
            </p>
          ) : null}
          <label>
            <input
              type="checkbox"
              data-testid="mode-chapters"
              checked={status.chapters === true}
              onChange={(e) => {
                const on = (e.currentTarget as HTMLInputElement).checked;
                void api.setChapters(status.site as string, on).then(() => {
                  setStatus({ ...status, chapters: on });
                });
              }}
            />{" "}
            {t("popupModeChapters")}
          </label>
        </fieldset>
      ) : null}
      <dl>
        <dt>{t("popupNextLink")}</dt>
        <dd data-testid="next">
          {status.nextUrl ? (
            <>
              <a href={status.nextUrl} target="_blank" rel="noreferrer">
                {status.nextUrl}
              </a>{" "}
              <span class="muted">
                ({t("popupConfidence", [String(Math.round(status.nextScore * 100))])})
              </span>
            </>
          ) : status.loadMore ? (
            t("popupLoadMoreButton", [status.loadMore])
          ) : (
            t("popupNone")
          )}
        </dd>
        <dt>{t("popupPagesJoined")}</dt>
        <dd data-testid="pages">
          {status.pages}
          {status.framePages ? (
            <span class="muted" data-testid="frame-pages">
              {" "}
              — {t("popupFramePages", [String(status.framePages)])}
            </span>
          ) : null}
          {restored ? (
            <span class="muted" data-testid="restored">
              {" "}
              — {restored}
            </span>
          ) : null}
        </dd>
        <dt>{t("popupState")}</dt>
        <dd data-testid="state">
          {t(`state_${status.state.replace("-", "_")}`) || status.state}
          {reason ? <span class="muted"> — {reason}</span> : null}
        </dd>
        {status.rule ? (
          <>
            <dt>{t("popupSiteRule")}</dt>
            <dd data-testid="rule">
              {status.ruleSource === "learned"
                ? t("popupLearnedRule")
                : status.ruleName
                  ? t("popupUserRule", [status.ruleName])
                  : t("popupDetected")}
              <code class="rule">{status.rule.pageElement}</code>
              {status.rule.nextLink ? <code class="rule">{status.rule.nextLink}</code> : null}
            </dd>
          </>
        ) : null}
      </dl>
      <div class="buttons">
        <button
          type="button"
          class="primary"
          data-testid="next-now"
          disabled={!joinable}
          onClick={() => run("next", async () => update(await api.nextPage()))}
        >
          {t("popupNextNow")}
        </button>
        <button
          type="button"
          data-testid="load-more"
          disabled={!joinable}
          onClick={() => run("more", async () => update(await api.loadMore(LOAD_MORE)))}
        >
          {t("popupLoadMore", [String(LOAD_MORE)])}
        </button>
        <button
          type="button"
          data-testid="stop"
          disabled={!running}
          onClick={() => run(null, async () => update(await api.stop()))}
        >
          {t("popupStop")}
        </button>
      </div>
      {status.site ? (
        <fieldset class="teach" data-testid="teach">
          <legend>{t("popupTeach")}</legend>
          <div class="buttons">
            <button type="button" data-testid="pick-next" onClick={() => pick("next-link")}>
              {t("popupPickNext")}
            </button>
            <button type="button" data-testid="pick-page" onClick={() => pick("page-element")}>
              {t("popupPickPage")}
            </button>
            {status.nextUrl === null ? (
              <button type="button" data-testid="pick-load-more" onClick={() => pick("load-more")}>
                {t("popupPickLoadMore")}
              </button>
            ) : null}
          </div>
          <p class="muted">{t("popupPickHint")}</p>
          {status.teach ? (
            <p class="note" data-testid="teach-note">
              {status.teach}
            </p>
          ) : null}
          {taught?.pickedRule || taught?.corrections ? (
            <div class="buttons">
              {taught.pickedRule ? (
                <button
                  type="button"
                  data-testid="remove-picked"
                  onClick={() =>
                    run(null, async () => {
                      await api.removePickedRule(status.site as string);
                      setTaught({ ...taught, pickedRule: false });
                      setNote(t("popupPickedRemoved"));
                    })
                  }
                >
                  {t("popupRemovePicked")}
                </button>
              ) : null}
              {taught.corrections ? (
                <button
                  type="button"
                  data-testid="forget-corrections"
                  onClick={() =>
                    run(null, async () => {
                      await api.forgetCorrections(status.site as string);
                      setTaught({ ...taught, corrections: 0 });
                      setNote(t("popupCorrectionsForgotten"));
                    })
                  }
                >
                  {t("popupForgetCorrections", [String(taught.corrections)])}
                </button>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <fieldset>
        <legend>{t("popupExport")}</legend>
        <select
          data-testid="format"
          value={format}
          onChange={(e) => setFormat((e.currentTarget as HTMLSelectElement).value as Format)}
        >
          <option value="md">{t("formatMarkdown")}</option>
          <option value="html">{t("formatHtml")}</option>
          <option value="text">{t("formatText")}</option>
          <option value="epub">{t("formatEpub")}</option>
          {status.listItems ? (
            <>
              <option value="items-csv">{t("formatItemsCsv")}</option>
              <option value="items-json">{t("formatItemsJson")}</option>
            </>
          ) : null}
        </select>
        {format === "epub" ? (
          <BookOptionsBox value={book} onChange={setBook} t={t} lastBook={status.lastBook} />
        ) : null}
        <label>
          <input
            type="checkbox"
            data-testid="fetch-all"
            checked={all}
            disabled={!running}
            onChange={(e) => setAll((e.currentTarget as HTMLInputElement).checked)}
          />{" "}
          {t("popupFetchAll", [String(cap)])}
        </label>
        {busy === "fetch" ? (
          <progress data-testid="progress" max={cap} value={status.pages}>
            {status.pages}/{cap}
          </progress>
        ) : null}
        <div class="buttons">
          <button
            type="button"
            class="primary"
            data-testid="download"
            disabled={busy !== null}
            onClick={() => doExport("download")}
          >
            {t("popupDownload")}
          </button>
          <button
            type="button"
            data-testid="copy"
            disabled={busy !== null || format === "epub"}
            onClick={() => doExport("copy")}
          >
            {t("popupCopy")}
          </button>
        </div>
      </fieldset>
      {note ? (
        <p class="note" data-testid="note" role="status">
          {note}
        </p>
      ) : null}
      <p>
        <button type="button" class="link" data-testid="options" onClick={() => api.openOptions()}>
          {t("popupOptions")}
        </button>
      </p>
    </div>
  );
}
