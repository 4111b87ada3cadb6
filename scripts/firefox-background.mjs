/**
 * Post-build step: give dist/manifest.json a Firefox background next to the
 * Chromium one. Firefox (121+) runs `background.scripts` as an event page and
 * ignores `service_worker`; Chromium does the reverse. One dist/ then loads in both.
 *
 * Usage: node scripts/firefox-background.mjs [distDir]   (default: dist)
 * Throws when the manifest has no background service worker to mirror.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dist = process.argv[2] ?? "dist";
const path = join(dist, "manifest.json");
const manifest = JSON.parse(readFileSync(path, "utf8"));
const worker = manifest.background?.service_worker;
if (typeof worker !== "string") throw new Error(`${path}: no background.service_worker to mirror`);
manifest.background = { ...manifest.background, scripts: [worker] };
writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
