import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { scrollUntilSettled, tabStatus } from "../../src/cli/join";
import { type StaticServer, startStaticServer } from "../../src/serve/static-server";
import { launchWithExtension } from "../support/extension";

// Article bodies that a template splits into sibling div.articleBody parts.
// split-body: a magazine article split around a reader-comments teaser: a short lead in
// one div.articleBody, the rest in a second one. Every paragraph of every page must come
// once, in order; the teaser of pages 2-3 must not.
// split-inline: an older news template that splits the body of every page in two sibling
// div.articleBody: a short first half ("(Page N of 5)" and one paragraph), then inline
// boxes (a slide-show thumbnail behind a javascript: link, empty boxes), a script and an
// empty reader-comments div, then the long second half. Every paragraph of every page must
// come once, in order; the boxes between the halves must not come with the joined pages.
const FIXTURES = join(process.cwd(), "test/fixtures");
const PAGES = 5;

/** The paragraphs of a fixture page's article body, read from the file itself.
 * @param folder the fixture folder under test/fixtures
 * @param n the page number */
function bodyParagraphs(folder: string, n: number): string[] {
  const html = readFileSync(join(FIXTURES, folder, `${n}.html`), "utf8");
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

describe("an article body split around a comments teaser", () => {
  it("joins every part of each page's body, once and in order", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/split-body/1.html`);
    expect((await scrollUntilSettled(page, 30_000)).state).toBe("done");
    const text = (await page.locator("body").innerText()).replace(/\s+/g, " ");
    const expected = [1, 2, 3].flatMap((n) => bodyParagraphs("split-body", n));
    expect(expected).toHaveLength(9);
    let at = -1;
    for (const p of expected) {
      const first = text.indexOf(p);
      expect(first, p).toBeGreaterThan(at);
      expect(text.indexOf(p, first + 1), `${p} twice`).toBe(-1);
      at = first;
    }
    // The joined pages bring their body, not the teaser between its parts.
    expect(text.split("Reader comments (12)").length - 1).toBe(1);
  });
});

describe("an article body split in two around inline boxes", () => {
  it("joins both halves of each page, every paragraph once and in order, without the boxes", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/split-inline/1.html`);
    expect((await scrollUntilSettled(page, 40_000)).state).toBe("done");
    const text = (await page.locator("body").innerText()).replace(/\s+/g, " ");
    const expected = Array.from({ length: PAGES }, (_, k) => bodyParagraphs("split-inline", k + 1));
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
