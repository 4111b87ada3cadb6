import type { TabStatus } from "./status";

/** What the background keeps per tab in `storage.session`. */
export interface StoredTabStatus {
  /** URL of the page that reported (the content script's frame). */
  url: string;
  status: TabStatus;
  /** When it was reported, ms since the epoch. */
  at: number;
}

const KEY_PREFIX = "tab-status:";

/** `storage.session` key of a tab's status. */
export function tabStatusKey(tabId: number): string {
  return `${KEY_PREFIX}${tabId}`;
}

/**
 * The latest status reported by a page at `url`, from a `storage.session` dump.
 * @returns null when no page at that URL has reported yet
 */
export function latestStatusFor(items: Record<string, unknown>, url: string): TabStatus | null {
  let best: StoredTabStatus | null = null;
  for (const [key, value] of Object.entries(items)) {
    if (!key.startsWith(KEY_PREFIX)) continue;
    const v = value as StoredTabStatus;
    if (v.url === url && (!best || v.at > best.at)) best = v;
  }
  return best?.status ?? null;
}
