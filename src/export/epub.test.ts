// @vitest-environment jsdom
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { buildEpub, guessLanguage, workIdentifier } from "./epub";
import type { JoinedArticle } from "./joined-article";

const article = (n: number): JoinedArticle => ({
  url: "http://novel.test/n1/1/",
  title: "星の旅人",
  byline: "月島 灯",
  siteName: "小説の森",
  pages: Array.from({ length: n }, (_, i) => ({
    number: i + 1,
    url: `http://novel.test/n1/${i + 1}/`,
    heading: `第${i + 1}話`,
    html: `<p>本文${i + 1}<img src="/img/a.png" alt="挿絵"></p>`,
    text: `本文です${i + 1}`,
  })),
  state: "done",
  reason: null,
  detectMs: null,
});

const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

/** The zip's entries in the order the file holds them, with their method (0: stored),
 * read from the local file headers. */
function entries(bytes: Uint8Array): { name: string; method: number; extra: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { name: string; method: number; extra: number }[] = [];
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    const method = view.getUint16(at + 8, true);
    const size = view.getUint32(at + 18, true);
    const nameLen = view.getUint16(at + 26, true);
    const extra = view.getUint16(at + 28, true);
    out.push({ name: strFromU8(bytes.subarray(at + 30, at + 30 + nameLen)), method, extra });
    at += 30 + nameLen + extra + size;
  }
  return out;
}

describe("buildEpub", () => {
  it("writes mimetype first, stored, without an extra field", () => {
    const [book] = buildEpub(article(2));
    const list = entries(book?.bytes as Uint8Array);
    expect(list[0]).toEqual({ name: "mimetype", method: 0, extra: 0 });
    expect(strFromU8(unzipSync(book?.bytes as Uint8Array).mimetype as Uint8Array)).toBe(
      "application/epub+zip",
    );
    expect(list.slice(1).some((e) => e.method === 8)).toBe(true);
  });

  it("holds one chapter file per page, the nav and NCX in chapter order, and the metadata", () => {
    const [book] = buildEpub(article(3), { now: new Date("2026-12-07T01:02:03.456Z") });
    const files = unzipSync(book?.bytes as Uint8Array);
    const opf = strFromU8(files["OEBPS/content.opf"] as Uint8Array);
    expect(opf).toContain("<dc:title>星の旅人</dc:title>");
    expect(opf).toContain('<dc:creator id="creator">月島 灯</dc:creator>');
    expect(opf).toContain("<dc:publisher>小説の森</dc:publisher>");
    expect(opf).toContain("<dc:language>ja</dc:language>");
    expect(opf).toContain("<dc:source>http://novel.test/n1/1/</dc:source>");
    expect(opf).toContain('<meta property="dcterms:modified">2026-12-07T01:02:03Z</meta>');
    expect(opf).toContain(
      `<dc:identifier id="bookid">${workIdentifier("http://novel.test/n1/1/")}</dc:identifier>`,
    );
    const nav = strFromU8(files["OEBPS/nav.xhtml"] as Uint8Array);
    expect([...nav.matchAll(/<a href="[^"]+">([^<]+)</g)].map((m) => m[1])).toEqual([
      "第1話",
      "第2話",
      "第3話",
    ]);
    const ncx = strFromU8(files["OEBPS/toc.ncx"] as Uint8Array);
    expect([...ncx.matchAll(/<text>([^<]+)<\/text>/g)].map((m) => m[1])).toEqual([
      "星の旅人",
      "第1話",
      "第2話",
      "第3話",
    ]);
    expect(
      Object.keys(files).filter((f) => f.endsWith(".xhtml") && f !== "OEBPS/nav.xhtml"),
    ).toHaveLength(3);
  });

  it("embeds an image once when given, and leaves it out (alt text) when not", () => {
    const images = [{ url: "http://novel.test/img/a.png", bytes: PNG, mime: "image/png" }];
    const withImages = unzipSync(buildEpub(article(2), { images })[0]?.bytes as Uint8Array);
    expect(Object.keys(withImages).filter((f) => f.startsWith("OEBPS/images/"))).toEqual([
      "OEBPS/images/1.png",
    ]);
    const without = unzipSync(buildEpub(article(2))[0]?.bytes as Uint8Array);
    expect(Object.keys(without).some((f) => f.includes("images/"))).toBe(false);
    expect(strFromU8(without["OEBPS/chapter-0001.xhtml"] as Uint8Array)).toContain("挿絵");
  });

  it("splits a long serial every N chapters, each volume with its own chapters", () => {
    const books = buildEpub(article(5), { chaptersPerVolume: 2 });
    expect(books.map((b) => [b.filename, b.chapters])).toEqual([
      ["星の旅人-1.epub", 2],
      ["星の旅人-2.epub", 2],
      ["星の旅人-3.epub", 1],
    ]);
    const third = unzipSync(books[2]?.bytes as Uint8Array);
    expect(Object.keys(third)).toContain("OEBPS/chapter-0005.xhtml");
  });

  it("sets a vertical book right to left, and a horizontal one without a direction", () => {
    const files = (v: boolean) =>
      unzipSync(buildEpub(article(2), { vertical: v })[0]?.bytes as Uint8Array);
    const vertical = files(true);
    expect(strFromU8(vertical["OEBPS/content.opf"] as Uint8Array)).toContain(
      'page-progression-direction="rtl"',
    );
    expect(strFromU8(vertical["OEBPS/style.css"] as Uint8Array)).toContain(
      "writing-mode:vertical-rl",
    );
    const flat = files(false);
    expect(strFromU8(flat["OEBPS/content.opf"] as Uint8Array)).not.toContain(
      "page-progression-direction",
    );
  });

  it("refuses an article without a page", () => {
    expect(() => buildEpub(article(0))).toThrow(/no page/);
  });
});

describe("guessLanguage", () => {
  it("tells Japanese by kana, Chinese by Han characters, else English", () => {
    expect(guessLanguage("灯台の光が見えた")).toBe("ja");
    expect(guessLanguage("山河少年长剑村口炊烟")).toBe("zh");
    expect(guessLanguage("A parser of tokens")).toBe("en");
  });
});
