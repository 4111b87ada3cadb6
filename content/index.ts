/**
 * Content entry: the only script on every http(s) page, kept small (issue 13). It is the
 * first stage of the staged detector (ARCHITECTURE.md), as a short state machine:
 *
 *   off      not an HTML page, or an excluded URL: nothing more happens
 *   idle     the gate found no pager signal, no site rule applies and the reader is not
 *            coming back to joined pages (Back, Forward, Reload): nothing is loaded;
 *            a reader's request ("Next page now", export…) loads the detector anyway.
 *            A list that grows by itself as the reader scrolls turns the status into
 *            "own-scroll" (the site's own infinite scroll, issue 15), still idle
 *   loading  the background is injecting the detector script (content/detector.ts)
 *   running  the detector answers every message from here on
 *
 * gate → detect → join: the gate (src/gate/gate.ts) and the rule lookups are all that a
 * page without a pager pays for; the features, forests and pager arrive only with the
 * detector script.
 */
import { watchOwnScroll } from "../src/features/own-scroll";
import {
  DETECTOR_FILE,
  type DetectorApi,
  type DetectorStart,
  installedDetector,
} from "../src/gate/detector-api";
import { type GateResult, pagerGate } from "../src/gate/gate";
import { entryApi, listenForMessages } from "../src/messaging/entry-api";
import { isMessage, type Message } from "../src/messaging/messages";
import { INITIAL_STATUS, type TabStatus } from "../src/messaging/status";
import { historyEntryKey, isComingBack, navigationKind } from "../src/place/navigation";
import type { Recalled } from "../src/place/places";
import { matchingExclusion } from "../src/reader/exclusions";
import { type EntrySettings, entrySettings } from "../src/reader/settings";
import { hasSiteRuleFor, SITE_RULES_KEY } from "../src/reader/site-rules";
import { isSiteEnabled, siteOf } from "../src/reader/site-switch";
import { hasCachedRuleFor, LEARNED_RULES_KEY } from "../src/rule/rule-cache";
import { whenIdle } from "./when-idle";

type Stage =
  | { kind: "off"; status: TabStatus }
  | { kind: "idle"; status: TabStatus; start: DetectorStart; unwatch: () => void }
  | { kind: "loading"; ready: Promise<DetectorApi | null> }
  | { kind: "running"; api: DetectorApi };

const browser = entryApi();
const pageUrl = location.href;
let stage: Stage = { kind: "off", status: { ...INITIAL_STATUS } };

const t = (key: string, subs: string[], english: string) =>
  browser.i18n.getMessage(key, subs) || english;

function report(status: TabStatus): void {
  browser.runtime.sendMessage({ type: "content→background:status", status }).catch(() => {
    // The background may be asleep or reloading; the popup asks again anyway.
  });
}

/** Whether one of the reader's rules or a rule learned on an earlier visit names this URL
 * (a regular-expression test per rule; the rule itself is applied by the detector). */
function ruleApplies(local: Record<string, unknown>): boolean {
  return (
    hasSiteRuleFor(local[SITE_RULES_KEY] ?? [], pageUrl) ||
    hasCachedRuleFor(local[LEARNED_RULES_KEY], pageUrl)
  );
}

/** The joined pages and place remembered for this page, when the reader comes back to it
 * (Back, Forward, Reload) on a site that is on; null on a fresh visit or when none is
 * remembered. */
async function recalled(settings: EntrySettings): Promise<Recalled | null> {
  if (!settings.restorePlace || !isComingBack(navigationKind(window))) return null;
  if (!isSiteEnabled(pageUrl, settings.disabledSites)) return null;
  const entryKey = historyEntryKey(window);
  return (await browser.runtime
    .sendMessage({
      type: "content→background:recall-place",
      url: pageUrl,
      ...(entryKey ? { entryKey } : {}),
    })
    .catch(() => null)) as Recalled | null;
}

/**
 * Have the background inject the detector script into this frame, then start it.
 * Resolves to null when injection fails (the background refused or is gone); the tab then
 * stays as it was.
 */
function loadDetector(start: DetectorStart): Promise<DetectorApi | null> {
  if (stage.kind === "running") return Promise.resolve(stage.api);
  if (stage.kind === "loading") return stage.ready;
  // The detector watches the page itself from here on.
  if (stage.kind === "idle") stage.unwatch();
  const before = stage;
  const ready = browser.runtime
    .sendMessage({ type: "content→background:load-detector" })
    .then(async () => {
      const api = installedDetector();
      if (!api) throw new Error(`${DETECTOR_FILE} did not install`);
      stage = { kind: "running", api };
      await api.start(start);
      return api;
    })
    .catch((e: unknown) => {
      stage = before;
      report({
        ...INITIAL_STATUS,
        state: "stopped",
        reason: t("reasonFailed", [String(e)], `tsugi failed: ${String(e)}`),
      });
      return null;
    });
  stage = { kind: "loading", ready };
  return ready;
}

async function main(): Promise<void> {
  // Only real documents: not SVG, JSON or plain-text views.
  if (!/html/.test(document.contentType) || !document.body) {
    const reason = t(
      "reasonNotPage",
      [document.contentType],
      `Not a web page (${document.contentType}).`,
    );
    stage = { kind: "off", status: { ...INITIAL_STATUS, state: "off", reason } };
    return report(stage.status);
  }
  const sync: unknown = await browser.storage.sync.get(null).catch(() => ({}));
  const settings = entrySettings(sync);
  const excluded = matchingExclusion(pageUrl, settings.exclusions);
  if (excluded) {
    const reason = t("reasonExcluded", [excluded], `Excluded by the pattern ${excluded}.`);
    stage = { kind: "off", status: { ...INITIAL_STATUS, state: "off", reason } };
    return report(stage.status);
  }
  const [local, back] = await Promise.all([
    browser.storage.local.get([SITE_RULES_KEY, LEARNED_RULES_KEY]).catch(() => ({})) as Promise<
      Record<string, unknown>
    >,
    recalled(settings),
  ]);
  // A reader coming back waits for no idle time: the joined pages must be in before the
  // wrong place shows.
  if (!back) await whenIdle();
  const gate: GateResult = pagerGate(document, location.hostname.toLowerCase(), location.href);
  const start: DetectorStart = { sync, local, gate, ...(back ? { restore: back } : {}) };
  if (gate.pass || ruleApplies(local) || back) {
    await loadDetector(start);
    return;
  }
  stage = {
    kind: "idle",
    start,
    // The own-scroll mode of ../src/reader/site-modes.ts, read from its one host list.
    unwatch: isSiteEnabled(pageUrl, settings.ownScrollOffSites)
      ? watchOwnScroll(window, { onFound: ownScrollSeen })
      : () => {},
    status: {
      ...INITIAL_STATUS,
      state: "no-next",
      reasonKey: gate.lastPage ? "reasonLastPage" : "reasonNoPager",
      detectMs: gate.ms,
      site: siteOf(pageUrl),
      siteEnabled: isSiteEnabled(pageUrl, settings.disabledSites),
      pageCap: settings.pageCap,
      detector: false,
    },
  };
  report(stage.status);
}

/** An idle page's list grew by itself as the reader scrolled: say so in the status. */
function ownScrollSeen(): void {
  if (stage.kind !== "idle") return;
  // A message key, worded by the background and the popup (no i18n call on the page).
  stage = {
    ...stage,
    status: { ...stage.status, state: "own-scroll", reason: null, reasonKey: "stop_own_scroll" },
  };
  report(stage.status);
}

/** Messages the entry answers itself; every other one loads the detector first. */
function answerHere(message: Message): boolean {
  return message.type === "popup→content:get-status" || message.type === "popup→content:stop";
}

listenForMessages((message) => {
  if (!isMessage(message)) return undefined;
  switch (stage.kind) {
    case "running":
      return stage.api.handle(message);
    case "loading":
      return stage.ready.then((api) => api?.handle(message) ?? { ...INITIAL_STATUS });
    case "off":
      return Promise.resolve(stage.status);
    case "idle": {
      if (answerHere(message)) return Promise.resolve(stage.status);
      // The reader asked on a page the gate closed: detect anyway, then answer.
      const status = stage.status;
      return loadDetector(stage.start).then((api) => api?.handle(message) ?? status);
    }
  }
});

main().catch((e) => {
  report({
    ...INITIAL_STATUS,
    state: "stopped",
    reason: t("reasonFailed", [String(e)], `tsugi failed: ${String(e)}`),
  });
});
