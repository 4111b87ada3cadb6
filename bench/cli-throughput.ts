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
 * `--jobs` = the cores, with each engine: light (the same pagination sample) and heavy
 * (the same number of Dragnet news and blog pages, every 23rd).
 *
 * Usage: npm run build && npm run bench:cli [-- --pages N] [-- --warc-only]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { corpusPages, writeCorpusWarc } from "../scripts/corpus-warc";
import { corpusDir, repoRoot } from "../src/replay/cases";

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

/** The mining mixes: `detect --warc` with each engine on light and heavy pages. */
async function warcMixes(dir: string, n: number): Promise<void> {
  const cores = availableParallelism();
  const light = corpusPages(["pagination"])
    .filter((_, i) => i % 5 === 0)
    .slice(0, n);
  const heavy = corpusPages(["dragnet"])
    .filter((_, i) => i % 23 === 0)
    .slice(0, n);
  for (const [name, pages] of [
    ["light (pagination)", light],
    ["heavy (Dragnet)", heavy],
  ] as const) {
    const warc = join(dir, `${name.split(" ")[0]}.warc.gz`);
    await writeCorpusWarc(warc, pages);
    for (const engine of ["dom", "chromium"]) {
      const load = loadavg()[0]?.toFixed(1);
      const r = timeBatch(warc, ["--jobs", String(cores), "--engine", engine], ["--warc", warc]);
      console.log(
        `--warc ${name.padEnd(19)} --engine ${engine.padEnd(8)} ${(r.lines / r.seconds).toFixed(2)} pages/s (${r.lines} lines, ${r.errors} errors, ${r.seconds.toFixed(1)} s; ${(r.cpu / r.lines).toFixed(3)} CPU s/page; load average ${load} before, ${loadavg()[0]?.toFixed(1)} after)`,
      );
    }
  }
}

async function main(): Promise<void> {
  const i = process.argv.indexOf("--pages");
  const n = i > 0 ? Number(process.argv[i + 1]) : 60;
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
    if (process.argv.includes("--warc-only")) {
      await warcMixes(dir, n);
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
    await warcMixes(dir, n);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
