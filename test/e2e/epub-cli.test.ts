/**
 * `tsugi join URL --replay DIR --chapters --format epub --out book.epub` over the five
 * serial shapes (test/support/serial-server.ts), saved as replay captures: the book passes
 * Debian's epubcheck with no error, its table of contents lists every chapter once in
 * order with its title, its text holds every chapter's mark once in order, and its
 * `dc:creator` is the author the pages name (none for the comic). Skips, saying so in one
 * line, where java or epubcheck's jar is missing.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AUTHORS,
  CHAPTERS,
  chapterPath,
  markOf,
  type SerialServer,
  SHAPES,
  type Shape,
  startSerialServer,
} from "../support/serial-server";

const JAR = "/usr/share/java/epubcheck.jar";
const java = spawnSync("java", ["-version"], { encoding: "utf8" });
const noEpubcheck = java.error !== undefined || !existsSync(JAR);
if (noEpubcheck) console.warn(`skipped: epubcheck needs java and ${JAR} (Debian's epubcheck)`);

const BIN = join(process.cwd(), "bin/tsugi");

/** Each chapter's title in the book's table of contents. */
const TOC: Record<Shape, string[]> = {
  narou: ["旅立ち", "港町", "灯台守", "夜明け"].map((t, i) => `第${i + 1}話 ${t}`),
  kakuyomu: ["旅立ち", "港町", "灯台守", "夜明け"].map((t, i) => `第${i + 1}話 ${t}`),
  chinese: ["一", "二", "三", "四"].map((k) => `第${k}章 风起`),
  comic: ["The Lighthouse", "Storm Warning", "The Keeper", "First Light"],
  essay: [1, 2, 3, 4].map((n) => `Building a compiler, part ${n} of ${CHAPTERS}`),
};

/** The work's title, `dc:title`. */
const WORK: Record<Shape, string> = {
  narou: "星の旅人",
  kakuyomu: "灰の森の魔女",
  chinese: "山河志",
  comic: "Harbor Lights",
  essay: "Building a compiler",
};

let server: SerialServer;
let dir: string;

/** A replay capture of `shape`'s chapters, their images and the pages they link to,
 * served at `http://<shape>.serial.test`. */
async function capture(shape: Shape): Promise<{ caseDir: string; url: string }> {
  const origin = `http://${shape}.serial.test`;
  const caseDir = join(dir, shape);
  mkdirSync(caseDir, { recursive: true });
  const paths = [
    ...Array.from({ length: CHAPTERS }, (_, i) => chapterPath(shape, i + 1)),
    ...Array.from({ length: CHAPTERS }, (_, i) => `/img/${i + 1}.png`),
    "/book/3021/",
  ];
  const map: string[] = [];
  for (const [i, path] of paths.entries()) {
    // A kept-alive socket the server closed while the last book was made resets: ask again.
    const res = await fetch(`${server.origin}${path}`).catch(() =>
      fetch(`${server.origin}${path}`),
    );
    if (!res.ok) continue;
    const file = `f${i}${path.startsWith("/img/") ? ".png" : ".html"}`;
    writeFileSync(join(caseDir, file), Buffer.from(await res.arrayBuffer()));
    map.push(`  ${JSON.stringify(`${origin}${path}`)}: ${file}`);
  }
  const url = `${origin}${chapterPath(shape, 1)}`;
  writeFileSync(
    join(caseDir, "case.yaml"),
    `url: ${JSON.stringify(url)}\nurl_map:\n${map.join("\n")}\n`,
  );
  return { caseDir, url };
}

/** The text between tags (no tags), entities `&amp;` `&lt;` `&gt;` `&#39;` read back. */
function textOf(xml: string): string {
  return xml
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .trim();
}

beforeAll(async () => {
  server = await startSerialServer();
  dir = mkdtempSync(join(tmpdir(), "tsugi-epub-"));
});
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(noEpubcheck)("tsugi join --chapters --format epub over the serial shapes", () => {
  it.each(SHAPES)("%s: a valid book, every chapter once in order, its author", async (shape) => {
    const { caseDir, url } = await capture(shape);
    const out = join(dir, `${shape}.epub`);
    const r = spawnSync(
      process.execPath,
      [BIN, "join", url, "--replay", caseDir, "--chapters", "--format", "epub", "--out", out],
      { encoding: "utf8", timeout: 170_000 },
    );
    expect(r.status, r.stderr).toBe(0);
    const check = spawnSync("java", ["-jar", JAR, out], { encoding: "utf8", timeout: 120_000 });
    const said = `${check.stdout}\n${check.stderr}`;
    expect(said, said).toMatch(/Messages: 0 fatals \/ 0 errors/);
    expect(check.status, said).toBe(0);

    const files = unzipSync(new Uint8Array(readFileSync(out)));
    const opf = strFromU8(files["OEBPS/content.opf"] as Uint8Array);
    const nav = strFromU8(files["OEBPS/nav.xhtml"] as Uint8Array);
    const toc = [...nav.matchAll(/<li><a href="([^"]+)">([^<]*)<\/a><\/li>/g)];
    expect(toc.map((m) => textOf(m[2] as string))).toEqual(TOC[shape]);
    const spine = [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((m) => m[1]);
    const hrefOf = (id: string) => opf.match(new RegExp(`id="${id}" href="([^"]+)"`))?.[1];
    const chapters = spine.map((id) => hrefOf(id as string));
    expect(chapters).toEqual(toc.map((m) => m[1]));
    const text = chapters
      .map((f) => textOf(strFromU8(files[`OEBPS/${f}`] as Uint8Array)))
      .join("\n");
    const at = Array.from({ length: CHAPTERS }, (_, i) => text.indexOf(markOf(shape, i + 1)));
    const counts = Array.from(
      { length: CHAPTERS },
      (_, i) => text.split(markOf(shape, i + 1)).length - 1,
    );
    expect(counts).toEqual(Array(CHAPTERS).fill(1));
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const creator = opf.match(/<dc:creator[^>]*>([^<]*)<\/dc:creator>/)?.[1];
    expect(creator === undefined ? null : textOf(creator)).toBe(AUTHORS[shape]);
    expect(textOf(opf.match(/<dc:title>([^<]*)<\/dc:title>/)?.[1] ?? "")).toBe(WORK[shape]);
    expect(opf).toContain(`<dc:source>${url}</dc:source>`);
    // Each chapter's file names its own URL, so a book can be brought up to date.
    chapters.forEach((f, i) => {
      expect(strFromU8(files[`OEBPS/${f}`] as Uint8Array)).toContain(
        `http://${shape}.serial.test${chapterPath(shape, i + 1)}`,
      );
    });
  });
});
