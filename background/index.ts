/**
 * Background (service worker in Chromium, event page in Firefox): keeps the
 * toolbar badge in step with each tab's pager, and the last status of each tab
 * in `storage.session` (extension-only, gone with the browser session) for the
 * `tsugi` command and the tests, so pages themselves carry no tsugi markers.
 * It also runs the keyboard commands (`commands` in manifest.json): switch
 * auto-join for the active tab's site, and join its next page now; and it injects the
 * detector script into a frame whose content entry asks for it (the staged detector:
 * only pages that pass the gate pay for the features and the forests). On the hosts where
 * the reader turned "leave it alone" off it registers the script that wakes the entry at
 * load (../src/wake/wake-at-load.ts).
 */
import browser, { type Runtime } from "webextension-polyfill";
import { PAGE_ELEMENT_MODEL_FILE } from "../src/detect/injected-models";
import { EXPORTER_FILE } from "../src/export/exporter-api";
import { DETECTOR_FILE } from "../src/gate/detector-api";
import type { JoinedPlace, Recalled } from "../src/messaging/joined-place";
import {
  isMessage,
  isPlaceMessage,
  type PlaceMessage,
  type ThirdStageScript,
} from "../src/messaging/messages";
import { reasonWorded, type TabStatus } from "../src/messaging/status";
import { type StoredTabStatus, tabStatusKey } from "../src/messaging/tab-status";
import { frameBlockRule, frameRuleId } from "../src/pager/frame-requests";
import {
  forgetSite,
  isPlacesKey,
  parsePlaces,
  placesKey,
  recallPlace,
  rememberPlace,
} from "../src/place/places";
import { entrySettings } from "../src/reader/settings";
import { MODE_KEYS } from "../src/reader/site-modes";
import { ENTRY_FILE, sendWaking } from "../src/wake/wake";
import { wakeAtLoadSyncer } from "../src/wake/wake-at-load";

/** Badge text for a tab: pages shown when something was joined, "off" when the
 * reader switched the site off, else nothing. */
export function badgeText(status: TabStatus): string {
  if (status.siteEnabled === false && status.pages <= 1) return "off";
  return status.pages > 1 ? String(status.pages) : "";
}

/** Names of the keyboard commands in manifest.json. */
export type CommandName = "toggle-site" | "next-page";

/**
 * Run a keyboard command on the active tab, through its content script (which
 * knows its own site, so the extension needs no "tabs" permission to read URLs).
 * @returns what was done, for logs and tests: "on"/"off" for the switch,
 *   "next" when the tab joined its next page, "none" when the tab has no tsugi
 */
export async function runCommand(command: string): Promise<"on" | "off" | "next" | "none"> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) return "none";
  const type =
    command === "toggle-site"
      ? "background→content:toggle-site"
      : command === "next-page"
        ? "background→content:next-page"
        : null;
  if (!type) return "none";
  const status = await sendWaking<TabStatus>(browser, tab.id, { type });
  if (!status) return "none";
  if (command === "next-page") return "next";
  return status.siteEnabled === false ? "off" : "on";
}

browser.commands.onCommand.addListener((command: string) => {
  void runCommand(command);
});

/** The file of each script the detector script may ask for (never a path it names). */
const THIRD_STAGE_FILES: Readonly<Record<ThirdStageScript, string>> = {
  "page-element-model": PAGE_ELEMENT_MODEL_FILE,
  exporter: EXPORTER_FILE,
};

/**
 * Inject the detector script (content/detector.js), or a script it asks for (the
 * page-element forest's, the export's), into the frame that asked, through
 * `scripting.executeScript`, which Chromium and Firefox MV3 both offer. The detector
 * script comes this way only where the gate stage's `import()` of it failed
 * (src/gate/load-detector.ts); the third-stage scripts always do, as they are no
 * web-accessible resources.
 * @param sender the frame that asked
 * @param file the script inside dist/: the detector, or a third-stage script
 * @returns true once the script has run
 * @throws when the tab is gone or the page may not be scripted
 */
export async function injectDetector(
  sender: Runtime.MessageSender,
  file: string = DETECTOR_FILE,
): Promise<boolean> {
  const tabId = sender.tab?.id;
  if (tabId === undefined) throw new Error(`injecting ${file}: no sender tab`);
  await browser.scripting.executeScript({
    target: { tabId, frameIds: [sender.frameId ?? 0] },
    files: [file],
  });
  return true;
}

async function tabPlaces(tabId: number): Promise<JoinedPlace[]> {
  const key = placesKey(tabId);
  const stored = (await browser.storage.session.get(key).catch(() => ({}))) as Record<
    string,
    unknown
  >;
  return parsePlaces(stored[key]);
}

/**
 * Places live here, in `storage.session`, keyed by tab: the content script
 * holds no long-lived port to keep them (it would cost the page its back/forward cache),
 * and the page's own storage is readable by the site.
 */
async function placeMessage(message: PlaceMessage, tabId: number): Promise<Recalled | null> {
  const now = Date.now();
  if (message.type === "content→background:recall-place")
    return recallPlace(await tabPlaces(tabId), message.url, message.entryKey, now);
  if (message.type === "content→background:remember-place") {
    const places = rememberPlace(await tabPlaces(tabId), message.place, now);
    await browser.storage.session.set({ [placesKey(tabId)]: places }).catch(() => {});
    return null;
  }
  const all = (await browser.storage.session.get(null).catch(() => ({}))) as Record<
    string,
    unknown
  >;
  const kept: Record<string, JoinedPlace[]> = {};
  for (const [key, value] of Object.entries(all))
    if (isPlacesKey(key)) kept[key] = forgetSite(parsePlaces(value), message.site);
  await browser.storage.session.set(kept).catch(() => {});
  return null;
}

/**
 * Block (on) or allow again (off) other hosts' requests of the page's site in the sender's
 * tab while tsugi's hidden frame renders a page there (../src/pager/frame-requests.ts).
 * @returns whether the block is in place; false where the browser lacks DNR session
 *   rules (the frame then renders as before)
 */
async function frameRequests(
  on: boolean,
  pageUrl: string,
  sender: Runtime.MessageSender,
): Promise<boolean> {
  const tabId = sender.tab?.id;
  const dnr = browser.declarativeNetRequest;
  if (tabId === undefined || !dnr?.updateSessionRules) return false;
  const rule = on ? frameBlockRule(tabId, pageUrl) : null;
  try {
    await dnr.updateSessionRules({
      removeRuleIds: [frameRuleId(tabId)],
      ...(rule ? { addRules: [rule] } : {}),
    });
    return rule !== null;
  } catch (e) {
    console.warn("tsugi: could not update the frame's request rule", e);
    return false;
  }
}

browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
  if (!isMessage(message)) return undefined;
  if (message.type === "content→background:frame-requests")
    return frameRequests(message.on, message.pageUrl, sender);
  if (message.type === "content→background:load-entry") return injectDetector(sender, ENTRY_FILE);
  if (message.type === "content→background:load-detector") return injectDetector(sender);
  if (message.type === "content→background:load-script") {
    const script = message.script;
    return Object.hasOwn(THIRD_STAGE_FILES, script)
      ? injectDetector(sender, THIRD_STAGE_FILES[script])
      : Promise.reject(new Error(`no script ${String(script)}`));
  }
  if (isPlaceMessage(message)) {
    const tabId = sender.tab?.id;
    return tabId === undefined ? Promise.resolve(null) : placeMessage(message, tabId);
  }
  if (message.type !== "content→background:status") return undefined;
  const tabId = sender.tab?.id;
  if (tabId === undefined) return undefined;
  const color =
    message.status.state === "stopped"
      ? "#b00"
      : message.status.siteEnabled === false
        ? "#888"
        : "#c33";
  void browser.action.setBadgeBackgroundColor({ tabId, color }).catch(() => {});
  void browser.action.setBadgeText({ tabId, text: badgeText(message.status) }).catch(() => {});
  const status = reasonWorded(message.status, (key) => browser.i18n.getMessage(key));
  const stored: StoredTabStatus = { url: sender.url ?? "", status, at: Date.now() };
  void browser.storage.session.set({ [tabStatusKey(tabId)]: stored }).catch(() => {});
  return undefined;
});

browser.tabs.onRemoved.addListener((tabId: number) => {
  void browser.storage.session.remove([tabStatusKey(tabId), placesKey(tabId)]).catch(() => {});
  void browser.declarativeNetRequest
    ?.updateSessionRules({ removeRuleIds: [frameRuleId(tabId)] })
    .catch(() => {});
});

const syncInTurn = wakeAtLoadSyncer(browser.scripting, async () => {
  const stored = await browser.storage.sync.get(MODE_KEYS.ownScroll).catch(() => ({}));
  return entrySettings(stored).ownScrollOffSites;
});

/**
 * Register the wake-at-load script for the hosts where the reader turned "leave it alone"
 * off (../src/wake/wake-at-load.ts): there the entry must decide before the site's own
 * scroll appends anything. Run at every start of the background and whenever that list
 * changes, one run at a time (a quick off and on again must end registered).
 * @returns the match patterns registered ([] for none, or when the browser refused them)
 */
export function syncWakeAtLoadSites(): Promise<string[]> {
  return syncInTurn().catch((e: unknown) => {
    console.warn("tsugi: could not register the wake-at-load sites", e);
    return [];
  });
}

void syncWakeAtLoadSites();
browser.storage.onChanged.addListener((changes: Record<string, unknown>, area: string) => {
  if (area === "sync" && MODE_KEYS.ownScroll in changes) void syncWakeAtLoadSites();
});

// Tests reach the command handler through the worker (synthetic key presses do not
// reach the browser's shortcut handling in every headless mode).
(globalThis as { tsugiRunCommand?: typeof runCommand }).tsugiRunCommand = runCommand;
