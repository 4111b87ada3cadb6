import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { waitForStatus } from "../../src/cli/join";
import { startStaticServer } from "../../src/serve/static-server";
import { launchWithExtension } from "../support/extension";

type Server = Awaited<ReturnType<typeof startStaticServer>>;
let server: Server;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startStaticServer(join(process.cwd(), "test/fixtures/autopagerize"));
  browser = await launchWithExtension();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("AutoPagerize-style page with a[rel=next]", () => {
  it.each([
    ["text/html", "html/page1.html"],
    ["application/xhtml+xml", "xhtml/page1.xhtml"],
  ])(
    "served as %s: page 2 visible within 5 s of scrolling to the bottom, URL unchanged",
    async (type, path) => {
      const page = await browser.context.newPage();
      const url = `${server.origin}/${path}`;
      const res = await page.goto(url);
      expect(res?.headers()["content-type"]).toContain(type);
      await waitForStatus(page, (s) => s.state === "ready", 10_000);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // Text of page 2's first entry (not the "Page 2" separator, which comes first).
      const page2 = page.getByText("Notes from page 2").first();
      await page2.waitFor({ state: "visible", timeout: 5_000 });
      await page2.scrollIntoViewIfNeeded();
      expect(await page2.isVisible()).toBe(true);
      expect(page.url()).toBe(url);
      await page.close();
    },
  );
});
