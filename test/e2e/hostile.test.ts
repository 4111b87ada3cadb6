/**
 * The built extension in real Chromium against a hostile server: HTTP errors and
 * retries, redirect loops, links back to page 1, other origins, endless chains,
 * huge pages, legacy charsets, lazy images, table rows, script injection and
 * AutoPagerize's events. Every case also checks that page 1 is intact and that
 * nothing from a fetched page ran.
 */
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { scrollUntilSettled, tabStatus, waitForStatus } from "../../src/cli/join";
import { launchWithExtension, occurrences, originalText } from "../support/extension";
import {
  articleParagraphs,
  CHARSET_FAMILIES,
  type CharsetFamily,
  encodeLegacy,
  FOREIGN_PROSE,
  type HostileServer,
  startHostileServer,
  tableRows,
  titleOf,
  ZERO_SEARCH_PAGES,
  ZERO_SEARCH_RESULTS,
} from "../support/hostile-server";

let server: HostileServer;
let browser: LaunchedBrowser;
const open: Page[] = [];

beforeAll(async () => {
  server = await startHostileServer();
  // No wait between requests and 100 ms retry backoff keep the cases short.
  browser = await launchWithExtension({
    settings: { minIntervalMs: 0, pageCap: 5, backoffMs: 100 },
  });
});

afterEach(async () => {
  for (const p of open.splice(0)) await p.close().catch(() => {});
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Joined {
  page: Page;
  /** Final pager state, e.g. "stopped". */
  state: string;
  /** Why it stopped, as the popup says it ("" when none). */
  reason: string;
  /** Text of tsugi's status line in the page ("" when absent). */
  status: string;
}

/**
 * Open `/<family>/1` and scroll until the pager settles.
 * @param timeoutMs give up after this long, ms
 */
async function join(family: string, timeoutMs = 30_000): Promise<Joined> {
  const page = await browser.context.newPage();
  open.push(page);
  await page.goto(`${server.origin}/${family}/1`);
  const { state, reason } = await scrollUntilSettled(page, timeoutMs);
  // No status line when the pager never started (e.g. detection found no next link).
  const line = page.locator(".tsugi-status");
  const status = (await line.count()) > 0 ? ((await line.first().textContent()) ?? "") : "";
  return { page, state, reason: reason ?? "", status };
}

/** Requests the main origin answered for exactly `path`. */
function hits(path: string): number {
  return server.requests.filter((r) => r.path === path).length;
}

/** Every request for `/beacon…`, on either origin. */
function beacons(): string[] {
  return [...server.requests, ...server.other.requests]
    .map((r) => r.path)
    .filter((p) => p.startsWith("/beacon"));
}

/** The status line is shown and says `words`, with a Retry button when `retry`. */
async function expectStatus(page: Page, status: string, words: string, retry = false) {
  expect(status).toContain(words);
  expect(await page.locator(".tsugi-status").first().isVisible()).toBe(true);
  if (retry) expect(await page.getByRole("button", { name: "Retry" }).isVisible()).toBe(true);
}

/**
 * Page 1 is intact: each of its texts is in the body exactly once, also once
 * tsugi's additions are removed (so page 1 was neither lost nor joined again), its
 * title and URL are unchanged, and nothing asked for `/beacon`.
 * @param texts page 1's paragraphs (default: the family's article paragraphs)
 */
async function expectPage1Intact(page: Page, family: string, texts?: readonly string[]) {
  const original = await originalText(page);
  const whole = await page.evaluate(() => (document.body.textContent ?? "").replace(/\s+/g, " "));
  for (const t of texts ?? articleParagraphs(family, 1)) {
    expect(occurrences(original, t), t).toBe(1);
    expect(occurrences(whole, t), t).toBe(1);
  }
  expect(await page.title()).toBe(titleOf(family, 1));
  expect(page.url()).toBe(`${server.origin}/${family}/1`);
  expect(beacons()).toEqual([]);
}

/** Whitespace-collapsed text of joined page `n`'s elements. */
async function joinedText(page: Page, n: number): Promise<string> {
  return page.evaluate(
    (n) =>
      Array.from(document.querySelectorAll(`[data-tsugi-page="${n}"]`), (e) => e.textContent ?? "")
        .join(" ")
        .replace(/\s+/g, " "),
    n,
  );
}

describe("the hostile server itself", () => {
  it("encodes legacy charsets, 404s unknown paths, fails page 2 as planned", async () => {
    for (const [family, { label }] of Object.entries(CHARSET_FAMILIES)) {
      const text = FOREIGN_PROSE[family as CharsetFamily].join("\n");
      const bytes = encodeLegacy(text, label);
      expect(bytes.some((b) => b >= 0x80)).toBe(true);
      expect(new TextDecoder(label).decode(bytes)).toBe(text);
    }
    const s = await startHostileServer();
    try {
      expect((await fetch(`${s.origin}/no/such/path`)).status).toBe(404);
      expect((await fetch(`${s.origin}/http404/2`)).status).toBe(404);
      expect((await fetch(`${s.origin}/flaky503/2`)).status).toBe(503);
      expect((await fetch(`${s.origin}/flaky503/2`)).status).toBe(200);
      for (const family of Object.keys(CHARSET_FAMILIES) as CharsetFamily[]) {
        const bytes = new Uint8Array(await (await fetch(`${s.origin}/${family}/2`)).arrayBuffer());
        const label = CHARSET_FAMILIES[family].label;
        expect(new TextDecoder(label).decode(bytes)).toContain(FOREIGN_PROSE[family][0]);
        // Read as UTF-8 it is garbage: the browser must honour the declared charset.
        expect(new TextDecoder().decode(bytes)).not.toContain(FOREIGN_PROSE[family][0]);
      }
      const cross = await (await fetch(`${s.origin}/cross/1`)).text();
      expect(cross).toContain(`href="${s.other.origin}/cross/2"`);
      expect(s.other.origin).not.toBe(s.origin);
      expect(s.requests.map((r) => r.status)).toEqual([
        404, 404, 503, 200, 200, 200, 200, 200, 200,
      ]);
    } finally {
      await s.close();
    }
  });
});

describe("HTTP errors", () => {
  it("404 on page 2: stopped with a Retry button, no automatic retry", async () => {
    const { page, state, reason, status } = await join("http404");
    expect(state, reason).toBe("stopped");
    await expectStatus(page, status, "HTTP 404", true);
    await page.waitForTimeout(600); // longer than the backoff: a retry would show by now
    expect(hits("/http404/2")).toBe(1);
    expect(await page.locator(".tsugi-separator").count()).toBe(0);
    await expectPage1Intact(page, "http404");
  });

  it("500 on page 2: retried twice with backoff, then stopped; Retry asks once more", async () => {
    const { page, state, reason, status } = await join("http500");
    expect(state, reason).toBe("stopped");
    await expectStatus(page, status, "HTTP 500", true);
    await page.waitForTimeout(600);
    expect(hits("/http500/2")).toBe(3);
    await page.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => hits("/http500/2"), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await page.waitForTimeout(800);
    await waitForStatus(page, (s) => s.state === "stopped", 10_000);
    expect(hits("/http500/2")).toBe(4);
    const again = (await page.locator(".tsugi-status").first().textContent()) ?? "";
    await expectStatus(page, again, "HTTP 500", true);
    expect(await page.locator(".tsugi-separator").count()).toBe(0);
    await expectPage1Intact(page, "http500");
  });

  it("503 once, then 200: the automatic retry joins page 2", async () => {
    const { page, state, reason } = await join("flaky503");
    expect(state, reason).not.toBe("stopped");
    expect(hits("/flaky503/2")).toBe(2);
    expect(await page.locator(".tsugi-separator").allTextContents()).toEqual(["Page 2"]);
    expect(await joinedText(page, 2)).toContain(articleParagraphs("flaky503", 2)[0]);
    await expectPage1Intact(page, "flaky503");
  });
});

describe("redirects, loops and other sites", () => {
  it("a redirect loop on page 2: stopped, could not load", async () => {
    const { page, state, reason, status } = await join("redirect-loop");
    expect(state, reason).toBe("stopped");
    await expectStatus(page, status, "could not load");
    expect(hits("/redirect-loop/2")).toBeGreaterThan(0);
    expect(await page.locator(".tsugi-separator").count()).toBe(0);
    await expectPage1Intact(page, "redirect-loop");
  });

  it("page 2 links back to page 1: page 2 joined, then stopped (already shown)", async () => {
    const { page, state, reason, status } = await join("back-to-1");
    expect(state, reason).toBe("stopped");
    await expectStatus(page, status, "already shown");
    expect(await page.locator(".tsugi-separator").count()).toBe(1);
    expect(await joinedText(page, 2)).toContain(articleParagraphs("back-to-1", 2)[0]);
    expect(hits("/back-to-1/1")).toBe(1); // the navigation only
    await expectPage1Intact(page, "back-to-1");
  });

  it("page 2 redirects to page 1: stopped (already shown), page 1 not joined again", async () => {
    const { page, state, reason, status } = await join("redirect-to-1");
    expect(state, reason).toBe("stopped");
    await expectStatus(page, status, "already shown");
    expect(await page.locator(".tsugi-separator").count()).toBe(0);
    expect(await page.locator("[data-tsugi-page='2']").count()).toBe(0);
    await expectPage1Intact(page, "redirect-to-1");
  });

  it("a next link to another origin: refused (never followed), the popup says why, nothing sent there", async () => {
    const { page, state, reason } = await join("cross");
    // Only same-origin links are candidates, so the pager never starts and the page
    // stays untouched; the popup names the other site.
    expect(state, reason).toBe("no-next");
    expect(reason).toContain("another site");
    expect(server.other.requests).toEqual([]);
    expect(await page.locator(".tsugi-separator, .tsugi-status").count()).toBe(0);
    await expectPage1Intact(page, "cross");
  });

  it("page 2 links to another origin: page 2 joined, nothing sent there", async () => {
    const { page, state, reason } = await join("cross-later");
    expect(["stopped", "done"], reason).toContain(state);
    expect(await page.locator(".tsugi-separator").count()).toBe(1);
    expect(server.other.requests).toEqual([]);
    await expectPage1Intact(page, "cross-later");
  });
});

describe("a pager counted from 0", () => {
  it("joins every page once and in order: none skipped where '2' asks for p=1", async () => {
    const page = await browser.context.newPage();
    open.push(page);
    const before = server.requests.length;
    await page.goto(`${server.origin}/zero-search?q=tea`);
    const { state } = await scrollUntilSettled(page, 30_000);
    const shown = await page.$$eval(".result h3 a", (as) =>
      as.map((a) => Number(/Result (\d+)/.exec(a.textContent ?? "")?.[1])),
    );
    const all = Array.from({ length: ZERO_SEARCH_PAGES * ZERO_SEARCH_RESULTS }, (_, i) => i + 1);
    expect(state).toBe("done");
    expect(shown).toEqual(all);
    const asked = server.requests.slice(before).map((r) => r.path);
    // Each page was asked for once at most: a page refused as page 2 is not fetched again.
    expect(new Set(asked).size).toBe(asked.length);
  });
});

describe("limits", () => {
  it("an endless chain stops at the page cap (5): pages 2..5 joined, page 6 never asked", async () => {
    const { page, state, reason, status } = await join("endless", 60_000);
    expect(state, reason).toBe("stopped");
    await expectStatus(page, status, "page cap (5 pages)");
    expect(await page.locator(".tsugi-separator").allTextContents()).toEqual([
      "Page 2",
      "Page 3",
      "Page 4",
      "Page 5",
    ]);
    for (const n of [2, 3, 4, 5]) {
      expect(hits(`/endless/${n}`)).toBe(1);
      expect(await joinedText(page, n)).toContain(articleParagraphs("endless", n)[0]);
    }
    expect(hits("/endless/6")).toBe(0);
    expect(await page.locator("[data-tsugi-page='6']").count()).toBe(0);
    await expectPage1Intact(page, "endless");
  });

  it("a 5 MB page 2 is joined", async () => {
    const { page, state, reason } = await join("huge", 90_000);
    expect(state, reason).not.toBe("stopped");
    expect(await page.locator(".tsugi-separator").count()).toBe(1);
    const text = await joinedText(page, 2);
    expect(text).toContain(articleParagraphs("huge", 2)[0]);
    expect(text).toContain("Filler paragraph 1000 of huge part 2");
    await expectPage1Intact(page, "huge");
  });

  it.each(["too-big", "too-big-chunked"])(
    "a 12 MB page 2 (%s): stopped, too large",
    async (family) => {
      const { page, state, reason, status } = await join(family, 90_000);
      expect(state, reason).toBe("stopped");
      await expectStatus(page, status, "too large");
      expect(await page.locator(".tsugi-separator").count()).toBe(0);
      await expectPage1Intact(page, family);
    },
  );
});

describe("legacy charsets", () => {
  it.each(Object.keys(CHARSET_FAMILIES) as CharsetFamily[])(
    "page 2 in %s is decoded with its own charset",
    async (family) => {
      const { page, state, reason } = await join(family);
      expect(state, reason).not.toBe("stopped");
      expect(await page.locator(".tsugi-separator").count()).toBe(1);
      const text = await joinedText(page, 2);
      for (const sentence of FOREIGN_PROSE[family]) expect(text).toContain(sentence);
      const whole = await page.evaluate(() => document.body.textContent ?? "");
      expect(whole).not.toContain("\uFFFD");
      await expectPage1Intact(page, family);
    },
  );
});

describe("markup of joined pages", () => {
  it("lazy images get real sources and load", async () => {
    const { page, state, reason } = await join("lazy");
    expect(state, reason).not.toBe("stopped");
    const img = (alt: string) => page.locator(`[data-tsugi-page='2'] img[alt='${alt}']`);
    const abs = (p: string) => `${server.origin}${p}`;
    for (const alt of ["a", "b", "c", "d", "e"]) expect(await img(alt).count()).toBe(1);
    expect(await img("a").getAttribute("src")).toBe(abs("/img/a.png"));
    expect(await img("b").getAttribute("src")).toBe(abs("/img/b.png"));
    expect(await img("c").getAttribute("srcset")).toContain(abs("/img/c.png"));
    expect(await img("d").getAttribute("src")).toBe(abs("/img/d.png"));
    expect(await img("e").getAttribute("src")).toBe(abs("/img/e.png"));
    const source = page.locator("[data-tsugi-page='2'] picture source");
    expect(await source.getAttribute("srcset")).toContain(abs("/img/d.webp"));
    for (const alt of ["a", "b", "c", "d", "e"]) {
      await img(alt).scrollIntoViewIfNeeded();
      await expect
        .poll(() => img(alt).evaluate((e) => (e as HTMLImageElement).naturalWidth), {
          timeout: 10_000,
          message: `image ${alt} loaded`,
        })
        .toBeGreaterThan(0);
    }
    await expectPage1Intact(page, "lazy");
  });

  it("table rows join the same tbody, separators are rows, page 3 ends", async () => {
    const { page, state, reason } = await join("table");
    expect(state, reason).toBe("done");
    const layout = await page.evaluate(() => {
      const tbody = document.querySelector("table.list tbody");
      const rowsOf = (n: number) =>
        Array.from(document.querySelectorAll(`tr[data-tsugi-page="${n}"]`));
      return {
        inTbody: [2, 3].map(
          (n) => document.querySelectorAll(`table.list tbody tr[data-tsugi-page="${n}"]`).length,
        ),
        sameTbody: [2, 3].every((n) => rowsOf(n).every((r) => r.parentElement === tbody)),
        separatorRows: document.querySelectorAll("table.list tbody > tr.tsugi-separator").length,
        separators: document.querySelectorAll(".tsugi-separator").length,
        strayRows: Array.from(document.querySelectorAll("tr")).filter((r) => !r.closest("table"))
          .length,
        tables: document.querySelectorAll("table").length,
        firstCells: Array.from(
          tbody?.querySelectorAll("tr:not(.tsugi-separator):not(.tsugi-status) td:first-child") ??
            [],
          (td) => (td.textContent ?? "").trim(),
        ),
      };
    });
    expect(layout.inTbody).toEqual([tableRows(2).length, tableRows(3).length]);
    expect(layout.sameTbody).toBe(true);
    expect(layout.separatorRows).toBe(2);
    expect(layout.separators).toBe(2);
    expect(layout.strayRows).toBe(0);
    expect(layout.tables).toBe(1);
    expect(layout.firstCells).toEqual([1, 2, 3].flatMap((n) => tableRows(n).map((r) => r.title)));
    expect(hits("/table/4")).toBe(0);
    await expectPage1Intact(
      page,
      "table",
      tableRows(1).map((r) => r.summary),
    );
  });

  it("a hostile page 2 is joined inert: no script, handler, javascript: URL, style or overlay", async () => {
    const { page, state, reason } = await join("xss");
    expect(state, reason).not.toBe("stopped");
    expect(await page.locator(".tsugi-separator").count()).toBe(1);
    expect(await joinedText(page, 2)).toContain("Hostile part 2 still ends with honest prose");
    // Handlers stripped: clicking and hovering the bait does nothing.
    const bait = page.locator("[data-tsugi-page='2']").getByText("A block that wants a click");
    await bait.scrollIntoViewIfNeeded();
    await bait.hover();
    await bait.click();
    await page.waitForTimeout(1500);
    expect(beacons()).toEqual([]);
    const found = await page.evaluate(() => {
      const roots = Array.from(document.querySelectorAll('[data-tsugi-page="2"]'));
      const all = roots.flatMap((r) => [r, ...Array.from(r.querySelectorAll("*"))]);
      // As the URL parser reads it: without controls, tabs, newlines and spaces.
      const bare = (v: string) =>
        Array.from(v)
          .filter((c) => c.charCodeAt(0) > 0x20)
          .join("")
          .toLowerCase();
      return {
        handlers: all.flatMap((e) =>
          e.getAttributeNames().filter((a) => a.toLowerCase().startsWith("on")),
        ),
        jsUrls: all.flatMap((e) =>
          ["href", "action", "formaction", "src", "xlink:href"]
            .map((a) => e.getAttribute(a) ?? "")
            .filter((v) => bare(v).startsWith("javascript:")),
        ),
        tags: all
          .map((e) => e.localName)
          .filter((t) => ["script", "iframe", "style", "meta", "link", "base"].includes(t)),
        fixed: all.filter((e) => getComputedStyle(e).position === "fixed").length,
        bodyDisplay: getComputedStyle(document.body).display,
        bodyVisibility: getComputedStyle(document.body).visibility,
      };
    });
    expect(found.handlers).toEqual([]);
    expect(found.jsUrls).toEqual([]);
    expect(found.tags).toEqual([]);
    expect(found.fixed).toBe(0);
    expect(found.bodyDisplay).not.toBe("none");
    expect(found.bodyVisibility).toBe("visible");
    expect(await page.locator("main").first().isVisible()).toBe(true);
    await expectPage1Intact(page, "xss");
  });
});

describe("AutoPagerize events", () => {
  it("page scripts see AutoPagerize_DOMNodeInserted and GM_AutoPagerizeNextPageLoaded", async () => {
    const { page, state, reason } = await join("events");
    expect(state, reason).toBe("done");
    expect(await page.locator(".tsugi-separator").count()).toBe(2);
    const seen = await page.evaluate(() => {
      type Ap = {
        inserted: { tag: string; page: string | null; url: string | null }[];
        targets: unknown[];
        loaded: number;
      };
      const ap = (window as unknown as { __apEvents?: Ap }).__apEvents;
      if (!ap) return null;
      return {
        loaded: ap.loaded,
        inserted: ap.inserted,
        // Read again now: the targets are still in the document, tagged.
        targets: ap.targets.map((t) => ({
          what:
            t instanceof Element
              ? `<${t.localName} class="${t.className}">`
              : `node ${(t as Node | null)?.nodeName}`,
          connected: t instanceof Node && t.isConnected,
          page: t instanceof Element ? t.getAttribute("data-tsugi-page") : null,
        })),
      };
    });
    expect(seen).not.toBeNull();
    if (!seen) return;
    expect(seen.loaded).toBe(2);
    for (const n of [2, 3]) {
      const events = seen.inserted.filter((e) => e.page === String(n));
      expect(events.length, `events for page ${n}`).toBeGreaterThanOrEqual(1);
      for (const e of events) expect(e.url).toBe(`${server.origin}/events/${n}`);
    }
    // Targets are the joined page elements, still in the document (not separators).
    expect(seen.targets.filter((t) => !t.connected).map((t) => t.what)).toEqual([]);
    expect(
      seen.targets.filter((t) => t.page !== "2" && t.page !== "3").map((t) => t.what),
      "event targets without data-tsugi-page",
    ).toEqual([]);
    expect((await tabStatus(page))?.pages).toBe(3);
    await expectPage1Intact(page, "events");
  });
});

describe("across every case", () => {
  it("nothing ever asked for /beacon, and the other origin got no request", () => {
    expect(beacons()).toEqual([]);
    expect(server.other.requests).toEqual([]);
  });
});
