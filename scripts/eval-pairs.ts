/**
 * `npm run eval:pairs`: the pairs of real list pages (`corpus/pairs/`: page 1 / page 2 of
 * 76 sites, static blog indexes and scrapers' saved pages) end to end, as the extension
 * meets them. Nothing here was fitted on these pairs: the whole set is a test set.
 *
 * Method: page 1 is served from its saved bytes at its own URL in headless Chromium with
 * its scripts off (src/cli/saved-page.ts, as `tsugi detect` renders a page), and the
 * content script's stages run in it (scripts/eval-pairs-page.ts: the gate, then the staged
 * detection, src/cli/detect-document.ts). The next link found, sure ("at once") or waiting
 * for page 2, is compared with the pair's `nextHref` resolved against page 1 (or the
 * address page 2 was served at) as the same page (src/keys/page-url.ts `samePage`, the judge's and the pager's notion); when
 * it is the pair's, page 2 is parsed inertly and goes through the page-2 judge as the
 * pager calls it. Page 2 is joined when the link is the pair's and sure, or waiting and
 * the judge says page 2 continues page 1. Misses are counted by the first stage that
 * failed (src/eval/pairs.ts `pairOutcome`).
 *
 * Negatives (`negatives.jsonl`: another list of the same site, or another address serving
 * page 1 again): the fetch of page 1's next link is answered with `other.html`, and the
 * judge is asked as the pager asks it (in doubt only for a waiting link) and in doubt; an
 * auto-pager must not join it.
 *
 * Usage: npm run eval:pairs [-- --list] (one line per pair and negative)
 *   [-- --perturb=tracking] (page 1 opened under another spelling of its address)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../src/cli/browser";
import { openSavedPage } from "../src/cli/saved-page";
import {
  type PairOutcome,
  pairOutcome,
  readNegatives,
  readPairs,
  resolveHref,
  servedBytes,
  sniffCharset,
} from "../src/eval/pairs";
import { changesPage1AddressOnly, PERTURBATIONS } from "../src/eval/perturb";
import { corpusDir } from "../src/replay/cases";
import type { JudgeAnswer, PairDetection } from "./eval-pairs-page";

type Detection = PairDetection;

const BUNDLE = "out/eval-pairs-page.js";

/** Page 1 rendered, detected, and (when asked) a page 2 judged against it. */
async function runPage1(
  context: BrowserContext,
  code: string,
  p1: { url: string; file: string; note: string },
  page2: { file: string; url: string; note: string } | null,
  expected: (d: Detection) => boolean,
  target: string | null = null,
): Promise<{ d: Detection; judge: JudgeAnswer | null; score: string | null; ms: number }> {
  const t0 = performance.now();
  const served = servedBytes(readFileSync(p1.file), p1.note);
  const tab = await openSavedPage(context, {
    url: p1.url,
    bytes: served.body,
    charset: served.charset,
  });
  try {
    const d = (await tab.evaluate(
      `(() => { ${code}\n; return globalThis.__pairsDetect(${JSON.stringify(p1.url)}); })()`,
    )) as Detection;
    let judge: JudgeAnswer | null = null;
    if (page2 && expected(d)) {
      const p2 = servedBytes(readFileSync(page2.file), page2.note);
      const html = new TextDecoder(p2.charset || sniffCharset(p2.body)).decode(p2.body);
      judge = (await tab.evaluate(
        `globalThis.__pairsJudge(${JSON.stringify(html)}, ${JSON.stringify(page2.url)}, ${JSON.stringify(p1.url)}, ${JSON.stringify(d)})`,
      )) as JudgeAnswer;
    }
    // Where no link was taken, the forest's view of the pair's own next link.
    const score =
      target !== null && (d.nextUrl ?? d.pendingNextUrl) === null && d.gate
        ? ((await tab.evaluate(
            `globalThis.__pairsScore(${JSON.stringify(p1.url)}, ${JSON.stringify(target)})`,
          )) as string | null)
        : null;
    return { d, judge, score, ms: performance.now() - t0 };
  } finally {
    await tab.close();
  }
}

/**
 * How page 1 is opened: at its own address, or (`--perturb=NAME`) under one of
 * src/eval/perturb.ts's spellings of page 1's address alone (`fragment`, `tracking`: a
 * reader arriving at an anchor or from a newsletter), served the same bytes.
 *
 * @param args the command line after the script
 * @returns page 1's address → the address it is opened at
 * @throws Error for a perturbation that changes more than page 1's address
 */
function page1Spelling(args: readonly string[]): (url: string) => string {
  const name = args.find((a) => a.startsWith("--perturb="))?.slice("--perturb=".length);
  if (name === undefined) return (url) => url;
  const p = PERTURBATIONS.find((q) => q.name === name);
  if (!p || !changesPage1AddressOnly(p))
    throw new Error(
      `--perturb=${name}: only a spelling of page 1's address runs end to end (${PERTURBATIONS.filter(
        changesPage1AddressOnly,
      )
        .map((q) => q.name)
        .join(", ")})`,
    );
  return (url) => p.apply({ url1: url, html1: "", url2: url, html2: "" }).url1;
}

const ORDER: PairOutcome[] = [
  "joined",
  "gate closed",
  "link not found",
  "wrong link",
  "judge refused",
  "script-only",
];

async function main(): Promise<void> {
  const list = process.argv.includes("--list");
  const root = join(corpusDir(), "pairs");
  const opened = page1Spelling(process.argv.slice(2));
  const pairs = readPairs(root).map((p) => ({ ...p, p1url: opened(p.p1url) }));
  const negatives = readNegatives(root).map((n) => ({ ...n, p1url: opened(n.p1url) }));
  const code = readFileSync(BUNDLE, "utf8");
  const { chromium } = await import("playwright-core");
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS],
  });
  const counts = new Map<PairOutcome, string[]>(ORDER.map((o) => [o, []]));
  const byKind = new Map<string, { n: number; joined: number }>();
  let seconds = 0;
  try {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    for (const p of pairs) {
      const linkOf = (d: Detection) => d.nextUrl ?? d.pendingNextUrl;
      const expected = p.nextHref === null ? null : resolveHref(p.nextHref, p.p1url);
      const r = await runPage1(
        context,
        code,
        { url: p.p1url, file: join(p.dir, "p1.html"), note: p.note },
        { url: p.p2url, file: join(p.dir, "p2.html"), note: p.note },
        (d) => {
          const link = linkOf(d);
          return (
            link !== null &&
            pairOutcome({
              gate: d.gate,
              link,
              pending: false,
              expected:
                expected === null ? null : (resolveHref(p.nextHref ?? "", d.baseUrl) ?? expected),
              p2url: p.p2url,
              judgeContinues: true,
            }) === "joined"
          );
        },
        expected,
      );
      seconds += r.ms / 1000;
      const d = r.d;
      const link = linkOf(d);
      // nextHref is written against the page's base (a `<base href>` where it has one).
      const exp = p.nextHref === null ? null : (resolveHref(p.nextHref, d.baseUrl) ?? expected);
      const outcome = pairOutcome({
        gate: d.gate,
        link,
        pending: d.pendingNextUrl !== null,
        expected: exp,
        p2url: p.p2url,
        judgeContinues: r.judge?.continues ?? false,
      });
      counts.get(outcome)?.push(p.key);
      const k = byKind.get(p.kind) ?? { n: 0, joined: 0 };
      k.n++;
      if (outcome === "joined") k.joined++;
      byKind.set(p.kind, k);
      if (list)
        console.log(
          [
            p.key,
            outcome,
            `gate=${d.signal ?? "closed"}`,
            link === null
              ? "link=none"
              : `${d.pendingNextUrl ? "waiting" : "at-once"} ${link} (${d.nextScore})`,
            `expected=${exp ?? "script-only"}`,
            r.score !== null ? `forest on it: ${r.score}` : "",
            r.judge
              ? `judge=${r.judge.continues ? "continues" : "refuses"} (in doubt ${r.judge.continuesInDoubt ? "continues" : "refuses"}; template ${r.judge.template}, pager moved ${r.judge.pagerMoved}, points back ${r.judge.pointsBack})`
              : "",
          ].join("\t"),
        );
    }
    // Negatives: the next link's fetch answered with another page.
    let negAsked = 0;
    let negJoined = 0;
    let negJoinedInDoubt = 0;
    const byId = new Map(pairs.map((p) => [p.key, p]));
    for (const n of negatives) {
      const note = byId.get(n.key)?.note ?? "";
      const p1dir = byId.get(n.key)?.dir ?? n.dir;
      const r = await runPage1(
        context,
        code,
        { url: n.p1url, file: join(p1dir, "p1.html"), note },
        { url: n.otherUrl, file: join(n.dir, "other.html"), note },
        (d) => (d.nextUrl ?? d.pendingNextUrl) !== null,
      );
      if (!r.judge) {
        if (list) console.log(`neg ${n.key}\tno next link: nothing fetched`);
        continue;
      }
      negAsked++;
      if (r.judge.continues) negJoined++;
      if (r.judge.continuesInDoubt) negJoinedInDoubt++;
      if (list)
        console.log(
          `neg ${n.key}\t${r.d.pendingNextUrl ? "waiting" : "at-once"}\tas run ${r.judge.continues ? "JOINED" : "refused"}\tin doubt ${r.judge.continuesInDoubt ? "JOINED" : "refused"}\t(template ${r.judge.template}, pager moved ${r.judge.pagerMoved}, points back ${r.judge.pointsBack})`,
        );
    }
    const joined = counts.get("joined")?.length ?? 0;
    console.log(`\npage 2 joined on ${joined} of ${pairs.length} pairs (Chromium, scripts off)`);
    console.log("\n| outcome | pairs | which |");
    console.log("| --- | --- | --- |");
    for (const o of ORDER) {
      const ks = counts.get(o) ?? [];
      console.log(`| ${o} | ${ks.length} | ${o === "joined" ? "" : ks.join(", ")} |`);
    }
    console.log(
      `\nby kind: ${[...byKind]
        .sort((a, b) => b[1].n - a[1].n)
        .map(([k, v]) => `${k} ${v.joined}/${v.n}`)
        .join(", ")}`,
    );
    console.log(
      `negatives (other.html served for page 1's next link): ${negAsked} of ${negatives.length} had a link to fetch; joined as the pager runs ${negJoined}, joined when judged in doubt ${negJoinedInDoubt}`,
    );
    console.log(`time: ${seconds.toFixed(1)} s for ${pairs.length + negatives.length} page-1 runs`);
  } finally {
    await browser.close();
  }
}

void main();
