import { afterEach, describe, expect, it } from "vitest";
import {
  askWakeAtLoad,
  type ScriptRegistry,
  syncWakeAtLoad,
  WAKE_AT_LOAD_FILE,
  WAKE_AT_LOAD_GLOBAL,
  WAKE_AT_LOAD_ID,
  wakeAtLoadAsked,
  wakeAtLoadMatches,
  wakeAtLoadSyncer,
} from "./wake-at-load";

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[WAKE_AT_LOAD_GLOBAL];
});

describe("wakeAtLoadAsked", () => {
  it("is false until the registered script marks the world", () => {
    expect(wakeAtLoadAsked()).toBe(false);
    askWakeAtLoad();
    expect(wakeAtLoadAsked()).toBe(true);
  });
});

describe("wakeAtLoadMatches", () => {
  it("names each host once, without its port, and leaves out what no pattern can name", () => {
    expect(
      wakeAtLoadMatches(["www.example.com", "127.0.0.1:8080", "127.0.0.1:9090", "[::1]:80", ""]),
    ).toEqual(["*://127.0.0.1/*", "*://www.example.com/*"]);
    expect(wakeAtLoadMatches([])).toEqual([]);
  });
});

/** A registry that keeps its scripts in memory and records every change. */
function fakeRegistry() {
  const scripts = new Map<string, { id: string; matches: string[]; js: string[] }>();
  const changes: string[] = [];
  const registry: ScriptRegistry = {
    getRegisteredContentScripts: async (filter) =>
      [...scripts.values()].filter((s) => !filter?.ids || filter.ids.includes(s.id)),
    registerContentScripts: async (list) => {
      for (const s of list) {
        if (scripts.has(s.id)) throw new Error(`Duplicate script ID '${s.id}'`);
        scripts.set(s.id, s);
        changes.push(`register ${s.matches.join(" ")}`);
      }
    },
    unregisterContentScripts: async (filter) => {
      for (const id of filter?.ids ?? [...scripts.keys()]) {
        scripts.delete(id);
        changes.push(`unregister ${id}`);
      }
    },
  };
  return { registry, scripts, changes };
}

describe("syncWakeAtLoad", () => {
  it("registers the script for the hosts, replaces it when they change and drops it for none", async () => {
    const { registry, scripts, changes } = fakeRegistry();
    expect(await syncWakeAtLoad(registry, [])).toEqual([]);
    expect(scripts.size).toBe(0);

    expect(await syncWakeAtLoad(registry, ["a.example"])).toEqual(["*://a.example/*"]);
    expect(scripts.get(WAKE_AT_LOAD_ID)).toMatchObject({
      matches: ["*://a.example/*"],
      js: [WAKE_AT_LOAD_FILE],
      runAt: "document_start",
    });

    await syncWakeAtLoad(registry, ["b.example", "a.example"]);
    expect(scripts.get(WAKE_AT_LOAD_ID)?.matches).toEqual(["*://a.example/*", "*://b.example/*"]);

    await syncWakeAtLoad(registry, []);
    expect(scripts.size).toBe(0);
    expect(changes).toEqual([
      "register *://a.example/*",
      `unregister ${WAKE_AT_LOAD_ID}`,
      "register *://a.example/* *://b.example/*",
      `unregister ${WAKE_AT_LOAD_ID}`,
    ]);
  });

  it("leaves a registration with the same patterns alone (the background syncs at every start)", async () => {
    const { registry, changes } = fakeRegistry();
    await syncWakeAtLoad(registry, ["a.example:8080"]);
    await syncWakeAtLoad(registry, ["a.example"]);
    expect(changes).toEqual(["register *://a.example/*"]);
  });

  it("passes on what the browser refuses", async () => {
    const { registry } = fakeRegistry();
    registry.registerContentScripts = async () => {
      throw new Error("Invalid url pattern");
    };
    await expect(syncWakeAtLoad(registry, ["a.example"])).rejects.toThrow(/Invalid url pattern/);
  });
});

describe("wakeAtLoadSyncer", () => {
  it("ends registered for the hosts of the last change when changes come faster than syncs", async () => {
    const { registry, scripts } = fakeRegistry();
    await syncWakeAtLoad(registry, ["a.example"]);
    let hosts: string[] = ["a.example"];
    // As storage.sync.get does: the hosts as they are when read, answered later.
    const sync = wakeAtLoadSyncer(registry, () => Promise.resolve([...hosts]));
    hosts = [];
    const off = sync();
    hosts = ["a.example"];
    const on = sync();
    await off;
    expect(await on).toEqual(["*://a.example/*"]);
    expect(scripts.get(WAKE_AT_LOAD_ID)?.matches).toEqual(["*://a.example/*"]);
  });

  it("runs the next sync after one the browser refused", async () => {
    const { registry, scripts } = fakeRegistry();
    const register = registry.registerContentScripts;
    registry.registerContentScripts = async () => {
      registry.registerContentScripts = register;
      throw new Error("Invalid url pattern");
    };
    const sync = wakeAtLoadSyncer(registry, async () => ["b.example"]);
    const refused = sync();
    const next = sync();
    await expect(refused).rejects.toThrow(/Invalid url pattern/);
    expect(await next).toEqual(["*://b.example/*"]);
    expect(scripts.get(WAKE_AT_LOAD_ID)?.matches).toEqual(["*://b.example/*"]);
  });
});
