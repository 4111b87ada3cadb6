/**
 * The extension API of the content entry (the one script that runs on every page) and its gate stage
 *, without webextension-polyfill. The polyfill reads both `chrome` and
 * `browser`, and the first touch of each namespace in a content script's world builds
 * its bindings: in the page-cost bench (Chromium 150, 17 pages without a next link)
 * touching both added 1.8 ms of script per page against 0.7 ms for `browser` alone, more
 * than half of the entry's 2 ms budget. Firefox, and Chromium since it has the `browser`
 * namespace, answer with promises everywhere, onMessage listeners included, so the
 * entry needs no wrapper there; on an older Chromium only `chrome` exists, whose
 * onMessage listeners answer through `sendResponse` ({@link listenForMessages}). The
 * detector script uses it too (it has no onMessage listener of its own); the background,
 * popup and options page, which do not run in pages, keep the polyfill.
 */
import type { Browser } from "webextension-polyfill";

/** The part of the extension API the content entry uses. */
export type EntryApi = Pick<Browser, "runtime" | "storage" | "i18n">;

interface Namespaces {
  browser?: EntryApi;
  chrome?: EntryApi;
}

/** The page's one namespace: `browser` where the browser has it, else `chrome`. */
function namespace(): { api: EntryApi; promises: boolean } {
  const g = globalThis as Namespaces;
  if (g.browser?.runtime?.id) return { api: g.browser, promises: true };
  if (g.chrome?.runtime?.id) return { api: g.chrome, promises: false };
  throw new Error("no extension API here: not in a content script");
}

/**
 * The entry's extension API (`runtime.sendMessage`, `storage.*.get`, `i18n.getMessage`
 * return or answer as the polyfill's do: Manifest V3's `chrome` namespace returns
 * promises for these too).
 * @throws Error outside an extension context
 */
export function entryApi(): EntryApi {
  return namespace().api;
}

/**
 * The marker webextension-polyfill's senders turn back into a rejection (its
 * `wrapAsyncFunction` on Chromium), for a handler that failed under `chrome`.
 */
export const POLYFILL_REJECT = "__mozWebExtensionPolyfillReject__";

/**
 * Answer runtime messages with a handler that returns the answer's promise, or undefined
 * for a message it leaves to others.
 * @param handler gets the message; a rejected promise rejects the sender's `sendMessage`
 * @throws Error outside an extension context
 */
export function listenForMessages(
  handler: (message: unknown) => Promise<unknown> | undefined,
): void {
  const { api, promises } = namespace();
  if (promises) {
    api.runtime.onMessage.addListener((message: unknown) => handler(message));
    return;
  }
  api.runtime.onMessage.addListener((message: unknown, _sender, sendResponse): true => {
    const answer = handler(message);
    // Nothing to say: answer at once so the sender does not wait for the channel to close.
    if (!answer) sendResponse(undefined);
    else
      answer.then(sendResponse, (e: unknown) =>
        sendResponse({
          [POLYFILL_REJECT]: true,
          message: e instanceof Error ? e.message : String(e),
        }),
      );
    return true;
  });
}
