import { afterEach, describe, expect, it, vi } from "vitest";
import { entryApi, listenForMessages, POLYFILL_REJECT } from "./entry-api";

type Listener = (message: unknown, sender: unknown, sendResponse: (r: unknown) => void) => unknown;

/** A namespace object whose onMessage keeps its listeners, and counts reads of it. */
function fakeNamespace() {
  const listeners: Listener[] = [];
  const reads = { count: 0 };
  const runtime = {
    id: "ext",
    onMessage: { addListener: (l: Listener) => listeners.push(l) },
  };
  const ns = {
    get runtime() {
      reads.count++;
      return runtime;
    },
    storage: {},
    i18n: {},
  };
  return { ns, listeners, reads };
}

const g = globalThis as Record<string, unknown>;

afterEach(() => {
  delete g.browser;
  delete g.chrome;
});

describe("entryApi", () => {
  it("takes `browser` where the browser has it and never reads `chrome` then", () => {
    const b = fakeNamespace();
    const c = fakeNamespace();
    g.browser = b.ns;
    g.chrome = c.ns;
    expect(entryApi()).toBe(b.ns);
    expect(c.reads.count).toBe(0);
  });

  it("falls back to `chrome` on a browser without the `browser` namespace", () => {
    const c = fakeNamespace();
    g.chrome = c.ns;
    expect(entryApi()).toBe(c.ns);
  });

  it("throws outside an extension", () => {
    expect(() => entryApi()).toThrow(/no extension API/);
  });
});

describe("listenForMessages", () => {
  it("under `browser`, hands the handler's promise to the browser as it is", async () => {
    const b = fakeNamespace();
    g.browser = b.ns;
    listenForMessages((m) => Promise.resolve({ echo: m }));
    const send = vi.fn();
    const returned = b.listeners[0]?.("hi", {}, send);
    await expect(returned).resolves.toEqual({ echo: "hi" });
    expect(send).not.toHaveBeenCalled();
  });

  it("under `chrome`, answers through sendResponse and keeps the channel open", async () => {
    const c = fakeNamespace();
    g.chrome = c.ns;
    listenForMessages((m) => Promise.resolve({ echo: m }));
    const answered = new Promise((res) => {
      expect(c.listeners[0]?.("hi", {}, res)).toBe(true);
    });
    await expect(answered).resolves.toEqual({ echo: "hi" });
  });

  it("under `chrome`, a failed handler reaches the sender as the polyfill's rejection", async () => {
    const c = fakeNamespace();
    g.chrome = c.ns;
    listenForMessages(() => Promise.reject(new Error("boom")));
    const answered = new Promise((res) => c.listeners[0]?.("x", {}, res));
    await expect(answered).resolves.toEqual({ [POLYFILL_REJECT]: true, message: "boom" });
  });

  it("under `chrome`, a message the handler leaves is answered with nothing at once", () => {
    const c = fakeNamespace();
    g.chrome = c.ns;
    listenForMessages(() => undefined);
    const send = vi.fn();
    c.listeners[0]?.("x", {}, send);
    expect(send).toHaveBeenCalledWith(undefined);
  });
});
