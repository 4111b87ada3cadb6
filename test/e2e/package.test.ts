/**
 * `npm run package` (scripts/package.mjs) on the built dist/: one zip per store, the
 * same files in both, each manifest right for its browser, the Chromium one loading
 * in Chromium.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sourceManifest from "../../manifest.json";
import type { ManifestWithResources } from "../../scripts/web-accessible";
import { extensionId, launchChromium } from "../../src/cli/browser";
import { DETECTOR_FILE } from "../../src/gate/detector-api";
import { DIST } from "../support/extension";

const root = process.cwd();
const version = (
  JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }
).version;
/** The gecko id as the source manifest declares it (not as the packager copies it). */
const geckoId = sourceManifest.browser_specific_settings.gecko.id;

const packageTo = (dist: string, out: string) =>
  spawnSync(process.execPath, [join(root, "scripts/package.mjs"), dist, out], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
  });

async function openZip(path: string): Promise<JSZip> {
  return JSZip.loadAsync(readFileSync(path));
}
async function manifestOf(zip: JSZip): Promise<Record<string, unknown>> {
  const file = zip.file("manifest.json");
  if (!file) throw new Error("no manifest.json in the zip");
  return JSON.parse(await file.async("string"));
}
const files = (zip: JSZip) =>
  Object.values(zip.files)
    .filter((f) => !f.dir)
    .map((f) => f.name)
    .sort();

let out: string;
let chromium: JSZip;
let firefox: JSZip;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "tsugi-package-"));
  const r = packageTo(DIST, out);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/web-ext lint: 0 errors/);
  chromium = await openZip(join(out, `tsugi-${version}-chromium.zip`));
  firefox = await openZip(join(out, `tsugi-${version}-firefox.zip`));
});
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

describe("npm run package", () => {
  it("the Firefox zip has the Firefox background and the gecko id, at package.json's version", async () => {
    const m = await manifestOf(firefox);
    expect(m.version).toBe(version);
    const bg = m.background as { scripts?: string[] };
    expect(bg.scripts?.length).toBeGreaterThan(0);
    for (const s of bg.scripts ?? []) expect(firefox.file(s), s).not.toBeNull();
    expect((m.browser_specific_settings as { gecko: { id: string } }).gecko.id).toBe(geckoId);
  });

  it("the Chromium zip has the same files, its manifest without Firefox-only keys", async () => {
    const m = await manifestOf(chromium);
    expect(m.version).toBe(version);
    expect(m.browser_specific_settings).toBeUndefined();
    const bg = m.background as { scripts?: string[]; service_worker: string };
    expect(bg.scripts).toBeUndefined();
    expect(chromium.file(bg.service_worker)).not.toBeNull();
    expect(files(chromium)).toEqual(files(firefox));
    for (const name of files(firefox).filter((n) => n !== "manifest.json")) {
      const [a, b] = await Promise.all([
        chromium.file(name)?.async("uint8array"),
        firefox.file(name)?.async("uint8array"),
      ]);
      expect(Buffer.from(a ?? []).equals(Buffer.from(b ?? [])), name).toBe(true);
    }
  });

  it("the detector is web-accessible in both zips, by a per-session URL in Chromium's only", async () => {
    const resources = async (zip: JSZip) =>
      ((await manifestOf(zip)) as ManifestWithResources).web_accessible_resources ?? [];
    const ff = await resources(firefox);
    const cr = await resources(chromium);
    expect(ff.map((r) => r.resources)).toEqual(cr.map((r) => r.resources));
    expect(cr.some((r) => r.resources?.includes(DETECTOR_FILE))).toBe(true);
    // Firefox lists the Chromium-only key as an unexpected manifest property.
    expect(ff.filter((r) => "use_dynamic_url" in r)).toEqual([]);
    expect(cr.every((r) => r.use_dynamic_url === true)).toBe(true);
  });

  it("carries each stage's script, the export's libraries only in the export's", async () => {
    const text = async (name: string) => (await chromium.file(name)?.async("string")) ?? "";
    const detector = await text("content/detector.js");
    const exporter = await text("content/exporter.js");
    expect(await text("content/page-element-model.js")).toContain("page-element");
    // A method name of Readability.js and an option of turndown survive minifying.
    for (const mark of ["_grabArticle", "blankReplacement"]) {
      expect(exporter, mark).toContain(mark);
      expect(detector, mark).not.toContain(mark);
    }
  });

  it("the Chromium zip, unpacked, loads in Chromium and shows its options page", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tsugi-unzipped-"));
    for (const name of files(chromium)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), (await chromium.file(name)?.async("uint8array")) ?? "");
    }
    const browser = await launchChromium({ extensionDir: dir });
    try {
      const id = await extensionId(browser.context);
      const page = await browser.context.newPage();
      await page.goto(`chrome-extension://${id}/options/index.html`);
      await expect.poll(() => page.locator("[data-testid=page-cap]").count()).toBe(1);
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a stale build with one line and writes nothing", () => {
    const stale = mkdtempSync(join(tmpdir(), "tsugi-stale-"));
    const staleOut = join(stale, "out");
    try {
      cpSync(DIST, join(stale, "dist"), { recursive: true });
      const path = join(stale, "dist", "manifest.json");
      const m = JSON.parse(readFileSync(path, "utf8"));
      writeFileSync(path, JSON.stringify({ ...m, version: "0.0.1" }));
      const r = packageTo(join(stale, "dist"), staleOut);
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split("\n")).toEqual([
        `package: dist/ is version 0.0.1, package.json ${version}: run 'npm run build'`,
      ]);
      expect(existsSync(staleOut)).toBe(false);
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });
});
