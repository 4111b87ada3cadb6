/**
 * Lists whose visible pager is built by script and whose head alone names the next page
 * (`<link rel="next">`; test/support/head-next-shop.ts), joined by the built extension in
 * Chromium. The reader scrolls; page 2 is checked quietly by the page-2 judge, then every
 * page is joined once, in order, each asked for once, and the header and footer never come
 * twice. No button of the site's pager is pressed.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { scrollUntilSettled } from "../../src/cli/join";
import { launchWithExtension } from "../support/extension";
import {
  ITEMS,
  itemName,
  PAGES,
  SHOP_SHAPES,
  type ShopServer,
  startShopServer,
} from "../support/head-next-shop";

let browser: LaunchedBrowser | null = null;
let server: ShopServer | null = null;

afterEach(async () => {
  await browser?.close();
  browser = null;
  await server?.close();
  server = null;
});

describe("lists that name their next page only in the head (built extension, Chromium)", () => {
  for (const shape of SHOP_SHAPES) {
    it(`joins every result once and in order: ${shape.name}`, async () => {
      server = await startShopServer(shape);
      browser = await launchWithExtension({ settings: { minIntervalMs: 0 } });
      const page = await browser.context.newPage();
      await page.goto(`${server.origin}${shape.home}#read`, { waitUntil: "load" });
      const status = await scrollUntilSettled(page, 60_000);
      expect(status.state, status.reason ?? "").toBe("done");
      const names = await page.locator("h3.result-name").allTextContents();
      const want = Array.from({ length: PAGES * ITEMS }, (_, k) => itemName(shape, k));
      expect(names).toEqual(want);
      expect(status.pages).toBe(PAGES);
      expect(await page.locator("header.site-header").count()).toBe(1);
      expect(await page.locator("footer.site-footer").count()).toBe(1);
      // The site's own pager was left alone.
      expect(await page.locator("[data-clicked]").count()).toBe(0);
      // Each page asked for once, in order.
      const asked = server.requests.filter((p) => p !== "/favicon.ico");
      expect(asked).toEqual(
        Array.from({ length: PAGES }, (_, i) => (i === 0 ? shape.home : shape.path(i + 1))),
      );
    });
  }
});
