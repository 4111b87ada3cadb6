/**
 * Post-build step (after `build:detector`): make the detector script a web-accessible
 * resource of dist/manifest.json, so that the gate stage can `import()` it as a module
 * (src/gate/load-detector.ts). It is added here rather than in manifest.json because the
 * file is written by build:detector after vite, and @crxjs/vite-plugin refuses a manifest
 * asset it cannot find. `use_dynamic_url` (Chromium) serves it only under an ID that
 * changes per browser session, so a page cannot probe for the extension by its URL;
 * Firefox ignores the key and serves it under its per-install random UUID, which does the same.
 *
 * Usage: node scripts/detector-resource.mjs [distDir]   (default: dist)
 * Throws when the detector script is not in distDir (run build:detector first).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DETECTOR_FILE = "content/detector.js";
const dist = process.argv[2] ?? "dist";
if (!existsSync(join(dist, DETECTOR_FILE)))
  throw new Error(`${join(dist, DETECTOR_FILE)} is missing: run npm run build:detector first`);
const path = join(dist, "manifest.json");
const manifest = JSON.parse(readFileSync(path, "utf8"));
const others = (manifest.web_accessible_resources ?? []).filter(
  (r) => !r.resources?.includes(DETECTOR_FILE),
);
manifest.web_accessible_resources = [
  ...others,
  {
    resources: [DETECTOR_FILE],
    // Content scripts run in pages of these origins; the import comes from there.
    matches: manifest.content_scripts?.[0]?.matches ?? ["http://*/*", "https://*/*"],
    use_dynamic_url: true,
  },
];
writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
