/**
 * Sibling pages teach the joiner, with the built extension in real Chromium on
 * two local sites (../support/siblings-server.ts): (a) a news list that publishes 3
 * stories at the top before each next page is served shows every story once, in order,
 * and says on each separator how many it skipped; (b) a 4-page article whose body carries
 * the same share line, newsletter box and "Read more from this series" list on every page
 * shows every paragraph once and each of those blocks once. With the option off, the same
 * sites show the repeats, which is what the option is for.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { messageTab, scrollUntilSettled, setExtensionSettings } from "../../src/cli/join";
import type { JoinedArticle } from "../../src/export/joined-article";
import type { ExportFile } from "../../src/messaging/messages";
import type { TabStatus } from "../../src/messaging/status";
import type { Item } from "../../src/siblings/items";
import { bodyText, extensionSuite, occurrences } from "../support/extension";
import {
  NEWS_PER_PAGE,
  NEWS_PUBLISHED,
  NEWS_START,
  SERIES_BOILERPLATE,
  SERIES_PAGES,
  SERIES_PARAGRAPHS,
  seriesParagraph,
  startSiblingsServer,
  storyTitle,
} from "../support/siblings-server";

const suite = extensionSuite(startSiblingsServer, { settings: { minIntervalMs: 0 } });

const openPage = (path: string) => suite.tabs.open(path);

/** Story titles in document order. */
const storyTitles = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll("article.story h2"), (h) => (h.textContent ?? "").trim()),
  );

/** Pages of the news list: page p starts at story NEWS_START - (p-1)·(PER_PAGE - PUBLISHED),
 * and the last is the first to start at or below story PER_PAGE. */
const NEWS_PAGES = 1 + Math.ceil((NEWS_START - NEWS_PER_PAGE) / (NEWS_PER_PAGE - NEWS_PUBLISHED));

describe("a shifting news list (case a)", () => {
  it("shows every story once, in order, each separator saying how many it skipped", async () => {
    const page = await openPage("/news");
    const end = await scrollUntilSettled(page, 90_000);
    expect(end.state).toBe("done");
    expect(end.pages).toBe(NEWS_PAGES);
    // Every story of the list as it stood when page 1 was read, newest first, once each.
    expect(await storyTitles(page)).toEqual(
      Array.from({ length: NEWS_START }, (_, i) => storyTitle(NEWS_START - i)),
    );
    const notes = await page.evaluate(() =>
      Array.from(document.querySelectorAll(".tsugi-separator"), (s) =>
        (s.querySelector(".tsugi-skipped")?.textContent ?? "").trim(),
      ),
    );
    expect(notes).toEqual(
      Array.from({ length: NEWS_PAGES - 1 }, () => `${NEWS_PUBLISHED} items already shown`),
    );
    // The popup offers the list's items, and exports each story once, in order.
    const status = await messageTab<TabStatus>(page, { type: "popup→content:get-status" });
    expect(status.listItems).toBe(NEWS_PER_PAGE);
    const json = await messageTab<ExportFile>(page, {
      type: "popup→content:export",
      format: "items-json",
    });
    const items = JSON.parse(json.content) as Item[];
    expect(items.map((i) => i.title)).toEqual(await storyTitles(page));
    expect(new Set(items.map((i) => i.url)).size).toBe(NEWS_START);
    expect(items[items.length - 1]?.page).toBe(NEWS_PAGES);
    const csv = await messageTab<ExportFile>(page, {
      type: "popup→content:export",
      format: "items-csv",
    });
    expect(csv.filename).toMatch(/\.csv$/);
    expect(csv.content.startsWith("page,url,title,text,date,author\r\n")).toBe(true);
  });

  it("with the option off, appends the repeated stories as the site serves them", async () => {
    await setExtensionSettings(suite.browser.context, { minIntervalMs: 0, skipRepeats: false });
    try {
      const page = await openPage("/news");
      const end = await scrollUntilSettled(page, 90_000);
      expect(end.pages).toBe(NEWS_PAGES);
      const numbers = await storyTitles(page);
      expect(numbers.length).toBe(NEWS_START + NEWS_PUBLISHED * (NEWS_PAGES - 1));
      expect(new Set(numbers).size).toBe(NEWS_START);
    } finally {
      await setExtensionSettings(suite.browser.context, { minIntervalMs: 0, skipRepeats: true });
    }
  });
});

describe("tsugi join on the shifting list", () => {
  it("prints the list's items in its JSON, each story once and in order", async () => {
    // Not spawnSync: the site answers from this process.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(process.cwd(), "bin/tsugi"), "join", `${suite.server.origin}/news`, "--format", "json"],
      { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const article = JSON.parse(stdout) as JoinedArticle;
    expect(article.pages).toHaveLength(NEWS_PAGES);
    expect(article.items?.map((i) => i.title)).toEqual(
      Array.from({ length: NEWS_START }, (_, i) => storyTitle(NEWS_START - i)),
    );
  });
});

describe("an article whose pages share boilerplate (case b)", () => {
  it("shows every paragraph once and each boilerplate block once", async () => {
    const page = await openPage("/series/1");
    const end = await scrollUntilSettled(page, 90_000);
    expect(end.state).toBe("done");
    expect(end.pages).toBe(SERIES_PAGES);
    const text = await bodyText(page);
    for (let n = 1; n <= SERIES_PAGES; n++)
      for (let k = 1; k <= SERIES_PARAGRAPHS; k++)
        expect(occurrences(text, seriesParagraph(n, k)), `part ${n} ¶${k}`).toBe(1);
    for (const [block, phrase] of Object.entries(SERIES_BOILERPLATE))
      expect(occurrences(text, phrase), block).toBe(1);
    // Nothing is left of the boxes on the joined pages, not even their empty frames.
    expect(
      await page.evaluate(
        () =>
          document.querySelectorAll(
            "[data-tsugi-page]:not([data-tsugi-page='1']) :is(.newsletter, .more-series, .share)",
          ).length,
      ),
    ).toBe(0);
  });

  it("with the option off, shows the boilerplate once per page", async () => {
    await setExtensionSettings(suite.browser.context, { minIntervalMs: 0, skipRepeats: false });
    try {
      const page = await openPage("/series/1");
      const end = await scrollUntilSettled(page, 90_000);
      expect(end.pages).toBe(SERIES_PAGES);
      const text = await bodyText(page);
      for (const phrase of Object.values(SERIES_BOILERPLATE))
        expect(occurrences(text, phrase)).toBe(SERIES_PAGES);
    } finally {
      await setExtensionSettings(suite.browser.context, { minIntervalMs: 0, skipRepeats: true });
    }
  });
});
