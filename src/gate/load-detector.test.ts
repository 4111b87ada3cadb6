import { afterEach, describe, expect, it } from "vitest";
import { DETECTOR_FILE, DETECTOR_GLOBAL, type DetectorApi, installDetector } from "./detector-api";
import { type DetectorLoaders, loadDetectorScript } from "./load-detector";

const api = (): DetectorApi => ({ start: async () => {}, handle: () => undefined });

/** Loaders that record their calls; each way installs the detector when told to. */
function loaders(opts: { imports: "installs" | "throws" | "nothing"; injects: boolean }) {
  const calls: string[] = [];
  const l: DetectorLoaders = {
    resourceUrl: (file) => `chrome-extension://id/${file}`,
    importModule: async (url) => {
      calls.push(`import ${url}`);
      if (opts.imports === "throws")
        throw new TypeError("Failed to fetch dynamically imported module");
      if (opts.imports === "installs") installDetector(api());
    },
    inject: async () => {
      calls.push("inject");
      if (opts.injects) installDetector(api());
    },
  };
  return { l, calls };
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[DETECTOR_GLOBAL];
});

describe("loadDetectorScript", () => {
  it("imports the detector as a module of the extension and asks the background for nothing", async () => {
    const { l, calls } = loaders({ imports: "installs", injects: true });
    const got = await loadDetectorScript(l);
    expect(got.via).toBe("module");
    expect(calls).toEqual([`import chrome-extension://id/${DETECTOR_FILE}`]);
  });

  it("falls back to the background's injection when the import fails", async () => {
    const { l, calls } = loaders({ imports: "throws", injects: true });
    const got = await loadDetectorScript(l);
    expect(got.via).toBe("injected");
    expect(calls).toEqual([`import chrome-extension://id/${DETECTOR_FILE}`, "inject"]);
  });

  it("falls back when the import ran but left no detector in this world", async () => {
    const { l, calls } = loaders({ imports: "nothing", injects: true });
    expect((await loadDetectorScript(l)).via).toBe("injected");
    expect(calls).toContain("inject");
  });

  it("throws when neither way installs a detector", async () => {
    const { l } = loaders({ imports: "throws", injects: false });
    await expect(loadDetectorScript(l)).rejects.toThrow(`${DETECTOR_FILE} did not install`);
  });

  it("passes on the injection's own error", async () => {
    const { l } = loaders({ imports: "throws", injects: false });
    l.inject = () => Promise.reject(new Error("Cannot access contents of the page"));
    await expect(loadDetectorScript(l)).rejects.toThrow("Cannot access contents of the page");
  });
});
