/**
 * One headless Chromium that batch workers share, replaced when it crashes or stops
 * answering, and closed within a bounded time (killed past it), so a batch always ends.
 */
import type { Browser } from "playwright-core";
import { CHROMIUM_FLAGS, pageEnginePath } from "./browser";

/** ms a browser gets to close before its process is killed. */
export const CLOSE_GRACE_MS = 5_000;

/** Resolve after `ms`, to `value`. */
export function after<T>(ms: number, value: T): Promise<T> {
  return new Promise((res) => setTimeout(() => res(value), ms).unref());
}

interface Launched {
  browser: Browser;
  /** the browser process id (from CDP), for killing one that will not close */
  pid: number | null;
}

async function launch(): Promise<Launched> {
  // Loaded on first use: `--help` and usage errors answer without its 2 s start-up.
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: pageEnginePath(),
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
  let pid: number | null = null;
  try {
    const cdp = await browser.newBrowserCDPSession();
    const info = (await cdp.send("SystemInfo.getProcessInfo")) as {
      processInfo: { type: string; id: number }[];
    };
    pid = info.processInfo.find((p) => p.type === "browser")?.id ?? null;
    await cdp.detach();
  } catch {
    /* no pid: a browser that hangs on close is left to Playwright's exit handler */
  }
  return { browser, pid };
}

async function closeBounded(l: Launched): Promise<void> {
  const closed = await Promise.race([
    l.browser.close().then(
      () => true,
      () => true,
    ),
    after(CLOSE_GRACE_MS, false),
  ]);
  if (!closed && l.pid !== null) {
    try {
      process.kill(l.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
}

/** A shared browser, launched on first use and again after a crash or {@link replace}. */
export class BrowserSlot {
  private current: Promise<Launched> | null = null;

  /**
   * The live browser, launching one when there is none or the last one disconnected.
   * @throws when Chromium cannot start
   */
  async get(): Promise<Browser> {
    for (let tries = 0; ; tries++) {
      if (tries === 3) throw new Error("Chromium keeps crashing on start");
      const cur = this.current ?? launch();
      this.current = cur;
      const l = await cur.catch((e: unknown) => {
        if (this.current === cur) this.current = null;
        throw e;
      });
      if (l.browser.isConnected()) return l.browser;
      // Crashed: the first worker to notice starts the next one, the others wait for it.
      if (this.current === cur) {
        this.current = null;
        void closeBounded(l);
      }
    }
  }

  /**
   * Give up on `browser` (it stopped answering): close it in the background, killed if it
   * hangs; the next {@link get} launches a new one.
   */
  replace(browser: Browser): void {
    const cur = this.current;
    if (!cur) return;
    void cur.then(
      (l) => {
        if (l.browser !== browser) return;
        if (this.current === cur) this.current = null;
        void closeBounded(l);
      },
      () => {},
    );
  }

  /** Close the browser within {@link CLOSE_GRACE_MS} (killed past it). */
  async close(): Promise<void> {
    const cur = this.current;
    this.current = null;
    const l = await cur?.catch(() => null);
    if (l) await closeBounded(l);
  }
}
