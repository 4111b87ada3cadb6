/**
 * The hostile page 2s that were refused before walls were named, and must stay refused as
 * they are, now that a page 2 without page 1's list is checked for walls: a bot challenge
 * answered 403 stops with "HTTP 403", a 429 with `Retry-After` is waited out and page 2
 * joined, a POST-form pager is never submitted, a meta refresh on page 2 is never
 * followed, a 16 MB page 2 is refused as too large. In real Chromium with the built
 * extension.
 */
import { describe, expect, it } from "vitest";
import { scrollUntilSettled } from "../../src/cli/join";
import { extensionSuite } from "../support/extension";
import { ITEMS_PER_PAGE, startWallsServer } from "../support/walls-server";

const suite = extensionSuite(startWallsServer, {
  settings: { minIntervalMs: 0, backoffMs: 200 },
});

const items = (page: import("playwright-core").Page) => page.locator("li.item").count();
const asked = (from: number, path: string) =>
  suite.server.requests.slice(from).filter((r) => r.path === path);

describe("hostile page 2s stay refused as they were", () => {
  it("a bot challenge answered 403: stopped with HTTP 403, page 1 intact", async () => {
    const from = suite.server.requests.length;
    const page = await suite.tabs.open("/bot/1");
    const end = await scrollUntilSettled(page, 30_000);
    const status = (await page.locator(".tsugi-status").textContent()) ?? "";
    console.log(`hostile bot: ${end.state}: ${status}`);
    expect(end.state).toBe("stopped");
    expect(status).toContain("HTTP 403");
    expect(await items(page)).toBe(ITEMS_PER_PAGE);
    expect(asked(from, "/bot/2").length).toBeLessThanOrEqual(3);
  });

  it("a 429 with Retry-After is waited out and page 2 joined", async () => {
    const from = suite.server.requests.length;
    const page = await suite.tabs.open("/busy/1");
    const end = await scrollUntilSettled(page, 30_000);
    console.log(`hostile busy: ${end.state}, pages ${end.pages}`);
    expect(end.state).toBe("done");
    expect(await items(page)).toBe(2 * ITEMS_PER_PAGE);
    expect(asked(from, "/busy/2").map((r) => r.status)).toEqual([429, 200]);
  });

  it("a POST-form pager is never submitted", async () => {
    const from = suite.server.requests.length;
    const page = await suite.tabs.open("/postpager/1");
    for (let i = 0; i < 10; i++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(200);
    }
    expect(suite.server.requests.slice(from).filter((r) => r.method !== "GET")).toEqual([]);
    expect(asked(from, "/postpager/2")).toEqual([]);
    expect(await items(page)).toBe(ITEMS_PER_PAGE);
  });

  it("a meta refresh on page 2 is not followed", async () => {
    const from = suite.server.requests.length;
    const page = await suite.tabs.open("/refresh/1");
    const end = await scrollUntilSettled(page, 30_000);
    await page.waitForTimeout(500);
    expect(end.state).toBe("done");
    expect(await items(page)).toBe(2 * ITEMS_PER_PAGE);
    expect(asked(from, "/refresh/away")).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/refresh/1");
  });

  it("a 16 MB page 2 is refused as too large", async () => {
    const page = await suite.tabs.open("/huge/1");
    const end = await scrollUntilSettled(page, 60_000);
    const status = (await page.locator(".tsugi-status").textContent()) ?? "";
    console.log(`hostile huge: ${end.state}: ${status}`);
    expect(end.state).toBe("stopped");
    expect(status).toContain("too large");
    expect(await items(page)).toBe(ITEMS_PER_PAGE);
  });
});
