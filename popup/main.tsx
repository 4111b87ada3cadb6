import { render } from "preact";
import browser from "webextension-polyfill";
import type { PopupToContent } from "../src/messages";
import type { TabStatus } from "../src/status";
import { Popup, type PopupApi } from "./Popup";

async function send(message: PopupToContent): Promise<TabStatus | null> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) return null;
  // No content script (chrome:// pages, the store): no status.
  return (await browser.tabs.sendMessage(tab.id, message).catch(() => null)) as TabStatus | null;
}

const api: PopupApi = {
  getStatus: () => send({ type: "popup→content:get-status" }),
  nextPage: () => send({ type: "popup→content:next-page" }),
  t: (key) => browser.i18n.getMessage(key) || key,
};

render(<Popup api={api} />, document.getElementById("app") as HTMLElement);
