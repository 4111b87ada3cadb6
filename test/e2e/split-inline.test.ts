import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { scrollUntilSettled, tabStatus } from "../../src/cli/join";
import { type StaticServer, startStaticServer } from "../../src/serve/static-server";
import { launchWithExtension } from "../support/extension";

// An older news template that splits the body of every page in two sibling
// div.articleBody: a short first half ("(Page N of 5)" and one paragraph), then inline
// boxes (a slide-show thumbnail behind a javascript: link, empty boxes), a script and an
// empty reader-comments div, then the long second half. Every paragraph of every page must
// come once, in order; the boxes between the halves must not come with the joined pages.
const FIXTURES = join(process.cwd(), "test/fixtures");
const PAGES = 5;

/** The paragraphs of each fixture page's article body, read from the files themselves. */
function splitInlineParagraphs(n: number): string[] {
  const html = readFileSync(join(FIXTURES, "split-inline", `${n}.html`), "utf8");
  const bodies = [...html.matchAll(/<div class="articleBody">([\s\S]*?)<\/div>/g)];
  return bodies.flatMap((m) =>
    [...(m[1] ?? "").matchAll(/<p>([^<]+)<\/p>/g)].map((p) => p[1] ?? ""),
  );
}

let server: StaticServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startStaticServer(FIXTURES);
  browser = await launchWithExtension({ settings: { minIntervalMs: 0 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("an article body split in two around inline boxes", () => {
  it("joins both halves of each page, every paragraph once and in order, without the boxes", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/split-inline/1.html`);
    expect((await scrollUntilSettled(page, 40_000)).state).toBe("done");
    const text = (await page.locator("body").innerText()).replace(/\s+/g, " ");
    const expected = Array.from({ length: PAGES }, (_, k) => splitInlineParagraphs(k + 1));
    // Each page's first half holds exactly one paragraph; the second one 15 to 25.
    for (const paragraphs of expected) expect(paragraphs.length).toBeGreaterThanOrEqual(16);
    let at = -1;
    const missing: string[] = [];
    for (const p of expected.flat()) {
      const first = text.indexOf(p);
      if (first < 0) {
        missing.push(p);
        continue;
      }
      expect(first, p).toBeGreaterThan(at);
      expect(text.indexOf(p, first + 1), `${p} twice`).toBe(-1);
      at = first;
    }
    expect(missing).toEqual([]);
    // The inline boxes of page 1 stay where they are; the joined pages bring none, and the
    // rule names the body's parts, not the boxes between them.
    const boxes = await page.evaluate(() => document.querySelectorAll(".articleInline").length);
    expect(boxes).toBe(
      (
        readFileSync(join(FIXTURES, "split-inline", "1.html"), "utf8").match(
          /class="articleInline/g,
        ) ?? []
      ).length,
    );
    const rule = (await tabStatus(page))?.rule?.pageElement ?? "";
    expect(rule).toContain("articleBody");
    expect(rule).not.toContain("articleInline");
    // The page line of each joined page comes with its first half.
    for (let n = 2; n <= PAGES; n++) expect(text).toContain(`(Page ${n} of ${PAGES})`);
  });
});
