/**
 * `npm run eval:gate`: how often the gate (src/gate/gate.ts) lets the detector
 * run. The gate has no learned parameter and no threshold, so there is nothing to fit and
 * the whole corpus is its test set; its word lists are the pager vocabulary of
 * src/features/keywords.ts, not chosen from these pages.
 *
 * Method: every page of ../shared/corpus (pagination, Readability articles, GoogleTrends
 * articles, Dragnet articles: AGPL, evaluated only) is decoded with its charset and parsed by Chromium's DOMParser (scripts never
 * run, `<noscript>` read as markup, as on a page whose scripts are off); the gate and the
 * gold next-link selector run on that document.
 * - recall: pagination pages with a labelled next link whose selector matches in the page:
 *   share where the gate passes (it must be 1: a closed gate is a missed next link).
 * - load rate: share of pages where the gate passes, for pages without a labelled next link
 *   (pagination last pages and pager-less pages) and for the article sets (single articles,
 *   mostly without a pager): how often the detector and models are loaded for nothing.
 * Prints a table and, with --list, every missed page and the signal of every page.
 */
import { buildSync } from "esbuild";
import { launchChromium } from "../src/cli/browser";
import type { GateResult } from "../src/gate/gate";
import {
  decodePage,
  dragnetPages,
  googletrendsPages,
  paginationPages,
  readabilityPages,
} from "../src/train/corpus";

interface Row {
  key: string;
  part: string;
  hasNext: boolean;
  pass: boolean;
  signal: string | null;
  lastPage: boolean;
  links: number;
  ms: number;
}

/** The gate as an IIFE (global `tsugiGate`), run on DOMParser documents in Chromium. */
function gateBundle(): string {
  const out = buildSync({
    entryPoints: ["src/gate/gate.ts"],
    bundle: true,
    format: "iife",
    globalName: "tsugiGate",
    target: "es2022",
    write: false,
  });
  return out.outputFiles[0]?.text ?? "";
}

const pct = (n: number, d: number) => (d === 0 ? "–" : `${((100 * n) / d).toFixed(1)} %`);

async function main(): Promise<void> {
  const list = process.argv.includes("--list");
  const pages = [
    ...paginationPages(),
    ...readabilityPages(),
    ...googletrendsPages(),
    ...dragnetPages(),
  ];
  const rows: Row[] = [];
  const browser = await launchChromium();
  try {
    const tab = await browser.context.newPage();
    await tab.addScriptTag({ content: gateBundle() });
    for (const page of pages) {
      const selector = page.part === "pagination" ? (page.input.nextSelector ?? "") : "";
      const r = await tab.evaluate(
        ({ html, selector, host, url }) => {
          const doc = new DOMParser().parseFromString(html, "text/html");
          let hasNext = false;
          try {
            hasNext = selector !== "" && doc.querySelector(selector) !== null;
          } catch {
            hasNext = false;
          }
          const g = (
            globalThis as unknown as {
              tsugiGate: { pagerGate(d: Document, host: string, url: string): GateResult };
            }
          ).tsugiGate.pagerGate(doc, host, url);
          return { hasNext, g };
        },
        {
          html: decodePage(page),
          selector,
          host: new URL(page.input.pageUrl).hostname.toLowerCase(),
          url: page.input.pageUrl,
        },
      );
      rows.push({
        key: page.key,
        part: page.part,
        hasNext: r.hasNext,
        pass: r.g.pass,
        signal: r.g.signal,
        lastPage: r.g.lastPage,
        links: r.g.links,
        ms: r.g.ms,
      });
    }
  } finally {
    await browser.close();
  }
  const groups: [string, Row[]][] = [
    ["pagination, labelled next link (recall)", rows.filter((r) => r.hasNext)],
    [
      "pagination, no next link (last pages, no pager)",
      rows.filter((r) => r.part === "pagination" && !r.hasNext),
    ],
    ["Readability articles", rows.filter((r) => r.part === "readability")],
    ["GoogleTrends articles", rows.filter((r) => r.part === "googletrends")],
    ["Dragnet articles (evaluated only)", rows.filter((r) => r.part === "dragnet")],
  ];
  console.log("| pages | n | gate passes |");
  console.log("| --- | --- | --- |");
  for (const [name, rs] of groups)
    console.log(`| ${name} | ${rs.length} | ${pct(rs.filter((r) => r.pass).length, rs.length)} |`);
  const bySignal = new Map<string, number>();
  for (const r of rows.filter((x) => x.hasNext))
    bySignal.set(r.signal ?? "none", (bySignal.get(r.signal ?? "none") ?? 0) + 1);
  console.log(
    `\nfirst signal on pages with a next link: ${[...bySignal].map(([k, v]) => `${k} ${v}`).join(", ")}`,
  );
  const last = (rs: Row[]) => rs.filter((r) => r.lastPage).length;
  console.log(
    `pages read as the last of their sequence (pager alone no longer opens the gate): ${groups.map(([name, rs]) => `${name.split(" (")[0]} ${last(rs)}`).join(", ")}`,
  );
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)] ?? 0;
  console.log(
    `gate time per page (DOMParser documents, ${ms.length} pages): median ${q(0.5).toFixed(2)} ms, p95 ${q(0.95).toFixed(2)} ms, max ${q(1).toFixed(2)} ms`,
  );
  const closed = rows.filter((r) => !r.pass).sort((a, b) => b.ms - a.ms);
  console.log(
    `slowest closed gates: ${closed
      .slice(0, 5)
      .map((r) => `${r.key} ${r.ms.toFixed(1)} ms / ${r.links} links`)
      .join(", ")}`,
  );
  const missed = rows.filter((r) => r.hasNext && !r.pass);
  console.log(`missed next links: ${missed.length}`);
  for (const r of missed) console.log(`  MISS ${r.key}`);
  if (list)
    for (const r of rows)
      console.log(`${r.key}\t${r.hasNext}\t${r.signal ?? "-"}${r.lastPage ? "\tlast-page" : ""}`);
  if (missed.length > 0) process.exitCode = 1;
}

void main();
