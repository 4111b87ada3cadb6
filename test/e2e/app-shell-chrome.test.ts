/**
 * An app shell as real sites serve it: a static `<header>` (site name, Home / About /
 * Contact) and a static `<footer>` (©, Privacy, Terms) around a "Loading…" mount point
 * that the page's script replaces with the page's threads and a numbered pager. Fetched
 * as HTML, page 2 has the header and the footer but not page 1's list: it must be rendered
 * in the hidden frame, never joined as its footer. Every thread of every page once, in
 * order, and no header or footer of a later page inserted, in real Chromium with the
 * built extension; first visit and return visit (a learned rule), the API answering at
 * once and after 300 ms.
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

// Each API speed in its own browser, so that each has a true first visit (no rule learned)
// and a return visit (the rule the first one learned).
for (const { base, speed } of [
  { base: "/forum", speed: "API at once" },
  { base: "/slowforum", speed: "API after 300 ms" },
]) {
  describe(`an app shell with a static header and footer around its mount point (${speed})`, () => {
    const suite = extensionSuite(startScriptPagesServer, {
      settings: { minIntervalMs: 0, pageCap: 10 },
    });
    for (const visit of ["first visit", "return visit"]) {
      it(`${base} (${visit}): all 75 threads once and in order, no later page's header or footer`, async () => {
        const from = suite.server.requests.length;
        const page = await suite.tabs.open(base);
        const end = await readForum(page);
        const shown = await titles(page);
        console.log(
          `app shell with chrome, ${base} (${visit}, ${speed}): ${shown.length} threads, ${end.state}, ${end.pages} pages, rule ${end.ruleSource}`,
        );
        expect(shown).toEqual(allTitles);
        expect(end).toMatchObject({ state: "done", pages: THREAD_PAGES });
        expect(end.ruleSource).toBe(visit === "first visit" ? "detected" : "learned");
        // The site's chrome stands once: page 1's own, never a joined copy.
        expect(await page.locator("footer").count()).toBe(1);
        expect(await page.locator("header").count()).toBe(1);
        await expectEachPageRenderedOnce(page, suite.server.requests.slice(from));
      });
    }
  });
}
