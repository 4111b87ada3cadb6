// @vitest-environment jsdom
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  asBook,
  chaptersAfter,
  exportBook,
  fetchImages,
  sameSiteImages,
  sniffImage,
} from "./book-export";
import type { JoinedArticle } from "./joined-article";

const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

const article = (): JoinedArticle => ({
  url: "http://novel.test/n1/1/",
  title: "第1話 旅立ち",
  byline: "月島 灯",
  siteName: null,
  pages: [1, 2, 3].map((n) => ({
    number: n,
    url: `http://novel.test/n1/${n}/`,
    heading: `第${n}話 t${n} - 星の旅人 - 小説の森`,
    html: `<p>本文です${n}<img src="http://novel.test/img/${n}.png" alt="a"><img src="http://other.example/x.png" alt="b"></p>`,
    text: `本文です${n}`,
  })),
  state: "done",
  reason: null,
  detectMs: null,
});

describe("chaptersAfter", () => {
  it("keeps the chapters after the given one only", () => {
    expect(chaptersAfter(article(), "http://novel.test/n1/1").pages.map((p) => p.number)).toEqual([
      2, 3,
    ]);
    expect(chaptersAfter(article(), "http://elsewhere/").pages).toHaveLength(3);
    expect(() => chaptersAfter(article(), "http://novel.test/n1/3/")).toThrow(/no chapter/);
  });
});

describe("images", () => {
  it("lists the same site's images once, in order", () => {
    expect(sameSiteImages(article(), new DOMParser())).toEqual(
      [1, 2, 3].map((n) => `http://novel.test/img/${n}.png`),
    );
  });
  it("tells image types by their bytes", () => {
    expect(sniffImage(PNG)).toBe("image/png");
    expect(sniffImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImage(new TextEncoder().encode("<html>"))).toBeNull();
  });
  it("fetches one at a time and leaves out failures and non-images", async () => {
    let open = 0;
    let most = 0;
    const got = await fetchImages(["a", "b", "c"], async (u) => {
      open++;
      most = Math.max(most, open);
      await new Promise((r) => setTimeout(r, 5));
      open--;
      if (u === "b") throw new Error("404");
      return u === "a" ? PNG : new TextEncoder().encode("<html>");
    });
    expect(most).toBe(1);
    expect(got.map((g) => g.url)).toEqual(["a"]);
  });
});

describe("asBook and exportBook", () => {
  it("names the work and each chapter from the chapters' titles", () => {
    const titles = article().pages.map((p) => p.heading as string);
    const book = asBook(article(), titles);
    expect(book.title).toBe("星の旅人");
    expect(book.siteName).toBe("小説の森");
    expect(book.pages.map((p) => p.heading)).toEqual(["第1話 t1", "第2話 t2", "第3話 t3"]);
  });
  it("takes the title's own part where a heading holds the whole title with words around it", () => {
    const a = article();
    a.pages = a.pages.map((p) => ({ ...p, heading: `Chapter ${p.number} · ${p.heading}` }));
    const titles = article().pages.map((p) => p.heading as string);
    expect(asBook(a, titles).pages.map((p) => p.heading)).toEqual([
      "第1話 t1",
      "第2話 t2",
      "第3話 t3",
    ]);
  });
  it("makes a base64 EPUB with the new chapters only", async () => {
    const file = await exportBook(
      article(),
      { after: "http://novel.test/n1/1/" },
      {
        fetchBytes: async () => PNG,
      },
    );
    expect(file.encoding).toBe("base64");
    expect(file.pages).toBe(2);
    const files = unzipSync(Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0)));
    const opf = strFromU8(files["OEBPS/content.opf"] as Uint8Array);
    expect(opf.match(/<itemref /g)).toHaveLength(2);
    expect(Object.keys(files).filter((f) => f.includes("images/"))).toHaveLength(2);
  });
});
