import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";

/** Flags every tsugi Chromium runs with: no sandbox (root in CI), and no
 * background traffic, which this machine's closed network would refuse. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
] as const;

/**
 * Path of the Chromium binary: `$TSUGI_CHROMIUM`, else Debian's `/usr/bin/chromium`.
 * @throws Error with an install hint when no binary is there.
 */
export function chromiumPath(): string {
  const path = process.env.TSUGI_CHROMIUM ?? "/usr/bin/chromium";
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}: run 'apt-get install -y chromium' or set TSUGI_CHROMIUM`,
    );
  }
  return path;
}

/** Debian's old headless shell (package `chromium-headless-shell`): Chromium's engine
 * without the browser around it. */
export const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/**
 * The binary that renders pages for `tsugi detect` and `extract`, which load no
 * extension: `$TSUGI_CHROMIUM` when set, else Debian's headless shell when it is
 * installed ({@link HEADLESS_SHELL}), else {@link chromiumPath}. The shell is the same
 * Blink and V8 as the browser (text widths may differ by a fraction of a pixel), at about
 * half the CPU a page: the full browser's own process did a third of a batch's work
 * (docs/performance.md, "Mining web archives"). Training renders stay on the browser.
 * @param shell where the headless shell is looked for (tests)
 * @throws Error with an install hint when neither binary is there
 */
export function pageEnginePath(shell = HEADLESS_SHELL): string {
  if (process.env.TSUGI_CHROMIUM === undefined && existsSync(shell)) return shell;
  return chromiumPath();
}

export interface LaunchOptions {
  /** Unpacked extension to load (the built `dist/`); omit for a plain browser. */
  extensionDir?: string;
  /** Chromium `--host-resolver-rules` value, e.g. from the replay server. */
  hostResolverRules?: string;
  /** Default true; false opens a window (needs a display). */
  headless?: boolean;
  /** Browser UI language, e.g. "ja" (sets `--lang`). */
  locale?: string;
  /** Viewport in px; default 1280x800. */
  viewport?: { width: number; height: number };
  /** Keep the back/forward cache on, as in a reader's browser (Playwright turns it off by
   * default so that Back always reloads); default false. */
  backForwardCache?: boolean;
}

/** A launched persistent context plus the clean-up that removes its profile. */
export interface LaunchedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Launch Debian's Chromium through playwright-core with a fresh profile and,
 * optionally, the unpacked extension loaded (a persistent context is the only
 * way Chromium loads unpacked extensions).
 * @returns the context and a `close()` that also deletes the temporary profile.
 * @throws when Chromium is missing or fails to start.
 */
export async function launchChromium(opts: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "tsugi-profile-"));
  const args: string[] = [...CHROMIUM_FLAGS];
  if (opts.extensionDir) {
    args.push(
      `--disable-extensions-except=${opts.extensionDir}`,
      `--load-extension=${opts.extensionDir}`,
    );
  }
  if (opts.hostResolverRules) {
    // Replayed captures include HSTS hosts, served with a self-signed certificate.
    args.push(`--host-resolver-rules=${opts.hostResolverRules}`, "--ignore-certificate-errors");
  }
  if (opts.locale) args.push(`--lang=${opts.locale}`);
  const { chromium } = await import("playwright-core");
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: opts.headless ?? true,
    args,
    ignoreHTTPSErrors: true,
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    ...(opts.backForwardCache ? { ignoreDefaultArgs: ["--disable-back-forward-cache"] } : {}),
    ...(opts.locale ? { locale: opts.locale } : {}),
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Wait for the extension's background service worker and return its id
 * (the host part of `chrome-extension://<id>/`).
 * @throws after `timeoutMs` (default 10 000 ms) when no worker appears.
 */
export async function extensionId(context: BrowserContext, timeoutMs = 10_000): Promise<string> {
  let [worker] = context.serviceWorkers();
  worker ??= await context.waitForEvent("serviceworker", { timeout: timeoutMs });
  const id = new URL(worker.url()).host;
  return id;
}
