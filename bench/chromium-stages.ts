/**
 * Where `tsugi detect --engine chromium` spends a page (`npm run bench:cli`, after the
 * throughput rows): the light and heavy mining mixes' pages, one at a time through the
 * batch's own tab pool and navigation guard (src/cli/guarded-page.ts, page-guard.ts), each
 * stage of a page timed on its own:
 *
 * - **navigation**: `goto` until `load`, Node's wall time, split by the page's Navigation
 *   Timing into the bytes' delivery (request start to response end: the guard's route
 *   answering from Node over the DevTools pipe) and the parse (response end to
 *   `domInteractive`), the rest being the load event;
 * - **style + layout**: the first forced layout of the page, timed in the page (the
 *   detector would force it on its first box read);
 * - **bundle**: evaluating the detector bundle (compile + its top level), Node's wall time
 *   less one empty evaluate's round trip;
 * - **gate** and **detection**: the page's own `gateMs` and `ms - gateMs`, as the line says;
 * - **hand back**: blanking the tab for the next page.
 *
 * and the whole machine's CPU over the run by process kind (Chromium's browser, renderer
 * and other processes, and this Node process with Playwright), from /proc: the floor of a
 * 2-core batch is cores / (CPU s a page), whatever the pipeline overlaps.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CorpusPage } from "../scripts/corpus-warc";
import { BrowserSlot } from "../src/cli/browser-pool";
import { siteKey, TabPool } from "../src/cli/guarded-page";
import { repoRoot } from "../src/replay/cases";
import { median } from "./stats";

/** One page's stages, ms. */
export interface Stages {
  navigation: number;
  delivery: number;
  parse: number;
  layout: number;
  bundle: number;
  gate: number;
  detection: number;
  handBack: number;
  total: number;
}

const STAGES: (keyof Stages)[] = [
  "navigation",
  "delivery",
  "parse",
  "layout",
  "bundle",
  "gate",
  "detection",
  "handBack",
  "total",
];

/** CPU clock ticks (1/100 s) of every process by kind: chromium browser, renderer, other, node. */
function cpuByKind(): Record<string, number> {
  const out: Record<string, number> = { browser: 0, renderer: 0, "other chromium": 0, node: 0 };
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    let stat: string;
    let cmd: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      continue;
    }
    // utime and stime are fields 14 and 15; the command name may hold spaces, so count
    // from its closing parenthesis.
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const own = Number(f[11]) + Number(f[12]);
    if (/chromium/.test(cmd)) {
      // A renderer that exited (its tab moved to another site) was reaped by the zygote:
      // its time is the zygote's children's time (fields 16 and 17).
      const type = /--type=([^\0\s]+)/.exec(cmd)?.[1];
      const k =
        type === undefined && !/crashpad/.test(cmd)
          ? "browser"
          : type === "renderer" || type === "zygote"
            ? "renderer"
            : "other chromium";
      const ticks = own + (type === "zygote" ? Number(f[13]) + Number(f[14]) : 0);
      out[k] = (out[k] ?? 0) + ticks;
    } else if (Number(pid) === process.pid) out.node = (out.node ?? 0) + own;
  }
  return out;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * Time each stage of `pages`, one page at a time in one browser (as `--jobs 1`).
 * @returns per-page stages and the CPU seconds per page of each process kind (a renderer
 *   that exited during the run is counted through the zygote that reaped it)
 */
export async function chromiumStages(
  pages: CorpusPage[],
): Promise<{ stages: Stages[]; cpuPerPage: Record<string, number> }> {
  // The bundle `tsugi detect` evaluates in each page (built by `npm run build:cli`).
  const code = readFileSync(join(repoRoot(), "bin", "tsugi-page.js"), "utf8");
  const slot = new BrowserSlot();
  const pool = new TabPool(slot);
  await slot.get();
  const cpu0 = cpuByKind();
  const stages: Stages[] = [];
  try {
    for (const p of pages) {
      const bytes = readFileSync(p.file);
      const start = now();
      const t = await pool.take(false, siteKey(p.url));
      t.guard.arm({ bytes, charset: p.charset });
      const g0 = now();
      await t.tab.goto(p.url, { waitUntil: "load", timeout: 0 });
      const navigation = now() - g0;
      const nav = (await t.tab.evaluate(`(() => {
        const n = performance.getEntriesByType("navigation")[0];
        return { delivery: n.responseEnd - n.requestStart, parse: n.domInteractive - n.responseEnd };
      })()`)) as { delivery: number; parse: number };
      const layout = (await t.tab.evaluate(`(() => {
        const t = performance.now();
        document.documentElement.getBoundingClientRect();
        return performance.now() - t;
      })()`)) as number;
      const r0 = now();
      await t.tab.evaluate("0");
      const roundTrip = now() - r0;
      const b0 = now();
      await t.tab.evaluate(`(() => { ${code}\n; return 0; })()`);
      const bundle = Math.max(0, now() - b0 - roundTrip);
      const d = (await t.tab.evaluate(`globalThis.__tsugiDetect(${JSON.stringify(p.url)})`)) as {
        ms: number;
        gateMs: number;
      };
      const h0 = now();
      await pool.give(t, true);
      const handBack = now() - h0;
      stages.push({
        navigation,
        delivery: nav.delivery,
        parse: nav.parse,
        layout,
        bundle,
        gate: d.gateMs,
        detection: d.ms - d.gateMs,
        handBack,
        total: now() - start,
      });
    }
  } catch (e) {
    await slot.close().catch(() => {});
    throw e;
  }
  // Read before the browser closes: its processes' times go with them.
  const cpu1 = cpuByKind();
  await slot.close();
  const cpuPerPage: Record<string, number> = {};
  for (const k of Object.keys(cpu1))
    cpuPerPage[k] = ((cpu1[k] ?? 0) - (cpu0[k] ?? 0)) / 100 / Math.max(1, stages.length);
  return { stages, cpuPerPage };
}

/**
 * Print the stage table of one mix: median and mean ms a page per stage.
 * @param name the mix's name
 */
export async function printChromiumStages(name: string, pages: CorpusPage[]): Promise<void> {
  const { stages, cpuPerPage } = await chromiumStages(pages);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(
    `where --engine chromium spends a page, ${name}, ${stages.length} pages one at a time:`,
  );
  console.log("  stage        median ms   mean ms");
  for (const k of STAGES) {
    const xs = stages.map((s) => s[k]);
    console.log(
      `  ${k.padEnd(12)} ${median(xs).toFixed(1).padStart(9)} ${mean(xs).toFixed(1).padStart(9)}`,
    );
  }
  const cpu = Object.entries(cpuPerPage);
  const sum = cpu.reduce((a, [, v]) => a + v, 0);
  console.log(
    `  CPU s a page by process: ${cpu.map(([k, v]) => `${k} ${v.toFixed(3)}`).join(", ")}; all ${sum.toFixed(3)}: floor on 2 cores ${(2 / sum).toFixed(2)} pages/s`,
  );
}
