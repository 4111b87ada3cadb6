/**
 * Walls where page 2 of a list should be: a sign-in form answered 200, a redirect (302) to
 * `/login?next=…`, a cookie-consent interstitial, a subscription box over an empty list, a
 * bot challenge. None is joined: page 1 stays as it was, page 2 is asked at most 3 times,
 * nothing is submitted, and the status names the cause. In real Chromium with the built
 * extension.
 */
import { describe, expect, it } from "vitest";
import { scrollUntilSettled } from "../../src/cli/join";
import { extensionSuite } from "../support/extension";
import { ITEMS_PER_PAGE, itemTitle, startWallsServer } from "../support/walls-server";

const suite = extensionSuite(startWallsServer, { settings: { minIntervalMs: 0 } });

const WORDS: Record<string, RegExp> = {
  signin: /page 2 asks you to sign in/,
  redirect: /page 2 asks you to sign in/,
  consent: /page 2 asks you to accept or reject cookies/,
  consentpage: /page 2 asks you to accept or reject cookies/,
  paywall: /page 2 asks you to subscribe/,
  challenge: /page 2 is a bot check/,
};

const titles = (page: import("playwright-core").Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll("li.item h2"), (e) => e.textContent));

describe("a wall instead of page 2", () => {
  for (const [kind, words] of Object.entries(WORDS)) {
    it(`${kind}: not joined, page 1 intact, the status names the cause`, async () => {
      const from = suite.server.requests.length;
      const page = await suite.tabs.open(`/${kind}/1`);
      const end = await scrollUntilSettled(page, 30_000);
      const status = (await page.locator(".tsugi-status").textContent()) ?? "";
      const asks = suite.server.requests.slice(from).filter((r) => r.path === `/${kind}/2`).length;
      console.log(
        `wall ${kind}: ${end.state}, pages ${end.pages}, page 2 asked ${asks}×: ${status}`,
      );
      expect(end.state).toBe("stopped");
      expect(status).toMatch(words);
      expect(await page.locator(".tsugi-status").isVisible()).toBe(true);
      expect(await titles(page)).toEqual(
        Array.from({ length: ITEMS_PER_PAGE }, (_, i) => itemTitle(i + 1)),
      );
      expect(await page.locator(".tsugi-separator").count()).toBe(0);
      expect(await page.locator("input[type=password]").count()).toBe(0);
      expect(await page.locator("footer").count()).toBe(1);
      const asked = suite.server.requests.slice(from);
      expect(asked.filter((r) => r.path === `/${kind}/2`).length).toBeLessThanOrEqual(3);
      expect(asked.filter((r) => r.method !== "GET")).toEqual([]);
      expect(asked.some((r) => /subscribe|verify|save|session/.test(r.path))).toBe(false);
    });
  }

  it("the control: a real page 2 is joined", async () => {
    const page = await suite.tabs.open("/fine/1");
    const end = await scrollUntilSettled(page, 30_000);
    expect(end.state).toBe("done");
    expect(await titles(page)).toEqual(
      Array.from({ length: 2 * ITEMS_PER_PAGE }, (_, i) => itemTitle(i + 1)),
    );
    expect(await page.locator("footer").count()).toBe(1);
  });
});
