/**
 * Write the corpus's saved pages as a web archive (`.warc.gz`, one gzip member per record,
 * as crawlers write), so the mining commands can be measured on it: `tsugi detect --warc`
 * with either engine, their agreement (scripts/engine-agreement.ts) and `npm run bench:cli`.
 * Each page is a `response` record at its labelled URL with its labelled charset in the
 * `Content-Type`; its `WARC-Record-ID` names the set and the page's id.
 *
 * Usage: node out/corpus-warc.mjs OUT.warc.gz [--sets pagination,readability,dragnet] [--every N]
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WARCRecord, WARCSerializer } from "warcio";
import { corpusDir } from "../src/replay/cases";

/** One saved page of the corpus. */
export interface CorpusPage {
  set: string;
  id: string;
  url: string;
  charset: string;
  file: string;
}

interface Label {
  id: string;
  url: string;
  charset: string;
}

function labelled(set: string, dir: string): CorpusPage[] {
  return readFileSync(join(dir, "labels.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Label)
    .map((l) => ({
      set,
      id: l.id,
      // Pages saved without their address get a placeholder one, as `tsugi detect FILE` does.
      url: l.url || `http://tsugi.invalid/${set}/${encodeURIComponent(l.id)}.html`,
      charset: l.charset,
      file: join(dir, "pages", `${l.id}.html`),
    }));
}

/**
 * The corpus pages of the sets named.
 * @param sets any of "pagination", "readability" (saved at http://fakehost/test/, each
 *   under its own name here so that their URLs differ), "dragnet"
 * @param every keep every n-th page of each set (1: all)
 */
export function corpusPages(sets: readonly string[], every = 1): CorpusPage[] {
  const root = corpusDir();
  const out: CorpusPage[] = [];
  for (const set of sets) {
    let pages: CorpusPage[];
    if (set === "pagination") pages = labelled(set, join(root, "pagination"));
    else if (set === "dragnet") pages = labelled(set, join(root, "articles", "dragnet"));
    else if (set === "readability") {
      const dir = join(root, "articles", "readability");
      pages = readdirSync(dir)
        .sort()
        .map((name) => ({
          set,
          id: name,
          url: `http://fakehost/test/${encodeURIComponent(name)}/page.html`,
          charset: "utf-8",
          file: join(dir, name, "source.html"),
        }));
    } else throw new Error(`unknown set '${set}' (pagination, readability, dragnet)`);
    out.push(...pages.filter((_, i) => i % every === 0));
  }
  return out;
}

/** A record id for a corpus page: a UUID-shaped URN whose last part names set and id. */
export function corpusRecordId(p: CorpusPage): string {
  return `<urn:tsugi-corpus:${p.set}:${p.id}>`;
}

/**
 * Write corpus pages as an archive: one `response` record each (a gzip member per record
 * when `out` ends in `.gz`).
 * @returns the number of records written
 */
export async function writeCorpusWarc(out: string, pages: readonly CorpusPage[]): Promise<number> {
  const parts: Buffer[] = [];
  for (const p of pages) {
    const record = WARCRecord.create(
      {
        url: p.url,
        type: "response",
        statusline: "HTTP/1.1 200 OK",
        httpHeaders: { "Content-Type": `text/html; charset=${p.charset}` },
        warcHeaders: { "WARC-Record-ID": corpusRecordId(p) },
      },
      [readFileSync(p.file)],
    );
    parts.push(Buffer.from(await WARCSerializer.serialize(record, { gzip: out.endsWith(".gz") })));
  }
  writeFileSync(out, Buffer.concat(parts));
  return pages.length;
}

async function main(): Promise<void> {
  const [out, ...rest] = process.argv.slice(2);
  if (!out) throw new Error("usage: corpus-warc OUT.warc.gz [--sets a,b] [--every N]");
  const si = rest.indexOf("--sets");
  const sets = si >= 0 ? String(rest[si + 1]).split(",") : ["pagination", "readability", "dragnet"];
  const ei = rest.indexOf("--every");
  const every = ei >= 0 ? Number(rest[ei + 1]) : 1;
  const n = await writeCorpusWarc(out, corpusPages(sets, every));
  console.log(`${out}: ${n} pages (${sets.join(", ")}, every ${every})`);
}

if (process.argv[1]?.endsWith("corpus-warc.mjs")) await main();
