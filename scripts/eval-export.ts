/**
 * Article export quality (ARCHITECTURE.md "article export"): 4-token shingle F1 of
 * the exported body text against gold text, averaged over pages, for tsugi's
 * extractor (src/extract/article.ts) and for Mozilla Readability.js 0.6.0 on the
 * same pages, with the same text reader (one line per block) for all three texts.
 *   readability:  ../shared/corpus/articles/readability/<name>/source.html vs expected.html
 *   googletrends: ../shared/corpus/articles/googletrends/pages/*.html, gold = text under
 *                 __label="main" (labels are stripped before extraction)
 * Runs in jsdom (the extractor needs no layout). Also reports title/byline/site name
 * agreement with the readability set's expected-metadata.json.
 * Run: npm run eval:export [-- --set readability|googletrends] [--list] [--limit N]
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Readability } from "@mozilla/readability";
import { JSDOM, VirtualConsole } from "jsdom";
import { shingleScores } from "../src/eval/measures";
import { extractArticle } from "../src/extract/article";
import { googleTrendsGold, readabilityGold, stripLabels } from "../src/extract/gold";
import { blockText } from "../src/extract/text";
import { corpusDir } from "../src/replay/cases";

const { values } = parseArgs({
  options: {
    set: { type: "string" },
    list: { type: "boolean", default: false },
    limit: { type: "string" },
    only: { type: "string" },
    "no-baseline": { type: "boolean", default: false },
  },
});
const quiet = new VirtualConsole();
const PAGE_URL = "http://fakehost/test/page.html";

interface Row {
  id: string;
  ours: number;
  readability: number;
  ms: number;
  rdMs: number;
}

function readabilityText(doc: Document): string {
  const r = new Readability<Element>(doc.cloneNode(true) as Document, {
    serializer: (n) => n as Element,
  }).parse();
  return r?.content ? blockText(r.content) : "";
}

function score(
  id: string,
  doc: Document,
  gold: string,
  rows: Row[],
): ReturnType<typeof extractArticle> {
  const t0 = performance.now();
  const ours = extractArticle(doc, { url: PAGE_URL });
  const t1 = performance.now();
  const rd = values["no-baseline"] ? "" : readabilityText(doc);
  const t2 = performance.now();
  const row = {
    id,
    ours: shingleScores(ours.text, gold).f1,
    readability: shingleScores(rd, gold).f1,
    ms: t1 - t0,
    rdMs: t2 - t1,
  };
  rows.push(row);
  if (values.list)
    console.log(
      `${id}\tours ${row.ours.toFixed(3)}\treadability ${row.readability.toFixed(3)}\t${ours.method}`,
    );
  return ours;
}

function parse(file: string): Document {
  return new JSDOM(readFileSync(file, "utf8"), { url: PAGE_URL, virtualConsole: quiet }).window
    .document;
}

const limit = values.limit ? Number(values.limit) : Number.POSITIVE_INFINITY;
/** Pages to run: all, the first --limit, or the one named by --only. */
function pick(names: string[]): string[] {
  const only = values.only;
  if (only) return names.filter((n) => n === only || n === `${only}.html`);
  return names.slice(0, limit);
}
const norm = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim().toLowerCase();

function readabilitySet(): Row[] {
  const dir = join(corpusDir(), "articles", "readability");
  const rows: Row[] = [];
  const meta = { title: 0, byline: 0, siteName: 0, n: 0 };
  for (const name of pick(readdirSync(dir).sort())) {
    const doc = parse(join(dir, name, "source.html"));
    const gold = readabilityGold(parse(join(dir, name, "expected.html")));
    const ours = score(name, doc, gold, rows);
    const expected = JSON.parse(readFileSync(join(dir, name, "expected-metadata.json"), "utf8"));
    meta.n++;
    if (norm(ours.title) === norm(expected.title)) meta.title++;
    if (norm(ours.byline) === norm(expected.byline)) meta.byline++;
    if (norm(ours.siteName) === norm(expected.siteName)) meta.siteName++;
  }
  console.log(
    `readability metadata (exact, case-folded): title ${meta.title}/${meta.n}, byline ${meta.byline}/${meta.n}, site name ${meta.siteName}/${meta.n}`,
  );
  return rows;
}

function googleTrendsSet(): Row[] {
  const dir = join(corpusDir(), "articles", "googletrends", "pages");
  const rows: Row[] = [];
  for (const file of pick(readdirSync(dir).sort())) {
    const doc = parse(join(dir, file));
    const gold = googleTrendsGold(doc);
    stripLabels(doc);
    score(file.replace(/\.html$/, ""), doc, gold, rows);
  }
  return rows;
}

function summary(set: string, rows: Row[]): void {
  const mean = (f: (r: Row) => number) => rows.reduce((a, r) => a + f(r), 0) / rows.length;
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)] ?? 0;
  };
  console.log(
    `${set}: ${rows.length} pages  shingle F1  tsugi ${mean((r) => r.ours).toFixed(4)}  Readability.js ${mean((r) => r.readability).toFixed(4)}  (median ms: tsugi ${median(rows.map((r) => r.ms)).toFixed(1)}, Readability.js ${median(rows.map((r) => r.rdMs)).toFixed(1)}; jsdom)`,
  );
}

const sets = values.set ? [values.set] : ["readability", "googletrends"];
for (const set of sets) {
  if (set === "readability") summary(set, readabilitySet());
  else if (set === "googletrends") summary(set, googleTrendsSet());
  else {
    console.error(`eval-export: unknown --set ${set} (readability or googletrends)`);
    process.exit(2);
  }
}
