/**
 * Waking the sleeping entry. Until the reader nears the page's end
 * (./near-end.ts) the entry on every page (content/index.ts) touches no extension API and
 * holds no gate: it has no message listener yet. Waking, it has the background inject the
 * gate stage (content/entry.ts, {@link ENTRY_FILE}), which hands back its wake function
 * through one global of the isolated world, as the detector script does
 * (../gate/detector-api.ts). The popup, a keyboard command or `tsugi join` that finds no
 * listener wakes it with `scripting.executeScript`, whose function runs in that same
 * isolated world, then asks again. Pages cannot see either global.
 */

/** The isolated-world global under which the entry on every page leaves its wake function. */
export const WAKE_GLOBAL = "tsugiWake";

/** The isolated-world global under which the gate stage leaves its API. */
export const ENTRY_GLOBAL = "tsugiEntry";

/** Path of the gate stage's script inside the built extension (`dist/`). */
export const ENTRY_FILE = "content/entry.js";

type WakeFn = () => Promise<boolean>;

/** The gate stage's side: decide now, answer messages from then on. */
export interface EntryStage {
  /**
   * @param asked a reader's request woke it (no wait for the page's idle time)
   * @returns resolves once the entry has decided and answers messages
   */
  wake(asked: boolean): Promise<boolean>;
}

/**
 * Install the entry's wake function (in the content script's world).
 * @param wake wakes the entry; resolves true when it answers messages, false when it could not
 */
export function installWake(wake: WakeFn): void {
  (globalThis as Record<string, unknown>)[WAKE_GLOBAL] = wake;
}

/**
 * Leave the gate stage's API for the entry (called once by content/entry.ts).
 * @param stage the gate stage
 */
export function installEntry(stage: EntryStage): void {
  (globalThis as Record<string, unknown>)[ENTRY_GLOBAL] = stage;
}

/**
 * The gate stage's API in this isolated world, once its script has run.
 * @returns the API, or null before injection
 */
export function installedEntry(): EntryStage | null {
  const stage = (globalThis as Record<string, unknown>)[ENTRY_GLOBAL];
  return stage && typeof (stage as EntryStage).wake === "function" ? (stage as EntryStage) : null;
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
