/**
 * Sites whose entry wakes at load. The sleeping entry (content/index.ts) waits
 * for the reader to near the end, and reads no setting before it wakes. On a site with
 * its own infinite scroll where the reader turned "leave it alone" off, that wait loses
 * the race: the reader's scroll makes the site append its page 2 before tsugi has looked
 * at page 1, and tsugi then finds its page 2 already shown and stops. For those hosts the
 * background registers a one-line content script ({@link WAKE_AT_LOAD_FILE}, at
 * `document_start`) that marks the isolated world; the entry, finding the mark, wakes at
 * load as every entry did before it slept. Other pages pay nothing for it.
 */

/** The isolated-world global the registered script sets on the hosts that wake at load. */
export const WAKE_AT_LOAD_GLOBAL = "tsugiWakeAtLoad";

/** Path of the registered script inside the built extension (`dist/`). */
export const WAKE_AT_LOAD_FILE = "content/wake-at-load.js";

/** Id of the registration (`scripting.registerContentScripts`). */
export const WAKE_AT_LOAD_ID = "tsugi-wake-at-load";

/** Mark this isolated world: its entry wakes at load (the registered script's whole work). */
export function askWakeAtLoad(): void {
  (globalThis as Record<string, unknown>)[WAKE_AT_LOAD_GLOBAL] = true;
}

/**
 * Whether the registered script marked this isolated world.
 * @returns true on a host that wakes at load
 */
export function wakeAtLoadAsked(): boolean {
  return (globalThis as Record<string, unknown>)[WAKE_AT_LOAD_GLOBAL] === true;
}

/** A host as match patterns can name it: letters, digits, dots and hyphens (IDNs come
 * punycoded from `URL.host`); IPv6 literals and anything else are left out. */
const PATTERN_HOST = /^[a-z0-9.-]+$/;

/**
 * Match patterns for the hosts that wake at load. A match pattern has no port, so a host
 * stored with one (`127.0.0.1:8080`) matches that host on every port: there the entry only
 * wakes early, and still applies the reader's settings for the exact host.
 *
 * @param hosts stored site keys (`siteOf`: host, lower-cased, port kept)
 * @returns `*://host/*` patterns, sorted, without duplicates or unusable hosts
 */
export function wakeAtLoadMatches(hosts: readonly string[]): string[] {
  const names = new Set<string>();
  for (const h of hosts) {
    const name = h.toLowerCase().replace(/:\d+$/, "");
    if (name !== "" && PATTERN_HOST.test(name)) names.add(name);
  }
  return [...names].sort().map((n) => `*://${n}/*`);
}

/** The part of `scripting` the registration uses (webextension-polyfill or `chrome` in MV3). */
export interface ScriptRegistry {
  getRegisteredContentScripts(filter?: {
    ids?: string[];
  }): Promise<{ id: string; matches?: string[] }[]>;
  registerContentScripts(
    scripts: {
      id: string;
      matches: string[];
      js: string[];
      runAt: "document_start";
      allFrames: boolean;
    }[],
  ): Promise<void>;
  unregisterContentScripts(filter?: { ids?: string[] }): Promise<void>;
}

/**
 * Keep the registration in step with the hosts: registered with their patterns, or not at
 * all when there are none. A registration with the same patterns is left as it is (the
 * background runs this at every start).
 *
 * @param registry `browser.scripting`
 * @param hosts the hosts whose entry wakes at load
 * @returns the patterns registered now ([] for none)
 * @throws whatever the registry throws (a pattern the browser refuses included)
 */
export async function syncWakeAtLoad(
  registry: ScriptRegistry,
  hosts: readonly string[],
): Promise<string[]> {
  const matches = wakeAtLoadMatches(hosts);
  const [current] = await registry.getRegisteredContentScripts({ ids: [WAKE_AT_LOAD_ID] });
  if (current && (current.matches ?? []).join(" ") === matches.join(" ")) return matches;
  if (current) await registry.unregisterContentScripts({ ids: [WAKE_AT_LOAD_ID] });
  if (matches.length === 0) return [];
  await registry.registerContentScripts([
    {
      id: WAKE_AT_LOAD_ID,
      matches,
      js: [WAKE_AT_LOAD_FILE],
      runAt: "document_start",
      allFrames: false,
    },
  ]);
  return matches;
}

/**
 * One {@link syncWakeAtLoad} at a time, each reading the hosts when its turn comes. The
 * background syncs on every change of the setting; two syncs run side by side interleave
 * their calls to the registry (the first reads no hosts and unregisters, the second reads
 * the host back, still sees it registered and leaves it), and a host the reader has just
 * added loses its registration.
 *
 * @param registry `browser.scripting`
 * @param readHosts the hosts whose entry wakes at load, read from the settings
 * @returns a function that queues one sync and resolves to its registered patterns; it
 *   rejects with what that sync threw, and the next sync runs all the same
 */
export function wakeAtLoadSyncer(
  registry: ScriptRegistry,
  readHosts: () => Promise<readonly string[]>,
): () => Promise<string[]> {
  let last: Promise<unknown> = Promise.resolve();
  return () => {
    const turn = last.then(async () => syncWakeAtLoad(registry, await readHosts()));
    last = turn.catch(() => {});
    return turn;
  };
}
