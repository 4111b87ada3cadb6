import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { afterEach, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { readJoinedArticle, scrollUntilSettled, waitForStatus } from "../../src/cli/join";
import { listMultipageCases, readCase } from "../../src/replay/cases";
import {
  hostResolverRules,
  type ReplayServer,
  startReplayServer,
} from "../../src/replay/replay-server";
import { parseRuleCache } from "../../src/rule/rule-cache";
import { withoutCorpus } from "../support/corpus";
import {
  bodyText,
  extensionLocalStorage,
  launchWithExtension,
  occurrences,
  originalText,
} from "../support/extension";

let replay: ReplayServer | null = null;
let browser: LaunchedBrowser | null = null;

afterEach(async () => {
  await browser?.close();
  await replay?.close();
  browser = null;
  replay = null;
});

async function open(caseName: string) {
  replay = await startReplayServer(caseName);
  browser = await launchWithExtension({ hostResolverRules: hostResolverRules(replay.port) });
  const page = await browser.context.newPage();
  await page.goto(replay.case.startUrl, { waitUntil: "load" });
  return { page, replay };
}

/** First and last paragraphs of article text in a captured arstechnica page (its `.body`). */
function firstAndLastParagraph(file: string): [string, string] {
  const dom = new JSDOM(readFileSync(file));
  const paragraphs = Array.from(dom.window.document.querySelectorAll("#story .body p"))
    .map((e) => (e.textContent ?? "").replace(/\s+/g, " ").trim())
    .filter((t) => t.length >= 60);
  const [first] = paragraphs;
  const last = paragraphs[paragraphs.length - 1];
  if (!first || !last || first === last) throw new Error(`too few paragraphs in ${file}`);
  return [first.slice(0, 120), last.slice(-120)];
}

/** Requests made by fetch() in the page's origin: the pager's (not Chromium's own
 * no-cors service traffic, nor subresources). */
function pagerFetches(r: ReplayServer) {
  const origin = new URL(r.case.startUrl).origin;
  return r.requests.filter(
    (q) =>
      q.secFetchDest === "empty" &&
      q.secFetchMode !== "no-cors" &&
      new URL(q.url).origin === origin,
  );
}

/** Pager fetches that found nothing. */
function failedPagerFetches(r: ReplayServer) {
  return pagerFetches(r).filter((q) => q.status >= 400);
}

/**
 * Expected article text of a multi-page capture, made by hand from the capture itself
 * (test/golden/README.md): per page, the start of its first and middle paragraph and the
 * end of its last, in page order.
 */
interface Golden {
  case: string;
  method: string;
  pages: { url: string; paragraphs: number; first: string; middle: string; last: string }[];
}

const GOLDEN_DIR = join(process.cwd(), "test", "golden");

function readGolden(name: string): Golden {
  return JSON.parse(readFileSync(join(GOLDEN_DIR, name, "expected.json"), "utf8")) as Golden;
}

const goldenCases = readdirSync(GOLDEN_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

const noCorpus = withoutCorpus("joining real captures");

describe.skipIf(noCorpus)(
  "joining real captures (replay server, built extension, Chromium)",
  () => {
    it("arstechnica-002: all 19 pages appended in order, once each, page 1 intact, address unchanged", async () => {
      const { page, replay: r } = await open("arstechnica-002");
      await waitForStatus(page, (s) => s.state === "ready");
      const before = await originalText(page);
      const { state } = await scrollUntilSettled(page, 150_000);
      expect(state).toBe("done");

      const article = await readJoinedArticle(page);
      expect(article.pages.map((p) => p.number)).toEqual(
        Array.from({ length: 19 }, (_, i) => i + 1),
      );
      const separators = await page.$$eval(".tsugi-separator", (els) =>
        els.map((e) => ({
          n: Number((e as HTMLElement).dataset.tsugiSeparator),
          url: (e as HTMLElement).dataset.tsugiUrl,
        })),
      );
      expect(separators.map((s) => s.n)).toEqual(Array.from({ length: 18 }, (_, i) => i + 2));
      expect(separators.map((s) => s.url)).toEqual(
        Array.from(
          { length: 18 },
          (_, i) => `http://arstechnica.com/apple/reviews/2011/07/mac-os-x-10-7.ars/${i + 2}`,
        ),
      );

      const text = await bodyText(page);
      const c = readCase("arstechnica-002");
      let last = -1;
      for (let n = 1; n <= 19; n++) {
        const key = n === 1 ? c.startUrl : `${c.startUrl}/${n}`;
        const file = c.urlMap.get(key);
        if (!file) throw new Error(`capture has no ${key}`);
        const [first, final] = firstAndLastParagraph(file);
        expect(occurrences(text, first), `page ${n} first paragraph`).toBe(1);
        expect(occurrences(text, final), `page ${n} last paragraph`).toBe(1);
        const at = text.indexOf(first);
        expect(at, `page ${n} after page ${n - 1}`).toBeGreaterThan(last);
        expect(text.indexOf(final), `page ${n} whole`).toBeGreaterThan(at);
        last = text.indexOf(final);
      }
      expect(await originalText(page)).toBe(before);
      expect(page.url()).toBe(c.startUrl);
      expect(failedPagerFetches(r)).toEqual([]);

      // The README's screenshot: the end of page 1, the separator, the start of page 2.
      await page.evaluate(() => {
        const sep = document.querySelector(".tsugi-separator");
        if (sep) window.scrollTo(0, sep.getBoundingClientRect().top + window.scrollY - 300);
      });
      await page.screenshot({ path: join(process.cwd(), "docs", "joined-page.png") });

      // The rule learned on page 1 carried the fetched pages, so it was cached; a second
      // visit reads page 1 with it (no detection) and joins with it.
      const cache = parseRuleCache((await extensionLocalStorage(page.context())).learnedRules);
      const learned = cache.find((rule) => new RegExp(rule.url).test(c.startUrl));
      expect(learned?.verified).toBeGreaterThanOrEqual(1);
      const again = await page.context().newPage();
      await again.goto(c.startUrl, { waitUntil: "load" });
      const ready = await waitForStatus(again, (s) => s.state === "ready");
      expect(ready.ruleSource).toBe("learned");
      await again.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect((await waitForStatus(again, (s) => s.pages >= 2, 30_000)).ruleSource).toBe("learned");
    });

    it("arstechnica-001: joins its 2 pages", async () => {
      const { page } = await open("arstechnica-001");
      expect((await scrollUntilSettled(page)).state).toBe("done");
      const article = await readJoinedArticle(page);
      expect(article.pages.map((p) => p.number)).toEqual([1, 2]);
      expect(article.pages[1]?.url).toMatch(/gamer-gpu\.ars\/2$/);
      expect(article.pages[1]?.text.length).toBeGreaterThan(1000);
    });

    const multi = new Set(["arstechnica-001", "arstechnica-002", "washingtonpost-001"]);
    const single = noCorpus
      ? ["(corpus)"]
      : listMultipageCases().filter((name) => !multi.has(name));

    it("every multi-page capture has its golden text", () => {
      expect(goldenCases).toEqual([...multi].sort());
    });

    it.each(goldenCases)(
      "%s: every joined page's article text appears once, whole and in order",
      async (name) => {
        const golden = readGolden(name);
        const { page } = await open(name);
        expect((await scrollUntilSettled(page, 150_000)).state).toBe("done");
        const article = await readJoinedArticle(page);
        expect(article.pages.map((p) => p.url)).toEqual(golden.pages.map((p) => p.url));
        const text = await bodyText(page);
        let previous = -1;
        for (const [k, g] of golden.pages.entries()) {
          const where = `${name} page ${k + 1}`;
          for (const [part, excerpt] of [
            ["first", g.first],
            ["middle", g.middle],
            ["last", g.last],
          ] as const) {
            expect(occurrences(text, excerpt), `${where}: ${part} paragraph, once`).toBe(1);
            const at = text.indexOf(excerpt);
            expect(at, `${where}: ${part} paragraph in order`).toBeGreaterThan(previous);
            previous = at;
          }
        }
      },
    );

    it.each(single)(
      "%s (single page): nothing appended, at most a quiet page-2 check",
      async (name) => {
        const { page, replay: r } = await open(name);
        const status = await scrollUntilSettled(page, 30_000);
        expect(status.pages).toBe(1);
        // A next link the forest is unsure of is fetched once and refused by the page-2
        // confirmation; a sure one (or none) makes no request at all.
        if (status.state === "no-next") expect(pagerFetches(r)).toEqual([]);
        else {
          expect(status.state).toBe("done");
          expect(status.reason).toMatch(/not page 2/);
          expect(pagerFetches(r).length).toBeLessThanOrEqual(1);
        }
        // tsugi left no trace in the page: no separator, status block or tagged element.
        expect(
          await page.locator(".tsugi-separator, .tsugi-status, [data-tsugi-page]").count(),
        ).toBe(0);
      },
    );
  },
);
