/**
 * A job board laid out in one table whose pager counts `?pr=N` and whose last page holds a
 * single job (test/support/table-board.ts), joined by the built extension in Chromium.
 * Page 2 is checked quietly by the page-2 judge; then every job is shown once and in
 * order, the last page's one job included, each page asked for once, and the board's title
 * row and foot links never come twice.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { scrollUntilSettled } from "../../src/cli/join";
import { launchWithExtension } from "../support/extension";
import type { PagesServer } from "../support/local-server";
import {
  BOARD_JOBS,
  BOARD_PAGES,
  boardPath,
  jobTitle,
  startBoardServer,
} from "../support/table-board";

let browser: LaunchedBrowser | null = null;
let server: PagesServer | null = null;

afterEach(async () => {
  await browser?.close();
  browser = null;
  await server?.close();
  server = null;
});

describe("a job board laid out in one table (built extension, Chromium)", () => {
  it("joins every job once and in order, the last page's single job too", async () => {
    server = await startBoardServer();
    browser = await launchWithExtension({ settings: { minIntervalMs: 0 } });
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}${boardPath(1)}`, { waitUntil: "load" });
    const status = await scrollUntilSettled(page, 60_000);
    expect(status.state, status.reason ?? "").toBe("done");
    const titles = await page.locator("a.job-title").allTextContents();
    expect(titles).toEqual(Array.from({ length: BOARD_JOBS }, (_, k) => jobTitle(k)));
    expect(status.pages).toBe(BOARD_PAGES);
    expect(await page.locator("td.site-title").count()).toBe(1);
    expect(await page.locator("td.board-foot").count()).toBe(2);
    const asked = server.requests.filter((p) => p !== "/favicon.ico");
    expect(asked).toEqual(Array.from({ length: BOARD_PAGES }, (_, i) => boardPath(i + 1)));
  });
});
