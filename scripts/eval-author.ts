/**
 * The author rule (src/extract/author.ts, seed 004 §7) measured on the Readability test
 * pages' bylines (articles/readability/<name>/expected-metadata.json) on site-disjoint
 * folds (src/extract/site-folds.ts), against Readability.js 0.6.0's own byline on the same
 * pages. For each fold the rule (source order, the minimum precision a source needs) is
 * learned on the other folds only; a page counts right by seed 004 §8's measure
 * (authorMatches: both absent, or longest common substring > 0.7 of the lengths).
 * Note: that gold *is* Readability.js's output (from its test suite), so its row is the
 * ceiling there, not a rival measured on unseen labels.
 *
 * Run: npm run eval:author [-- --folds 5] [--list]
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Readability } from "@mozilla/readability";
import { JSDOM, VirtualConsole } from "jsdom";
import { authorCandidates, authorMatches, chooseAuthor } from "../src/extract/author";
import { type AuthorExample, learnAuthorRule, sourceRecords } from "../src/extract/author-rule";
import { declaredHost, nameStem, siteFolds, siteGroups } from "../src/extract/site-folds";
import { corpusDir } from "../src/replay/cases";

const { values } = parseArgs({
  options: { folds: { type: "string", default: "5" }, list: { type: "boolean", default: false } },
});
const quiet = new VirtualConsole();

interface Page extends AuthorExample {
  id: string;
  host: string | null;
  readability: string | null;
}

const dir = join(corpusDir(), "articles", "readability");
const pages: Page[] = [];
for (const name of readdirSync(dir).sort()) {
  const meta = JSON.parse(readFileSync(join(dir, name, "expected-metadata.json"), "utf8")) as {
    byline?: string | null;
    title?: string | null;
  };
  const dom = new JSDOM(readFileSync(join(dir, name, "source.html"), "utf8"), {
    url: "http://fakehost/test/page.html",
    virtualConsole: quiet,
  });
  const doc = dom.window.document;
  const rd = new Readability(doc.cloneNode(true) as Document).parse();
  pages.push({
    id: name,
    host: declaredHost(doc),
    gold: meta.byline?.trim() || null,
    candidates: authorCandidates(doc, doc.title),
    readability: rd?.byline?.trim() || null,
  });
  dom.window.close();
}

const k = Number(values.folds);
const groups = siteGroups(pages.map((p) => ({ id: p.id, host: p.host, keys: [nameStem(p.id)] })));
const folds = siteFolds(groups, k);
const got: (string | null)[] = new Array(pages.length).fill(null);
for (let f = 0; f < k; f++) {
  const train = pages.filter((_, i) => folds[i] !== f);
  const rule = learnAuthorRule(train);
  process.stdout.write(`fold ${f}: ${rule.order.join(" > ")}\n`);
  pages.forEach((p, i) => {
    if (folds[i] === f) got[i] = chooseAuthor(p.candidates, rule);
  });
}

function report(label: string, subset: (p: Page) => boolean): void {
  const idx = pages.map((_, i) => i).filter((i) => subset(pages[i] as Page));
  const t = idx.filter((i) => authorMatches(got[i] ?? null, pages[i]?.gold ?? null)).length;
  const r = idx.filter((i) =>
    authorMatches(pages[i]?.readability ?? null, pages[i]?.gold ?? null),
  ).length;
  const n = idx.length;
  process.stdout.write(
    `${label.padEnd(34)} n=${String(n).padStart(3)}  tsugi ${(t / n).toFixed(3)} (${t})  Readability.js ${(r / n).toFixed(3)} (${r})\n`,
  );
}
process.stdout.write(`\nsites: ${new Set(groups).size}, folds: ${k} (held-out figures)\n`);
report("all pages", () => true);
report("pages whose gold names an author", (p) => p.gold !== null);
report("pages whose gold names none", (p) => p.gold === null);
{
  const n = pages.length;
  const both = pages.filter((p, i) => authorMatches(got[i] ?? p.readability, p.gold)).length;
  process.stdout.write(
    `${"tsugi's rule, else Readability.js".padEnd(34)} n=${String(n).padStart(3)}  ${(both / n).toFixed(3)} (${both})\n`,
  );
}
const withGold = pages.filter((p) => p.gold !== null);
const named = pages.map((_, i) => i).filter((i) => got[i] !== null);
const precise = named.filter((i) => authorMatches(got[i] ?? null, pages[i]?.gold ?? null)).length;
const found = pages
  .map((_, i) => i)
  .filter((i) => pages[i]?.gold && authorMatches(got[i] ?? null, pages[i]?.gold ?? null)).length;
process.stdout.write(
  `tsugi precision ${(precise / named.length).toFixed(3)} (${precise}/${named.length}), recall ${(found / withGold.length).toFixed(3)} (${found}/${withGold.length})\n`,
);
process.stdout.write(
  `\nrule on all pages (what ships): ${learnAuthorRule(pages).order.join(" > ")}\n`,
);
for (const r of sourceRecords(pages))
  process.stdout.write(`  ${r.source.padEnd(13)} spoke ${r.spoke}, right ${r.right}\n`);
if (values.list)
  pages.forEach((p, i) => {
    const ok = authorMatches(got[i] ?? null, p.gold);
    if (!ok)
      process.stdout.write(
        `  ✗ ${p.id}: got ${JSON.stringify(got[i])} gold ${JSON.stringify(p.gold)} candidates ${JSON.stringify(p.candidates)}\n`,
      );
  });
