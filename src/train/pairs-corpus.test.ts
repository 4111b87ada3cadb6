import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { corpusPairs, decodeSaved } from "./pairs-corpus";

const bytes = (parts: (string | Uint8Array)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : p)));

describe("decodeSaved", () => {
  it("cuts HTTP response headers off and decodes with their charset", () => {
    const body = new Uint8Array([0xcf, 0xf0, 0xe8]); // "При" in windows-1251
    const raw = bytes([
      "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1251\r\n\r\n<p>",
      body,
      "</p>",
    ]);
    expect(decodeSaved(raw)).toBe("<p>При</p>");
  });

  it("reads the charset a meta element declares", () => {
    const raw = bytes(['<meta charset="windows-1251"><p>', new Uint8Array([0xe4, 0xe0]), "</p>"]);
    expect(decodeSaved(raw)).toBe('<meta charset="windows-1251"><p>да</p>');
  });

  it("decodes UTF-8 by default", () => {
    expect(decodeSaved(Buffer.from("<p>次へ</p>", "utf8"))).toBe("<p>次へ</p>");
  });
});

describe("corpusPairs", () => {
  const saved = process.env.TSUGI_CORPUS;
  let dir = "";
  afterEach(() => {
    if (saved === undefined) delete process.env.TSUGI_CORPUS;
    else process.env.TSUGI_CORPUS = saved;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A corpus of one folder holding the given pairs, each with its two files. */
  function corpusOf(lines: { id: string; nextHref: string | null }[]): void {
    dir = mkdtempSync(join(tmpdir(), "tsugi-pairs-"));
    const folder = join(dir, "pairs", "static");
    for (const { id } of lines) {
      mkdirSync(join(folder, id), { recursive: true });
      writeFileSync(join(folder, id, "p1.html"), "<p>1</p>");
      writeFileSync(join(folder, id, "p2.html"), "<p>2</p>");
    }
    const jsonl = lines.map(({ id, nextHref }) =>
      JSON.stringify({
        id,
        site: `${id}.test`,
        p1url: `https://${id}.test/news/`,
        p2url: `https://${id}.test/news/page/2/`,
        nextHref,
      }),
    );
    writeFileSync(join(folder, "pairs.jsonl"), `${jsonl.join("\n")}\n`);
    process.env.TSUGI_CORPUS = dir;
  }

  it("resolves page 1's next link against page 1's address, as written (a doubled slash kept)", () => {
    corpusOf([{ id: "hugo", nextHref: "https://hugo.test//news/page/2/" }]);
    const [pair] = corpusPairs();
    expect(pair?.p2.url).toBe("https://hugo.test/news/page/2/");
    expect(pair?.nextUrl).toBe("https://hugo.test//news/page/2/");
  });

  it("resolves a relative next link and gives none for a script-only pager", () => {
    corpusOf([
      { id: "rel", nextHref: "page/2/" },
      { id: "js", nextHref: "javascript:go(2)" },
      { id: "none", nextHref: "(none: pager buttons)" },
    ]);
    const byId = new Map(corpusPairs().map((p) => [p.id, p.nextUrl]));
    expect(byId.get("rel")).toBe("https://rel.test/news/page/2/");
    expect(byId.get("js")).toBeNull();
    expect(byId.get("none")).toBeNull();
  });
});
