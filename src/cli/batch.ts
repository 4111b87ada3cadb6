/**
 * Run a batch of pages side by side and stream one JSON line per page as soon as it is
 * known (completion order; every line carries its id). Each page has a time limit; a page
 * whose tab or browser crashed is tried once more (a crash may be a neighbour's fault); a
 * bad manifest line gets its own error line. Knows nothing of browsers: the page runner
 * does the work.
 */
import { after } from "./browser-pool";
import type { ManifestItem, PageJob } from "./manifest";
import type { BatchCounts } from "./progress";

/** Thrown by a page runner when its tab or browser crashed: the page is tried again once. */
export class CrashError extends Error {}

/**
 * Does one page. Resolves to the page's fields (without `id`); rejects with its error.
 * Must give up promptly once `signal` aborts (the page's time is up).
 */
export type PageRunner = (job: PageJob, signal: AbortSignal) => Promise<Record<string, unknown>>;

export interface BatchSettings {
  /** pages in flight at once */
  jobs: number;
  /** ms a page may take, load and measurement together (per attempt) */
  timeoutMs: number;
  /** ids answered by an earlier run (`--resume`) */
  skip?: ReadonlySet<string>;
  /** manifest lines in the batch, when known (for the time left) */
  total?: number | null;
  /** receives each result line (without newline) */
  write: (line: string) => void;
  /** called after each page with the running counts */
  onProgress?: (c: BatchCounts) => void;
  /** ms a timed-out runner gets to wind down before its worker moves on (default 10 000) */
  settleMs?: number;
}

type Outcome =
  | { ok: true; fields: Record<string, unknown> }
  | { ok: false; error: string; crash: boolean };

function errorLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split("\n")[0] ?? "error";
}

type Limits = Pick<BatchSettings, "timeoutMs" | "settleMs">;

async function attempt(run: PageRunner, job: PageJob, s: Limits): Promise<Outcome> {
  const ac = new AbortController();
  const task: Promise<Outcome> = run(job, ac.signal).then(
    (fields) => ({ ok: true, fields }),
    (e) => ({ ok: false, error: errorLine(e), crash: e instanceof CrashError }),
  );
  const timedOut = Symbol("timeout");
  const r = await Promise.race([task, after(s.timeoutMs, timedOut)]);
  if (r !== timedOut) return r;
  ac.abort();
  await Promise.race([task, after(s.settleMs ?? 10_000, null)]);
  return { ok: false, error: "timeout", crash: false };
}

/**
 * One page's line: the runner's fields, or `{"id","url","error"}`, after one more try
 * when the first ended in a crash.
 * @returns the JSON line and whether the page was answered without error
 */
export async function pageLine(
  run: PageRunner,
  job: PageJob,
  s: Limits,
): Promise<{ ok: boolean; line: string }> {
  let r = await attempt(run, job, s);
  if (!r.ok && r.crash) r = await attempt(run, job, s);
  const id = job.id !== undefined ? { id: job.id } : {};
  const extra = job.fields ?? {};
  return r.ok
    ? { ok: true, line: JSON.stringify({ ...id, ...r.fields, ...extra }) }
    : { ok: false, line: JSON.stringify({ ...id, url: job.url, ...extra, error: r.error }) };
}

/**
 * Run every item of a manifest with `s.jobs` workers.
 * @param items manifest items (read lazily: a batch from stdin starts at once)
 * @param runnerOf the page runner of worker `w` (0 ≤ w < jobs), asked once per worker
 * @returns the final counts
 */
export async function runBatch(
  items: AsyncIterable<ManifestItem>,
  runnerOf: (worker: number) => PageRunner,
  s: BatchSettings,
): Promise<BatchCounts> {
  const start = Date.now();
  const counts: BatchCounts = {
    done: 0,
    errors: 0,
    skipped: 0,
    total: s.total ?? null,
    elapsedMs: 0,
  };
  const seen = new Set<string>();
  const it = items[Symbol.asyncIterator]();
  const answer = (ok: boolean, line: string) => {
    s.write(line);
    counts.done++;
    if (!ok) counts.errors++;
    counts.elapsedMs = Date.now() - start;
    s.onProgress?.({ ...counts });
  };
  const worker = async (w: number) => {
    const run = runnerOf(w);
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      const item = next.value;
      if (!item.ok) {
        if (item.id !== undefined && s.skip?.has(item.id)) {
          counts.skipped++;
          continue;
        }
        const id = item.id !== undefined ? { id: item.id } : {};
        const where = item.fields ?? { line: item.line };
        answer(false, JSON.stringify({ ...id, ...where, error: item.error }));
        continue;
      }
      const id = item.job.id;
      if (id !== undefined && (s.skip?.has(id) || seen.has(id))) {
        // Answered before (--resume), or a repeated id: one answer per id.
        counts.skipped++;
        continue;
      }
      if (id !== undefined) seen.add(id);
      const r = await pageLine(run, item.job, s);
      answer(r.ok, r.line);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, s.jobs) }, (_, w) => worker(w)));
  counts.elapsedMs = Date.now() - start;
  return counts;
}
