/**
 * Agreement of `tsugi detect --engine dom` with `--engine chromium` on the same archive
 * (written by scripts/corpus-warc.ts): per page, the same next link, at once
 * (`nextUrl`), waiting for page 2 (`pendingNextUrl`) or none; and the page element text's
 * token F1 against the corpus's own labels, for each engine (pagination: the text of the
 * labelled page-element selector; dragnet: the gold article text; readability: the text of
 * expected.html), so the two F1s can be compared, plus the F1 of one engine's text against
 * the other's. Pages either run answered with an error are counted apart.
 *
 * Usage: node out/engine-agreement.mjs CHROMIUM.jsonl DOM.jsonl
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import { corpusDir } from "../src/replay/cases";

type Line = Record<string, unknown>;

function read(path: string): Map<string, Line> {
  const m = new Map<string, Line>();
  for (const l of readFileSync(path, "utf8").split("\n")) {
    if (!l.startsWith("{")) continue;
    const o = JSON.parse(l) as Line;
    m.set(String(o.id), o);
  }
  return m;
}

/** The next link of a line: its kind and URL. */
export function nextOf(o: Line): string {
  if (typeof o.nextUrl === "string") return `at once ${o.nextUrl}`;
  if (typeof o.pendingNextUrl === "string") return `waiting ${o.pendingNextUrl}`;
  return "none";
}

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Token F1 of `got` against `want` (bag of words); 1 when both are empty. */
export function tokenF1(got: string, want: string): number {
  const g = tokens(got);
  const w = tokens(want);
  if (g.length === 0 && w.length === 0) return 1;
  if (g.length === 0 || w.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const t of w) counts.set(t, (counts.get(t) ?? 0) + 1);
  let hit = 0;
  for (const t of g) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      hit++;
      counts.set(t, c - 1);
    }
  }
  if (hit === 0) return 0;
  const p = hit / g.length;
  const r = hit / w.length;
  return (2 * p * r) / (p + r);
}

const goldCache = new Map<string, string | null>();

/** The labelled page-element text of a corpus page, or null when it has none. */
function gold(id: string): string | null {
  if (goldCache.has(id)) return goldCache.get(id) ?? null;
  const m = /^<urn:tsugi-corpus:([^:]+):(.+)>$/.exec(id);
  let text: string | null = null;
  const root = corpusDir();
  if (m?.[1] === "dragnet") {
    const f = join(root, "articles", "dragnet", "gold", `${m[2]}.txt`);
    text = existsSync(f) ? readFileSync(f, "utf8") : null;
  } else if (m?.[1] === "readability") {
    const f = join(root, "articles", "readability", m[2] ?? "", "expected.html");
    text = existsSync(f)
      ? (parseHTML(`<html><body>${readFileSync(f, "utf8")}</body></html>`).document.body
          ?.textContent ?? "")
      : null;
  } else if (m?.[1] === "pagination") {
    const labels = readFileSync(join(root, "pagination", "page-elements.jsonl"), "utf8");
    const l = labels
      .split("\n")
      .filter(Boolean)
      .map((x) => JSON.parse(x) as { id: string; pageElement: string })
      .find((x) => x.id === m[2]);
    const meta = readFileSync(join(root, "pagination", "labels.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((x) => JSON.parse(x) as { id: string; charset: string })
      .find((x) => x.id === m[2]);
    if (l && meta) {
      const html = new TextDecoder(meta.charset).decode(
        readFileSync(join(root, "pagination", "pages", `${m[2]}.html`)),
      );
      try {
        const doc = parseHTML(html).document;
        text = [...doc.querySelectorAll(l.pageElement)].map((e) => e.textContent ?? "").join("\n");
      } catch {
        text = null;
      }
    }
  }
  goldCache.set(id, text);
  return text;
}

function main(): void {
  const [a, b] = process.argv.slice(2);
  if (!a || !b) throw new Error("usage: engine-agreement CHROMIUM.jsonl DOM.jsonl");
  const chromium = read(a);
  const dom = read(b);
  let pages = 0;
  let same = 0;
  let errors = 0;
  const kinds = new Map<string, number>();
  const differ: string[] = [];
  const f1: { c: number[]; d: number[]; cd: number[] } = { c: [], d: [], cd: [] };
  for (const [id, c] of chromium) {
    const d = dom.get(id);
    if (!d || c.error !== undefined || d.error !== undefined) {
      errors++;
      continue;
    }
    pages++;
    const nc = nextOf(c);
    const nd = nextOf(d);
    if (nc === nd) same++;
    else {
      differ.push(`${id}: chromium ${nc} | dom ${nd}`);
      const k = `${nc.split(" ")[0]} -> ${nd.split(" ")[0]}`;
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
    const tc = (c.pageElement as { text?: string } | undefined)?.text ?? "";
    const td = (d.pageElement as { text?: string } | undefined)?.text ?? "";
    if (tc === "" && td === "") continue;
    f1.cd.push(tokenF1(td, tc));
    const g = gold(id);
    if (g !== null && g.trim() !== "") {
      f1.c.push(tokenF1(tc, g));
      f1.d.push(tokenF1(td, g));
    }
  }
  const mean = (x: number[]) => (x.length ? x.reduce((s, v) => s + v, 0) / x.length : Number.NaN);
  console.log(
    `${pages} pages answered by both (${errors} with an error or missing in one): same next link on ${same} (${((100 * same) / pages).toFixed(1)} %)`,
  );
  for (const [k, n] of kinds) console.log(`  differ ${k}: ${n}`);
  console.log(
    `page element text, pages with one in either run (${f1.cd.length}): F1 dom vs chromium ${mean(f1.cd).toFixed(3)}`,
  );
  console.log(
    `  against the labels (${f1.c.length} pages with a label): chromium F1 ${mean(f1.c).toFixed(3)}, dom F1 ${mean(f1.d).toFixed(3)}, difference ${(mean(f1.d) - mean(f1.c)).toFixed(3)}`,
  );
  if (process.argv.includes("--list")) for (const l of differ) console.log(`  ${l}`);
}

main();
