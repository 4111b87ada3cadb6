import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { writeWarc } from "../../test/support/warc";
import { isHtml, pageCharset, parseHttpBlock, type WarcEntry, warcFileEntries } from "./warc";

const dir = mkdtempSync(join(tmpdir(), "tsugi-warc-unit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function entries(path: string): Promise<WarcEntry[]> {
  const out: WarcEntry[] = [];
  for await (const e of warcFileEntries(path)) out.push(e);
  return out;
}

describe("parseHttpBlock", () => {
  it("undoes chunked transfer coding and gzip content coding", () => {
    const body = gzipSync(Buffer.from("<html>hi</html>"));
    const chunked = Buffer.concat([
      Buffer.from(
        `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n`,
      ),
      Buffer.from(`${body.length.toString(16)}\r\n`),
      body,
      Buffer.from("\r\n0\r\n\r\n"),
    ]);
    const r = parseHttpBlock(chunked);
    expect(r?.status).toBe(200);
    expect(r?.body.toString()).toBe("<html>hi</html>");
  });
  it("is null for a block that is no HTTP response", () => {
    expect(parseHttpBlock(Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))).toBeNull();
  });
});

describe("isHtml and pageCharset", () => {
  it("reads the media type, or the markup when there is none", () => {
    expect(isHtml("text/html; charset=utf-8", Buffer.from(""))).toBe(true);
    expect(isHtml("image/png", Buffer.from("<html>"))).toBe(false);
    expect(isHtml(undefined, Buffer.from("  <!DOCTYPE html><html>"))).toBe(true);
  });
  it("takes the header's charset, else a <meta> late in a long head", () => {
    const late = Buffer.from(
      `<html><head><script>${"x".repeat(3000)}</script><meta charset="windows-1251"></head><body>`,
    );
    expect(pageCharset(late, "text/html; charset=shift_jis")).toBe("shift_jis");
    expect(pageCharset(late, "text/html")).toBe("windows-1251");
    const inBody = Buffer.from(
      `<html><head></head><body>${"x".repeat(2000)}<meta charset="koi8-r">`,
    );
    expect(pageCharset(inBody, null)).toBe("utf-8");
  });
});

describe("warcFileEntries", () => {
  const pages = [1, 2, 3].map((n) => ({
    url: `http://ex.test/p${n}`,
    body: `<html><title>p${n}</title><body>page ${n}</body></html>`,
  }));
  for (const gzip of [false, true]) {
    it(`goes on after a record with a damaged header (${gzip ? "gzip" : "plain"})`, async () => {
      const path = join(dir, `damaged-${gzip}.warc${gzip ? ".gz" : ""}`);
      await writeWarc(path, pages, {
        gzip,
        corrupt: (rec, i) => {
          if (i !== 1) return rec;
          const bad = Buffer.from(rec);
          // gzip: the deflate stream; plain: the record's first line and WARC-Type.
          for (let j = gzip ? 30 : 0; j < (gzip ? bad.length - 30 : 60); j += gzip ? 5 : 1)
            bad[j] = gzip ? (bad[j] ?? 0) ^ 0x5a : 0x41;
          return bad;
        },
      });
      const es = await entries(path);
      const pagesRead = es
        .filter((e) => e.kind === "page")
        .map((e) => (e.kind === "page" ? e.url : ""));
      expect(pagesRead).toEqual(["http://ex.test/p1", "http://ex.test/p3"]);
      expect(es.filter((e) => e.kind === "bad").length).toBeGreaterThanOrEqual(gzip ? 1 : 0);
    });
  }
  it("answers a cut last record with its own entry", async () => {
    const path = join(dir, "cut.warc");
    const long = [
      ...pages.slice(0, 2),
      {
        ...(pages[2] as (typeof pages)[number]),
        body: `<html><body>${"text ".repeat(500)}</body></html>`,
      },
    ];
    const offsets = await writeWarc(path, long, { gzip: false });
    const { readFileSync } = await import("node:fs");
    writeFileSync(path, readFileSync(path).subarray(0, (offsets[2] as number) + 800));
    const es = await entries(path);
    const last = es.at(-1);
    expect(last?.kind).toBe("bad");
    expect(last?.kind === "bad" && last.url).toBe("http://ex.test/p3");
  });
});
