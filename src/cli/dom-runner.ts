/**
 * `--engine dom` in the batch: a worker thread per job runs the DOM engine
 * (./dom-engine.ts), so `--jobs N` uses N cores with no browser process; a page over its
 * time ends its worker, which the next page starts afresh. Page 2 is looked up in the
 * archive here and sent to the worker that still holds page 1.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type Archive, decodedPage, unreadablePage2 } from "./archive";
import { UsageError } from "./args";
import { CrashError, type PageRunner } from "./batch";
import { type PageDetection, withPage2 } from "./detect-document";
import type { Page2Verdict } from "./page2-check";

/** What the worker is asked: detect on a page, or check page 2 against it. */
export type DomCall =
  | { op: "detect"; url: string; body: Uint8Array; charset: string }
  | { op: "page2"; url: string; html: string };

/** A message to the worker. */
export type DomRequest = DomCall & { id: number };

type DomAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string };

/**
 * The worker bundle (`bin/tsugi-dom.js`, next to `bin/tsugi`).
 * @throws UsageError when it was not built
 */
export function domWorkerPath(): string {
  const path = resolve(dirname(fileURLToPath(import.meta.url)), "tsugi-dom.js");
  if (!existsSync(path)) throw new UsageError(`missing ${path}: run 'npm run build:cli' first`);
  return path;
}

/** One worker thread, started on first use and again after it was ended. */
export class DomWorker {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<
    number,
    { ok: (v: unknown) => void; fail: (e: Error) => void }
  >();

  constructor(private readonly path: string) {}

  private live(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.path);
    w.on("message", (a: DomAnswer) => {
      const p = this.pending.get(a.id);
      this.pending.delete(a.id);
      if (a.ok) p?.ok(a.value);
      else p?.fail(new Error(a.error));
    });
    const lost = (why: string) => {
      if (this.worker !== w) return;
      this.worker = null;
      for (const p of this.pending.values()) p.fail(new CrashError(`crashed: ${why}`));
      this.pending.clear();
    };
    w.on("error", (e) => lost(e.message));
    w.on("exit", (code) => lost(`worker exited (${code})`));
    this.worker = w;
    return w;
  }

  /**
   * Send one request and wait for its answer.
   * @throws Error "timeout" once `signal` aborts (the worker is ended); CrashError when
   *   the worker died; the worker's own error
   */
  call<T>(req: DomCall, signal: AbortSignal): Promise<T> {
    if (signal.aborted) return Promise.reject(new Error("timeout"));
    const w = this.live();
    const id = this.next++;
    return new Promise<T>((ok, fail) => {
      const onAbort = () => {
        this.pending.delete(id);
        fail(new Error("timeout"));
        void this.close();
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.pending.set(id, {
        ok: (v) => {
          signal.removeEventListener("abort", onAbort);
          ok(v as T);
        },
        fail: (e) => {
          signal.removeEventListener("abort", onAbort);
          fail(e);
        },
      });
      w.postMessage({ ...req, id });
    });
  }

  /** End the worker (a later call starts a new one). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    for (const p of this.pending.values()) p.fail(new Error("closed"));
    this.pending.clear();
    if (w) await w.terminate();
  }
}

function pageBytes(job: { body?: Buffer; file?: string; url: string }): Uint8Array {
  if (job.body) return job.body;
  if (!job.file)
    throw new Error(`--engine dom reads saved pages and archives, not live URLs: ${job.url}`);
  try {
    return readFileSync(job.file);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new Error(
      code === "ENOENT" ? `no such file: ${job.file}` : `cannot read ${job.file}: ${code}`,
    );
  }
}

/**
 * The page runner of `detect --engine dom`: the detection fields of a page parsed in a
 * worker thread; with an archive, the next link checked on page 2 where the archive holds
 * it, as the Chromium engine does.
 * @param worker this job's worker thread
 * @param archive the archive page 2 is looked up in, or null
 */
export function domRunner(worker: DomWorker, archive: Archive | null): PageRunner {
  return async (job, signal) => {
    const d = await worker.call<PageDetection>(
      { op: "detect", url: job.url, body: pageBytes(job), charset: job.charset },
      signal,
    );
    const link = d.nextUrl ?? d.pendingNextUrl;
    const page2 = archive && link ? await archive.lookup(link) : null;
    if (!page2) return { ...d };
    if (page2.kind !== "page")
      return { ...d, ...withPage2(d, { confirmed: false, reason: unreadablePage2(page2) }) };
    const verdict = await worker.call<Page2Verdict>(
      { op: "page2", url: page2.url, html: decodedPage(page2) },
      signal,
    );
    return { ...d, ...withPage2(d, verdict) };
  };
}
