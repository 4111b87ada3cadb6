/**
 * `npm run eval:confirm`: how the page-2 confirmation (src/detect/confirm-next.ts)
 * answers on real pairs of pages. The pagination corpus holds a few sites with several
 * consecutive pages: where a page's labelled next link leads to another page of the
 * corpus, that page is a real page 2 of it. The check has no learned parameter; its one
 * share (SAME_TEMPLATE_SHARE) and its rules were set without these pairs, so the whole
 * corpus is its test set.
 *
 * Method: each page is decoded with its charset and parsed by Chromium's DOMParser (scripts
 * never run), as the pager parses a fetched page 2; page 1 is parsed the same way (the check
 * reads no layout). Three kinds of pair:
 * - real page 2: page 1 and the corpus page its labelled next link leads to. The check
 *   should confirm (recall).
 * - the way back: page 2 and its page 1, as if a "previous" link were taken for next. The
 *   check should refuse.
 * - another page of the site: page 1 and a page of the same site that is neither its next
 *   nor its previous page (a jump to page 6, another section, a product): the check should
 *   refuse. Some of them are real next pages under another URL than the labelled link's.
 * And two kinds met on article pages, where the link that looks next is most often the
 * next post:
 * - article page 2: consecutive pages of the multi-page captures (`corpus/multipage/`,
 *   in the page order of their golden files under test/golden/). The check should confirm.
 * - another article of the site: page 1 and another article that the capture holds (the
 *   next posts slate-001 links to), and each Dragnet article page (`articles/dragnet`)
 *   with the next article of its site in the set, as a next-post link would fetch it. The
 *   check should refuse.
 * Prints a table, and with --list every pair and its signals.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { launchChromium } from "../src/cli/browser";
import { type Confirmation, normalPageUrl } from "../src/detect/confirm-next";
import { pageStep } from "../src/features/page-step";
import { corpusDir, listMultipageCases, readCase, repoRoot } from "../src/replay/cases";
import { type CorpusPage, decodePage, dragnetPages, paginationPages } from "../src/train/corpus";

/** The check as an IIFE (global `tsugiConfirm`) with a helper that resolves the gold link. */
function confirmBundle(): string {
  const out = buildSync({
    stdin: {
      contents: `export { confirmNextPage } from "./src/detect/confirm-next";
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
    globalName: "tsugiConfirm",
    target: "es2022",
    write: false,
  });
  return out.outputFiles[0]?.text ?? "";
}

type Kind =
  | "real page 2"
  | "the way back"
  | "another page of the site"
  | "article page 2"
  | "another article of the site";

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
  const pages = paginationPages();
  const byUrl = new Map(pages.map((p) => [normalPageUrl(p.input.pageUrl), p]));
  const browser = await launchChromium();
  const rows: { kind: Kind; from: string; to: string; c: Confirmation }[] = [];
  try {
    const tab = await browser.context.newPage();
    await tab.addScriptTag({ content: confirmBundle() });
    await tab.evaluate(() => {
      (globalThis as unknown as { docs: Map<string, Document> }).docs = new Map();
    });
    // Parsed documents stay in the tab, a few dozen at a time (pairs are met site by site).
    const loaded = new Set<string>();
    const load = async (...ps: CorpusPage[]) => {
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
        { fresh: missing.map((p) => ({ key: p.key, html: decodePage(p) })), keep: [...loaded] },
      );
    };
    const check = async (a: CorpusPage, b: CorpusPage): Promise<Confirmation> => {
      await load(a, b);
      return tab.evaluate(
        ({ a, b }) => {
          const g = globalThis as unknown as {
            docs: Map<string, Document>;
            tsugiConfirm: {
              confirmNextPage(
                p1: { doc: Document; url: string },
                p2: { doc: Document; url: string },
              ): Confirmation;
            };
          };
          const d1 = g.docs.get(a.key) as Document;
          const d2 = g.docs.get(b.key) as Document;
          return g.tsugiConfirm.confirmNextPage({ doc: d1, url: a.url }, { doc: d2, url: b.url });
        },
        { a: { key: a.key, url: a.input.pageUrl }, b: { key: b.key, url: b.input.pageUrl } },
      );
    };
    const nextOf = new Map<string, CorpusPage>();
    for (const p of pages) {
      await load(p);
      const href = await tab.evaluate(
        ({ key, selector, url }) => {
          const g = globalThis as unknown as {
            docs: Map<string, Document>;
            tsugiConfirm: { goldHref(d: Document, s: string, u: string): string | null };
          };
          return g.tsugiConfirm.goldHref(g.docs.get(key) as Document, selector, url);
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
        rows.push({ kind: "real page 2", from: p.key, to: next.key, c: await check(p, next) });
        rows.push({ kind: "the way back", from: next.key, to: p.key, c: await check(next, p) });
      }
      for (const o of pages) {
        if (o === p || o.group !== p.group || o === next || prevOf.get(p.key) === o.key) continue;
        rows.push({
          kind: "another page of the site",
          from: p.key,
          to: o.key,
          c: await check(p, o),
        });
      }
    }
    // Article pages: the captures, and Dragnet when the corpus holds it.
    if (existsSync(join(corpusDirOrEmpty(), "multipage")))
      for (const { kind, a, b } of [...capturePairs(), ...dragnetPairs()])
        rows.push({ kind, from: a.key, to: b.key, c: await check(a, b) });
  } finally {
    await browser.close();
  }
  console.log("| pair (page 1 → page fetched) | pairs | confirmed | refused |");
  console.log("| --- | --- | --- | --- |");
  for (const kind of [
    "real page 2",
    "the way back",
    "another page of the site",
    "article page 2",
    "another article of the site",
  ] as const) {
    const rs = rows.filter((r) => r.kind === kind);
    const yes = rs.filter((r) => r.c.confirmed).length;
    console.log(`| ${kind} | ${rs.length} | ${yes} | ${rs.length - yes} |`);
  }
  const real = rows.filter((r) => r.kind === "real page 2" || r.kind === "article page 2");
  const why = (pick: (c: Confirmation) => boolean) => real.filter((r) => pick(r.c)).length;
  console.log(
    `\nreal page 2s: pager moved ${why((c) => c.pagerMoved)}, links back ${why((c) => c.pointsBack)}, ` +
      `same document ${why((c) => c.sameDocument)}, template share ≥ 0.5 ${why((c) => c.template >= 0.5)}`,
  );
  for (const r of rows)
    if (list || (r.kind === "real page 2" || r.kind === "article page 2") !== r.c.confirmed)
      console.log(
        `${r.c.confirmed ? "CONFIRMED" : "refused"}\t${r.kind}\t${r.from} → ${r.to}\t` +
          `template ${r.c.template.toFixed(2)} moved ${r.c.pagerMoved} back ${r.c.pointsBack} same ${r.c.sameDocument}`,
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
