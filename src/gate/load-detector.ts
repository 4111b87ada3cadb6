/**
 * How the gate stage gets the detector script. First as a module of the
 * extension (`import()` of a web-accessible resource): Chromium compiles a module while
 * it streams in, off the main thread, and the build's compile hint
 * (`//# allFunctionsCalledOnLoad`, scripts/build-detector.ts) has it compile every
 * function there, eagerly, instead of lazily on the main thread during the first
 * detection: measured in a content script's isolated world, 80 pagination pages, the cold
 * detection −15.85 ms [−18.70, −12.45] and the main thread's task time from load to the
 * end of detection −16.79 [−23.25, −9.23] (docs/performance.md, "Experiments"). Where the import fails or
 * leaves no detector in this world (a browser without module loading in content scripts,
 * a resource the browser refused), the background injects the same file by
 * `scripting.executeScript`, as before.
 */
import type { DetectorLoad } from "../messaging/status";
import { DETECTOR_FILE, type DetectorApi, installedDetector } from "./detector-api";

/** The two ways of loading the detector script, given by the caller. */
export interface DetectorLoaders {
  /** Import an extension resource as a module (the `import()` of `url`). */
  importModule(url: string): Promise<unknown>;
  /** The extension URL of a file inside `dist/` (`runtime.getURL`). */
  resourceUrl(file: string): string;
  /** Have the background inject the file into this frame (resolves once it has run). */
  inject(): Promise<unknown>;
}

/**
 * Load the detector script into this isolated world and return its API.
 *
 * @param loaders the import and the background's injection
 * @returns the detector's API and how it came: "module" (imported) or "injected"
 * @throws Error when neither way left a detector (the injection's own error when it failed)
 */
export async function loadDetectorScript(
  loaders: DetectorLoaders,
): Promise<{ api: DetectorApi; via: DetectorLoad }> {
  try {
    await loaders.importModule(loaders.resourceUrl(DETECTOR_FILE));
  } catch {
    // The injection below is the way that works everywhere.
  }
  const imported = installedDetector();
  if (imported) return { api: imported, via: "module" };
  await loaders.inject();
  const api = installedDetector();
  if (!api) throw new Error(`${DETECTOR_FILE} did not install`);
  return { api, via: "injected" };
}
