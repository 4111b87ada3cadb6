/**
 * Reading the `/threads` and `/forum` app shells of ./script-pages-server.ts as a reader does,
 * for the e2e suites that drive Chromium (test/e2e/app-shell.test.ts,
 * test/e2e/app-shell-chrome.test.ts).
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { scrollUntilSettled, tabStatus } from "../../src/cli/join";
import type { TabStatus } from "../../src/messaging/status";
import { THREAD_PAGES, THREADS_PER_PAGE, threadTitle } from "./script-pages-server";

/**
 * Read the forum as a reader does: once the site's script has shown page 1's threads,
 * scroll to the end until tsugi has a next link (a look taken before the script rendered
 * saw none), then until the pager settles.
 * @param page the tab on the forum's page 1
 * @returns the tab's status once settled
 */
export async function readForum(page: Page): Promise<TabStatus> {
  await page.locator("li.thread").first().waitFor({ timeout: 10_000 });
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return (await tabStatus(page))?.state;
      },
      { timeout: 25_000 },
    )
    .not.toMatch(/^(starting|no-next)$/);
  return scrollUntilSettled(page, 90_000);
}

/** Titles of every thread shown, in document order. */
export const threadTitlesShown = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll("li.thread a.title"), (e) => e.textContent),
  );

/** Every thread's title, in order: what a reader must see once joining is done. */
export const allThreadTitles = Array.from({ length: THREADS_PER_PAGE * THREAD_PAGES }, (_, i) =>
  threadTitle(i + 1),
);

/**
 * Each page's JSON was asked for once (page 1 by the tab, the others by their frame), no
 * "Loading…" line came through and no frame is left.
 * @param page the tab, joining done
 * @param requests the requests the server answered since the tab was opened
 */
export async function expectEachPageRenderedOnce(
  page: Page,
  requests: readonly { path: string }[],
): Promise<void> {
  const api = requests
    .filter((r) => r.path.startsWith("/api/threads"))
    .map((r) => new URL(r.path, "http://x").searchParams.get("page"));
  expect(api).toEqual(Array.from({ length: THREAD_PAGES }, (_, i) => String(i + 1)));
  expect(await page.locator("p.loading").count()).toBe(0);
  expect(await page.locator("iframe").count()).toBe(0);
}
