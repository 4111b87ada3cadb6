import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { messageTab, tabStatus, waitForStatus } from "../../src/cli/join";
import type { TabStatus } from "../../src/messaging/status";
import { type StaticServer, startStaticServer } from "../../src/serve/static-server";
import { launchWithExtension } from "../support/extension";

let browser: LaunchedBrowser | null = null;
let server: StaticServer | null = null;

afterEach(async () => {
  await browser?.close();
  browser = null;
  await server?.close();
  server = null;
});

describe("the gate (built extension, Chromium)", () => {
  it("keeps a page without pager signals idle: only the entry runs, nothing is requested", async () => {
    server = await startStaticServer(join(process.cwd(), "test/fixtures"));
    browser = await launchWithExtension();
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/gate/plain.html`);
    const status = await waitForStatus(page, (s) => s.state === "no-next");
    expect(status.detector).toBe(false);
    await page.waitForTimeout(1500);
    expect((await tabStatus(page))?.detector).toBe(false);
    // Only the page itself was asked for: no next page was fetched.
    expect(server.requests.map((r) => r.path).filter((p) => p.endsWith(".html"))).toEqual([
      "/gate/plain.html",
    ]);
    // The detector's API lives in the extension's isolated world, never the page's.
    expect(await page.evaluate(() => "tsugiDetector" in window)).toBe(false);
  });

  it("keeps the last page of a numbered sequence idle: its pager leads nowhere further", async () => {
    server = await startStaticServer(join(process.cwd(), "test/fixtures"));
    browser = await launchWithExtension();
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/gate/archive-page-3.html`);
    const status = await waitForStatus(page, (s) => s.state === "no-next");
    expect(status.detector).toBe(false);
    expect(status.reasonKey).toBe("reasonLastPage");
    await page.waitForTimeout(1000);
    expect((await tabStatus(page))?.detector).toBe(false);
  });

  it("loads the detector on such a page when the reader asks (Next page now)", async () => {
    server = await startStaticServer(join(process.cwd(), "test/fixtures"));
    browser = await launchWithExtension();
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/gate/plain.html`);
    await waitForStatus(page, (s) => s.state === "no-next" && s.detector === false);
    const reply = await messageTab<TabStatus>(page, { type: "popup→content:next-page" });
    expect(reply.detector).toBe(true);
    const after = await waitForStatus(page, (s) => s.detector === true);
    expect(after.state).toBe("no-next");
    expect(after.pages).toBe(1);
    // Imported as a module of the extension (compiled off the main thread), not injected.
    expect(after.detectorLoad).toBe("module");
  });

  it("imports the detector as a module on a page whose CSP allows no script (an extension's resource is not the page's)", async () => {
    server = await startStaticServer(join(process.cwd(), "test/fixtures"));
    browser = await launchWithExtension();
    const page = await browser.context.newPage();
    // The plain page, served with a CSP header that allows no script of any origin.
    const url = `${server.origin}/gate/plain.html`;
    await page.route(url, async (route) => {
      const response = await route.fetch();
      const csp = "default-src 'none'; script-src 'none'";
      await route.fulfill({
        response,
        headers: { ...response.headers(), "content-security-policy": csp },
      });
    });
    const loaded = await page.goto(url);
    expect((await loaded?.allHeaders())?.["content-security-policy"]).toContain(
      "script-src 'none'",
    );
    await waitForStatus(page, (s) => s.state === "no-next" && s.detector === false);
    await messageTab<TabStatus>(page, { type: "popup→content:next-page" });
    const after = await waitForStatus(page, (s) => s.detector === true);
    expect(after.detectorLoad).toBe("module");
  });

  it("loads the detector where the gate opens, and joins", async () => {
    server = await startStaticServer(join(process.cwd(), "test/fixtures/chain"));
    browser = await launchWithExtension();
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/1.html`);
    // The fixture is shorter than the viewport, so page 2 is joined without scrolling.
    const joined = await waitForStatus(page, (s) => s.detector === true && s.pages >= 2);
    expect(joined.state).not.toBe("stopped");
    expect(server.requests.map((r) => r.path)).toContain("/2.html");
  });
});

describe("the entry sleeps until the reader nears the end (built extension, Chromium)", () => {
  /** The status the background holds for the page, read without waking the entry. */
  const detectorSeen = (page: Parameters<typeof tabStatus>[0]) =>
    tabStatus(page).then((s) => s?.detector ?? null);

  it("on a long page reports nothing at load, and wakes, detects and joins once the reader scrolls toward the end", async () => {
    server = await startStaticServer(join(process.cwd(), "test/fixtures"));
    browser = await launchWithExtension();
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/gate/long-1.html`);
    const screens = await page.evaluate(
      () => document.documentElement.scrollHeight / window.innerHeight,
    );
    expect(screens).toBeGreaterThan(6);
    await page.waitForTimeout(2000);
    expect(await tabStatus(page)).toBeNull();
    expect(server.requests.map((r) => r.path).filter((p) => p.endsWith(".html"))).toEqual([
      "/gate/long-1.html",
    ]);
    // A quarter of the way down is still more than a few screens from the end.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 4));
    await page.waitForTimeout(1000);
    expect(await tabStatus(page)).toBeNull();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => detectorSeen(page), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => tabStatus(page).then((s) => s?.pages ?? 0), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    expect(server.requests.map((r) => r.path)).toContain("/gate/long-2.html");
  });

  it("wakes at once when the popup asks, without a scroll", async () => {
    server = await startStaticServer(join(process.cwd(), "test/fixtures"));
    browser = await launchWithExtension();
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/gate/long-1.html`);
    await page.waitForTimeout(1500);
    expect(await tabStatus(page)).toBeNull();
    const status = await messageTab<TabStatus>(page, { type: "popup→content:get-status" });
    expect(status.detector).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
