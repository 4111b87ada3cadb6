/**
 * The contract between the gate stage (content/entry.ts, injected when the entry wakes) and the
 * detector script (content/detector.ts: features, the next-link forest, the pager), which the
 * gate stage loads (./load-detector.ts) only when the gate opens or the reader asks. Both run in
 * the same isolated world of the same frame, so the detector hands its API to the entry
 * through one global of that world; the page's own scripts cannot see it.
 */
import type { EarlyOwnScroll } from "../features/own-scroll";
import type { Recalled } from "../messaging/joined-place";
import type { Message } from "../messaging/messages";
import type { DetectorLoad } from "../messaging/status";
import type { GateResult } from "./gate";

/** Name of the isolated-world global under which the detector script leaves its API. */
export const DETECTOR_GLOBAL = "tsugiDetector";

/** Path of the detector script inside the built extension (`dist/`). */
export const DETECTOR_FILE = "content/detector.js";

/** What the entry already knows when it starts the detector. */
export interface DetectorStart {
  /** `storage.sync` as the entry read it (the reader's settings, unchecked: the detector
   * merges them over the defaults, ../reader/settings.ts). */
  sync: unknown;
  /** `storage.local`'s reader rules and learned rules, as the entry read them. */
  local: Record<string, unknown>;
  /** The gate's decision; `pass: false` when the reader asked on a page the gate closed. */
  gate: GateResult;
  /** The reader came back (Back, Forward, Reload) to a page whose joined pages and place
   * the background remembered: join them again and return there. */
  restore?: Recalled;
  /** How the detector script came (./load-detector.ts), for the status. */
  loadedAs?: DetectorLoad;
  /** The watch for the site's own scrolling that the entry began on waking
   * (../features/own-scroll.ts), for the detector to take over: the site's answer to a
   * scroll made while the detector was loading. */
  ownScroll?: EarlyOwnScroll;
}

/** The detector script's side of the contract. */
export interface DetectorApi {
  /** Detect on the page (or apply a rule) and hand over to the pager; resolves when the
   * tab's first status is known. Never rejects: failures become a "stopped" status. */
  start(ctx: DetectorStart): Promise<void>;
  /** Answer a popup or background message, as `runtime.onMessage` listeners do:
   * a promise of the reply, or undefined for messages it does not take. */
  handle(message: Message): Promise<unknown> | undefined;
}

/**
 * The detector's API in this isolated world, once its script has run.
 *
 * @returns the API, or null before injection
 */
export function installedDetector(): DetectorApi | null {
  const api = (globalThis as Record<string, unknown>)[DETECTOR_GLOBAL];
  return api && typeof (api as DetectorApi).handle === "function" ? (api as DetectorApi) : null;
}

/**
 * Leave the detector's API for the entry (called once by content/detector.ts).
 *
 * @param api the detector's API
 */
export function installDetector(api: DetectorApi): void {
  (globalThis as Record<string, unknown>)[DETECTOR_GLOBAL] = api;
}
