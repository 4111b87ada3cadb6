/**
 * `tsugi detect <file|url> [--url URL] [--charset CS]` and `tsugi detect --batch
 * manifest.jsonl` (contract in ARCHITECTURE.md): render each page in headless Chromium
 * with its scripts off, run the extension's detector in it, print one JSON object per page.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "./browser";
import type { PageDetection } from "./page-detect";
import { openSavedPage } from "./saved-page";

/** A user error: one line on stderr, exit 2 (main.ts). */
export class DetectInputError extends Error {}

/** One page to detect on. */
export interface DetectJob {
  id?: string;
  /** local file with the saved bytes; absent for a live URL */
  file?: string;
  /** the page's URL */
  url: string;
  charset: string;
}

/** Placeholder origin for a file given without --url (its absolute links then look cross-origin). */
export const DEFAULT_FILE_ORIGIN = "http://tsugi.invalid/";

function pageBundle(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const path = resolve(here, "tsugi-page.js");
  if (!existsSync(path)) throw new DetectInputError(`missing ${path}: run 'npm run build' first`);
  return readFileSync(path, "utf8");
}

function httpUrl(s: string, what: string): string {
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    throw new DetectInputError(`${what} is not a URL: ${s}`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:")
    throw new DetectInputError(`${what} must be http(s): ${s}`);
  return u.href;
}

/**
 * A job from the single-page arguments.
 *
 * @param target a file path or an http(s) URL
 * @param url the URL to serve a file at (default: a placeholder origin + file name)
 * @param charset charset of a file ("" sniffs)
 * @throws DetectInputError for a missing file or a bad URL
 */
export function jobFromArgs(
  target: string,
  url: string | undefined,
  charset: string | undefined,
): DetectJob {
  if (/^https?:\/\//i.test(target))
    return { url: httpUrl(url ?? target, "--url"), charset: charset ?? "" };
  if (!existsSync(target)) throw new DetectInputError(`no such file: ${target}`);
  return {
    file: target,
    url: url
      ? httpUrl(url, "--url")
      : `${DEFAULT_FILE_ORIGIN}${encodeURIComponent(basename(target))}`,
    charset: charset ?? "",
  };
}

/**
 * Jobs of a batch manifest: JSON lines `{"id","file","url","charset"}`, files relative to
 * the manifest.
 *
 * @throws DetectInputError naming the first bad line
 */
export function jobsFromManifest(path: string): DetectJob[] {
  if (!existsSync(path)) throw new DetectInputError(`no such manifest: ${path}`);
  const base = dirname(resolve(path));
  return readFileSync(path, "utf8")
    .split("\n")
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter((l) => l.line !== "")
    .map(({ line, n }) => {
      let o: { id?: unknown; file?: unknown; url?: unknown; charset?: unknown };
      try {
        o = JSON.parse(line);
      } catch {
        throw new DetectInputError(`${path}:${n}: not JSON`);
      }
      if (typeof o.id !== "string" && typeof o.id !== "number")
        throw new DetectInputError(`${path}:${n}: "id" missing`);
      if (typeof o.file !== "string") throw new DetectInputError(`${path}:${n}: "file" missing`);
      if (typeof o.url !== "string") throw new DetectInputError(`${path}:${n}: "url" missing`);
      return {
        id: String(o.id),
        file: resolve(base, o.file),
        url: httpUrl(o.url, `${path}:${n}: url`),
        charset: typeof o.charset === "string" ? o.charset : "",
      };
    });
}

async function detectOne(
  context: BrowserContext,
  code: string,
  job: DetectJob,
): Promise<PageDetection> {
  let tab: Awaited<ReturnType<typeof openSavedPage>>;
  if (job.file) {
    tab = await openSavedPage(context, {
      url: job.url,
      bytes: readFileSync(job.file),
      charset: job.charset,
    });
  } else {
    tab = await context.newPage();
    const res = await tab.goto(job.url, { waitUntil: "load", timeout: 60_000 });
    if (res && !res.ok()) {
      await tab.close();
      throw new Error(`HTTP ${res.status()} for ${job.url}`);
    }
  }
  try {
    await tab.evaluate(code);
    // The final URL after redirects is the base links resolve against.
    const url = job.file ? job.url : tab.url();
    return await tab.evaluate(
      (u) =>
        (globalThis as unknown as { __tsugiDetect: (u: string) => PageDetection }).__tsugiDetect(u),
      url,
    );
  } finally {
    await tab.close();
  }
}

/**
 * Run detection on jobs with one browser, writing one JSON line per job as it finishes
 * (in job order). A page that fails to load or decode gives `{"id","url","error"}`.
 *
 * @param jobs pages
 * @param write output sink (one line each)
 * @returns number of pages that failed
 */
export async function runDetect(jobs: DetectJob[], write: (line: string) => void): Promise<number> {
  const code = pageBundle();
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS],
  });
  let failed = 0;
  try {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    for (const job of jobs) {
      try {
        const r = await detectOne(context, code, job);
        write(JSON.stringify(job.id !== undefined ? { id: job.id, ...r } : r));
      } catch (e) {
        failed++;
        const error = (e as Error).message.split("\n")[0];
        write(
          JSON.stringify(
            job.id !== undefined ? { id: job.id, url: job.url, error } : { url: job.url, error },
          ),
        );
      }
    }
  } finally {
    await browser.close();
  }
  return failed;
}
