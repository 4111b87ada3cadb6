/**
 * Article export quality (ARCHITECTURE.md "article export") on site-held-out folds:
 * 4-token shingle precision, recall and F1 of the exported body text against gold text,
 * averaged over pages, for tsugi's extractor (src/extract/article.ts) and for Mozilla
 * Readability.js 0.6.0 on the same pages, with one text reader (one line per block).
 *   readability:  ../shared/corpus/articles/readability/<name>/source.html vs expected.html
 *   googletrends: ../shared/corpus/articles/googletrends/pages/*.html, gold = text under
 *                 __label="main" (labels are stripped before extraction)
 *
 * Method. Each set is split by site into k folds (site = registrable host the page
 * declares in canonical/og:url; Readability test pages also by name stem; else the page
 * itself; src/extract/site-folds.ts). For each fold, the block scorer (src/extract/prune.ts)
 * is trained on the other folds of both sets, and its threshold is chosen on those
 * tuning folds only (inner 2-fold site split: out-of-fold probabilities, best mean F1);
 * the fold's pages are then exported with it and scored. Only held-out numbers are
 * printed. Readability.js learns nothing, so its numbers are over all pages.
 * Pages' chosen bodies (before block scoring) are cached in out/eval-export-cache.json.
 *
 * Run: npm run eval:export [-- --folds 5] [--fresh] [--list]
 *      npm run train:export   (trains on all pages, writes models/export-blocks.json)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { Readability } from "@mozilla/readability";
import { JSDOM, VirtualConsole } from "jsdom";
import { shingleScores } from "../src/eval/measures";
import { chooseBody, extractArticle, finishBody } from "../src/extract/article";
import {
  BLOCK_FEATURE_NAMES,
  blockFeatures,
  containedShare,
  textIndex,
} from "../src/extract/block-features";
import { textBlocks } from "../src/extract/blocks";
import { containment, type DeferRule, defersToReadability } from "../src/extract/defer";
import { googleTrendsGold, readabilityGold, stripLabels } from "../src/extract/gold";
import type { BlockScorer } from "../src/extract/prune";
import { declaredHost, nameStem, siteFolds, siteGroups } from "../src/extract/site-folds";
import { blockText } from "../src/extract/text";
import { corpusDir, repoRoot } from "../src/replay/cases";
import { DEFAULT_LEARNER, type LearnerOptions, trainScorer } from "../src/train/experiment";

const { values } = parseArgs({
  options: {
    folds: { type: "string", default: "5" },
    fresh: { type: "boolean", default: false },
    list: { type: "boolean", default: false },
    train: { type: "boolean", default: false },
    worst: { type: "string", default: "5" },
  },
});
const quiet = new VirtualConsole();
const PAGE_URL = "http://fakehost/test/page.html";
const CACHE = join(repoRoot(), "out", "eval-export-cache.json");
const MODEL = join(repoRoot(), "models", "export-blocks.json");

/** What the evaluation keeps of one page. */
interface Page {
  set: "readability" | "googletrends";
  id: string;
  host: string | null;
  gold: string;
  /** Readability.js 0.6.0's text with its default options (the baseline). */
  readability: string;
  /** tsugi's chosen body before block scoring, class/id attributes on ("" when none). */
  body: string;
  method: "marked" | "readability" | "none";
  title: string;
  /** Readability.js's text as tsugi's extractor saw it (a block feature). */
  rdSignal: string;
}

/** Free a parsed document's window: jsdom keeps every window alive until it is closed,
 * and a run parses each page several times (it ran out of a 4 GB heap without this). */
function release(node: Node | null): void {
  (node?.ownerDocument ?? (node as Document | null))?.defaultView?.close();
}

function parse(html: string): Document {
  return new JSDOM(html, { url: PAGE_URL, virtualConsole: quiet }).window.document;
}

function readabilityText(doc: Document): string {
  const r = new Readability<Element>(doc.cloneNode(true) as Document, {
    serializer: (n) => n as Element,
  }).parse();
  return r?.content ? blockText(r.content) : "";
}

function readPage(set: Page["set"], id: string, doc: Document, gold: string): Page {
  const host = declaredHost(doc);
  const rd = readabilityText(doc);
  const c = chooseBody(doc, { url: PAGE_URL });
  return {
    set,
    id,
    host,
    gold,
    readability: rd,
    body: c.body?.outerHTML ?? "",
    method: c.method,
    title: c.title,
    rdSignal: c.readabilityText,
  };
}

function buildCache(): Page[] {
  const pages: Page[] = [];
  const rdir = join(corpusDir(), "articles", "readability");
  for (const name of readdirSync(rdir).sort()) {
    const doc = parse(readFileSync(join(rdir, name, "source.html"), "utf8"));
    const expected = parse(readFileSync(join(rdir, name, "expected.html"), "utf8"));
    const gold = readabilityGold(expected);
    pages.push(readPage("readability", name, doc, gold));
    release(expected);
    release(doc);
    process.stderr.write(".");
  }
  const gdir = join(corpusDir(), "articles", "googletrends", "pages");
  for (const file of readdirSync(gdir).sort()) {
    const doc = parse(readFileSync(join(gdir, file), "utf8"));
    const gold = googleTrendsGold(doc);
    stripLabels(doc);
    pages.push(readPage("googletrends", file.replace(/\.html$/, ""), doc, gold));
    release(doc);
    process.stderr.write(".");
  }
  process.stderr.write("\n");
  mkdirSync(dirname(CACHE), { recursive: true });
  writeFileSync(CACHE, JSON.stringify(pages));
  return pages;
}

/** A page's blocks as the scorer sees them, with gold labels. */
interface PageBlocks {
  rows: number[][];
  labels: number[];
  texts: string[];
}

function bodyOf(p: Page): Element | null {
  if (!p.body) return null;
  return parse(`<!doctype html><html><body>${p.body}</body></html>`).body.firstElementChild;
}

function pageBlocks(p: Page): PageBlocks {
  const body = bodyOf(p);
  if (!body) return { rows: [], labels: [], texts: [] };
  const blocks = textBlocks(body);
  const gold = textIndex(p.gold);
  const page = {
    rows: blockFeatures(blocks, body, p.rdSignal, p.method === "marked"),
    labels: blocks.map((b) => (containedShare(b.text, gold) >= 0.5 ? 1 : 0)),
    texts: blocks.map((b) => b.text),
  };
  release(body);
  return page;
}

const LEARNER: LearnerOptions = {
  ...DEFAULT_LEARNER,
  nEstimators: 20,
  maxDepth: 9,
  minNumSamples: 8,
  maxFeatures: 0.5,
  maxRows: 12000,
  seed: 14,
};

function train(idx: readonly number[], blocks: readonly PageBlocks[]) {
  const X: number[][] = [];
  const y: number[] = [];
  for (const i of idx) {
    const b = blocks[i] as PageBlocks;
    X.push(...b.rows);
    y.push(...b.labels);
  }
  // No resampling: both classes are common among blocks.
  return trainScorer(X, y, BLOCK_FEATURE_NAMES, {
    learner: LEARNER,
    smoteRatio: Number.POSITIVE_INFINITY,
    undersample: false,
  });
}

const GRID = [0.1, 0.2, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7];

/** Approximate page F1 when blocks under `t` go: kept blocks' text against gold. */
function approxF1(b: PageBlocks, probs: readonly number[], t: number, gold: string): number {
  const kept = b.texts.filter((_, i) => (probs[i] ?? 1) >= t);
  return shingleScores(kept.join("\n"), gold).f1;
}

/** Threshold chosen on tuning pages only: inner 2-fold site split, out-of-fold probabilities,
 * best mean page F1 (each set's mean weighted equally). */
function chooseThreshold(
  idx: readonly number[],
  pages: readonly Page[],
  blocks: readonly PageBlocks[],
  groups: readonly string[],
): number {
  const inner = siteFolds(
    idx.map((i) => groups[i] as string),
    2,
  );
  const probs = new Map<number, number[]>();
  for (const f of [0, 1]) {
    const tr = idx.filter((_, j) => inner[j] !== f);
    const te = idx.filter((_, j) => inner[j] === f);
    const s = train(tr, blocks);
    process.stderr.write("  inner model trained\n");
    for (const i of te) probs.set(i, s.probabilities((blocks[i] as PageBlocks).rows));
  }
  let best = GRID[0] as number;
  let bestScore = -1;
  for (const t of GRID) {
    const sums = { readability: { f1: 0, n: 0 }, googletrends: { f1: 0, n: 0 } };
    for (const i of idx) {
      const p = pages[i] as Page;
      const s = sums[p.set];
      s.f1 += approxF1(blocks[i] as PageBlocks, probs.get(i) ?? [], t, p.gold);
      s.n++;
    }
    const score = Object.values(sums).reduce((a, s) => a + (s.n ? s.f1 / s.n : 0), 0);
    if (score > bestScore) {
      bestScore = score;
      best = t;
    }
  }
  return best;
}

/** Per page: F1 of tsugi's body before block scoring and of Readability.js, and the
 * two agreement measures the page-level ensemble reads (src/extract/defer.ts). */
interface Agreement {
  tsugiF1: number;
  rdF1: number;
  tsugiInRd: number;
  rdInTsugi: number;
  tsugiText: string;
}

function agreement(p: Page): Agreement {
  const body = bodyOf(p);
  const tsugiText = body ? blockText(body) : "";
  release(body);
  return {
    tsugiF1: shingleScores(tsugiText, p.gold).f1,
    rdF1: shingleScores(p.rdSignal, p.gold).f1,
    tsugiInRd: containment(tsugiText, p.rdSignal),
    rdInTsugi: containment(p.rdSignal, tsugiText),
    tsugiText,
  };
}

const LEVELS = [2, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5, 0.3, 0];

/** Agreement levels chosen on tuning pages only: best mean F1 (each set weighted equally),
 * strictest levels first so that ties keep tsugi's own body. The pair for marked bodies
 * and the pair for bodies Readability.js chose are searched apart: each page reads only
 * one pair and the score is a sum over pages, so that is the best joint choice. */
function chooseDefer(
  idx: readonly number[],
  pages: readonly Page[],
  ag: readonly Agreement[],
): DeferRule {
  const setSize = { readability: 0, googletrends: 0 };
  for (const i of idx) setSize[(pages[i] as Page).set]++;
  const best = (chosen: boolean): [number, number] => {
    let pair: [number, number] = [2, 2];
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const a of LEVELS)
      for (const b of LEVELS) {
        const rule = { tsugiInReadability: a, readabilityInTsugi: b };
        let score = 0;
        for (const i of idx) {
          const p = pages[i] as Page;
          if ((p.method === "readability") !== chosen) continue;
          const g = ag[i] as Agreement;
          const f1 = defersToReadability(g.tsugiText, p.rdSignal, rule) ? g.rdF1 : g.tsugiF1;
          score += f1 / setSize[p.set];
        }
        if (score > bestScore + 1e-9) {
          bestScore = score;
          pair = [a, b];
        }
      }
    return pair;
  };
  const [a, b] = best(false);
  const [ca, cb] = best(true);
  return {
    tsugiInReadability: a,
    readabilityInTsugi: b,
    chosenTsugiInReadability: ca,
    chosenReadabilityInTsugi: cb,
  };
}

/** The page's source, parsed again (labels stripped), for the exact deferred export. */
function sourceOf(p: Page): Document {
  if (p.set === "readability")
    return parse(
      readFileSync(join(corpusDir(), "articles", "readability", p.id, "source.html"), "utf8"),
    );
  const doc = parse(
    readFileSync(join(corpusDir(), "articles", "googletrends", "pages", `${p.id}.html`), "utf8"),
  );
  stripLabels(doc);
  return doc;
}

/** tsugi's exported text of a cached page with a given block scorer (null: none). */
function exportText(p: Page, scorer: BlockScorer | null): string {
  const body = bodyOf(p);
  if (!body) return "";
  finishBody(body, {
    title: p.title,
    url: PAGE_URL,
    readabilityText: p.rdSignal,
    method: p.method,
    blocks: scorer,
  });
  const text = blockText(body);
  release(body);
  return text;
}

interface Score {
  precision: number;
  recall: number;
  f1: number;
}
type Row = { page: Page; fold: number; base: Score; tsugi: Score; rd: Score };

function mean(rows: readonly Row[], f: (r: Row) => number): number {
  return rows.length ? rows.reduce((a, r) => a + f(r), 0) / rows.length : 0;
}

function fmt(rows: readonly Row[], pick: (r: Row) => Score): string {
  const m = (k: keyof Score) => mean(rows, (r) => pick(r)[k]).toFixed(3);
  return `${m("precision")} | ${m("recall")} | ${m("f1")}`;
}

function report(rows: Row[], k: number, thresholds: number[]): void {
  console.log(`\nSite-held-out ${k}-fold export scores (4-token shingles, mean over pages)`);
  console.log(`thresholds chosen on tuning folds: ${thresholds.join(", ")}\n`);
  console.log("| set | pages | sites | extractor | precision | recall | F1 |");
  console.log("|---|---|---|---|---|---|---|");
  const sets: [string, Row[]][] = [
    ["readability", rows.filter((r) => r.page.set === "readability")],
    ["googletrends", rows.filter((r) => r.page.set === "googletrends")],
    ["overall", rows],
  ];
  for (const [name, rs] of sets) {
    const sites = new Set(rs.map((r) => `${r.page.set}/${r.fold}/${groupOf.get(r.page) ?? ""}`))
      .size;
    console.log(
      `| ${name} | ${rs.length} | ${sites} | tsugi (learned blocks) | ${fmt(rs, (r) => r.tsugi)} |`,
    );
    console.log(
      `| ${name} | ${rs.length} | ${sites} | tsugi before (rules only) | ${fmt(rs, (r) => r.base)} |`,
    );
    console.log(
      `| ${name} | ${rs.length} | ${sites} | Readability.js 0.6.0 | ${fmt(rs, (r) => r.rd)} |`,
    );
  }
  const worst = Number(values.worst);
  for (const [label, by] of [
    ["tsugi loses most to Readability.js", (r: Row) => r.rd.f1 - r.tsugi.f1],
    ["Readability.js loses most to tsugi", (r: Row) => r.tsugi.f1 - r.rd.f1],
    ["tsugi's lowest F1", (r: Row) => 1 - r.tsugi.f1],
  ] as const) {
    console.log(`\n${label}:`);
    for (const r of [...rows].sort((a, b) => by(b) - by(a)).slice(0, worst))
      console.log(
        `  ${r.page.set}/${r.page.id}  tsugi P ${r.tsugi.precision.toFixed(3)} R ${r.tsugi.recall.toFixed(3)} F1 ${r.tsugi.f1.toFixed(3)}  Readability.js F1 ${r.rd.f1.toFixed(3)}  (${r.page.method})`,
      );
  }
}

const groupOf = new Map<Page, string>();

function main(): void {
  const pages: Page[] =
    !values.fresh && existsSync(CACHE) ? JSON.parse(readFileSync(CACHE, "utf8")) : buildCache();
  const groups = siteGroups(
    pages.map((p) => ({
      id: `${p.set}/${p.id}`,
      host: p.host,
      keys: p.set === "readability" ? [nameStem(p.id)] : [],
    })),
  );
  pages.forEach((p, i) => {
    groupOf.set(p, groups[i] as string);
  });
  const t0 = Date.now();
  const blocks = pages.map(pageBlocks);
  const ag = pages.map(agreement);
  process.stderr.write(
    `${blocks.reduce((n, b) => n + b.rows.length, 0)} blocks in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`,
  );
  const all = pages.map((_, i) => i);
  if (values.train) {
    const threshold = chooseThreshold(all, pages, blocks, groups);
    const defer = chooseDefer(all, pages, ag);
    const scorer = train(all, blocks);
    const model = scorer.toModel(
      "export-blocks" as "next-link",
      { threshold, ...defer },
      {
        data: "articles/readability (expected.html) + articles/googletrends (__label=main), all pages",
        label: "block text >= 50% of its 4-token shingles in the gold text",
        date: new Date().toISOString().slice(0, 10),
        learner: LEARNER,
      },
    );
    if (!model) throw new Error("train:export: the learner gave no model");
    writeFileSync(MODEL, `${JSON.stringify({ ...model, kind: "export-blocks" })}\n`);
    console.log(`wrote ${MODEL} (threshold ${threshold}, defer ${JSON.stringify(defer)})`);
    return;
  }
  const k = Number(values.folds);
  const fold = new Array<number>(pages.length).fill(0);
  for (const set of ["readability", "googletrends"] as const) {
    const idx = all.filter((i) => pages[i]?.set === set);
    const f = siteFolds(
      idx.map((i) => groups[i] as string),
      k,
    );
    idx.forEach((i, j) => {
      fold[i] = f[j] as number;
    });
  }
  const rows: Row[] = [];
  const thresholds: number[] = [];
  const rules: DeferRule[] = [];
  let deferredCount = 0;
  for (let f = 0; f < k; f++) {
    const tune = all.filter((i) => fold[i] !== f);
    const test = all.filter((i) => fold[i] === f);
    const threshold = chooseThreshold(tune, pages, blocks, groups);
    const defer = chooseDefer(tune, pages, ag);
    thresholds.push(threshold);
    rules.push(defer);
    const s = train(tune, blocks);
    const scorer: BlockScorer = {
      probabilities: (r) => s.probabilities(r as number[][]),
      threshold,
      defer,
    };
    for (const i of test) {
      const p = pages[i] as Page;
      const g = ag[i] as Agreement;
      // Deferred pages are exported again from their source, through the shipped code path.
      const deferred = defersToReadability(
        g.tsugiText,
        p.rdSignal,
        defer,
        p.method === "readability",
      );
      let text: string;
      if (deferred) {
        const source = sourceOf(p);
        text = extractArticle(source, { url: PAGE_URL }, scorer).text;
        release(source);
      } else text = exportText(p, scorer);
      if (deferred) deferredCount++;
      const row: Row = {
        page: p,
        fold: f,
        base: shingleScores(exportText(p, null), p.gold),
        tsugi: shingleScores(text, p.gold),
        rd: shingleScores(p.readability, p.gold),
      };
      rows.push(row);
      if (values.list)
        console.log(
          `${p.set}/${p.id}\tfold ${f}\tbefore ${row.base.f1.toFixed(3)}\ttsugi ${row.tsugi.f1.toFixed(3)}\treadability ${row.rd.f1.toFixed(3)}\t${p.method}${deferred ? " (deferred)" : ""}\ttsugi P ${row.tsugi.precision.toFixed(3)} R ${row.tsugi.recall.toFixed(3)}`,
        );
    }
    process.stderr.write(
      `fold ${f} done (threshold ${threshold}, defer ${JSON.stringify(defer)})\n`,
    );
  }
  report(rows, k, thresholds);
  console.log(
    `\ndefer rules chosen on tuning folds (tsugi-in-Readability, Readability-in-tsugi): ${rules.map((r) => `${r.tsugiInReadability}/${r.readabilityInTsugi} (Readability-chosen ${r.chosenTsugiInReadability}/${r.chosenReadabilityInTsugi})`).join(", ")}; ${deferredCount} of ${rows.length} held-out pages deferred`,
  );
}

main();
