/**
 * Content script: detect on the live page at idle time, then hand over to the
 * pager. Reports status to the background (badge) and answers the popup.
 */
import browser from "webextension-polyfill";
import { detect } from "../src/detect/detect";
import { isMessage } from "../src/messages";
import { Pager, pagerStart } from "../src/pager/pager";
import { mergeSettings } from "../src/settings";
import { INITIAL_STATUS, type TabStatus } from "../src/status";

let status: TabStatus = { ...INITIAL_STATUS };
let pager: Pager | null = null;

function report(next: TabStatus): void {
  status = next;
  browser.runtime.sendMessage({ type: "content→background:status", status: next }).catch(() => {
    // The background may be asleep or reloading; the popup asks again anyway.
  });
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 50);
  });
}

async function main(): Promise<void> {
  // Only real documents: not SVG, JSON or plain-text views.
  if (!/html/.test(document.contentType) || !document.body) {
    report({
      ...INITIAL_STATUS,
      state: "off",
      reason: `Not a web page (${document.contentType}).`,
    });
    return;
  }
  const settings = mergeSettings(await browser.storage.sync.get(null).catch(() => ({})));
  await whenIdle();
  const found = detect(document, location.href);
  const start = pagerStart(found, location.href);
  if (!start) {
    report({
      ...INITIAL_STATUS,
      state: "no-next",
      reason: found.next.url ? "No page element found on this page." : "No next link on this page.",
      nextScore: found.next.score,
      detectMs: found.ms,
    });
    return;
  }
  pager = new Pager(document, start, settings, report);
  pager.attach();
}

browser.runtime.onMessage.addListener((message: unknown) => {
  if (!isMessage(message)) return undefined;
  switch (message.type) {
    case "popup→content:get-status":
      return Promise.resolve(status);
    case "popup→content:next-page":
      return (pager?.loadNext() ?? Promise.resolve()).then(() => status);
    default:
      return undefined;
  }
});

main().catch((e) => {
  report({ ...INITIAL_STATUS, state: "stopped", reason: `tsugi failed: ${String(e)}` });
});
