import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import {
  chapterHeading,
  chapterNumber,
  nextChapterLink,
  nextChapterMarkup,
  nextChapterUrl,
  nextChapterWords,
  numberStepOnly,
  parseChapterNumber,
  previousWords,
  readSerial,
  tocLink,
  tocUrl,
} from "./serial";

const page = (html: string, title = "") =>
  new JSDOM(`<!doctype html><title>${title}</title><body>${html}</body>`).window.document;

describe("parseChapterNumber", () => {
  it("reads ASCII, full-width and kanji numerals", () => {
    expect(parseChapterNumber("12")).toBe(12);
    expect(parseChapterNumber("１２")).toBe(12);
    expect(parseChapterNumber("十二")).toBe(12);
    expect(parseChapterNumber("三百五")).toBe(305);
    expect(parseChapterNumber("一〇五")).toBe(105);
    expect(parseChapterNumber("abc")).toBeNull();
  });
});

describe("chapterNumber", () => {
  it("finds the chapter markers of the serial sites", () => {
    expect(chapterNumber("第5話 旅立ち - 星の旅人")).toBe(5);
    expect(chapterNumber("第十二章 风起")).toBe(12);
    expect(chapterNumber("12화 - 웹소설")).toBe(12);
    expect(chapterNumber("Chapter 7: The Gate")).toBe(7);
    expect(chapterNumber("Building a compiler, part 2 of 5")).toBe(2);
    expect(chapterNumber("Episode 31")).toBe(31);
  });
  it("names no chapter in a news headline, a post or a product", () => {
    expect(chapterNumber("Markets fall as rates rise")).toBeNull();
    expect(chapterNumber("10 tips for better sleep")).toBeNull();
    expect(chapterNumber("Blue mug, 350 ml")).toBeNull();
    expect(chapterNumber("Page 2 of 5")).toBeNull();
  });
});

describe("nextChapterWords / previousWords", () => {
  it("reads the next-chapter words", () => {
    for (const w of ["次の話", "次へ >>", "下一章", "다음화", "Next chapter", "Next Episode »"])
      expect(nextChapterWords(w)).toBe(true);
  });
  it("does not read a next post, story or product as a chapter", () => {
    for (const w of ["Next post", "Next story", "Next product", "Next »", "下一页"])
      expect(nextChapterWords(w)).toBe(false);
  });
  it("reads links back", () => {
    expect(previousWords("上一章")).toBe(true);
    expect(previousWords("« Previous chapter")).toBe(true);
    expect(previousWords("下一章")).toBe(false);
  });
});

describe("nextChapterMarkup", () => {
  it("finds comic-nav-next and nextEpisode on the link or its wrapper", () => {
    const d = page(
      `<a id="a" class="comic-nav-base comic-nav-next" href="/c/2">›</a><div id="contentMain-nextEpisode"><a id="b" href="/e/9">x</a></div><div class="nav-next"><a id="c" href="/p">Next</a></div>`,
    );
    expect(nextChapterMarkup(d.getElementById("a") as Element)).toBe(true);
    expect(nextChapterMarkup(d.getElementById("b") as Element)).toBe(true);
    expect(nextChapterMarkup(d.getElementById("c") as Element)).toBe(false);
  });
});

describe("tocLink / tocUrl", () => {
  it("finds 目次, 目录 and Table of contents", () => {
    const d = page(
      `<a id="a" href="/n1/">目次</a><a id="b" href="/b/">【目录】</a><a id="c" href="/x">Home</a>`,
    );
    expect(tocLink(d.getElementById("a") as Element, "目次")).toBe(true);
    expect(tocLink(d.getElementById("b") as Element, "【目录】")).toBe(true);
    expect(tocLink(d.getElementById("c") as Element, "Home")).toBe(false);
  });
  it("returns the contents URL", () => {
    const d = page(`<a href="/x">Home</a><a href="/n1/">目次</a>`);
    expect(tocUrl(d, "https://s.test/n1/5/")).toBe("https://s.test/n1/");
  });
});

describe("chapterHeading", () => {
  it("prefers the page's heading over its title", () => {
    const d = page(`<h1>Site</h1><h2>第5話 旅立ち</h2>`, "星の旅人 - 小説");
    expect(chapterHeading(d)).toEqual({ text: "第5話 旅立ち", number: 5 });
  });
});

describe("nextChapterLink", () => {
  it("takes the marked link over a worded one, never a link back", () => {
    const d = page(
      `<a href="/c/1">« Previous chapter</a><a href="/c/3">Next chapter</a><span class="comic-nav-next"><a href="/c/4">›</a></span>`,
    );
    expect(nextChapterLink(d, "https://s.test/c/2", 2)?.url).toBe("https://s.test/c/4");
  });
  it("reads a link naming the chapter after this one", () => {
    const d = page(`<a href="/p1">Part 1</a><a href="/p3">Part 3: Parsing</a>`);
    expect(nextChapterLink(d, "https://s.test/p2", 2)?.url).toBe("https://s.test/p3");
    expect(nextChapterLink(d, "https://s.test/p2", null)).toBeNull();
  });
  it("ignores other sites' links", () => {
    const d = page(`<a href="https://other.test/c/3">下一章</a>`);
    expect(nextChapterLink(d, "https://s.test/c/2", 2)).toBeNull();
  });
});

describe("readSerial", () => {
  it("reads a novel chapter: number, contents and next link", () => {
    const d = page(
      `<h1>第5話 旅立ち</h1><div class="novel_bn"><a href="/n1/4/">前へ</a><a href="/n1/">目次</a><a href="/n1/6/">次へ</a></div>`,
    );
    const s = readSerial(d, "https://s.test/n1/5/");
    expect(s).toMatchObject({ chapter: 5, toc: "https://s.test/n1/" });
    expect(s?.next.url).toBe("https://s.test/n1/6/");
  });
  it("reads a webcomic by its comic-nav-next alone", () => {
    const d = page(
      `<h1>The big day</h1><a class="comic-nav-next" href="/comic/next-one/">Next</a>`,
    );
    expect(readSerial(d, "https://s.test/comic/the-big-day/")?.next.url).toBe(
      "https://s.test/comic/next-one/",
    );
  });
  it("reads no serial in a blog post, a news story or a product", () => {
    const blog = page(
      `<h1>10 tips for better sleep</h1><div class="nav-next"><a href="/b/next/">Next post: Why we nap</a></div><a href="/archive/">Archive</a>`,
    );
    const news = page(`<h1>Markets fall</h1><a class="next-story" href="/n/2">Next story</a>`);
    const shop = page(`<h1>Blue mug</h1><a href="/p/2">Next product</a><a href="/shop">Index</a>`);
    expect(readSerial(blog, "https://s.test/b/tips/")).toBeNull();
    expect(readSerial(news, "https://s.test/n/1")).toBeNull();
    expect(readSerial(shop, "https://s.test/p/1")).toBeNull();
  });
  it("reads a 下一章 that leads back to the contents as the serial's end", () => {
    const d = page(
      `<h1>第九章</h1><a href="/b/8.html">上一章</a><a href="/b/">目录</a><a href="/b/">下一章</a>`,
    );
    expect(readSerial(d, "https://s.test/b/9.html")).toBeNull();
    expect(nextChapterUrl(d, "https://s.test/b/9.html")).toBeNull();
    const on = page(`<h1>第八章</h1><a href="/b/">目录</a><a href="/b/9.html">下一章</a>`);
    expect(nextChapterUrl(on, "https://s.test/b/8.html")).toBe("https://s.test/b/9.html");
  });
  it("says when a part number is the only sign, as multi-page articles name their pages", () => {
    const part = page(`<h1>A walk around town, part 1</h1><a href="/series/2">Next part ›</a>`);
    expect(readSerial(part, "https://s.test/series/1")?.partOnly).toBe(true);
    const toc = page(
      `<h1>Essay, part 1</h1><a href="/essay/">Contents</a><a href="/e/2">Next part</a>`,
    );
    expect(readSerial(toc, "https://s.test/e/1")?.partOnly).toBe(false);
    const novel = page(`<h1>Chapter 3, part 1</h1><a href="/c/3b">Next part</a>`);
    expect(readSerial(novel, "https://s.test/c/3a")?.partOnly).toBe(false);
  });
  it("numberStepOnly: one number one up, nothing else changed", () => {
    expect(numberStepOnly("https://s.test/series/1", "https://s.test/series/2")).toBe(true);
    expect(
      numberStepOnly(
        "https://s.test/2024/03/compiler-part-1/",
        "https://s.test/2024/04/compiler-part-2/",
      ),
    ).toBe(false);
    expect(numberStepOnly("https://s.test/series/1", "https://s.test/series/3")).toBe(false);
    expect(numberStepOnly("https://s.test/a/1", "https://s.test/b/2")).toBe(false);
  });
  it("reads no serial in a list pager's 次へ on a page naming no chapter", () => {
    const d = page(`<h1>検索結果</h1><a href="?page=2">次へ</a>`);
    expect(readSerial(d, "https://s.test/search?q=a")).toBeNull();
  });
});
