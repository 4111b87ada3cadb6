import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { scrollUntilSettled } from "../../src/cli/join";
import { type StaticServer, startStaticServer } from "../../src/serve/static-server";
import { launchWithExtension } from "../support/extension";

// A magazine article whose body the template splits around a reader-comments teaser: a
// short lead in one div.articleBody, the rest in a second one. Every paragraph of every
// page must come once, in order; the teaser of pages 2-3 must not.
const FIXTURES = join(process.cwd(), "test/fixtures");

/** The paragraphs of each fixture page's article body, read from the files themselves. */
function bodyParagraphs(n: number): string[] {
  const html = readFileSync(join(FIXTURES, "split-body", `${n}.html`), "utf8");
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
    const expected = [1, 2, 3].flatMap(bodyParagraphs);
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
