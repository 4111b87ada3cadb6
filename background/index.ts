/**
 * Background (service worker in Chromium, event page in Firefox): keeps the
 * toolbar badge in step with each tab's pager, and the last status of each tab
 * in `storage.session` (extension-only, gone with the browser session) for the
 * `tsugi` command and the tests, so pages themselves carry no tsugi markers.
 */
import browser, { type Runtime } from "webextension-polyfill";
import { isMessage } from "../src/messages";
import type { TabStatus } from "../src/status";
import { type StoredTabStatus, tabStatusKey } from "../src/tab-status";

/** Badge text for a tab: pages shown when something was joined, else nothing. */
export function badgeText(status: TabStatus): string {
  return status.pages > 1 ? String(status.pages) : "";
}

browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
  if (!isMessage(message) || message.type !== "content→background:status") return undefined;
  const tabId = sender.tab?.id;
  if (tabId === undefined) return undefined;
  const color = message.status.state === "stopped" ? "#b00" : "#c33";
  void browser.action.setBadgeBackgroundColor({ tabId, color }).catch(() => {});
  void browser.action.setBadgeText({ tabId, text: badgeText(message.status) }).catch(() => {});
  const stored: StoredTabStatus = { url: sender.url ?? "", status: message.status, at: Date.now() };
  void browser.storage.session.set({ [tabStatusKey(tabId)]: stored }).catch(() => {});
  return undefined;
});

browser.tabs.onRemoved.addListener((tabId: number) => {
  void browser.storage.session.remove(tabStatusKey(tabId)).catch(() => {});
});
