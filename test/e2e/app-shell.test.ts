/**
 * An app shell that renders its whole list and its pager from JSON: every page, as served,
 * is a "Loading…" mount point and one inline script that replaces the whole mount point
 * with the page's threads and a numbered pager. With the reader's scroll only, every
 * thread of every page must come once, in order, in real Chromium with the built extension.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { scrollUntilSettled, tabStatus } from "../../src/cli/join";
import type { TabStatus } from "../../src/messaging/status";
import { extensionSuite } from "../support/extension";
import {
  startScriptPagesServer,
  THREAD_PAGES,
  THREADS_PER_PAGE,
  threadTitle,
} from "../support/script-pages-server";

const suite = extensionSuite(startScriptPagesServer, {
  settings: { minIntervalMs: 0, pageCap: 10 },
});

/**
 * Read the forum as a reader does: once the site's script has shown page 1's threads,
 * scroll to the end until tsugi has a next link (a look taken before the script rendered
 * saw none), then until the pager settles.
 */
async function readForum(page: Page): Promise<TabStatus> {
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
const titles = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll("li.thread a.title"), (e) => e.textContent),
  );

const allTitles = Array.from({ length: THREADS_PER_PAGE * THREAD_PAGES }, (_, i) =>
  threadTitle(i + 1),
);

describe("an app shell that replaces its whole mount point with the list and the pager", () => {
  // The second path, and the third test, come with the rule the first one learned: then the
  // detector runs on the shell at once, before its script rendered anything.
  const visits = [
    { base: "/threads", visit: "first visit" },
    { base: "/slowthreads", visit: "API after 300 ms, rule learned before" },
    { base: "/threads", visit: "rule learned before" },
  ];
  for (const { base, visit } of visits) {
    it(`${base} (${visit}): every thread of every page once and in order, with the reader's scroll only`, async () => {
      const from = suite.server.requests.length;
      // Page 1 as a reader finds it: the forum's address without a page number.
      const page = await suite.tabs.open(base);
      const end = await readForum(page);
      expect(await titles(page)).toEqual(allTitles);
      expect(end).toMatchObject({ state: "done", pages: THREAD_PAGES });
      // Each page's JSON was asked for once: page 1 by the tab, the others by their frame.
      const api = suite.server.requests
        .slice(from)
        .filter((r) => r.path.startsWith("/api/threads"))
        .map((r) => new URL(r.path, "http://x").searchParams.get("page"));
      expect(api).toEqual(Array.from({ length: THREAD_PAGES }, (_, i) => String(i + 1)));
      // No "Loading…" line came through, and no frame is left.
      expect(await page.locator("p.loading").count()).toBe(0);
      expect(await page.locator("iframe").count()).toBe(0);
    });
  }
});
