/**
 * `tsugi detect --warc` over archives the test writes with warcio.js, shaped as crawls
 * are: request and metadata records around each response, a non-HTML response, a 404, a
 * corrupt gzip member and a file cut short in its last record. Two shards together answer
 * every HTML response record exactly once; the bad records get their own error lines and
 * the records after them are still answered; a page from the archive answers as the same
 * page from a manifest does.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusDir } from "../../src/replay/cases";
import { withoutCorpus } from "../support/corpus";
import { type ArchivedPage, writeWarc } from "../support/warc";

const BIN = join(process.cwd(), "bin/tsugi");

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function tsugi(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

const lines = (out: string) =>
  out
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

interface Label {
  id: string;
  url: string;
  charset: string;
}

/** Corpus pages of several charsets (cp1251, cp1252, UTF-8), as served. */
const PAGE_IDS = ["d0001", "d0002", "d0057", "d0058", "d0093", "d0094"];

let dir = "";
let labels: Label[] = [];
/** record ids (or file@offset) every run over both files must answer once */
let expected: string[] = [];
let gzFile = "";
let plainFile = "";
/** The archives are written from corpus pages: without the corpus the suite skips. */
const noCorpus = withoutCorpus("tsugi detect --warc", "pagination");
const ID = (n: number) => `<urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, "0")}>`;

beforeAll(async () => {
  if (noCorpus) return;
  dir = mkdtempSync(join(tmpdir(), "tsugi-warc-"));
  const corpus = join(corpusDir(), "pagination");
  const all = readFileSync(join(corpus, "labels.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Label);
  labels = PAGE_IDS.map((id) => all.find((l) => l.id === id) as Label);
  const page = (l: Label, n: number, header: boolean): ArchivedPage => ({
    url: l.url,
    body: readFileSync(join(corpus, "pages", `${l.id}.html`)),
    // Half the pages name their charset only in a <meta>, as many old sites do.
    contentType: header ? `text/html; charset=${l.charset}` : "text/html",
    recordId: ID(n),
  });
  // File 1 (gzip): three corpus pages, an image, a 404, and a corrupt member in between.
  gzFile = join(dir, "crawl-00001.warc.gz");
  const gzPages: ArchivedPage[] = [
    page(labels[0] as Label, 1, true),
    {
      url: "http://ex.test/logo.png",
      body: "\x89PNG....",
      contentType: "image/png",
      recordId: ID(2),
    },
    page(labels[2] as Label, 3, false),
    {
      url: "http://ex.test/gone",
      body: "<html><body>Not here</body></html>",
      status: "404 Not Found",
      recordId: ID(4),
    },
    page(labels[4] as Label, 5, false),
  ];
  const gzOffsets = await writeWarc(gzFile, gzPages, {
    corrupt: (rec, i) => {
      if (i !== 2) return rec;
      // Damage the deflate stream in the middle of the member: it no longer inflates.
      const bad = Buffer.from(rec);
      for (let j = 40; j < bad.length - 40; j += 7) bad[j] = (bad[j] ?? 0) ^ 0xa5;
      return bad;
    },
  });
  // File 2 (plain): three pages; the file is cut short inside the last response.
  plainFile = join(dir, "crawl-00002.warc");
  const plainPages = [
    page(labels[1] as Label, 11, true),
    page(labels[3] as Label, 12, false),
    page(labels[5] as Label, 13, true),
  ];
  const plainOffsets = await writeWarc(plainFile, plainPages);
  truncateSync(plainFile, (plainOffsets[2] as number) + 900);
  expected = [ID(1), ID(4), `${basename(gzFile)}@${gzOffsets[2]}`, ID(5), ID(11), ID(12), ID(13)];
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(noCorpus)("tsugi detect --warc", () => {
  it("answers every HTML response once over two shards; bad records get their own lines", async () => {
    const shards = await Promise.all(
      ["0/2", "1/2"].map((s) =>
        tsugi(["detect", "--warc", gzFile, plainFile, "--shard", s, "--jobs", "1"]),
      ),
    );
    const all = shards.flatMap((r) => lines(r.stdout));
    const ids = all.map((o) => String(o.id));
    expect([...ids].sort()).toEqual([...expected].sort());
    for (const r of shards) expect(r.stderr).toMatch(/WARC records read, \d+ skipped/);
    const by = new Map(all.map((o) => [String(o.id), o]));
    // The 404 answers an error line carrying the status, not a detection.
    expect(by.get(ID(4))).toMatchObject({
      url: "http://ex.test/gone",
      status: 404,
      error: "HTTP 404",
    });
    expect(by.get(ID(4))).not.toHaveProperty("nextUrl");
    // The corrupt member and the cut record: error lines; the pages after the corrupt one
    // are answered.
    expect(String(by.get(expected[2] as string)?.error)).toMatch(/corrupt/);
    expect(String(by.get(ID(13))?.error)).toMatch(/truncated|corrupt/);
    for (const id of [ID(1), ID(5), ID(11), ID(12)]) {
      expect(by.get(id)).not.toHaveProperty("error");
      expect(by.get(id)).toHaveProperty("nextUrl");
    }
    // Target URI and charset (from the header, or the page's own <meta>) are carried.
    const sniffed = by.get(ID(5)) as Record<string, unknown>;
    expect(sniffed.url).toBe(labels[4]?.url);
    // Its <meta> comes after the first 1024 bytes, in a long head.
    expect(String(sniffed.charset).replace(/[-_]/g, "")).toMatch(/^(windows1251|cp1251)$/i);
    expect(String(by.get(ID(1))?.charset).toLowerCase()).toBe("utf-8");
    // One shard failed on the bad records: exit 1, as a batch with failed pages.
    expect(shards.map((r) => r.status).sort()).toContain(1);
  }, 240_000);

  it("answers as the same pages from a manifest", async () => {
    const manifest = join(dir, "m.jsonl");
    const corpus = join(corpusDir(), "pagination", "pages");
    writeFileSync(
      manifest,
      [labels[0], labels[4]]
        .map((l) =>
          JSON.stringify({
            id: l?.id,
            file: join(corpus, `${l?.id}.html`),
            url: l?.url,
            charset: l?.charset,
          }),
        )
        .join("\n"),
    );
    const [warc, batch] = await Promise.all([
      tsugi(["detect", "--warc", gzFile, "--jobs", "1"]),
      tsugi(["detect", "--batch", manifest, "--jobs", "1"]),
    ]);
    const fromWarc = new Map(lines(warc.stdout).map((o) => [String(o.url), o]));
    for (const o of lines(batch.stdout)) {
      const w = fromWarc.get(String(o.url));
      expect(w?.nextUrl ?? null).toBe(o.nextUrl ?? null);
      expect(w?.pendingNextUrl ?? null).toBe(o.pendingNextUrl ?? null);
      expect((w?.pageElement as { xpaths: string[] })?.xpaths).toEqual(
        (o.pageElement as { xpaths: string[] }).xpaths,
      );
    }
  }, 240_000);

  it("--resume skips the records an earlier run answered", async () => {
    const out = join(dir, "partial.jsonl");
    const first = await tsugi([
      "detect",
      "--warc",
      gzFile,
      plainFile,
      "--shard",
      "0/2",
      "--jobs",
      "1",
    ]);
    const firstLines = first.stdout.split("\n").filter((l) => l.startsWith("{"));
    // A run killed after two answers.
    writeFileSync(out, `${firstLines.slice(0, 2).join("\n")}\n`);
    const rest = await tsugi([
      "detect",
      "--warc",
      gzFile,
      plainFile,
      "--shard",
      "0/2",
      "--jobs",
      "1",
      "--resume",
      out,
    ]);
    const restIds = lines(rest.stdout).map((o) => String(o.id));
    const done = lines(firstLines.slice(0, 2).join("\n")).map((o) => String(o.id));
    expect(restIds.some((id) => done.includes(id))).toBe(false);
    expect([...done, ...restIds].sort()).toEqual(
      lines(first.stdout)
        .map((o) => String(o.id))
        .sort(),
    );
  }, 240_000);

  it("checks the next link on page 2 where the archive holds it", async () => {
    const file = await pages2Warc();
    const r = await tsugi(["detect", "--warc", file, "--jobs", "1"]);
    const by = new Map(lines(r.stdout).map((o) => [String(o.id), o]));
    expect(by.get(ID(21))).toMatchObject({
      nextUrl: "http://forum.test/board?page=2",
      pendingNextUrl: null,
    });
    expect(by.get(ID(21))).not.toHaveProperty("refusedNextUrl");
    expect(by.get(ID(23))).toMatchObject({
      nextUrl: null,
      pendingNextUrl: null,
      refusedNextUrl: "http://shop.test/list?page=2",
    });
    expect(String(by.get(ID(23))?.refusedReason)).toMatch(/template/);
    expect(by.get(ID(25))).toMatchObject({
      nextUrl: null,
      refusedNextUrl: "http://news.test/latest?page=2",
    });
    expect(String(by.get(ID(25))?.refusedReason)).toMatch(/HTTP 404/);
    const alone = by.get(ID(27)) as Record<string, unknown>;
    expect(alone.nextUrl ?? alone.pendingNextUrl).toBe("http://blog.test/all?page=2");
    expect(alone).not.toHaveProperty("refusedNextUrl");
  }, 240_000);
  it("--engine dom answers the next links and page-2 checks the Chromium engine answers", async () => {
    const file = await pages2Warc();
    const [chromium, dom] = await Promise.all([
      tsugi(["detect", "--warc", file, gzFile, "--jobs", "1"]),
      tsugi(["detect", "--warc", file, gzFile, "--jobs", "1", "--engine", "dom"]),
    ]);
    const fields = (o: Record<string, unknown>) => ({
      nextUrl: o.nextUrl ?? null,
      pendingNextUrl: o.pendingNextUrl ?? null,
      refusedNextUrl: o.refusedNextUrl ?? null,
      error: o.error ?? null,
    });
    const c = new Map(lines(chromium.stdout).map((o) => [String(o.id), fields(o)]));
    const d = new Map(lines(dom.stdout).map((o) => [String(o.id), fields(o)]));
    expect(c.size).toBeGreaterThan(8);
    expect(d).toEqual(c);
    // Page 2 confirmed, refused and missing alike, with no browser.
    expect(d.get(ID(21))?.nextUrl).toBe("http://forum.test/board?page=2");
    expect(d.get(ID(23))?.refusedNextUrl).toBe("http://shop.test/list?page=2");
  }, 240_000);

  it("tsugi join --warc joins the pages the archive holds", async () => {
    const file = join(dir, "thread.warc");
    await writeWarc(file, [
      { url: "http://forum.test/board", body: boardPage("board", 1) },
      { url: "http://forum.test/board?page=2", body: boardPage("board", 2) },
      { url: "http://forum.test/board?page=3", body: boardPage("board", 3) },
    ]);
    const r = await tsugi(["join", "--warc", file, "http://forum.test/board", "--format", "json"]);
    expect(r.status, r.stderr).toBe(0);
    const article = JSON.parse(r.stdout) as { pages: { url: string; text: string }[] };
    // Page 4 is not in the archive: the join ends after page 3.
    expect(article.pages.map((p) => p.url)).toEqual([
      "http://forum.test/board",
      "http://forum.test/board?page=2",
      "http://forum.test/board?page=3",
    ]);
    expect(article.pages[2]?.text).toContain("Topic 3.11");
  }, 240_000);
});

let pages2: Promise<string> | null = null;

/** An archive of list pages whose page 2 confirms, refuses (another template, a 404) or is missing. */
function pages2Warc(): Promise<string> {
  pages2 ??= (async () => {
    const file = join(dir, "pages2.warc.gz");
    await writeWarc(file, [
      // Page 2 follows: the same template, its pager moved on by one.
      { url: "http://forum.test/board", body: boardPage("board", 1), recordId: ID(21) },
      { url: "http://forum.test/board?page=2", body: boardPage("board", 2), recordId: ID(22) },
      // The next link leads to a sign-in page: another template.
      { url: "http://shop.test/list", body: boardPage("list", 1), recordId: ID(23) },
      { url: "http://shop.test/list?page=2", body: signInPage(), recordId: ID(24) },
      // Page 2 is a 404 in the archive.
      { url: "http://news.test/latest", body: boardPage("latest", 1), recordId: ID(25) },
      {
        url: "http://news.test/latest?page=2",
        body: "<html><body>gone</body></html>",
        status: "404 Not Found",
        recordId: ID(26),
      },
      // Page 2 was not archived.
      { url: "http://blog.test/all", body: boardPage("all", 1), recordId: ID(27) },
    ]);
    return file;
  })();
  return pages2;
}

/** Page `n` of a numbered list at `/<name>`: twelve items, a pager showing `n` as current. */
function boardPage(name: string, n: number): string {
  const items = Array.from(
    { length: 12 },
    (_, i) =>
      `<li class="topic"><a href="/${name}/t/${n * 100 + i}">Topic ${n}.${i}: a question about the ${name}</a><p>Started by user ${i}, ${i + 3} replies. Some words of the first post so that the item reads as content.</p></li>`,
  ).join("\n");
  const link = (k: number) =>
    k === n
      ? `<span class="current">${k}</span>`
      : `<a href="/${name}${k === 1 ? "" : `?page=${k}`}">${k}</a>`;
  const prev =
    n > 1 ? `<a href="/${name}${n === 2 ? "" : `?page=${n - 1}`}" rel="prev">Previous</a> ` : "";
  return `<!doctype html><html><head><title>The ${name} - page ${n}</title></head><body><header class="site"><a href="/">Home</a> <a href="/help">Help</a></header><h1>The ${name}</h1><ul class="topics">${items}</ul><div class="pager">${prev}${[1, 2, 3, 4].map(link).join(" ")} <a href="/${name}?page=${n + 1}" rel="next">Next</a></div><footer class="site">About us</footer></body></html>`;
}

function signInPage(): string {
  return `<!doctype html><html><head><title>Sign in</title></head><body><form class="login"><label>User <input name="u"></label><label>Password <input type="password" name="p"></label><button>Sign in</button></form></body></html>`;
}
