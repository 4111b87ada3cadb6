/**
 * `npm run bench:pair -- A.js B.js [--pages N]`: two builds of the bench page bundle
 * (bench/page-entry.ts, as `npm run bench` makes it) timed against each other on the same
 * pagination pages, each run the first code run in a fresh tab (cold, as a page load), the
 * two builds alternating which goes first on each page. A change of a few milliseconds is
 * lost between two full bench runs, where the machine's load moves Readability.js's cold
 * median by 10 % (stop 41); paired on the same pages, in one run, it shows.
 *
 * Prints, per build, the cold and warm (second run in the same tab) medians, then the
 * median of the per-page differences B − A (ms) and of the ratios B / A, and the pages
 * where the two builds chose different next links (an exact change has none).
 *
 * Build A from another revision without touching the work tree, e.g.:
 *   git worktree add /tmp/tsugi-a REV && ln -s "$PWD/node_modules" /tmp/tsugi-a/ &&
 *   (cd /tmp/tsugi-a && npm run -s build:bundler &&
 *    node out/build-detector.mjs bench/page-entry.ts /tmp/a.js)
 */
import { readFileSync } from "node:fs";
import { chromium, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../src/cli/browser";
import { type SavedPage, serveSavedPages } from "../src/cli/saved-page";
import { withoutFragment } from "../src/rule/transfer-metrics";
import { type CorpusPage, paginationPages } from "../src/train/corpus";

/** One timed detection, as `__tsugiBench.runDetect` reports it. */
interface Run {
  ms: number;
  nextUrl: string | null;
}

/**
 * `k` pages spread evenly over the list (every site's part of the corpus, not its first).
 *
 * @param list pages in corpus order
 * @param k how many
 * @returns at most `k` pages
 */
function spread<T>(list: readonly T[], k: number): T[] {
  const n = Math.min(k, list.length);
  return Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)] as T);
}

/**
 * Median of a list (mean of the middle two for an even count).
 *
 * @param xs numbers
 * @returns the median; NaN for an empty list
 */
function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  if (s.length === 0) return Number.NaN;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** Open a corpus page from its saved bytes in a fresh tab, scripts off, laid out. */
async function freshTab(
  context: import("playwright-core").BrowserContext,
  p: CorpusPage,
): Promise<Page> {
  const saved: SavedPage = {
    url: p.input.pageUrl,
    bytes: readFileSync(p.file),
    charset: p.charset,
  };
  const tab = await context.newPage();
  await serveSavedPages(tab, () => saved);
  await tab.goto(withoutFragment(p.input.pageUrl), { waitUntil: "load", timeout: 60_000 });
  // The same quiet wait as the bench's cold runs, so both builds start from an idle renderer.
  await tab.waitForTimeout(300);
  return tab;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf("--pages");
  const count = at >= 0 ? Number(args[at + 1]) : 40;
  const bundles = args.filter((a, i) => !a.startsWith("--") && i !== at + 1);
  if (bundles.length !== 2 || !Number.isFinite(count) || count < 1) {
    throw new Error("usage: bench:pair -- A.js B.js [--pages N]");
  }
  const codes = bundles.map((b) => readFileSync(b, "utf8"));
  const pages = spread(
    paginationPages().filter((p) => p.input.nextSelector),
    count,
  );
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS],
  });
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 800 },
  });
  const cold: number[][] = [[], []];
  const warm: number[][] = [[], []];
  const differ: string[] = [];
  try {
    for (const [i, p] of pages.entries()) {
      const next: (string | null)[] = [null, null];
      for (let j = 0; j < 2; j++) {
        const k = (i + j) % 2;
        const tab = await freshTab(context, p);
        await tab.evaluate(codes[k] as string);
        await tab.evaluate(() => (globalThis as unknown as BenchGlobal).__tsugiBench.forceLayout());
        const run = (u: string) => (globalThis as unknown as BenchGlobal).__tsugiBench.runDetect(u);
        const first: Run = await tab.evaluate(run, p.input.pageUrl);
        const second: Run = await tab.evaluate(run, p.input.pageUrl);
        cold[k]?.push(first.ms);
        warm[k]?.push(second.ms);
        next[k] = first.nextUrl;
        await tab.close();
      }
      if (next[0] !== next[1]) differ.push(p.key);
    }
  } finally {
    await browser.close();
  }
  for (const k of [0, 1]) {
    console.log(
      `${bundles[k]}: cold median ${median(cold[k] ?? []).toFixed(1)} ms, warm ${median(warm[k] ?? []).toFixed(1)} ms`,
    );
  }
  for (const [name, xs] of [
    ["cold", cold],
    ["warm", warm],
  ] as const) {
    const a = xs[0] ?? [];
    const b = xs[1] ?? [];
    const diff = a.map((x, i) => (b[i] ?? 0) - x);
    const ratio = a.map((x, i) => (b[i] ?? 0) / Math.max(x, 0.1));
    const faster = diff.filter((d) => d < 0).length;
    console.log(
      `${name}: B − A median ${median(diff).toFixed(2)} ms, B / A median ${median(ratio).toFixed(3)}, B faster on ${faster} of ${a.length} pages`,
    );
  }
  console.log(
    differ.length === 0
      ? `same next link on all ${pages.length} pages`
      : `different next link on ${differ.length} pages: ${differ.join(", ")}`,
  );
}

/** What the bench page bundle puts on the page's global (bench/page-entry.ts). */
interface BenchGlobal {
  __tsugiBench: { forceLayout(): number; runDetect(pageUrl: string): Promise<Run> };
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
