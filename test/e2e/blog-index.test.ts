/**
 * Blog indexes as static site generators write them (test/support/blog-index-site.ts),
 * joined by the built extension in Chromium. The reader scrolls; every post must appear
 * once, in the site's order, each index page be asked for once, and nothing of the header
 * or footer come twice.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { scrollUntilSettled } from "../../src/cli/join";
import { type StaticServer, startStaticServer } from "../../src/serve/static-server";
import { PAGES, POSTS, postTitle, SHAPES, writeBlogIndex } from "../support/blog-index-site";
import { launchWithExtension } from "../support/extension";

let root: string;
let browser: LaunchedBrowser | null = null;
let server: StaticServer | null = null;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tsugi-blog-index-"));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});
afterEach(async () => {
  await browser?.close();
  browser = null;
  await server?.close();
  server = null;
});

describe("blog indexes with only Older / Newer links (built extension, Chromium)", () => {
  for (const shape of SHAPES) {
    it(`joins every post once and in order: ${shape.name}`, async () => {
      const dir = join(root, shape.name.replace(/\W+/g, "-"));
      mkdirSync(dir, { recursive: true });
      server = await startStaticServer(dir);
      const paths = writeBlogIndex(dir, shape, server.origin);
      browser = await launchWithExtension({ settings: { minIntervalMs: 0 } });
      const page = await browser.context.newPage();
      await page.goto(`${server.origin}${shape.home}`, { waitUntil: "load" });
      const status = await scrollUntilSettled(page, 60_000);
      const titles = await page.locator("h2.entry-title").allTextContents();
      const want = Array.from({ length: PAGES * POSTS }, (_, k) => postTitle(shape, k));
      expect(titles).toEqual(want);
      expect(status.pages).toBe(PAGES);
      expect(await page.locator("header.site-header").count()).toBe(1);
      expect(await page.locator("footer.site-footer").count()).toBe(1);
      // Each index page was asked for once, in order: none twice, none beyond the last.
      const asked = server.requests.map((r) => r.path).filter((p) => p !== "/favicon.ico");
      expect(asked).toEqual(paths);
    });
  }
});
