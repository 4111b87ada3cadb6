import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { scrollUntilSettled } from "../../src/cli/join";
import { type StaticServer, startStaticServer } from "../../src/serve/static-server";
import { launchWithExtension } from "../support/extension";

let server: StaticServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startStaticServer(join(process.cwd(), "test/fixtures"));
  // A cap of 2 pages and no wait between requests keep the cases short.
  browser = await launchWithExtension({ settings: { pageCap: 2, minIntervalMs: 0 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function join_(path: string): Promise<{ page: Page; state: string; status: string }> {
  const page = await browser.context.newPage();
  await page.goto(`${server.origin}/${path}`);
  const { state } = await scrollUntilSettled(page, 30_000);
  const status = (await page.locator(".tsugi-status").textContent()) ?? "";
  expect(await page.locator(".tsugi-status").isVisible()).toBe(true);
  return { page, state, status };
}

describe("the pager stops with a visible reason", () => {
  it("on an HTTP error (404 for page 2), offering a retry, page 1 untouched", async () => {
    const { page, state, status } = await join_("stops/missing-1.html");
    expect(state).toBe("stopped");
    expect(status).toContain("HTTP 404");
    expect(await page.getByRole("button", { name: "Retry" }).isVisible()).toBe(true);
    expect(await page.locator(".tsugi-separator").count()).toBe(0);
    expect(await page.locator("p").first().textContent()).toContain("Missing next, part one");
  });

  it("on a next link back to a page already shown", async () => {
    const { page, state, status } = await join_("stops/loop-1.html");
    expect(state).toBe("stopped");
    expect(status).toContain("already shown");
    expect(await page.locator(".tsugi-separator").count()).toBe(1);
  });

  it("at the page cap", async () => {
    const { page, state, status } = await join_("chain/1.html");
    expect(state).toBe("stopped");
    expect(status).toContain("page cap (2 pages)");
    expect(await page.locator("[data-tsugi-page='2']").count()).toBeGreaterThan(0);
    expect(await page.locator("[data-tsugi-page='3']").count()).toBe(0);
    expect(server.requests.some((r) => r.path === "/chain/3.html")).toBe(false);
  });

  it("at the end of the article, saying how many pages were joined", async () => {
    const b = await launchWithExtension({ settings: { minIntervalMs: 0 } });
    try {
      const page = await b.context.newPage();
      await page.goto(`${server.origin}/chain/1.html`);
      expect((await scrollUntilSettled(page, 30_000)).state).toBe("done");
      expect(await page.locator(".tsugi-status").textContent()).toContain("3 pages joined");
    } finally {
      await b.close();
    }
  });
});
