/**
 * `npm run eval:confirm`: how the whole page-2 judge (src/detect/page2-judge.ts
 * `judgePage2`: the pager's readings, the items' continuation, the evidence of another
 * document or list, and the page-element test with page 1's page element as the shipped
 * detector chooses it) answers on real pairs of pages, lists and articles apart.
 *
 * Method: each page is decoded with its charset and parsed by Chromium's DOMParser (scripts
 * never run), as the pager parses a fetched page 2; page 1's page element is chosen by the
 * detector on page 1 rendered in a tab with its scripts refused, as the extension reads the
 * page the reader opened (`--no-layout`: on the parsed page 1, as `tsugi detect --engine
 * dom` does; about 3 minutes instead of 10), and the judge reads that element's XPaths on
 * the parsed page 1. Pairs (page 1 → page fetched):
 * - lists, true: the pagination corpus's consecutive pages (page 1 and the corpus page its
 *   labelled next link leads to) and the pairs corpus's pairs (`corpus/pairs/`: static
 *   sites and scrapers' saved pages). The judge should join them.
 * - lists, false: the way back (page 2 → page 1, both corpora); another page of the site
 *   (pagination: a page of the same site that is neither next nor previous; some are real
 *   next pages under another URL); another list of the site (the pairs corpus's negatives:
 *   another list, or page 1 again under another address). The judge should refuse.
 * - articles, true: consecutive pages of the multi-page captures (`corpus/multipage/`, in the
 *   page order of their golden files under test/golden/).
 * - articles, false: page 1 with another article its capture holds, and each Dragnet
 *   article (`articles/dragnet`, evaluation only) with the next article of its site.
 * Rows are dealt to 5 site-disjoint folds (src/eval/folds.ts); the judge has no learned
 * part trained on these pairs, so every fold is a test fold and the figures are pooled and
 * per fold. "main's judge" is the decision before the items and the evidence were read
 * (the pager's confirmation and the page-element test alone), from the same run.
 * Each page 1 is also read as `tsugi detect` reads it (the gate, then the detection:
 * src/cli/detect-document.ts), and each pair says how that reaches the page fetched: the
 * next link joined at once, the waiting link the judge is asked about, a link handed over
 * to after a refusal, or none (for the pairs corpus, at page 2's address or at the one
 * page 1's `nextHref` names). Prints tables (by that reach; refusals by the category that
 * refused), the wrong answers with their signals (with --list every pair), and writes
 * every row to out/page2-pairs.json (read by `npm run eval` for "joined after the
 * judge").
 *
 * `--perturb` (or `--perturb=www,session`): every pair judged again with its addresses
 * spelled as real sites also spell them (src/eval/perturb.ts: a fragment, tracking or
 * session parameters, `www.`, a trailing slash, redirect counters, a canonical naming page
 * 1); prints the pass and refusal rates under each and the answers that changed.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";
import type { BrowserContext } from "playwright-core";
import { launchChromium } from "../src/cli/browser";
import { guardTab, SAVED_PAGE_CSP } from "../src/cli/page-guard";
import { type Confirmation, normalPageUrl } from "../src/detect/confirm-next";
import type { Page2Decision } from "../src/detect/page2-signals/decide";
import type { Page2Signals } from "../src/detect/page2-signals/read";
import { groupFolds } from "../src/eval/folds";
import { type Found, foundBy, type Reach } from "../src/eval/pairs";
import { type PairText, PERTURBATIONS, type Perturbation } from "../src/eval/perturb";
import { pageStep } from "../src/features/page-step";
import { corpusDir, listMultipageCases, readCase, repoRoot } from "../src/replay/cases";
import { type CorpusPage, decodePage, dragnetPages, paginationPages } from "../src/train/corpus";
import { corpusPairs, decodeSaved } from "../src/train/pairs-corpus";

/** The judge and the detector as an IIFE (global `tsugiJudge`) with two helpers: the gold
 * link resolved, and the links `tsugi detect` leads to from a page ({@link Reach}, null
 * when the detection throws). */
function judgeBundle(): string {
  const out = buildSync({
    stdin: {
      contents: `export { judgePage2 } from "./src/detect/page2-judge";
        export { detect } from "./src/detect/detect";
        import { detectDocument } from "./src/cli/detect-document";
        export async function reach(doc, url) {
          try {
            const d = await detectDocument(doc, url);
            return {
              nextUrl: d.nextUrl,
              pendingNextUrl: d.pendingNextUrl,
              candidates: d.candidates.map((c) => c.url),
            };
          } catch {
            return null;
          }
        }
        export { evaluateXPaths } from "./src/rule/xpath";
        export function goldHref(doc, selector, url) {
          let el = null;
          try { el = selector ? doc.querySelector(selector) : null; } catch { el = null; }
          const a = el?.closest("a[href]") ?? el?.querySelector?.("a[href]") ?? null;
          if (!a) return null;
          try { return new URL(a.getAttribute("href"), url).href; } catch { return null; }
        }`,
      resolveDir: process.cwd(),
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    globalName: "tsugiJudge",
    target: "es2022",
    write: false,
  });
  return out.outputFiles[0]?.text ?? "";
}

type Kind =
  | "real page 2"
  | "pairs: real page 2"
  | "the way back"
  | "pairs: the way back"
  | "another page of the site"
  | "pairs: another list of the site"
  | "article page 2"
  | "another article of the site";

const TRUE_KINDS: ReadonlySet<Kind> = new Set([
  "real page 2",
  "pairs: real page 2",
  "article page 2",
]);
const ARTICLE_KINDS: ReadonlySet<Kind> = new Set(["article page 2", "another article of the site"]);

/** A document to parse: its key, URL, site group, and how to read its markup. */
interface Doc {
  key: string;
  url: string;
  group: string;
  html(): string;
  /** the key its page element was read under with layout (a perturbed page 1 keeps its
   * document's: the spelling of its address does not move its page element) */
  layoutKey?: string;
  /** the address page 1's next link names for this page, where it differs from where the
   * page was served (the pairs corpus's `nextHref`: a doubled slash, a redirect) */
  askedAt?: string;
}

const fromCorpus = (p: CorpusPage): Doc => ({
  key: p.key,
  url: p.input.pageUrl,
  group: p.group,
  html: () => decodePage(p),
});

/** What the judge answered on one pair. */
interface Answer {
  continues: boolean;
  confirmation: Confirmation;
  signals: Page2Signals | null;
  decision: Page2Decision;
  /** page 1's page-element XPaths the detector chose (0: none) */
  xpaths: number;
}

/** One judged pair. */
export interface JudgedRow {
  kind: Kind;
  part: "list" | "article";
  truth: boolean;
  group: string;
  fold: number;
  from: string;
  to: string;
  fromUrl: string;
  toUrl: string;
  answer: Answer;
  /** the decision of main's judge: the pager's confirmation and the page-element test */
  before: boolean;
  /** how tsugi on page 1 (the gate, then the detection, as `tsugi detect` runs them)
   * reaches the page fetched: its next link joined at once, its waiting link, a link the
   * pager hands over to after a refusal; null when none of them leads there (the judge is
   * never asked about this page 2) */
  found: Found;
}

/** The detector in a tab (the judge bundle's exports the layout pass calls). */
interface DetectorInTab {
  detect(doc: Document, url: string): { pageElementXPaths: string[] };
  reach(doc: Document, url: string): Promise<Reach | null>;
}

/** A captured HTML document as a page to parse (its charset sniffed: none given). */
function capturePage(caseName: string, url: string, file: string): CorpusPage {
  return {
    key: `multipage/${caseName}/${url}`,
    part: "readability",
    group: caseName,
    file,
    charset: "",
    language: "",
    input: { pageUrl: url },
  };
}

/** A captured file that is an HTML document (not a script, an image or robots.txt). */
function isHtmlDocument(file: string): boolean {
  if (!existsSync(file)) return false;
  const head = readFileSync(file).subarray(0, 4096).toString("latin1").toLowerCase();
  return head.includes("<html") || head.includes("<body");
}

/**
 * Pairs of the multi-page captures: consecutive pages of each capture that has a golden
 * page order (true page 2s), and page 1 with every other article of its site the capture
 * holds (another document: neither a page of this one nor its URL written otherwise).
 */
function capturePairs(): { kind: Kind; a: CorpusPage; b: CorpusPage }[] {
  const out: { kind: Kind; a: CorpusPage; b: CorpusPage }[] = [];
  for (const name of listMultipageCases()) {
    const c = readCase(name);
    const goldenFile = join(repoRoot(), "test", "golden", name, "expected.json");
    const order: string[] = existsSync(goldenFile)
      ? (JSON.parse(readFileSync(goldenFile, "utf8")) as { pages: { url: string }[] }).pages.map(
          (p) => p.url,
        )
      : [c.startUrl];
    const pageOf = (url: string) => {
      const file = c.urlMap.get(url);
      return file === undefined ? null : capturePage(name, url, file);
    };
    for (let i = 0; i + 1 < order.length; i++) {
      const a = pageOf(order[i] as string);
      const b = pageOf(order[i + 1] as string);
      if (a && b) out.push({ kind: "article page 2", a, b });
    }
    const start = pageOf(c.startUrl);
    if (!start) continue;
    const host = new URL(c.startUrl).host;
    const samePage = (u: string) =>
      normalPageUrl(u).replace(/\/index\.html$|\?.*$/, "") ===
      normalPageUrl(c.startUrl).replace(/\/index\.html$|\?.*$/, "");
    for (const [url, file] of c.urlMap) {
      if (order.includes(url) || samePage(url) || pageStep(c.startUrl, url)) continue;
      if (new URL(url).host !== host || !isHtmlDocument(file)) continue;
      out.push({ kind: "another article of the site", a: start, b: capturePage(name, url, file) });
    }
  }
  return out;
}

/** Each Dragnet page with the next page of the same site in id order (pages without a
 * declared URL have no site and are left out). */
function dragnetPairs(): { kind: Kind; a: CorpusPage; b: CorpusPage }[] {
  const bySite = new Map<string, CorpusPage[]>();
  for (const p of dragnetPages()) {
    if (!p.group.startsWith("site:")) continue;
    bySite.set(p.group, [...(bySite.get(p.group) ?? []), p]);
  }
  const out: { kind: Kind; a: CorpusPage; b: CorpusPage }[] = [];
  for (const pages of bySite.values())
    for (let i = 0; i + 1 < pages.length; i++)
      out.push({
        kind: "another article of the site",
        a: pages[i] as CorpusPage,
        b: pages[i + 1] as CorpusPage,
      });
  return out;
}

async function main(): Promise<void> {
  const list = process.argv.includes("--list");
  const layout = !process.argv.includes("--no-layout");
  const perturb = perturbationsAsked(process.argv.slice(2));
  const pages = paginationPages();
  const byUrl = new Map(pages.map((p) => [normalPageUrl(p.input.pageUrl), p]));
  const browser = await launchChromium();
  try {
    const tab = await browser.context.newPage();
    await tab.addScriptTag({ content: judgeBundle() });
    await tab.evaluate(() => {
      const g = globalThis as unknown as {
        docs: Map<string, Document>;
        xpaths: Map<string, string[]>;
      };
      g.docs = new Map();
      g.xpaths = new Map();
    });
    // Parsed documents stay in the tab, a few dozen at a time (pairs are met site by site).
    const loaded = new Set<string>();
    const load = async (...ps: Doc[]) => {
      const missing = ps.filter((p) => !loaded.has(p.key));
      if (missing.length === 0) return;
      if (loaded.size + missing.length > 40) loaded.clear();
      for (const p of ps) loaded.add(p.key);
      await tab.evaluate(
        ({ fresh, keep }) => {
          const g = globalThis as unknown as { docs: Map<string, Document> };
          for (const k of [...g.docs.keys()]) if (!keep.includes(k)) g.docs.delete(k);
          for (const { key, html } of fresh)
            g.docs.set(key, new DOMParser().parseFromString(html, "text/html"));
        },
        { fresh: missing.map((p) => ({ key: p.key, html: p.html() })), keep: [...loaded] },
      );
    };
    const judge = async (a: Doc, b: Doc): Promise<Answer> => {
      await load(a, b);
      return tab.evaluate(
        ({ a, b }) => {
          const g = globalThis as unknown as {
            docs: Map<string, Document>;
            xpaths: Map<string, string[]>;
            tsugiJudge: {
              detect(doc: Document, url: string): { pageElementXPaths: string[] };
              evaluateXPaths(doc: Document, xpaths: readonly string[]): Element[];
              judgePage2(
                p1: {
                  doc: Document;
                  url: string;
                  candidates: string[];
                  elements?: Element[];
                  xpaths?: string[];
                },
                p2: { doc: Document; url: string },
              ): Omit<Answer, "xpaths">;
            };
          };
          const d1 = g.docs.get(a.key) as Document;
          const d2 = g.docs.get(b.key) as Document;
          let xp = g.xpaths.get(a.key) ?? (a.layoutKey ? g.xpaths.get(a.layoutKey) : undefined);
          if (xp === undefined) {
            try {
              xp = g.tsugiJudge.detect(d1, a.url).pageElementXPaths;
            } catch {
              xp = [];
            }
            g.xpaths.set(a.key, xp);
          }
          const elements = xp.length > 0 ? g.tsugiJudge.evaluateXPaths(d1, xp) : [];
          const v = g.tsugiJudge.judgePage2(
            {
              doc: d1,
              url: a.url,
              candidates: [],
              ...(elements.length > 0 ? { elements, xpaths: xp } : {}),
            },
            { doc: d2, url: b.url },
          );
          return {
            continues: v.continues,
            confirmation: v.confirmation,
            signals: v.signals,
            decision: v.decision,
            xpaths: elements.length > 0 ? xp.length : 0,
          };
        },
        {
          // Without layout a perturbed page 1 is read on its own markup, as before.
          a: { key: a.key, url: a.url, layoutKey: layout ? (a.layoutKey ?? null) : null },
          b: { key: b.key, url: b.url },
        },
      );
    };
    const plan: { kind: Kind; a: Doc; b: Doc }[] = [];
    const add = async (kind: Kind, a: Doc, b: Doc) => {
      plan.push({ kind, a, b });
    };
    const nextOf = new Map<string, CorpusPage>();
    for (const p of pages) {
      await load(fromCorpus(p));
      const href = await tab.evaluate(
        ({ key, selector, url }) => {
          const g = globalThis as unknown as {
            docs: Map<string, Document>;
            tsugiJudge: { goldHref(d: Document, s: string, u: string): string | null };
          };
          return g.tsugiJudge.goldHref(g.docs.get(key) as Document, selector, url);
        },
        { key: p.key, selector: p.input.nextSelector ?? "", url: p.input.pageUrl },
      );
      const next = href === null ? undefined : byUrl.get(normalPageUrl(href));
      if (next !== undefined && next !== p) nextOf.set(p.key, next);
    }
    const prevOf = new Map([...nextOf].map(([k, n]) => [n.key, k]));
    for (const p of pages) {
      const next = nextOf.get(p.key);
      if (next !== undefined) {
        await add("real page 2", fromCorpus(p), fromCorpus(next));
        await add("the way back", fromCorpus(next), fromCorpus(p));
      }
      for (const o of pages) {
        if (o === p || o.group !== p.group || o === next || prevOf.get(p.key) === o.key) continue;
        await add("another page of the site", fromCorpus(p), fromCorpus(o));
      }
    }
    for (const pair of corpusPairs()) {
      const doc = (pp: typeof pair.p1): Doc => ({
        key: pp.key,
        url: pp.url,
        group: `pairs:${pair.site}`,
        html: () => decodeSaved(readFileSync(pp.file)),
      });
      if (pair.truth) {
        const p2 = doc(pair.p2);
        await add(
          "pairs: real page 2",
          doc(pair.p1),
          pair.nextUrl === null ? p2 : { ...p2, askedAt: pair.nextUrl },
        );
        await add("pairs: the way back", doc(pair.p2), doc(pair.p1));
      } else await add("pairs: another list of the site", doc(pair.p1), doc(pair.p2));
    }
    // Article pages: the captures, and Dragnet when the corpus holds it.
    if (existsSync(join(corpusDirOrEmpty(), "multipage")))
      for (const { kind, a, b } of [...capturePairs(), ...dragnetPairs()])
        await add(kind, fromCorpus(a), fromCorpus(b));
    const firsts = [...new Map(plan.map(({ a }) => [a.key, a])).values()];
    const reachOf = new Map<string, Reach | null>();
    if (layout) {
      const started = Date.now();
      const read = await pageElementsWithLayout(browser.context, firsts);
      await tab.evaluate(
        (entries) => {
          const g = globalThis as unknown as { xpaths: Map<string, string[]> };
          for (const [k, xp] of entries) g.xpaths.set(k, xp);
        },
        [...read].map(([k, r]) => [k, r.xp] as [string, string[]]),
      );
      for (const [k, r] of read) reachOf.set(k, r.reach);
      console.log(
        `page 1 read with layout: ${read.size} of ${firsts.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
      );
    }
    // Where layout was not read (or failed), the links are read on the parsed page 1.
    for (const a of firsts) {
      if (reachOf.has(a.key)) continue;
      await load(a);
      reachOf.set(
        a.key,
        await tab.evaluate(
          ({ key, url }) => {
            const g = globalThis as unknown as {
              docs: Map<string, Document>;
              tsugiJudge: DetectorInTab;
            };
            return g.tsugiJudge.reach(g.docs.get(key) as Document, url);
          },
          { key: a.key, url: a.url },
        ),
      );
    }
    const judgeAll = async (perturbation: Perturbation | null): Promise<JudgedRow[]> => {
      const raw: Omit<JudgedRow, "fold">[] = [];
      for (const { kind, a, b } of plan) {
        const [pa, pb] = perturbation ? perturbed(perturbation, a, b) : [a, b];
        const answer = await judge(pa, pb);
        raw.push({
          kind,
          part: ARTICLE_KINDS.has(kind) ? "article" : "list",
          truth: TRUE_KINDS.has(kind),
          group: a.group,
          from: a.key,
          to: b.key,
          fromUrl: pa.url,
          toUrl: pb.url,
          answer,
          before: answer.confirmation.confirmed && !(answer.signals?.elementAbsent ?? false),
          found: foundBy(reachOf.get(a.key) ?? undefined, b.askedAt ? [b.url, b.askedAt] : [b.url]),
        });
      }
      const folds = groupFolds(raw.map((r) => r.group));
      return raw.map((r, i) => ({ ...r, fold: folds[i] ?? 0 }));
    };
    const rows = await judgeAll(null);
    if (perturb.length === 0) {
      report(rows, list);
      mkdirSync(join(repoRoot(), "out"), { recursive: true });
      writeFileSync(join(repoRoot(), "out", "page2-pairs.json"), JSON.stringify(rows));
      return;
    }
    const changes: string[] = [];
    console.log(
      "| addresses spelled | lists: true pairs passed | lists: false pairs refused | articles: true passed | articles: false refused | answers changed |",
    );
    console.log("| --- | --- | --- | --- | --- | --- |");
    for (const p of [null, ...perturb]) {
      const rs = p ? await judgeAll(p) : rows;
      const cell = (part: "list" | "article", truth: boolean) => {
        const sel = rs.filter((r) => r.part === part && r.truth === truth);
        return rate(sel.filter((r) => r.answer.continues === truth).length, sel.length);
      };
      let changed = 0;
      if (p)
        rs.forEach((r, i) => {
          const base = rows[i] as JudgedRow;
          if (r.answer.continues === base.answer.continues) return;
          changed++;
          changes.push(
            `${p.name}\t${r.answer.continues ? "now JOINED" : "now refused"} (${r.answer.decision.refusedBy ?? r.answer.decision.continuation})\t${r.kind}\t${r.fromUrl} → ${r.toUrl}\n\twas: ${signalsLine(base.answer)}\n\tnow: ${signalsLine(r.answer)}`,
          );
        });
      console.log(
        `| ${p ? `${p.name}: ${p.about}` : "as captured"} | ${cell("list", true)} | ${cell("list", false)} | ${cell("article", true)} | ${cell("article", false)} | ${p ? changed : "–"} |`,
      );
    }
    if (changes.length > 0) console.log(`\nAnswers that changed:\n${changes.join("\n")}`);
  } finally {
    await browser.close();
  }
}

/** A saved page's policy with the page's scripts refused too: the layout tab runs scripts
 * (its detector is one), the page's own must not. */
const NO_SCRIPT_CSP = `${SAVED_PAGE_CSP}; script-src 'none'`;

/**
 * Page 1's page element as the extension reads it, in a rendered tab: each page is served
 * at its own address by the saved-page guard of `tsugi detect` (../src/cli/page-guard.ts:
 * every other request and a refresh refused), its scripts refused by its policy, and the
 * detector runs on the laid-out document. The judge then reads these XPaths on its parsed
 * copy. A page that fails to render is left out (the judge falls back to the reading
 * without layout).
 *
 * @param context the browser context to open the tab in
 * @param docs the pages 1
 * @returns key → page-element XPaths and the links the detection leads to (null: it threw)
 */
async function pageElementsWithLayout(
  context: BrowserContext,
  docs: readonly Doc[],
  tabs = 2,
): Promise<Map<string, { xp: string[]; reach: Reach | null }>> {
  const out = new Map<string, { xp: string[]; reach: Reach | null }>();
  const installer = `${judgeBundle()}\n;globalThis.tsugiJudge = tsugiJudge;`;
  const readPart = async (part: readonly Doc[]) => {
    const tab = await context.newPage();
    // The page's own scripts are refused by its Content-Security-Policy; the detector is
    // installed before any of them by the browser, which no page policy binds.
    await tab.addInitScript({ content: installer });
    // As `tsugi detect` opens a saved page: served at its address, every other request
    // refused by the browser, a refresh refused instead of leaving the page.
    const guard = await guardTab(tab);
    try {
      for (const d of part) {
        guard.arm({ bytes: Buffer.from(d.html(), "utf8"), charset: "utf-8", csp: NO_SCRIPT_CSP });
        try {
          await tab.goto(d.url, { waitUntil: "load", timeout: 30_000 });
          const read = await tab.evaluate(async (url) => {
            const g = globalThis as unknown as { tsugiJudge?: DetectorInTab };
            if (g.tsugiJudge === undefined) throw new Error("the detector was not installed");
            let xp: string[] = [];
            try {
              xp = g.tsugiJudge.detect(document, url).pageElementXPaths;
            } catch {
              // no page element: the judge reads page 1 without one
            }
            return { xp, reach: await g.tsugiJudge.reach(document, url) };
          }, d.url);
          out.set(d.key, read);
        } catch {
          // left to the reading without layout
        }
      }
    } finally {
      await tab.close();
    }
  };
  await Promise.all(
    Array.from({ length: tabs }, (_, k) => readPart(docs.filter((_, i) => i % tabs === k))),
  );
  return out;
}

/** The pair `a → b` under `p`: its documents get keys of their own (page 2's markup may
 * depend on page 1's address, so its key names the pair). */
function perturbed(p: Perturbation, a: Doc, b: Doc): [Doc, Doc] {
  let text: PairText | null = null;
  const read = (): PairText => {
    text ??= p.apply({ url1: a.url, html1: a.html(), url2: b.url, html2: b.html() });
    return text;
  };
  const out = p.apply({ url1: a.url, html1: "", url2: b.url, html2: "" });
  return [
    {
      key: `${a.key}~${p.name}`,
      url: out.url1,
      group: a.group,
      html: () => read().html1,
      layoutKey: a.layoutKey ?? a.key,
    },
    { key: `${b.key}~${p.name}~${a.key}`, url: out.url2, group: b.group, html: () => read().html2 },
  ];
}

/** The perturbations `--perturb` asks for: every one, or those named after `=`
 * (`--perturb=www,session`). Throws on a name there is none of. */
function perturbationsAsked(args: readonly string[]): Perturbation[] {
  const arg = args.find((a) => a === "--perturb" || a.startsWith("--perturb="));
  if (arg === undefined) return [];
  if (arg === "--perturb") return [...PERTURBATIONS];
  return arg
    .slice("--perturb=".length)
    .split(",")
    .map((name) => {
      const p = PERTURBATIONS.find((q) => q.name === name);
      if (!p)
        throw new Error(
          `no perturbation "${name}" (there are: ${PERTURBATIONS.map((q) => q.name).join(", ")})`,
        );
      return p;
    });
}

/** A share as "n/m (p %)". */
function rate(n: number, m: number): string {
  return `${n}/${m} (${m === 0 ? "–" : ((100 * n) / m).toFixed(1)} %)`;
}

/** Print the tables and the wrong answers. */
function report(rows: readonly JudgedRow[], list: boolean): void {
  const right = (r: JudgedRow, joined: boolean) => joined === r.truth;
  console.log(
    "| pair (page 1 → page fetched) | pairs | joined (main's judge) | joined (this judge) |",
  );
  console.log("| --- | --- | --- | --- |");
  const kinds = [...new Set(rows.map((r) => r.kind))];
  for (const kind of kinds) {
    const rs = rows.filter((r) => r.kind === kind);
    const before = rs.filter((r) => r.before).length;
    const now = rs.filter((r) => r.answer.continues).length;
    console.log(`| ${kind} | ${rs.length} | ${before} | ${now} |`);
  }
  console.log(
    "\n| pages | judge | true pairs passed | false pairs refused | per fold: passed · refused |",
  );
  console.log("| --- | --- | --- | --- | --- |");
  for (const part of ["list", "article"] as const)
    for (const [name, joined] of [
      ["main's", (r: JudgedRow) => r.before],
      ["this", (r: JudgedRow) => r.answer.continues],
    ] as const) {
      const rs = rows.filter((r) => r.part === part);
      const t = rs.filter((r) => r.truth);
      const f = rs.filter((r) => !r.truth);
      const perFold = [0, 1, 2, 3, 4]
        .map((k) => {
          const tk = t.filter((r) => r.fold === k);
          const fk = f.filter((r) => r.fold === k);
          return `${tk.filter(joined).length}/${tk.length} · ${fk.filter((r) => !joined(r)).length}/${fk.length}`;
        })
        .join(", ");
      console.log(
        `| ${part}s | ${name} | ${rate(t.filter(joined).length, t.length)} | ${rate(f.filter((r) => !joined(r)).length, f.length)} | ${perFold} |`,
      );
    }
  console.log(
    "\nBy how tsugi's detection on page 1 reaches the page fetched (this judge; the pairs it reaches are the ones the judge is asked about, or, at once, joined without it):",
  );
  console.log("| pages | reached | true pairs passed | false pairs refused |");
  console.log("| --- | --- | --- | --- |");
  const reached: readonly [string, (r: JudgedRow) => boolean][] = [
    ["at once", (r) => r.found === "at once"],
    ["waiting", (r) => r.found === "waiting"],
    ["handed over", (r) => r.found === "handed over"],
    ["any of these", (r) => r.found !== null],
    ["not reached", (r) => r.found === null],
  ];
  for (const part of ["list", "article"] as const)
    for (const [name, holds] of reached) {
      const rs = rows.filter((r) => r.part === part && holds(r));
      const t = rs.filter((r) => r.truth);
      const f = rs.filter((r) => !r.truth);
      console.log(
        `| ${part}s | ${name} | ${rate(t.filter((r) => r.answer.continues).length, t.length)} | ${rate(f.filter((r) => !r.answer.continues).length, f.length)} |`,
      );
    }
  console.log("\nRefusals by the category that refused (this judge):");
  for (const kind of kinds) {
    const counts = new Map<string, number>();
    for (const r of rows)
      if (r.kind === kind && !r.answer.continues) {
        const c = r.answer.decision.refusedBy ?? "?";
        counts.set(c, (counts.get(c) ?? 0) + 1);
      }
    if (counts.size > 0)
      console.log(
        `  ${kind}: ${[...counts]
          .sort((a, b) => b[1] - a[1])
          .map(([c, n]) => `${c} ${n}`)
          .join(", ")}`,
      );
  }
  console.log("Continuation read on the pairs joined (this judge):");
  for (const kind of kinds) {
    const counts = new Map<string, number>();
    for (const r of rows)
      if (r.kind === kind && r.answer.continues) {
        const c = r.answer.decision.continuation ?? "settled";
        counts.set(c, (counts.get(c) ?? 0) + 1);
      }
    if (counts.size > 0)
      console.log(`  ${kind}: ${[...counts].map(([c, n]) => `${c} ${n}`).join(", ")}`);
  }
  console.log("");
  for (const r of rows)
    if (list || !right(r, r.answer.continues)) {
      console.log(
        `${r.answer.continues ? "JOINED" : "refused"}\t${r.kind}\t${r.from} → ${r.to}\treached ${r.found ?? "no"}\t` +
          `${r.answer.decision.refusedBy ?? r.answer.decision.continuation}\t${signalsLine(r.answer)}`,
      );
    }
}

/** The signals behind an answer, on one line. */
function signalsLine(answer: Answer): string {
  const c = answer.confirmation;
  const s = answer.signals;
  return (
    `template ${c.template.toFixed(2)} moved ${c.pagerMoved} onePager ${c.samePager} back ${c.pointsBack} same ${c.sameDocument} other ${c.otherPage}` +
    (s
      ? ` | rec ${s.records1}/${s.records2} rep ${s.repeatedShare.toFixed(2)} dates ${s.dates} num ${s.numbering} anotherDoc ${s.anotherDocument} absent ${s.elementAbsent} pagerLeaves ${s.pagerLeaves} urlLeaves ${s.urlLeaves} wayBack ${s.wayBack} forward ${s.forward} urlStep ${s.urlStep}`
      : "") +
    ` xp ${answer.xpaths}`
  );
}

/** The corpus directory, or "" when there is none (the article pairs are then skipped). */
function corpusDirOrEmpty(): string {
  try {
    return corpusDir();
  } catch {
    return "";
  }
}

main().catch((e) => {
  console.error(`eval:confirm: ${(e as Error).stack ?? String(e)}`);
  process.exit(1);
});
