/**
 * Render corpus pages in headless Chromium, offline, and run the in-page harvester
 * (`harvest.ts`, the content script's feature code) on each (seed 000 §4.1: features of
 * the rendered page). Each page is served at its original URL from its saved bytes; every
 * other request (styles, images, scripts) is refused, and page scripts are disabled, so a
 * page renders the same way on every run and nothing leaves the machine.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import type { Browser, BrowserContext } from "playwright-core";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../cli/browser";
import { openSavedPage } from "../cli/saved-page";
import { fnv1a } from "../keys/hash";
import { repoRoot } from "../replay/cases";
import type { CorpusPage } from "./corpus";
import type { PageHarvest } from "./harvest";

/** A harvested page with its corpus identity. */
export interface HarvestRecord extends PageHarvest {
  key: string;
  part: CorpusPage["part"];
  group: string;
  language: string;
}

/** Viewport of the training renders, px (a common laptop size). */
export const TRAIN_VIEWPORT = { width: 1280, height: 800 };

/** Version of the harvest format; bump to invalidate the cache. */
const HARVEST_VERSION = 4;

/** The cache's version of a harvester build: its format and a hash of its code, so a
 * changed feature re-renders every page instead of leaving old feature rows behind. */
function harvestVersion(code: string): string {
  return `${HARVEST_VERSION}:${fnv1a(code).toString(16)}`;
}

/**
 * The harvester bundled as a browser script that defines `globalThis.__tsugiHarvest`.
 *
 * @returns JavaScript source
 */
export async function harvestBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents:
        'import { harvestPage } from "./harvest";\n(globalThis as any).__tsugiHarvest = harvestPage;\n',
      resolveDir: join(repoRoot(), "src", "train"),
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    write: false,
    target: "es2022",
    logLevel: "warning",
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error("esbuild produced no harvest bundle");
  return file.text;
}

/** A short fingerprint of a page's labels and references (FNV-1a of their JSON). */
function inputKey(page: CorpusPage): string {
  return fnv1a(JSON.stringify([page.input, page.charset])).toString(16);
}

/** Where the cached harvest of one page lives. */
export function cachePath(cacheDir: string, page: CorpusPage): string {
  return join(cacheDir, `${page.key}.json`);
}

async function harvestOne(
  context: BrowserContext,
  code: string,
  page: CorpusPage,
): Promise<HarvestRecord> {
  const tab = await openSavedPage(context, {
    url: page.input.pageUrl,
    bytes: readFileSync(page.file),
    charset: page.charset,
  });
  try {
    await tab.evaluate(code);
    const harvest = (await tab.evaluate(
      (input) =>
        (
          globalThis as unknown as { __tsugiHarvest: (d: Document, i: unknown) => unknown }
        ).__tsugiHarvest(document, input),
      page.input,
    )) as PageHarvest;
    return {
      ...harvest,
      key: page.key,
      part: page.part,
      group: page.group,
      language: page.language,
    };
  } finally {
    await tab.close();
  }
}

/** Longest a page's render and harvest may take: a page whose load never settles (it
 * navigates away and back) is skipped, so that a harvest always ends. */
const RENDER_TIMEOUT_MS = 60_000;

/**
 * A promise that rejects when the given one has not settled in time.
 *
 * @param p the promise
 * @param ms time limit, ms
 * @returns `p`'s outcome
 * @throws Error "timed out after N ms" when `p` takes longer
 */
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

/**
 * Harvest pages, reusing cached results (`<cacheDir>/<part>/<id>.json`) unless `force`.
 *
 * @param pages corpus pages
 * @param opts.cacheDir cache directory
 * @param opts.force re-render even when cached
 * @param opts.concurrency pages rendered at once (default 2)
 * @param opts.log progress callback
 * @returns one record per page that rendered (failures are logged and skipped)
 */
export async function harvestPages(
  pages: CorpusPage[],
  opts: { cacheDir: string; force?: boolean; concurrency?: number; log?: (msg: string) => void },
): Promise<HarvestRecord[]> {
  const log = opts.log ?? (() => {});
  const out = new Map<string, HarvestRecord>();
  const todo: CorpusPage[] = [];
  const code = await harvestBundle();
  const version = harvestVersion(code);
  for (const p of pages) {
    const path = cachePath(opts.cacheDir, p);
    if (!opts.force && existsSync(path)) {
      const rec = JSON.parse(readFileSync(path, "utf8")) as HarvestRecord & {
        version?: string;
        input?: string;
      };
      // A changed label (label-overrides.json) or harvester re-renders the page.
      if (rec.version === version && rec.input === inputKey(p)) {
        out.set(p.key, rec);
        continue;
      }
    }
    todo.push(p);
  }
  if (todo.length > 0) {
    log(`rendering ${todo.length} pages in Chromium (${pages.length - todo.length} cached)`);
    const browser: Browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: [...CHROMIUM_FLAGS],
    });
    try {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: TRAIN_VIEWPORT,
      });
      let next = 0;
      let done = 0;
      const worker = async () => {
        for (let k = next++; k < todo.length; k = next++) {
          const p = todo[k];
          if (!p) continue;
          try {
            const rec = await withTimeout(harvestOne(context, code, p), RENDER_TIMEOUT_MS);
            const path = cachePath(opts.cacheDir, p);
            mkdirSync(dirname(path), { recursive: true });
            writeFileSync(path, JSON.stringify({ ...rec, version, input: inputKey(p) }));
            out.set(p.key, rec);
          } catch (e) {
            log(`  ${p.key}: render failed: ${(e as Error).message.split("\n")[0]}`);
          }
          if (++done % 50 === 0) log(`  ${done}/${todo.length}`);
        }
      };
      await Promise.all(Array.from({ length: opts.concurrency ?? 2 }, worker));
    } finally {
      await browser.close();
    }
  }
  return pages.flatMap((p) => {
    const r = out.get(p.key);
    return r ? [r] : [];
  });
}
