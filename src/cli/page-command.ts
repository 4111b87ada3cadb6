/**
 * The page commands (`detect`, `extract`) on one page or a `--batch`: reads the manifest
 * (file or stdin) lazily with `--shard` and `--resume` applied, runs it with the batch
 * scheduler over the browsers, shows progress and the summary on stderr, and always
 * closes the browsers within a bounded time.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, resolve } from "node:path";
import { type BatchOptions, batchOptions, type Parsed, UsageError } from "./args";
import { type PageRunner, pageLine, runBatch } from "./batch";
import { BrowserSlot } from "./browser-pool";
import {
  httpUrl,
  inShard,
  type ManifestItem,
  manifestLines,
  type PageJob,
  parseManifestLine,
} from "./manifest";
import { type BatchCounts, progressLine, summaryLine } from "./progress";
import { answeredIdsIn } from "./resume";
import { type WarcCounts, warcItems } from "./warc-items";

/** What differs between `detect` and `extract`. */
export interface PageCommand {
  name: string;
  /** the page runner for pages of one browser */
  runner(slot: BrowserSlot): PageRunner;
  /** URL a file is served at when none is given */
  defaultUrl(file: string): string;
  /** stdout text of a single page's result fields */
  single(fields: Record<string, unknown>): string;
  /** ends what the runners started (worker threads), once the run is over */
  close?(): Promise<void>;
}

async function* items(
  path: string,
  shard: { k: number; n: number } | null,
  defaultUrl: (file: string) => string,
): AsyncGenerator<ManifestItem> {
  const base = path === "-" ? process.cwd() : dirname(resolve(path));
  for await (const { index, text } of manifestLines(path)) {
    if (!inShard(index, shard)) continue;
    const item = parseManifestLine(text, index + 1, base, defaultUrl);
    if (item) yield item;
  }
}

function countLines(path: string, shard: { k: number; n: number } | null): number {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((t, i) => t.trim() !== "" && inShard(i, shard)).length;
}

/** Progress on stderr: rewritten in place on a terminal, a line every 2 s otherwise. */
function progressWriter(): (c: BatchCounts) => void {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  return (c) => {
    const now = Date.now();
    if (now - last < (tty ? 200 : 2000)) return;
    last = now;
    process.stderr.write(tty ? `\r${progressLine(c)}\x1b[K` : `${progressLine(c)}\n`);
  };
}

/** The input of a batch: its items, their number when known, and a last stderr line. */
interface BatchInput {
  items: AsyncIterable<ManifestItem>;
  total: number | null;
  /** a line for stderr once the batch ended ("" for none) */
  epilogue: () => string;
}

function manifestInput(cmd: PageCommand, p: Parsed, o: BatchOptions): BatchInput {
  if (p.positionals.length > 0) throw new UsageError("--batch takes no other page");
  const path = String(p.values.batch);
  if (path !== "-" && !(existsSync(path) && statSync(path).isFile()))
    throw new UsageError(`no such manifest: ${path}`);
  return {
    items: items(path, o.shard, cmd.defaultUrl),
    total: path === "-" ? null : countLines(path, o.shard),
    epilogue: () => "",
  };
}

/**
 * The archive files of `--warc FILE…`.
 * @throws UsageError when none is given or one is not a file
 */
export function warcPaths(p: Parsed): string[] {
  if (p.positionals.length === 0)
    throw new UsageError("--warc takes one or more .warc or .warc.gz files");
  for (const f of p.positionals)
    if (!(existsSync(f) && statSync(f).isFile())) throw new UsageError(`no such WARC file: ${f}`);
  return p.positionals.map((f) => resolve(f));
}

function warcInput(p: Parsed, o: BatchOptions): BatchInput {
  const counts: WarcCounts = { records: 0, skipped: 0 };
  return {
    items: warcItems(warcPaths(p), o.shard, counts),
    total: null,
    epilogue: () =>
      `tsugi: ${counts.records} WARC records read, ${counts.skipped} skipped (not HTML responses)`,
  };
}

async function batch(cmd: PageCommand, p: Parsed): Promise<number> {
  const v = p.values;
  if (v.batch !== undefined && v.warc === true)
    throw new UsageError("--batch and --warc are two inputs: give one");
  if (v.url !== undefined || v.charset !== undefined)
    throw new UsageError("--url and --charset go in the manifest's lines with --batch");
  const o = batchOptions(v, availableParallelism());
  const input = v.warc === true ? warcInput(p, o) : manifestInput(cmd, p, o);
  const skip = o.resume ? answeredIdsIn(o.resume) : new Set<string>();
  const showProgress = o.progress || process.stderr.isTTY === true;
  // A browser per worker: with tabs reused, a batch waits on the browser process's own
  // thread, which a second browser doubles (docs/performance.md, "Experiments", has the numbers).
  const slots = Array.from({ length: o.jobs }, () => new BrowserSlot());
  let counts: BatchCounts;
  try {
    counts = await runBatch(input.items, (w) => cmd.runner(slots[w] as BrowserSlot), {
      jobs: o.jobs,
      timeoutMs: o.timeoutMs,
      skip,
      total: input.total,
      write: (line) => process.stdout.write(`${line}\n`),
      ...(showProgress ? { onProgress: progressWriter() } : {}),
    });
  } finally {
    await Promise.all([...slots.map((slot) => slot.close()), cmd.close?.()]);
  }
  if (showProgress && process.stderr.isTTY) process.stderr.write("\r\x1b[K");
  process.stderr.write(`${summaryLine(counts)}\n`);
  const epilogue = input.epilogue();
  if (epilogue) process.stderr.write(`${epilogue}\n`);
  return counts.errors > 0 ? 1 : 0;
}

function singleJob(cmd: PageCommand, p: Parsed): PageJob {
  const [target, ...extra] = p.positionals;
  if (!target || extra.length > 0)
    throw new UsageError(
      `usage: tsugi ${cmd.name} <file|url> [options] (see 'tsugi ${cmd.name} --help')`,
    );
  for (const k of ["jobs", "resume", "shard"])
    if (p.values[k] !== undefined) throw new UsageError(`--${k} goes with --batch`);
  const url = p.values.url === undefined ? undefined : String(p.values.url);
  const charset = p.values.charset === undefined ? "" : String(p.values.charset);
  if (url !== undefined && !httpUrl(url))
    throw new UsageError(`--url must be an http(s) URL: ${url}`);
  if (/^https?:\/\//i.test(target)) {
    const live = httpUrl(url ?? target);
    if (!live) throw new UsageError(`not an http(s) URL: ${target}`);
    return { url: live, charset };
  }
  if (!existsSync(target)) throw new UsageError(`no such file: ${target}`);
  const file = resolve(target);
  return { file, url: url ? (httpUrl(url) as string) : cmd.defaultUrl(file), charset };
}

/**
 * Run a page command.
 * @returns the exit code: 0 every page answered, 1 some failed
 * @throws UsageError for bad usage (exit 2)
 */
export async function pageCommand(cmd: PageCommand, p: Parsed): Promise<number> {
  if (p.values.batch !== undefined || p.values.warc === true) return batch(cmd, p);
  const job = singleJob(cmd, p);
  const { timeoutMs } = batchOptions(p.values, 1);
  const slot = new BrowserSlot();
  try {
    const r = await pageLine(cmd.runner(slot), job, { timeoutMs });
    const fields = JSON.parse(r.line) as Record<string, unknown>;
    if (!r.ok) throw new Error(`${cmd.name} failed: ${String(fields.error)}`);
    process.stdout.write(cmd.single(fields));
    return 0;
  } finally {
    await Promise.all([slot.close(), cmd.close?.()]);
  }
}
