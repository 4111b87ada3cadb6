import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import {
  breadcrumbWork,
  chapterIndex,
  chapterTeaser,
  chapterWall,
  checkChapter,
  sameSeriesTitle,
  sameWork,
  titleParts,
  workPath,
} from "./same-work";

const doc = (html: string, title = "", head = "") =>
  new JSDOM(`<!doctype html><head><title>${title}</title>${head}</head><body>${html}</body>`).window
    .document;

describe("titleParts", () => {
  it("drops chapter markers and numbers, splits at separators", () => {
    expect(titleParts("第5話 旅立ち - 星の旅人 - 小説家になろう")).toEqual([
      "旅立ち",
      "星の旅人",
      "小説家になろう",
    ]);
    expect(titleParts("Building a compiler, part 2 of 5 – Jane's notes")).toEqual([
      "building a compiler",
      "jane's notes",
    ]);
  });
});

describe("sameSeriesTitle", () => {
  const site = '<meta property="og:site_name" content="Jane\'s notes">';
  it("shares the series title, not only the site's name", () => {
    const a = doc("", "Building a compiler, part 2 of 5 – Jane's notes", site);
    const b = doc("", "Building a compiler, part 3 of 5 – Jane's notes", site);
    const other = doc("", "Why I left my job – Jane's notes", site);
    expect(sameSeriesTitle(a, b)).toBe(true);
    expect(sameSeriesTitle(a, other)).toBe(false);
  });
  it("needs two shared parts where the site says no name", () => {
    const a = doc("", "第5話 旅立ち - 星の旅人 - 小説家になろう");
    const b = doc("", "第6話 港町 - 星の旅人 - 小説家になろう");
    const other = doc("", "第1話 はじまり - 別の物語 - 小説家になろう");
    expect(sameSeriesTitle(a, b)).toBe(true);
    expect(sameSeriesTitle(a, other)).toBe(false);
  });
});

describe("workPath", () => {
  it("keeps the work's id, not a date or a bare section", () => {
    expect(workPath("https://s.test/n1234ab/5/")).toBe("/n1234ab/");
    expect(workPath("https://s.test/works/1177/episodes/82")).toBe("/works/1177/episodes/");
    expect(workPath("https://s.test/comic/the-big-day/")).toBeNull();
    expect(workPath("https://s.test/2024/05/essay/")).toBeNull();
  });
});

describe("breadcrumbWork", () => {
  it("reads the work, not the chapter", () => {
    const d = doc(
      `<nav aria-label="breadcrumb"><ol><li>Home</li><li>Star Walker</li><li>Chapter 5</li></ol></nav>`,
    );
    expect(breadcrumbWork(d)).toBe("star walker");
  });
});

describe("sameWork", () => {
  const chapter = (toc: string, title: string) =>
    doc(`<h1>${title}</h1><a href="${toc}">目录</a><a href="/next">下一章</a>`, title);
  it("compares the contents pages when both link to one", () => {
    const a = {
      doc: chapter("/book/1/", "第五章 风起_山河"),
      url: "https://s.test/book/1/50.html",
    };
    const b = {
      doc: chapter("/book/1/", "第六章 云涌_山河"),
      url: "https://s.test/book/1/51.html",
    };
    const c = {
      doc: chapter("/book/2/", "第六章 云涌_山河"),
      url: "https://s.test/book/1/51.html",
    };
    expect(sameWork(a, b)).toBe(true);
    // Another contents page is another work, whatever the title and URL share.
    expect(sameWork(a, c)).toBe(false);
  });
  it("falls back on the work id in the URL", () => {
    const a = { doc: doc("", "A"), url: "https://s.test/works/11/episodes/5" };
    const b = { doc: doc("", "B"), url: "https://s.test/works/11/episodes/93" };
    const c = { doc: doc("", "C"), url: "https://s.test/works/12/episodes/93" };
    expect(sameWork(a, b)).toBe(true);
    expect(sameWork(a, c)).toBe(false);
  });
});

describe("chapterWall", () => {
  it("finds a login form and an age gate", () => {
    expect(chapterWall(doc(`<form><input type="password"></form>`))).toBe(true);
    expect(chapterWall(doc(`<p>この作品は18歳以上の方のみ閲覧できます。</p>`))).toBe(true);
    expect(chapterWall(doc(`<p>A long chapter about walls and gates.</p>`))).toBe(false);
  });
});

describe("chapterIndex", () => {
  it("reads a contents page as an index, a chapter as none", () => {
    const links = Array.from({ length: 8 }, (_, i) => `<a href="/n1/${i + 1}/">第${i + 1}話</a>`);
    const index = doc(`<h1>星の旅人</h1>${links.join("")}`);
    const chapter = doc(`<h1>第6話 港町</h1>${links.join("")}<a href="/n1/7/">次へ</a>`);
    expect(chapterIndex({ doc: index, url: "https://s.test/n1/" })).toBe(true);
    expect(chapterIndex({ doc: chapter, url: "https://s.test/n1/6/" })).toBe(false);
  });
});

describe("chapterTeaser", () => {
  const text = (n: number) =>
    doc(`<div id="c">${"word ".repeat(n)}</div>`).getElementById("c") as Element;
  it("reads a few lines after a long chapter as a teaser", () => {
    expect(chapterTeaser([text(1000)], [text(40)])).toBe(true);
    expect(chapterTeaser([text(1000)], [text(900)])).toBe(false);
  });
  it("never reads an image page as a teaser", () => {
    const img = doc(`<div id="c"><img src="/p.png"></div>`).getElementById("c") as Element;
    expect(chapterTeaser([text(1000)], [img])).toBe(false);
  });
});

describe("checkChapter", () => {
  it("names the first reason in the reader's order", () => {
    const p1 = doc(
      `<h1>第5話</h1><div id="c">${"字".repeat(3000)}</div><a href="/n1/">目次</a>`,
      "第5話 - 星の旅人 - なろう",
    );
    const wall = doc(`<form><input type="password"></form>`);
    const e1 = [p1.getElementById("c") as Element];
    const page1 = { doc: p1, url: "https://s.test/n1/5/", elements: e1 };
    expect(checkChapter(page1, { doc: wall, url: "https://s.test/login", elements: [] })).toBe(
      "wall",
    );
    const p2 = doc(
      `<h1>第6話</h1><div id="c">${"字".repeat(3000)}</div><a href="/n1/">目次</a>`,
      "第6話 - 星の旅人 - なろう",
    );
    expect(
      checkChapter(page1, {
        doc: p2,
        url: "https://s.test/n1/6/",
        elements: [p2.getElementById("c") as Element],
      }),
    ).toBeNull();
  });
});
