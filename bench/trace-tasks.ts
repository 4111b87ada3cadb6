/**
 * The page's main-thread tasks during one operation, from a Chromium trace: each task's
 * wall time and its thread time (CPU time on the renderer's main thread). On a shared
 * machine the wall time of a task grows with the load (the thread waits for a core); its
 * thread time is the work itself, so a slice's budget is checked on it.
 */
import type { Browser, Page } from "playwright-core";

/** One top-level task of the renderer's main thread. */
export interface TraceTask {
  /** wall time, ms */
  wallMs: number;
  /** thread (CPU) time, ms */
  cpuMs: number;
}

/** A trace event as Chromium writes it (the fields read here). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The renderer main threads' top-level tasks of a trace.
 *
 * @param events the trace's `traceEvents`
 * @returns each `RunTask` of a `CrRendererMain` thread, with its wall and thread time
 */
export function rendererTasks(events: readonly TraceEvent[]): TraceTask[] {
  const main = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.ph === "X" && e.name === "RunTask" && main.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? e.dur ?? 0) / 1000 }));
}

/**
 * Run an operation in a page under a trace, and read its main-thread tasks.
 *
 * @param browser the Chromium the page belongs to
 * @param page the page
 * @param op the operation
 * @returns its result and the longest task by thread time and by wall time, ms
 */
export async function withTaskTrace<T>(
  browser: Browser,
  page: Page,
  op: () => Promise<T>,
): Promise<{ result: T; longestCpuMs: number; longestWallMs: number }> {
  await browser.startTracing(page, {
    categories: ["toplevel", "disabled-by-default-devtools.timeline"],
  });
  let result: T;
  try {
    result = await op();
  } catch (e) {
    await browser.stopTracing().catch(() => {});
    throw e;
  }
  const buf = await browser.stopTracing();
  const tasks = rendererTasks(
    (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents,
  );
  return {
    result,
    longestCpuMs: Math.max(0, ...tasks.map((t) => t.cpuMs)),
    longestWallMs: Math.max(0, ...tasks.map((t) => t.wallMs)),
  };
}
