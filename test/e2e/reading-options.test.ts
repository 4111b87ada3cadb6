/**
 * The reader's joining options in the built extension: the site's pagination bar
 * replaced by the last joined page's, far-away pages trimmed after a cap, and the
 * address bar and tab title following the page being read.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { launchWithExtension, occurrences, originalText } from "../support/extension";

const LAST = 8;
const paragraph = (n: number, k: number) =>
  `Book part ${n}, paragraph ${k}: ${"the reader keeps reading while the pages arrive one after another, ".repeat(6)}and this sentence belongs to part ${n} alone (${n * 100 + k}).`;

function bookPage(n: number): string {
  const links = Array.from({ length: LAST }, (_, i) => i + 1)
    .map((k) => (k === n ? `<span class="current">${k}</span>` : `<a href="/book/${k}">${k}</a>`))
    .join(" ");
  const next = n < LAST ? ` <a rel="next" href="/book/${n + 1}">Next ›</a>` : "";
  const paras = Array.from({ length: 8 }, (_, k) => `<p>${paragraph(n, k)}</p>`).join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Book — part ${n}</title></head>
<body><header><a href="/">Books</a></header><main><h1>Book, part ${n}</h1>
<div class="entry">${paras}</div>
<div class="pager">${links}${next}</div></main></body></html>`;
}

let server: http.Server;
let origin = "";
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const m = /^\/book\/(\d+)$/.exec(req.url ?? "");
    const n = Number(m?.[1]);
    if (!m || n < 1 || n > LAST) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(bookPage(n));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchWithExtension({
    settings: {
      minIntervalMs: 0,
      pageCap: 20,
      keepPages: 2,
      replacePagerBar: true,
      addressBar: true,
    },
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
});

describe("reading options", () => {
  it("replaces the pager bar, trims far pages, and keeps the address bar and title on the page read", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1000, height: 700 });
    await page.goto(`${origin}/book/1`);
    const before = await originalText(page);
    // The address bar moves with the reading, so the status is read from the page itself.
    const deadline = Date.now() + 60_000;
    let line = "";
    while (!line.includes("pages joined") && Date.now() < deadline) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(200);
      line =
        (await page
          .locator(".tsugi-status")
          .textContent()
          .catch(() => "")) ?? "";
    }
    expect(line).toContain(`End: ${LAST} pages joined`);

    // Pagination bar: page 1's bar now shows the last joined page's state.
    const bar = page.locator("div.pager").first();
    expect(await bar.getAttribute("data-tsugi-pager-bar")).toBe(String(LAST));
    expect(await bar.locator(".current").textContent()).toBe(String(LAST));
    expect(await page.locator("div.pager").count()).toBe(1);

    // Trimming (keep 2): older joined pages became blocks of the same height, so
    // nothing moved, and page 1 is intact.
    const trimmed = await page.$$eval("[data-tsugi-trimmed]", (els) =>
      els.map((e) => ({
        n: Number((e as HTMLElement).dataset.tsugiPage),
        h: e.getBoundingClientRect().height,
      })),
    );
    // Trimming runs after each join, on pages by then two screens above the reader.
    const numbers = trimmed.map((t) => t.n);
    expect(numbers.length).toBeGreaterThanOrEqual(2);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 2));
    expect(numbers).not.toContain(LAST - 1);
    expect(numbers).not.toContain(LAST);
    for (const t of trimmed) expect(t.h).toBeGreaterThan(300);
    const text = await page.evaluate(() => document.body.textContent ?? "");
    expect(occurrences(text, paragraph(2, 0).slice(0, 60))).toBe(0);
    expect(occurrences(text, paragraph(LAST, 0).slice(0, 60))).toBe(1);
    // Page 1 is intact (its bar aside, which the option replaces on purpose).
    const original = await originalText(page);
    for (let k = 0; k < 8; k++) expect(occurrences(original, paragraph(1, k))).toBe(1);
    expect(original.replace(/\s/g, "").length).toBeGreaterThan(
      before.replace(/\s/g, "").length * 0.9,
    );

    // Address bar and title follow the page being read, also over trimmed pages.
    for (const n of [7, 4]) {
      await page.evaluate((n) => {
        const el = document.querySelector(`[data-tsugi-page="${n}"]`) as HTMLElement;
        window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 50);
      }, n);
      await expect.poll(() => page.url(), { timeout: 5000 }).toBe(`${origin}/book/${n}`);
      expect(await page.title()).toBe(`Book — part ${n}`);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.url(), { timeout: 5000 }).toBe(`${origin}/book/1`);
    expect(await page.title()).toBe("Book — part 1");

    // A reload returns to the page that was being read.
    await page.evaluate(() => {
      const el = document.querySelector('[data-tsugi-page="7"]') as HTMLElement;
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 50);
    });
    await expect.poll(() => page.url(), { timeout: 5000 }).toBe(`${origin}/book/7`);
    await page.reload();
    expect(await page.locator("h1").first().textContent()).toBe("Book, part 7");
  });
});
