import { render } from "preact";
import browser from "webextension-polyfill";
import type { ExportFile, PopupToContent } from "../src/messaging/messages";
import type { TabStatus } from "../src/messaging/status";
import { pickedRuleOf, withoutPickedRule } from "../src/picker/picked-rule";
import { askResume, updateSerialPlaces } from "../src/place/serial-place";
import { withChapterSite } from "../src/reader/chapter-switch";
import {
  CORRECTIONS_KEY,
  correctionsFor,
  forgetCorrections,
  parseCorrections,
} from "../src/reader/corrections";
import { mergeSettings } from "../src/reader/settings";
import { MODE_KEYS, withSiteMode } from "../src/reader/site-modes";
import { parseSiteRules, SITE_RULES_KEY } from "../src/reader/site-rules";
import { withSite } from "../src/reader/site-switch";
import { sendWaking } from "../src/wake/wake";
import { Popup, type PopupApi } from "./Popup";

/** The tab the popup controls: the active tab, or `?tab=ID` when the popup is
 * opened as a page of its own (the end-to-end tests do that). */
async function tabId(): Promise<number | undefined> {
  const forced = Number(new URLSearchParams(location.search).get("tab"));
  if (Number.isInteger(forced) && forced > 0) return forced;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

async function send<T = TabStatus>(message: PopupToContent): Promise<T | null> {
  const id = await tabId();
  if (id === undefined) return null;
  // No content script (chrome:// pages, the store): no status. A sleeping entry is woken.
  return sendWaking<T>(browser, id, message);
}

/** Localized UI: every string goes through browser.i18n (keys in public/_locales). */
function t(key: string, substitutions?: string[]): string {
  return browser.i18n.getMessage(key, substitutions) || key;
}

/** How long "Continue at" waits for the chapter to load before waking it, ms. */
const CONTINUE_WAIT_MS = 15_000;

/** Resolves once tab `id` has loaded (or after `ms`). */
function loaded(id: number, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      browser.tabs.onUpdated.removeListener(onUpdated);
      resolve();
    };
    const onUpdated = (tab: number, change: { status?: string }) => {
      if (tab === id && change.status === "complete") done();
    };
    const timer = setTimeout(done, ms);
    browser.tabs.onUpdated.addListener(onUpdated);
  });
}

/** Base64 text as bytes. */
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

const api: PopupApi = {
  getStatus: () => send({ type: "popup→content:get-status" }),
  nextPage: () => send({ type: "popup→content:next-page" }),
  loadMore: (count) => send({ type: "popup→content:load-more", count }),
  stop: () => send({ type: "popup→content:stop" }),
  fetchAll: () => send({ type: "popup→content:fetch-all" }),
  exportArticle: (format, book) =>
    send<ExportFile>({ type: "popup→content:export", format, ...(book ? { book } : {}) }),
  async setSiteEnabled(site, on) {
    const { disabledSites } = mergeSettings(await browser.storage.sync.get("disabledSites"));
    await browser.storage.sync.set({
      disabledSites: withSite(disabledSites, `http://${site}/`, on),
    });
  },
  async setSiteMode(site, mode, on) {
    const stored = mergeSettings(await browser.storage.sync.get(Object.values(MODE_KEYS)));
    await browser.storage.sync.set(withSiteMode(stored, mode, `http://${site}/`, on));
  },
  async setChapters(site, on) {
    const stored = mergeSettings(await browser.storage.sync.get("chapterSites"));
    await browser.storage.sync.set(withChapterSite(stored, `http://${site}/`, on));
  },
  download(file) {
    // A book comes as base64 (messages carry text), in volumes when split.
    for (const part of [file, ...(file.more ?? [])]) {
      const body = file.encoding === "base64" ? fromBase64(part.content) : part.content;
      const url = URL.createObjectURL(new Blob([body], { type: file.mime }));
      const a = document.createElement("a");
      a.href = url;
      a.download = part.filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    }
  },
  copy: (text) => navigator.clipboard.writeText(text),
  openOptions: () => {
    void browser.runtime.openOptionsPage();
  },
  pick: (target) => send({ type: "popup→content:pick", target }),
  close: () => window.close(),
  async taught(site) {
    const local = await browser.storage.local.get([SITE_RULES_KEY, CORRECTIONS_KEY]);
    const rules = parseSiteRules(local[SITE_RULES_KEY] ?? []).rules;
    return {
      pickedRule: pickedRuleOf(rules, site) !== undefined,
      corrections: correctionsFor(parseCorrections(local[CORRECTIONS_KEY]), site).length,
    };
  },
  async removePickedRule(site) {
    const local = await browser.storage.local.get(SITE_RULES_KEY);
    const rules = parseSiteRules(local[SITE_RULES_KEY] ?? []).rules;
    await browser.storage.local.set({ [SITE_RULES_KEY]: withoutPickedRule(rules, site) });
  },
  async forgetCorrections(site) {
    const local = await browser.storage.local.get(CORRECTIONS_KEY);
    const list = parseCorrections(local[CORRECTIONS_KEY]);
    await browser.storage.local.set({ [CORRECTIONS_KEY]: forgetCorrections(list, site) });
  },
  async continueAt(url) {
    const id = await tabId();
    if (id === undefined) return;
    await updateSerialPlaces(browser.storage.local, (places) => askResume(places, url));
    // The chapter's entry sleeps until asked: wake it once the page has loaded, so that it
    // scrolls back to the place.
    const ready = loaded(id, CONTINUE_WAIT_MS);
    await browser.tabs.update(id, { url });
    await ready;
    await send({ type: "popup→content:get-status" });
  },
  t,
};

document.documentElement.lang = browser.i18n.getUILanguage();
render(<Popup api={api} />, document.getElementById("app") as HTMLElement);
