/**
 * The gate stage, injected by the background when the entry on every page
 * (content/index.ts) wakes: the reader came near the end of the page, came back to it, or
 * asked from the popup, a keyboard command or `tsugi join`. A short state machine:
 *
 *   waking   reading the settings and rules, then the gate, in the page's idle time
 *   off      not an HTML page, or an excluded URL: nothing more happens
 *   idle     the gate found no pager signal, no site rule applies and the reader is not
 *            coming back to joined pages (Back, Forward, Reload): nothing more is loaded;
 *            a reader's request ("Next page now", export…) loads the detector anyway, and
 *            so does the gate's second look where the page's own script added links
 *            (an app shell's list and pager) by the time the reader nears the end.
 *            A list that grows by itself as the reader scrolls turns the status into
 *            "own-scroll" (the site's own infinite scroll), still idle
 *   loading  the detector script (content/detector.ts) is being imported as a module of
 *            the extension, or injected by the background where that fails
 *   running  the detector answers every message from here on
 *
 * gate → detect → join: the gate (src/gate/gate.ts) and the rule lookups are all that a
 * page without a pager pays for once the reader nears its end; the features, forests and
 * pager arrive only with the detector script.
 */

import { SliceBudget } from "../src/budget/slices";
import { watchOwnScrollEarly } from "../src/features/own-scroll";
import type { DetectorApi, DetectorStart } from "../src/gate/detector-api";
import { type GateResult, pagerGate, pagerGateSteps } from "../src/gate/gate";
import { loadDetectorScript } from "../src/gate/load-detector";
import { type EntryApi, entryApi, listenForMessages } from "../src/messaging/entry-api";
import type { Recalled } from "../src/messaging/joined-place";
import { isMessage, type Message } from "../src/messaging/messages";
import { INITIAL_STATUS, type TabStatus } from "../src/messaging/status";
import { historyEntryKey, isComingBack, navigationKind } from "../src/place/navigation";
import { CORRECTIONS_KEY } from "../src/reader/corrections";
import { matchingExclusion } from "../src/reader/exclusions";
import { type EntrySettings, entrySettings } from "../src/reader/settings";
import { hasSiteRuleFor, SITE_RULES_KEY } from "../src/reader/site-rules";
import { isSiteEnabled, siteOf } from "../src/reader/site-switch";
import { hasCachedRuleFor, LEARNED_RULES_KEY } from "../src/rule/rule-cache";
import { watchForLateLinks } from "../src/wake/regate";
import { installEntry } from "../src/wake/wake";
import { whenIdle } from "./when-idle";

type Stage =
  | { kind: "asleep" }
  | { kind: "waking"; done: Promise<void> }
  | { kind: "off"; status: TabStatus }
  | { kind: "idle"; status: TabStatus; start: DetectorStart; unwatch: () => void }
  | { kind: "loading"; ready: Promise<DetectorApi | null> }
  | { kind: "running"; api: DetectorApi };

const pageUrl = location.href;
let stage: Stage = { kind: "asleep" };

// Read on waking, never at load: the namespace's first touch builds its bindings.
const browser = (): EntryApi => entryApi();

const t = (key: string, subs: string[], english: string) =>
  browser().i18n.getMessage(key, subs) || english;

function failed(e: unknown): TabStatus {
  return {
    ...INITIAL_STATUS,
    state: "stopped",
    reason: t("reasonFailed", [String(e)], `tsugi failed: ${String(e)}`),
  };
}

function report(status: TabStatus): void {
  browser()
    .runtime.sendMessage({ type: "content→background:status", status })
    .catch(() => {
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
  return (await browser()
    .runtime.sendMessage({
      type: "content→background:recall-place",
      url: pageUrl,
      ...(entryKey ? { entryKey } : {}),
    })
    .catch(() => null)) as Recalled | null;
}

/**
 * Load the detector script into this frame (imported as a module, else injected by the
 * background: ../src/gate/load-detector.ts), then start it. Resolves to null when both
 * fail; the tab then stays as it was.
 */
function loadDetector(start: DetectorStart): Promise<DetectorApi | null> {
  if (stage.kind === "running") return Promise.resolve(stage.api);
  if (stage.kind === "loading") return stage.ready;
  // The detector watches the page itself from here on.
  if (stage.kind === "idle") stage.unwatch();
  const before = stage;
  const ready = loadDetectorScript({
    importModule: (url) => import(url),
    resourceUrl: (file) => browser().runtime.getURL(file),
    inject: () => browser().runtime.sendMessage({ type: "content→background:load-detector" }),
  })
    .then(async ({ api, via }) => {
      stage = { kind: "running", api };
      await api.start({ ...start, loadedAs: via });
      return api;
    })
    .catch((e: unknown) => {
      const status = failed(e);
      // An idle page stays idle; one that was still deciding stops with the reason.
      stage = before.kind === "idle" ? before : { kind: "off", status };
      report(status);
      return null;
    });
  stage = { kind: "loading", ready };
  return ready;
}

/** The gate (../src/gate/gate.ts) on this page as it is now. */
function gateThisPage(): GateResult {
  return pagerGate(document, location.hostname.toLowerCase(), location.href);
}

/** {@link gateThisPage} in slices that yield to the page (../src/budget/slices.ts). */
function gateThisPageInSlices(): Promise<GateResult> {
  const steps = pagerGateSteps(document, location.hostname.toLowerCase(), location.href);
  return new SliceBudget().run(steps);
}

/**
 * The entry's decision: settings, rules, then the gate.
 * @param asked a reader's request woke the entry: no wait for the page's idle time
 */
async function decide(asked: boolean): Promise<void> {
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
  // Watched from waking on: the site may answer the reader's scroll while tsugi is still
  // deciding and loading the detector, which takes this watch over.
  const ownScroll = watchOwnScrollEarly(window, ownScrollSeen);
  const sync: unknown = await browser()
    .storage.sync.get(null)
    .catch(() => ({}));
  const settings = entrySettings(sync);
  // The own-scroll mode of ../src/reader/site-modes.ts, read from its one host list.
  if (!isSiteEnabled(pageUrl, settings.ownScrollOffSites)) ownScroll.handOver();
  const excluded = matchingExclusion(pageUrl, settings.exclusions);
  if (excluded) {
    ownScroll.handOver();
    const reason = t("reasonExcluded", [excluded], `Excluded by the pattern ${excluded}.`);
    stage = { kind: "off", status: { ...INITIAL_STATUS, state: "off", reason } };
    return report(stage.status);
  }
  const [local, back] = await Promise.all([
    browser()
      .storage.local.get([SITE_RULES_KEY, LEARNED_RULES_KEY, CORRECTIONS_KEY])
      .catch(() => ({})) as Promise<Record<string, unknown>>,
    recalled(settings),
  ]);
  // A reader coming back waits for no idle time: the joined pages must be in before the
  // wrong place shows. Nor does a reader who asked.
  if (!back && !asked) await whenIdle();
  const gate = await gateThisPageInSlices();
  const start: DetectorStart = {
    sync,
    local,
    gate,
    ownScroll,
    ...(back ? { restore: back } : {}),
  };
  if (gate.pass || ruleApplies(local) || back) {
    await loadDetector(start);
    return;
  }
  stage = {
    kind: "idle",
    start,
    // The own-scroll watch goes on: the detector takes it over if it loads.
    unwatch: watchForLateLinks(window, regate),
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
  if (ownScroll.seen()) ownScrollSeen();
}

/**
 * The gate again, on an idle page whose own script added links since it looked (an app
 * shell's list and pager, ../src/wake/regate.ts); the detector loads where it now opens.
 * @returns true when the page is no longer idle, or no longer one to look at again
 */
function regate(): boolean {
  if (stage.kind !== "idle" || stage.status.state !== "no-next") return true;
  const gate = gateThisPage();
  if (!gate.pass) return false;
  void loadDetector({ ...stage.start, gate });
  return true;
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

/** Answer a message in the stage the entry is in. */
function answer(message: unknown): Promise<unknown> | undefined {
  if (!isMessage(message)) return undefined;
  switch (stage.kind) {
    case "asleep":
      return wake(true).then(() => answer(message));
    case "waking":
      return stage.done.then(() => answer(message));
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
}

/**
 * Leave the asleep stage (the script has just been injected): listen for messages and
 * decide. Later calls get the same decision.
 * @param asked a reader's request, not the scroll position, woke the entry
 * @returns resolves once the entry is past the waking stage
 */
function wake(asked: boolean): Promise<boolean> {
  if (stage.kind === "waking") return stage.done.then(() => true);
  if (stage.kind !== "asleep") return Promise.resolve(true);
  listenForMessages(answer);
  // Started after the stage is set, so that decide's own stage changes come last.
  const done = Promise.resolve()
    .then(() => decide(asked))
    .catch((e: unknown) => {
      stage = { kind: "off", status: failed(e) };
      report(stage.status);
    })
    .finally(() => {
      if (stage.kind === "waking") stage = { kind: "off", status: { ...INITIAL_STATUS } };
    });
  stage = { kind: "waking", done };
  return done.then(() => true);
}

installEntry({ wake });
