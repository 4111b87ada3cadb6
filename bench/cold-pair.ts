/**
 * `npm run bench:pair -- A.js B.js [--pages N] [--slowest] [--streamed [--module]]`: two builds of the bench page
 * bundle (bench/page-entry.ts, as `npm run bench` makes it) timed against each other on
 * the same pagination pages (N spread evenly over the corpus, or with `--slowest` the N
 * whose cold first run was slowest in the last full bench, bench/results.json: the pages
 * that decide the p95), each run the first code run in a fresh tab (cold, as a page load), the
 * two builds alternating which goes first on each page. A change of a few milliseconds is
 * lost between two full bench runs, where the machine's load moves Readability.js's cold
 * median by 10 %; paired on the same pages, in one run, it shows.
 *
 * Prints, per build, the cold and warm (second run in the same tab) medians, then the
 * effect B − A with the order of the two runs balanced out and its 95 % bootstrap
 * interval ({@link pairedEffect}: a change is shown only where the interval leaves 0
 * out), the plain median of the per-page differences and of the ratios B / A, and the
 * pages where the two builds chose different next links (an exact change has none).
 *
 * Each build is loaded into the tab with a CDP evaluate (as `npm run bench` does): V8
 * compiles it on the main thread, lazily, each function on its first call. With
 * `--streamed` it is loaded instead as a network script (`<script src>` from the page's
 * origin, answered from the file; `--module` as a module script), which Chromium compiles
 * while it streams in, off the main thread, and where V8's explicit compile hint
 * (`build-detector --compile-hint`) makes it compile every function then; page scripts
 * stay off through a CSP that allows the bundle alone (the DOM can differ from the
 * default mode's where a page has `<noscript>`, so compare builds within one mode). Per
 * build it also prints the load: its wall time and the main thread's task time
 * (CDP `TaskDuration`) from the load's start to its end plus a quiet {@link LOAD_QUIET_MS},
 * so that a build whose detection got faster by compiling at load shows what it
 * moved onto the main thread.
 *
 * Build A from another revision without touching the work tree, e.g.:
 *   git worktree add /tmp/tsugi-a REV && ln -s "$PWD/node_modules" /tmp/tsugi-a/ &&
 *   (cd /tmp/tsugi-a && npm run -s build:bundler &&
 *    node out/build-detector.mjs bench/page-entry.ts /tmp/a.js)
 */
import { readFileSync } from "node:fs";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../src/cli/browser";
import { paginationPages } from "../src/train/corpus";
import { SavedTab } from "./saved-tab";
import { median, pairedEffect, spreadEvenly } from "./stats";
import { LOAD_QUIET_MS, loadStreamed, openStreamed } from "./streamed-tab";

/** One timed detection, as `__tsugiBench.runDetect` reports it. */
interface Run {
  ms: number;
  nextUrl: string | null;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf("--pages");
  const count = at >= 0 ? Number(args[at + 1]) : 40;
  const bundles = args.filter((a, i) => !a.startsWith("--") && i !== at + 1);
  const streamed = args.includes("--streamed");
  const asModule = args.includes("--module");
  if (bundles.length !== 2 || !Number.isFinite(count) || count < 1 || (asModule && !streamed)) {
    throw new Error(
      "usage: bench:pair -- A.js B.js [--pages N] [--slowest] [--streamed [--module]]",
    );
  }
  const codes = bundles.map((b) => readFileSync(b, "utf8"));
  const labelled = paginationPages().filter((p) => p.input.nextSelector);
  const pages = args.includes("--slowest")
    ? slowestInLastBench(labelled, count)
    : spreadEvenly(labelled, count);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS],
  });
  const context = await browser.newContext({
    // Off: a CDP evaluate runs without it, and no page script runs. A streamed bundle is a
    // script of the page, so there a CSP keeps the page's own scripts off instead.
    javaScriptEnabled: streamed,
    viewport: { width: 1280, height: 800 },
  });
  const cold: number[][] = [[], []];
  const warm: number[][] = [[], []];
  const loadWall: number[][] = [[], []];
  const loadTask: number[][] = [[], []];
  const bSecond: boolean[] = [];
  const differ: string[] = [];
  const shown = new SavedTab(context);
  try {
    for (const [i, p] of pages.entries()) {
      const next: (string | null)[] = [null, null];
      bSecond.push(i % 2 === 0);
      const saved = { url: p.input.pageUrl, bytes: readFileSync(p.file), charset: p.charset };
      for (let j = 0; j < 2; j++) {
        const k = (i + j) % 2;
        const code = codes[k] as string;
        const tab = streamed
          ? await openStreamed(context, saved, code)
          : await shown.openFresh(saved);
        const load = await timedLoad(context, tab, async () => {
          if (streamed) await loadStreamed(tab, asModule);
          else await tab.evaluate(code);
        });
        loadWall[k]?.push(load.wallMs);
        loadTask[k]?.push(load.taskMs);
        await tab.evaluate(() => (globalThis as unknown as BenchGlobal).__tsugiBench.forceLayout());
        const run = (u: string) => (globalThis as unknown as BenchGlobal).__tsugiBench.runDetect(u);
        const first: Run = await tab.evaluate(run, p.input.pageUrl);
        const second: Run = await tab.evaluate(run, p.input.pageUrl);
        cold[k]?.push(first.ms);
        warm[k]?.push(second.ms);
        next[k] = first.nextUrl;
        if (streamed) await tab.close();
      }
      if (next[0] !== next[1]) differ.push(p.key);
    }
  } finally {
    await browser.close();
  }
  console.log(
    streamed
      ? `loaded as a streamed ${asModule ? "module" : "classic"} script (--streamed)`
      : "loaded by a CDP evaluate (as npm run bench)",
  );
  for (const k of [0, 1]) {
    console.log(
      `${bundles[k]}: cold median ${median(cold[k] ?? []).toFixed(1)} ms, warm ${median(warm[k] ?? []).toFixed(1)} ms; load ${median(loadWall[k] ?? []).toFixed(1)} ms wall, main-thread tasks ${median(loadTask[k] ?? []).toFixed(1)} ms`,
    );
  }
  for (const [name, xs] of [
    ["cold", cold],
    ["warm", warm],
    ["load main-thread tasks", loadTask],
  ] as const) {
    const a = xs[0] ?? [];
    const b = xs[1] ?? [];
    const diff = a.map((x, i) => (b[i] ?? 0) - x);
    const ratio = a.map((x, i) => (b[i] ?? 0) / Math.max(x, 0.1));
    const faster = diff.filter((d) => d < 0).length;
    const paired = pairedEffect(diff, bSecond);
    const [low, high] = paired.interval;
    console.log(
      `${name}: B − A ${paired.effect.toFixed(2)} ms, 95 % interval [${low.toFixed(2)}, ${high.toFixed(2)}] (order balanced; running second: ${paired.order >= 0 ? "+" : ""}${paired.order.toFixed(2)} ms); plain median ${median(diff).toFixed(2)} ms, B / A median ${median(ratio).toFixed(3)}, B faster on ${faster} of ${a.length} pages`,
    );
  }
  console.log(
    differ.length === 0
      ? `same next link on all ${pages.length} pages`
      : `different next link on ${differ.length} pages: ${differ.join(", ")}`,
  );
}

/**
 * Wall time of `load` and the main thread's task time (CDP `Performance.getMetrics`
 * `TaskDuration`) from its start to {@link LOAD_QUIET_MS} after its end.
 *
 * @returns ms
 */
async function timedLoad(
  context: BrowserContext,
  tab: Page,
  load: () => Promise<void>,
): Promise<{ wallMs: number; taskMs: number }> {
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Performance.enable");
  const taskSeconds = async () =>
    (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration")
      ?.value ?? 0;
  const before = await taskSeconds();
  const t0 = performance.now();
  await load();
  const wallMs = performance.now() - t0;
  await tab.waitForTimeout(LOAD_QUIET_MS);
  const taskMs = ((await taskSeconds()) - before) * 1000;
  await cdp.detach();
  return { wallMs, taskMs };
}

/** What the bench page bundle puts on the page's global (bench/page-entry.ts). */
interface BenchGlobal {
  __tsugiBench: { forceLayout(): number; runDetect(pageUrl: string): Promise<Run> };
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});

/**
 * The `count` pages whose cold first detection was slowest in the last full bench.
 * @param pages the pages to choose from
 * @returns the slowest first, as many as the last bench timed among them (at most `count`)
 * @throws Error when bench/results.json is missing (run `npm run bench` once)
 */
function slowestInLastBench<P extends { key: string }>(pages: readonly P[], count: number): P[] {
  const results = JSON.parse(readFileSync("bench/results.json", "utf8")) as {
    pages: { key: string; detect?: { first?: number } }[];
  };
  const first = new Map(results.pages.map((r) => [r.key, r.detect?.first ?? -1]));
  return pages
    .filter((p) => (first.get(p.key) ?? -1) >= 0)
    .sort((a, b) => (first.get(b.key) ?? 0) - (first.get(a.key) ?? 0))
    .slice(0, count);
}
