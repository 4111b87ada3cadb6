/**
 * `npm run package`: the store packages of one build (dist/, see scripts/firefox-background.mjs):
 *   out/package/tsugi-<version>-chromium.zip  for the Chrome Web Store: dist/ with the
 *     Firefox-only manifest keys (browser_specific_settings, background.scripts) left out,
 *     which Chromium would list as warnings;
 *   out/package/tsugi-<version>-firefox.zip   for addons.mozilla.org: dist/ with the
 *     Chromium-only `use_dynamic_url` of the web-accessible resources left out (Firefox does
 *     not know the key and lists it as an unexpected property), kept only when `web-ext
 *     lint` (the AMO linter) finds no error in the zip.
 * Both zips are made by `web-ext build`. Exits 1 with one line on stderr when dist/ is
 * missing or stale (its version is not package.json's) or the linter reports errors.
 *
 * Usage: node scripts/package.mjs [distDir] [outDir]   (defaults: dist, out/package)
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import webExt from "web-ext";

const dist = resolve(process.argv[2] ?? "dist");
const outDir = resolve(process.argv[3] ?? join("out", "package"));

function fail(message) {
  process.stderr.write(`package: ${message}\n`);
  process.exit(1);
}

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const manifestPath = join(dist, "manifest.json");
if (!existsSync(manifestPath)) fail(`no ${manifestPath}: run 'npm run build' first`);
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
if (manifest.version !== version) {
  fail(`dist/ is version ${manifest.version}, package.json ${version}: run 'npm run build'`);
}
if (
  !Array.isArray(manifest.background?.scripts) ||
  !manifest.browser_specific_settings?.gecko?.id
) {
  fail("dist/manifest.json has no Firefox background.scripts or gecko id: run 'npm run build'");
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const quiet = { shouldExitProgram: false, showReadyMessage: false };
async function zip(sourceDir, browser) {
  const filename = `tsugi-${version}-${browser}.zip`;
  await webExt.cmd.build({ sourceDir, artifactsDir: outDir, filename, overwriteDest: true }, quiet);
  return join(outDir, filename);
}

/**
 * dist/ copied to outDir/<browser>-src with its manifest replaced by `browserManifest`.
 * @returns the copy's path
 */
function copyWithManifest(browser, browserManifest) {
  const dir = join(outDir, `${browser}-src`);
  cpSync(dist, dir, { recursive: true });
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(browserManifest, null, 2)}\n`);
  return dir;
}

const firefoxDir = copyWithManifest("firefox", {
  ...manifest,
  web_accessible_resources: manifest.web_accessible_resources?.map(
    ({ use_dynamic_url: _dynamic, ...entry }) => entry,
  ),
});
const firefox = await zip(firefoxDir, "firefox");
rmSync(firefoxDir, { recursive: true, force: true });
// The AMO linter on the zip itself, as addons.mozilla.org will read it.
const report = await webExt.cmd.lint(
  { sourceDir: firefox, output: "none", metadata: false, warningsAsErrors: false },
  { shouldExitProgram: false },
);
const errors = report?.errors ?? [];
if (errors.length > 0) {
  rmSync(firefox);
  fail(`web-ext lint: ${errors.map((e) => `${e.code} ${e.file ?? ""}: ${e.message}`).join("; ")}`);
}

const { browser_specific_settings: _gecko, ...chromiumManifest } = manifest;
const { scripts: _scripts, ...background } = manifest.background;
const chromiumDir = copyWithManifest("chromium", { ...chromiumManifest, background });
const chromium = await zip(chromiumDir, "chromium");
rmSync(chromiumDir, { recursive: true, force: true });

const summary = report?.summary ?? {};
process.stdout.write(
  `wrote ${chromium}\nwrote ${firefox} (web-ext lint: ${summary.errors ?? 0} errors, ${summary.warnings ?? 0} warnings)\n`,
);
