/**
 * `npm run bench:cli`: pages per second of `bin/tsugi detect --batch` on saved corpus pages
 * (../shared/corpus/pagination), with `--jobs 1` and with the default `--jobs` (the number
 * of cores). A fixed sample: every 5th page of labels.jsonl, the first 60 of them. Wall
 * time includes the browser's start and close, as a user's run would. The load average is
 * printed too, and the whole machine's busy CPU seconds per page and busy cores during
 * each run (/proc/stat; other work on a shared machine counts too): when the cores are all
 * busy at `--jobs 1` already (Chromium's browser, GPU and renderer processes work side by
 * side), more jobs cannot scale, and cores / (CPU s per page) is the ceiling.
 *
 * Then the mining mixes as web archives (scripts/corpus-warc.ts), `detect --warc` with
 * `--jobs` = the cores, with each engine: lists and articles (every pagination and
 * Readability page) and heavy (every 4th Dragnet news and blog page), each engine's start
 * timed apart; and where `--engine chromium` spends a page (./chromium-stages.ts).
 *
 * Usage: npm run build && npm run bench:cli [-- --pages N] [-- --warc-only] [-- --stages-only]
 * (`--pages N` caps every sample, the mining mixes included, at N pages)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type CorpusPage, corpusPages, writeCorpusWarc } from "../scripts/corpus-warc";
import { chromiumPath, pageEnginePath } from "../src/cli/browser";
import { corpusDir, repoRoot } from "../src/replay/cases";
import { printChromiumStages } from "./chromium-stages";
import { spreadEvenly } from "./stats";

interface Label {
  id: string;
  url: string;
  charset: string;
}

/** The sample's manifest lines: every 5th labelled page, `n` of them. */
function sampleManifest(labels: Label[], pagesDir: string, n: number): string {
  return labels
    .filter((_, i) => i % 5 === 0)
    .slice(0, n)
    .map((l) =>
      JSON.stringify({
        id: l.id,
        file: join(pagesDir, `${l.id}.html`),
        url: l.url,
        charset: l.charset,
      }),
    )
    .join("\n");
}

/**
 * Busy CPU seconds of the whole machine so far (/proc/stat: every state but idle and
 * iowait, in clock ticks of 1/100 s). The batch's own children undercount it: Chromium's
 * renderers are reaped by its zygote, whose times never reach this process.
 */
function machineBusySeconds(): number {
  const f = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return (total - (f[3] ?? 0) - (f[4] ?? 0)) / 100;
}

function timeBatch(
  manifest: string,
  jobs: string[],
  input: string[] = ["--batch", manifest],
): { seconds: number; cpu: number; lines: number; errors: number } {
  const cpu0 = machineBusySeconds();
  const t = process.hrtime.bigint();
  const r = spawnSync(
    process.execPath,
    [join(repoRoot(), "bin/tsugi"), "detect", ...input, ...jobs],
    {
      encoding: "utf8",
      maxBuffer: 1 << 30,
    },
  );
  const seconds = Number(process.hrtime.bigint() - t) / 1e9;
  const cpu = machineBusySeconds() - cpu0;
  if (r.status !== 0 && r.status !== 1) throw new Error(`tsugi exited ${r.status}: ${r.stderr}`);
  const lines = r.stdout.split("\n").filter((l) => l.startsWith("{"));
  return {
    seconds,
    cpu,
    lines: lines.length,
    errors: lines.filter((l) => /"error":/.test(l)).length,
  };
}

/** The mining mixes: which corpus pages each holds. */
function miningMixes(n: number | null): [string, CorpusPage[]][] {
  // Spread over the whole mix, so that a capped mix still holds lists and articles.
  const cap = (pages: CorpusPage[]) => (n === null ? pages : spreadEvenly(pages, n));
  return [
    // Lists and articles, the pages a crawl holds and the held-out set mixes.
    ["lists + articles", cap(corpusPages(["pagination", "readability"]))],
    // News and blog pages as crawled: the heaviest pages of the corpus.
    ["heavy (Dragnet)", cap(corpusPages(["dragnet"], 4))],
  ];
}

/**
 * The mining mixes: `detect --warc` with each engine on each mix, with `--jobs` = the
 * cores; each engine's start (one page's archive: the process, the browser or the worker
 * threads, the models) is timed apart, so that the rate after it shows what a long run
 * keeps. Then where Chromium's time goes, a page at a time.
 */
async function warcMixes(dir: string, n: number | null, stagePages: number): Promise<void> {
  const cores = availableParallelism();
  const stagesOnly = process.argv.includes("--stages-only");
  for (const [name, pages] of stagesOnly ? [] : miningMixes(n)) {
    const warc = join(dir, `${name.split(" ")[0]}.warc.gz`);
    const one = join(dir, "one.warc.gz");
    await writeCorpusWarc(warc, pages);
    await writeCorpusWarc(one, pages.slice(0, 1));
    for (const engine of ["dom", "chromium"]) {
      const opts = ["--jobs", String(cores), "--engine", engine];
      const start = timeBatch(one, opts, ["--warc", one]).seconds;
      const load = loadavg()[0]?.toFixed(1);
      const r = timeBatch(warc, opts, ["--warc", warc]);
      console.log(
        `--warc ${name.padEnd(17)} --engine ${engine.padEnd(8)} ${(r.lines / r.seconds).toFixed(2)} pages/s, ${(r.lines / Math.max(0.001, r.seconds - start)).toFixed(2)} after a start of ${start.toFixed(1)} s (${r.lines} lines, ${r.errors} errors, ${r.seconds.toFixed(1)} s; ${(r.cpu / r.lines).toFixed(3)} CPU s/page; load average ${load} before, ${loadavg()[0]?.toFixed(1)} after)`,
      );
    }
  }
  // The page engine first, then the full browser it replaced where both are installed.
  const binaries: [string, string][] = [["page engine", pageEnginePath()]];
  if (process.env.TSUGI_CHROMIUM === undefined && pageEnginePath() !== chromiumPath())
    binaries.push(["full browser", chromiumPath()]);
  const named = process.env.TSUGI_CHROMIUM;
  for (const [what, binary] of binaries) {
    process.env.TSUGI_CHROMIUM = binary;
    for (const [name, pages] of miningMixes(stagePages))
      await printChromiumStages(`${name}, ${what} (${binary})`, pages);
  }
  if (named === undefined) delete process.env.TSUGI_CHROMIUM;
  else process.env.TSUGI_CHROMIUM = named;
}

async function main(): Promise<void> {
  const i = process.argv.indexOf("--pages");
  const n = i > 0 ? Number(process.argv[i + 1]) : 60;
  // The mixes are whole unless --pages caps them; the stage table reads 60 pages of each.
  const mixPages = i > 0 ? n : null;
  const stagePages = Math.min(n, 60);
  const root = join(corpusDir(), "pagination");
  const labels = readFileSync(join(root, "labels.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Label);
  const dir = mkdtempSync(join(tmpdir(), "tsugi-bench-cli-"));
  try {
    const manifest = join(dir, "sample.jsonl");
    writeFileSync(manifest, `${sampleManifest(labels, join(root, "pages"), n)}\n`);
    const cores = availableParallelism();
    console.log(
      `tsugi detect --batch: ${n} saved pages, ${cores} cores, load average ${loadavg()[0]?.toFixed(1)}`,
    );
    if (process.argv.includes("--warc-only") || process.argv.includes("--stages-only")) {
      await warcMixes(dir, mixPages, stagePages);
      return;
    }
    const rows: [string, string[]][] = [
      ["--jobs 1", ["--jobs", "1"]],
      [`default (--jobs ${cores})`, []],
    ];
    const rates: number[] = [];
    for (const [name, args] of rows) {
      const r = timeBatch(manifest, args);
      const rate = r.lines / r.seconds;
      rates.push(rate);
      console.log(
        `${name.padEnd(20)} ${rate.toFixed(2)} pages/s (${r.lines} lines, ${r.errors} errors, ${r.seconds.toFixed(1)} s; ${(r.cpu / r.lines).toFixed(2)} CPU s/page, ${(r.cpu / r.seconds).toFixed(2)} of ${availableParallelism()} cores busy)`,
      );
    }
    const [one, all] = rates;
    if (one && all)
      console.log(
        `speed-up ${(all / one).toFixed(2)}x on ${cores} cores; load average now ${loadavg()[0]?.toFixed(1)}`,
      );
    await warcMixes(dir, mixPages, stagePages);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
