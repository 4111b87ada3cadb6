/**
 * An app shell that renders its whole list and its pager from JSON: every page, as served,
 * is a "Loading…" mount point and one inline script that replaces the whole mount point
 * with the page's threads and a numbered pager. With the reader's scroll only, every
 * thread of every page must come once, in order, in real Chromium with the built extension.
 */
import { describe, expect, it } from "vitest";
import { extensionSuite } from "../support/extension";
import {
  allThreadTitles as allTitles,
  expectEachPageRenderedOnce,
  readForum,
  threadTitlesShown as titles,
} from "../support/forum-reader";
import { startScriptPagesServer, THREAD_PAGES } from "../support/script-pages-server";

const suite = extensionSuite(startScriptPagesServer, {
  settings: { minIntervalMs: 0, pageCap: 10 },
});

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
      await expectEachPageRenderedOnce(page, suite.server.requests.slice(from));
    });
  }
});
