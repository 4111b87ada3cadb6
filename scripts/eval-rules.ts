/**
 * Site-rule transfer: how often a rule learned on one page of a site still reads
 * another page of the same site correctly. tsugi learns an AutoPagerize-style
 * rule on page 1 (`learnSiteRule`, src/rule/learn-rule.ts) and reads fetched
 * pages 2, 3, … with it (`resolvePage`, src/pager/verify-page.ts); this measures
 * that carry-over on the labelled pagination corpus, against a positional-only
 * baseline, in jsdom (no rendering, no layout).
 *
 * Data: ../shared/corpus/pagination via `paginationPages()` (src/train/corpus.ts),
 * i.e. labels.jsonl + page-elements.jsonl with src/train/label-overrides.json
 * applied. Pages are decoded with `new TextDecoder(charset)` and parsed with
 * `new JSDOM(html, { url })` (scripts not run).
 *
 * Method:
 * - Pages: those with a `next` label and a page-element label. Sites: those with at
 *   least 2 such pages. Pages of a site are ordered by id.
 * - Pairs: ordered pairs (A, B) of distinct pages of a site, at most `--cap` (6) per
 *   site, in the order of `pairSchedule` (src/rule/transfer-metrics.ts): (i, i+1),
 *   then (i, i+2), … modulo the site's page count, so every page serves as A before
 *   any serves twice. A site with 2 pages gives 2 pairs, 3 or more give 6.
 * - Gold next anchors of a page: for each match of the `next` selector, its closest
 *   `a[href]`, else its first descendant `a[href]` (as src/train/harvest.ts reads them).
 *   A's next anchor is the first of them. B's gold next URLs are all of them resolved
 *   against `<base href>` / the page URL, fragments dropped.
 * - Gold page elements: all matches of the `pageElement` selector, reduced to the
 *   outermost (a match inside another match is dropped).
 * - A pair is skipped (counted by reason) when A or B lacks a gold next link or
 *   gold page element, a selector does not parse, or `learnSiteRule` throws.
 * - tsugi rule: `learnSiteRule(A.url, anchorA, goldA)`. Positional baseline: nextLink
 *   = `positionalXPath(anchorA)`, pageElement = `positionalXPath` of each gold element
 *   of A (Chrome "Copy full XPath" style, `/html/body/div[2]/a[3]`).
 * - Next-link hit: `nextFromRule(docB, nextLink, B.url)` (the first node the XPath
 *   selects that has a usable href) resolves, fragment dropped, to one of B's gold
 *   next URLs.
 * - Page-element hit, exact: `evaluateXPaths(docB, pageElement.split(" | "))` is the
 *   same set of elements as B's gold. Loose: exact, or the selection's text covers
 *   ≥ 90 % of the gold's and the gold's covers ≥ 90 % of the selection's, over bags
 *   (multisets) of lowercased whitespace-separated tokens of `textContent`, each text
 *   node tokenized on its own (nested selections counted once).
 * - Whole rule carries: next-link hit and page-element hit (exact / loose).
 * - Also reported: the rule re-applied to A itself ("self": did learning reproduce
 *   page 1?), and what `resolvePage`'s checks make of the rule's page element on B
 *   (accepted = non-empty, same tags as A's gold, has content; accepted-but-wrong =
 *   accepted and a loose miss, i.e. the pager would insert the wrong thing).
 * - Rates: micro over pairs, macro = mean over sites of the site's hit share.
 *
 * Output: a table on stdout, failure examples (`--examples N`), and
 * out/eval-rules.json (settings, skip counts, rates, every pair).
 * With `--detected`, A's page element is the shipped detector's (`detect`, src/detect/detect.ts,
 * in jsdom: no layout, so its layout features read 0) instead of the labelled one, and the
 * rule's XPaths are built as the pager builds them: what a reader meets on page B, beside
 * the gold-built rule's transfer (the page-element forest was trained on these pages, so
 * the detected figures are in-sample for it).
 * Run: npm run eval:rules [-- --cap 6] [--examples 10] [--site oneplus.net] [--detected]
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { JSDOM, VirtualConsole } from "jsdom";
import { detect } from "../src/detect/detect";
import type { LearnedRule } from "../src/messaging/site-rule";
import { tableRows } from "../src/pager/table-rows";
import { hasContent, profileOf, structureAgrees } from "../src/pager/verify-page";
import { repoRoot } from "../src/replay/cases";
import { learnSiteRule } from "../src/rule/learn-rule";
import { nextFromRule } from "../src/rule/match-rule";
import {
  goldNextAnchors,
  linkUrl,
  looseHit,
  outermost,
  pairSchedule,
  positionalXPath,
  rates,
  safeQueryAll,
  sameElements,
  textCoverage,
  withoutFragment,
} from "../src/rule/transfer-metrics";
import { evaluateXPaths } from "../src/rule/xpath";
import { type CorpusPage, paginationPages } from "../src/train/corpus";

const { values } = parseArgs({
  options: {
    cap: { type: "string", default: "6" },
    examples: { type: "string", default: "10" },
    site: { type: "string" },
    out: { type: "string", default: "out/eval-rules.json" },
    detected: { type: "boolean", default: false },
  },
});
const CAP = Number(values.cap);
const LOOSE = 0.9;
const quiet = new VirtualConsole();

/** A corpus page parsed, with its gold read off the labels. */
interface Parsed {
  id: string;
  url: string;
  doc: Document;
  /** null when the selector does not parse */
  nextAnchors: Element[] | null;
  /** null when the selector does not parse */
  gold: Element[] | null;
  close: () => void;
  /** memo: XPath list -> what it selects (jsdom's XPath is the slow part) */
  selects: Map<string, Element[]>;
  /** memo: nextLink XPath -> `nextFromRule` result */
  nexts: Map<string, ReturnType<typeof nextFromRule>>;
}

function parsePage(p: CorpusPage): Parsed {
  const bytes = readFileSync(p.file);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(p.charset || "utf-8");
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  const url = p.input.pageUrl;
  const dom = new JSDOM(decoder.decode(bytes), { url, virtualConsole: quiet });
  const doc = dom.window.document;
  const goldAll = safeQueryAll(doc, p.input.pageElementSelector ?? "");
  return {
    id: p.key.replace(/^pagination\//, ""),
    url,
    doc,
    nextAnchors: goldNextAnchors(doc, p.input.nextSelector ?? ""),
    gold: goldAll === null ? null : outermost(goldAll),
    close: () => dom.window.close(),
    selects: new Map(),
    nexts: new Map(),
  };
}

const detected = new Map<Parsed, Element[]>();

/** The shipped detector's page element on a page, memoized. */
function detectedOn(p: Parsed): Element[] {
  let els = detected.get(p);
  if (els === undefined) {
    try {
      els = detect(p.doc, p.url).pageElements;
    } catch {
      els = [];
    }
    detected.set(p, els);
  }
  return els;
}

/** `evaluateXPaths(p.doc, xpaths)`, memoized per page. */
function selectOn(p: Parsed, xpaths: readonly string[]): Element[] {
  const key = xpaths.join("\n");
  const hit = p.selects.get(key);
  if (hit) return hit;
  const found = evaluateXPaths(p.doc, xpaths);
  p.selects.set(key, found);
  return found;
}

/** `nextFromRule(p.doc, xpath, p.url)`, memoized per page. */
function nextOn(p: Parsed, xpath: string): ReturnType<typeof nextFromRule> {
  if (!p.nexts.has(xpath)) p.nexts.set(xpath, nextFromRule(p.doc, xpath, p.url));
  return p.nexts.get(xpath) ?? null;
}

/** Short description of an element for the failure list. */
function describe(el: Element | null | undefined): string {
  if (!el) return "(nothing)";
  const id = el.id ? `#${el.id}` : "";
  const cls = el.classList.length ? `.${Array.from(el.classList).slice(0, 3).join(".")}` : "";
  const href = el.getAttribute("href");
  const text = (el.textContent ?? "").replace(/\s+/g, " ").trim();
  const short = text.length > 50 ? `${text.slice(0, 50)}…` : text;
  return `<${el.localName}${id}${cls}>${href ? ` href=${href.slice(0, 80)}` : ""} "${short}"`;
}

function describeAll(els: readonly Element[]): string {
  if (els.length === 0) return "(nothing)";
  const head = els.slice(0, 2).map(describe).join(", ");
  return els.length > 2 ? `${els.length} elements: ${head}, …` : head;
}

/** What one reading (rule or baseline) makes of page B. */
interface Reading {
  nextUrl: string | null;
  nextHit: boolean;
  peCount: number;
  peExact: boolean;
  peLoose: boolean;
  recall: number;
  precision: number;
}

function read(
  b: Parsed,
  goldUrls: ReadonlySet<string>,
  gold: readonly Element[],
  nextLink: string,
  pageElements: readonly string[],
): Reading & { nextAnchor: Element | null; selected: Element[] } {
  const next = nextOn(b, nextLink);
  const nextUrl = next ? withoutFragment(next.nextUrl) : null;
  const selected = selectOn(b, pageElements);
  const cov = textCoverage(selected, gold);
  return {
    nextUrl,
    nextHit: nextUrl !== null && goldUrls.has(nextUrl),
    peCount: selected.length,
    peExact: sameElements(selected, gold),
    peLoose: looseHit(selected, gold, LOOSE),
    recall: round(cov.recall),
    precision: round(cov.precision),
    nextAnchor: next?.nextAnchor ?? null,
    selected,
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

interface PairRow {
  site: string;
  a: string;
  b: string;
  rule: { url: string; nextLink: string; pageElement: string };
  /** whether the rule's `url` pattern matches B's URL (the pager would apply it there) */
  urlMatches: boolean;
  positional: { nextLink: string; pageElement: string[] };
  tsugi: Reading;
  base: Reading;
  /** the rule re-applied to A */
  self: { nextHit: boolean; peExact: boolean };
  /** resolvePage's checks on the rule's page element on B */
  verify: { accepted: boolean };
  goldNext: string[];
  failure?: { selectedNext: string; goldNext: string; selectedPe: string; goldPe: string };
}

const t0 = performance.now();
const skips = new Map<string, number>();
const skip = (reason: string) => skips.set(reason, (skips.get(reason) ?? 0) + 1);

const usable = paginationPages().filter((p) => p.input.nextSelector && p.input.pageElementSelector);
const bySite = new Map<string, CorpusPage[]>();
for (const p of usable) {
  const site = p.group.replace(/^site:/, "");
  if (values.site && site !== values.site) continue;
  bySite.set(site, [...(bySite.get(site) ?? []), p]);
}
const sites = [...bySite.keys()].filter((s) => (bySite.get(s)?.length ?? 0) >= 2).sort();

const rows: PairRow[] = [];
for (const site of sites) {
  const pages = (bySite.get(site) ?? []).sort((x, y) => x.key.localeCompare(y.key));
  const parsed = pages.map(parsePage);
  const rules = new Map<number, LearnedRule | string>();
  for (const [ia, ib] of pairSchedule(parsed.length, CAP)) {
    const a = parsed[ia] as Parsed;
    const b = parsed[ib] as Parsed;
    if (a.nextAnchors === null) {
      skip("A: next selector does not parse");
      continue;
    }
    const anchorA = a.nextAnchors[0];
    if (!anchorA) {
      skip("A: next selector matches no link");
      continue;
    }
    if (a.gold === null || a.gold.length === 0) {
      skip(a.gold === null ? "A: pageElement selector does not parse" : "A: no page element");
      continue;
    }
    const goldA = values.detected ? detectedOn(a) : a.gold;
    if (goldA.length === 0) {
      skip("A: the detector finds no page element");
      continue;
    }
    if (b.nextAnchors === null || b.gold === null) {
      skip("B: a selector does not parse");
      continue;
    }
    const goldUrls = new Set(
      b.nextAnchors
        .map((e) => linkUrl(e.getAttribute("href") ?? "", b.doc, b.url))
        .filter((u): u is string => u !== null),
    );
    if (goldUrls.size === 0) {
      skip("B: next selector matches no usable link");
      continue;
    }
    if (b.gold.length === 0) {
      skip("B: no page element");
      continue;
    }
    let rule = rules.get(ia);
    if (rule === undefined) {
      try {
        // As the pager does (pagerStart, src/pager/pager.ts): a table joins row by row.
        const rows = values.detected ? tableRows(goldA) : null;
        rule = rows
          ? learnSiteRule(a.url, anchorA, rows.rows, [rows.xpath])
          : learnSiteRule(a.url, anchorA, goldA);
      } catch (e) {
        rule = String(e);
      }
      rules.set(ia, rule);
    }
    if (typeof rule === "string") {
      skip(`learnSiteRule threw: ${rule}`);
      continue;
    }
    const ruleXPaths = rule.pageElement.split(" | ");
    const posNext = positionalXPath(anchorA);
    const posPe = goldA.map(positionalXPath);
    const tsugi = read(b, goldUrls, b.gold, rule.nextLink, ruleXPaths);
    const base = read(b, goldUrls, b.gold, posNext, posPe);
    const selfNext = nextOn(a, rule.nextLink);
    const selfUrl = linkUrl(anchorA.getAttribute("href") ?? "", a.doc, a.url);
    const profile = profileOf(goldA, ruleXPaths, rule.nextLink);
    const ruled = tsugi.selected.filter((e) => !tsugi.nextAnchor || !e.contains(tsugi.nextAnchor));
    const accepted = ruled.length > 0 && structureAgrees(profile, ruled) && hasContent(ruled);
    const { nextAnchor, selected, ...tsugiReading } = tsugi;
    const { nextAnchor: _n, selected: _s, ...baseReading } = base;
    const row: PairRow = {
      site,
      a: a.id,
      b: b.id,
      rule: { url: rule.url, nextLink: rule.nextLink, pageElement: rule.pageElement },
      urlMatches: new RegExp(rule.url).test(b.url),
      positional: { nextLink: posNext, pageElement: posPe },
      tsugi: tsugiReading,
      base: baseReading,
      self: {
        nextHit: !!selfNext && withoutFragment(selfNext.nextUrl) === selfUrl,
        peExact: sameElements(selectOn(a, ruleXPaths), goldA),
      },
      verify: { accepted },
      goldNext: [...goldUrls],
    };
    if (!tsugi.nextHit || !tsugi.peLoose)
      row.failure = {
        selectedNext: describe(nextAnchor),
        goldNext: describeAll(b.nextAnchors),
        selectedPe: describeAll(selected),
        goldPe: describeAll(b.gold),
      };
    rows.push(row);
  }
  for (const p of parsed) p.close();
}

// ---------------------------------------------------------------------------
// Report

type Pick = (r: PairRow) => boolean;
const measures: [string, Pick, Pick][] = [
  ["next link", (r) => r.tsugi.nextHit, (r) => r.base.nextHit],
  ["page element, exact", (r) => r.tsugi.peExact, (r) => r.base.peExact],
  ["page element, loose (≥90% tokens)", (r) => r.tsugi.peLoose, (r) => r.base.peLoose],
  [
    "whole rule (next + exact PE)",
    (r) => r.tsugi.nextHit && r.tsugi.peExact,
    (r) => r.base.nextHit && r.base.peExact,
  ],
  [
    "whole rule (next + loose PE)",
    (r) => r.tsugi.nextHit && r.tsugi.peLoose,
    (r) => r.base.nextHit && r.base.peLoose,
  ],
];
const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);

/** Rates of every measure over some pairs, printed as a table under `title`. */
function report(title: string, subset: readonly PairRow[]) {
  const rate = (pick: Pick) => rates(subset.map((r) => ({ site: r.site, hit: pick(r) })));
  const sitesIn = new Set(subset.map((r) => r.site)).size;
  const table = measures.map(([name, tsugi, base]) => ({
    measure: name,
    tsugi: rate(tsugi),
    positional: rate(base),
  }));
  const extra = {
    "self: rule re-selects A's next link": rate((r) => r.self.nextHit),
    "self: rule re-selects A's page element exactly": rate((r) => r.self.peExact),
    "verify accepts the rule's page element on B": rate((r) => r.verify.accepted),
    "verify accepts it but it is wrong (loose miss)": rate(
      (r) => r.verify.accepted && !r.tsugi.peLoose,
    ),
    "verify rejects it though it is right (loose hit)": rate(
      (r) => !r.verify.accepted && r.tsugi.peLoose,
    ),
  };
  console.log(`\n## ${title}: ${subset.length} pairs, ${sitesIn} sites`);
  console.log(`${"measure".padEnd(36)}  tsugi micro  macro   positional micro  macro`);
  for (const t of table)
    console.log(
      `${t.measure.padEnd(36)}  ${pct(t.tsugi.micro)}  ${pct(t.tsugi.macro)}   ${pct(t.positional.micro)}  ${pct(t.positional.macro)}`,
    );
  for (const [name, r] of Object.entries(extra))
    console.log(`${name.padEnd(50)} ${pct(r.micro)} micro ${pct(r.macro)} macro`);
  return { title, pairs: subset.length, sites: sitesIn, rates: table, extra };
}

const skipped = [...skips.values()].reduce((s, n) => s + n, 0);
console.log(`cap ${CAP} pairs per site; ${skipped} pairs skipped`);
const reports = [
  report("all pairs", rows),
  report(
    "pairs where the rule's url pattern matches B (the pager would apply it)",
    rows.filter((r) => r.urlMatches),
  ),
];
if (skips.size > 0) {
  console.log("\nskipped pairs:");
  for (const [reason, n] of [...skips].sort((x, y) => y[1] - x[1]))
    console.log(`  ${String(n).padStart(4)}  ${reason}`);
}

// Failures the pager would meet (url pattern matches B) first.
const failures = rows
  .filter((r) => r.failure)
  .sort((x, y) => Number(y.urlMatches) - Number(x.urlMatches));
const nExamples = Number(values.examples);
if (nExamples > 0 && failures.length > 0) {
  console.log(`\n${failures.length} pairs where the tsugi rule did not carry; first per site:`);
  const seen = new Set<string>();
  let shown = 0;
  for (const r of failures) {
    if (seen.has(r.site) || shown >= nExamples) continue;
    seen.add(r.site);
    shown++;
    const f = r.failure;
    console.log(
      `- ${r.site} ${r.a} -> ${r.b}${r.urlMatches ? "" : ` (url ${r.rule.url} does not match B)`}`,
    );
    if (!r.tsugi.nextHit)
      console.log(
        `    nextLink ${r.rule.nextLink}\n      B: ${f?.selectedNext}\n   gold: ${f?.goldNext}`,
      );
    if (!r.tsugi.peLoose)
      console.log(
        `    pageElement ${r.rule.pageElement}\n      B: ${f?.selectedPe} (recall ${r.tsugi.recall}, precision ${r.tsugi.precision})\n   gold: ${f?.goldPe}`,
      );
  }
}

const outFile = join(repoRoot(), values.out ?? "out/eval-rules.json");
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(
  outFile,
  `${JSON.stringify(
    {
      settings: { cap: CAP, loose: LOOSE, site: values.site ?? null, detected: values.detected },
      skips: Object.fromEntries(skips),
      reports,
      rows,
    },
    null,
    1,
  )}\n`,
);
console.log(`\nwrote ${outFile} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
