/**
 * Waking a sleeping entry from the extension's side (issue 13). Until the reader nears the
 * page's end (./near-end.ts) the entry touches no extension API, so it has no message
 * listener yet; the popup, a keyboard command or `tsugi join` that finds no listener wakes
 * it with `scripting.executeScript`, whose function runs in the content script's own
 * isolated world (where the detector script also lands), then asks again.
 */

/** The isolated-world global the entry installs; pages cannot see it. */
export const WAKE_GLOBAL = "tsugiWake";

type WakeFn = () => Promise<boolean>;

/**
 * Install the entry's wake function (in the content script's world).
 * @param wake runs the entry's decision now; resolves when the entry answers messages
 */
export function installWake(wake: WakeFn): void {
  (globalThis as Record<string, unknown>)[WAKE_GLOBAL] = wake;
}

/**
 * Injected by `scripting.executeScript`, so it must name its global itself: functions
 * are sent as source, without the module around them.
 * @returns true when an entry was there and woke
 */
export function wakeInTab(): Promise<boolean> | boolean {
  const wake = (globalThis as { tsugiWake?: () => Promise<boolean> }).tsugiWake;
  return wake ? wake() : false;
}

/** The two extension APIs waking needs (webextension-polyfill or `chrome` in MV3). */
export interface WakingApi {
  tabs: { sendMessage(tabId: number, message: unknown): Promise<unknown> };
  scripting: {
    executeScript(injection: {
      target: { tabId: number };
      func: () => unknown;
    }): Promise<Array<{ result?: unknown }>>;
  };
}

/**
 * Send a message to a tab's entry, waking it first when it is still asleep.
 *
 * @param api the extension's `tabs` and `scripting`
 * @param tabId the tab
 * @param message a message the entry answers (../messaging/messages.ts)
 * @returns the entry's answer, or null where no entry runs (a browser page, the store,
 *   a tab without host access) or it failed
 */
export async function sendWaking<T>(
  api: WakingApi,
  tabId: number,
  message: unknown,
): Promise<T | null> {
  const first = await api.tabs.sendMessage(tabId, message).then(
    (answer) => ({ answer }),
    () => null,
  );
  if (first) return first.answer as T;
  const woke = await api.scripting
    .executeScript({ target: { tabId }, func: wakeInTab })
    .then((results) => results[0]?.result === true)
    .catch(() => false);
  if (!woke) return null;
  return (await api.tabs.sendMessage(tabId, message).catch(() => null)) as T | null;
}
