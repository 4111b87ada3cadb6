import { afterEach, describe, expect, it } from "vitest";
import { installWake, sendWaking, WAKE_GLOBAL, type WakingApi, wakeInTab } from "./wake";

const g = globalThis as Record<string, unknown>;
afterEach(() => {
  delete g[WAKE_GLOBAL];
});

/** A tab whose entry listens only once `awake`, and whose executeScript runs `func` here. */
function fakeTab(hasEntry: boolean) {
  const calls: string[] = [];
  let awake = false;
  if (hasEntry)
    installWake(async () => {
      awake = true;
      return true;
    });
  const api: WakingApi = {
    tabs: {
      sendMessage: async (_id, message) => {
        calls.push("send");
        if (!awake)
          throw new Error("Could not establish connection. Receiving end does not exist.");
        return { echo: message };
      },
    },
    scripting: {
      executeScript: async ({ func }) => {
        calls.push("wake");
        return [{ result: await func() }];
      },
    },
  };
  return { api, calls, wake: () => (awake = true) };
}

describe("wakeInTab", () => {
  it("calls the installed wake function under the global wake.ts names", async () => {
    let woke = 0;
    installWake(async () => {
      woke++;
      return true;
    });
    expect(await wakeInTab()).toBe(true);
    expect(woke).toBe(1);
  });

  it("answers false where no entry installed one", () => {
    expect(wakeInTab()).toBe(false);
  });
});

describe("sendWaking", () => {
  it("sends once when the entry already listens", async () => {
    const tab = fakeTab(true);
    tab.wake();
    expect(await sendWaking(tab.api, 1, "m")).toEqual({ echo: "m" });
    expect(tab.calls).toEqual(["send"]);
  });

  it("wakes a sleeping entry and asks again", async () => {
    const tab = fakeTab(true);
    expect(await sendWaking(tab.api, 1, "m")).toEqual({ echo: "m" });
    expect(tab.calls).toEqual(["send", "wake", "send"]);
  });

  it("gives null where no entry runs, without asking twice", async () => {
    const tab = fakeTab(false);
    expect(await sendWaking(tab.api, 1, "m")).toBeNull();
    expect(tab.calls).toEqual(["send", "wake"]);
  });

  it("gives null where the page may not be scripted", async () => {
    const tab = fakeTab(true);
    tab.api.scripting.executeScript = async () => {
      throw new Error("Cannot access contents of the page");
    };
    expect(await sendWaking(tab.api, 1, "m")).toBeNull();
  });
});
