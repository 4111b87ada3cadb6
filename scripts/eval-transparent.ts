/**
 * Measure the detectors on the labelled pagination corpus (jsdom, no layout):
 * next link P/R/F1 + false activation, page element 4-token shingle F1.
 * The transparent scorer has no training, so every page is a test page; the
 * learned forests (issue 3) replace this with site-grouped cross-validation.
 * Run: npm run eval:transparent
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { detectNextLink } from "../src/detect/next-link";
import { detectPageElement } from "../src/detect/page-element";
import { countNextLink, emptyCounts, nextLinkScores, shingleScores } from "../src/eval/measures";
import { normalizeUrl } from "../src/pager/normalize-url";
import { corpusDir } from "../src/replay/cases";

interface Label {
  id: string;
  url: string;
  charset: string;
  site: string;
  next: string;
}
interface PageElementLabel {
  id: string;
  pageElement: string;
}

const dir = join(corpusDir(), "pagination");
const labels: Label[] = readFileSync(join(dir, "labels.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));
const pe = new Map<string, PageElementLabel>(
  readFileSync(join(dir, "page-elements.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => {
      const o = JSON.parse(l) as PageElementLabel;
      return [o.id, o];
    }),
);

function decode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset || "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

const verbose = process.argv.includes("--list");
const counts = emptyCounts();
const f1s: number[] = [];
const errors: string[] = [];
const times: number[] = [];
for (const label of labels) {
  const html = decode(readFileSync(join(dir, "pages", `${label.id}.html`)), label.charset);
  const dom = new JSDOM(html, { url: label.url });
  const doc = dom.window.document;
  const gold = new Set<string>();
  if (label.next.trim()) {
    try {
      for (const a of Array.from(doc.querySelectorAll(label.next))) {
        // .href resolves against the page's <base href>, as the browser does.
        const href = (a as HTMLAnchorElement).href;
        if (href) gold.add(normalizeUrl(href));
      }
    } catch {
      errors.push(`${label.id}: bad selector ${label.next}`);
    }
  }
  const t0 = performance.now();
  const next = detectNextLink(doc, label.url);
  const predicted = next.url ? normalizeUrl(next.url) : null;
  countNextLink(counts, predicted, gold);
  const correct = predicted === null ? gold.size === 0 : gold.has(predicted);
  if (verbose && !correct) {
    const kind = gold.size === 0 ? "false-activation" : predicted === null ? "missed" : "wrong";
    console.log(
      [
        kind,
        label.id,
        label.site,
        label.url,
        "→",
        predicted,
        next.score.toFixed(2),
        next.anchor?.textContent?.trim().slice(0, 30),
        "gold:",
        [...gold][0] ?? "-",
      ].join(" "),
    );
  }
  const gp = pe.get(label.id);
  if (gp) {
    const page = detectPageElement(doc, next.anchor);
    times.push(performance.now() - t0);
    let goldText = "";
    try {
      goldText = Array.from(doc.querySelectorAll(gp.pageElement))
        .map((e) => e.textContent ?? "")
        .join(" ");
    } catch {
      errors.push(`${label.id}: bad page-element selector`);
    }
    const predText = page.elements.map((e) => e.textContent ?? "").join(" ");
    f1s.push(shingleScores(predText, goldText).f1);
  }
  dom.window.close();
}
const s = nextLinkScores(counts);
const mean = f1s.reduce((a, b) => a + b, 0) / Math.max(1, f1s.length);
times.sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      pages: labels.length,
      nextLink: { ...counts, ...s },
      pageElement: { pages: f1s.length, meanShingleF1: mean },
      jsdomMsMedian: times[Math.floor(times.length / 2)],
      errors,
    },
    null,
    2,
  ),
);
