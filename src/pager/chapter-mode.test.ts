import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import en from "../../public/_locales/en/messages.json" with { type: "json" };
import ja from "../../public/_locales/ja/messages.json" with { type: "json" };
import { type Catalogue, catalogueMessages as catalogue } from "../cli/locale";
import { readSerial } from "../features/serial";
import {
  chapterHooks,
  chapterLabel,
  chapterStart,
  chapterWords,
  ENGLISH_CHAPTER,
} from "./chapter-mode";

const chapterDoc = (n: number, work = "星の旅人", heading = true) =>
  new JSDOM(
    `<!doctype html><title>第${n}話 - ${work} - なろう</title><body>${heading ? `<h1>第${n}話 港町</h1>` : ""}<div id="c">${"字".repeat(2000)}</div><a href="/n1/">目次</a><a href="/n1/${n + 1}/">次へ</a></body>`,
    { url: `https://s.test/n1/${n}/` },
  ).window.document;

describe("chapterLabel", () => {
  it("takes the site's own chapter heading", () => {
    const doc = chapterDoc(6);
    expect(chapterLabel({ number: 2, doc, url: doc.URL, elements: [] }, 5, ENGLISH_CHAPTER)).toBe(
      "第6話 港町",
    );
  });
  it("counts from page 1's chapter where the page has no heading naming one", () => {
    const doc = new JSDOM(`<title>The harbour</title>`).window.document;
    expect(
      chapterLabel({ number: 3, doc, url: "https://s.test/c", elements: [] }, 5, ENGLISH_CHAPTER),
    ).toBe("Chapter 7 · The harbour");
    expect(
      chapterLabel(
        { number: 2, doc, url: "https://s.test/c", elements: [] },
        null,
        ENGLISH_CHAPTER,
      ),
    ).toBe("Chapter 2 · The harbour");
  });
  it("words it from the catalogue, English where a message is missing", () => {
    const ja = chapterWords((k, s) =>
      k === "chapterHeading" ? `第 ${s?.[0]} 話 · ${s?.[1]}` : "",
    );
    expect(ja.chapter(3, "港町")).toBe("第 3 話 · 港町");
    expect(ja.chapter(3, "")).toBe("Chapter 3");
  });
});

describe("the chapter words of the catalogues", () => {
  it("English and Japanese say the chapter and its title", () => {
    const english = chapterWords(catalogue(en as Catalogue));
    expect(english.chapter(6, "The harbour")).toBe("Chapter 6 · The harbour");
    expect(english.chapter(6, "")).toBe("Chapter 6");
    const japanese = chapterWords(catalogue(ja as Catalogue));
    expect(japanese.chapter(6, "港町")).toBe("第 6 話 · 港町");
    expect(japanese.chapter(6, "")).toBe("第 6 話");
    expect((en as Catalogue).popupModeChapters?.message).toBe("Join the next chapter");
    expect((ja as Catalogue).popupModeChapters?.message).toMatch(/[ぁ-んァ-ン一-龯]/);
  });
});

describe("chapterHooks", () => {
  const page1 = chapterDoc(5);
  const serial = readSerial(page1, page1.URL);
  if (!serial) throw new Error("page 1 reads as no chapter");
  const elements = [page1.getElementById("c") as Element];
  const hooks = chapterHooks({ doc: page1, url: page1.URL, elements }, serial);
  it("joins the same work's next chapter and follows its next-chapter link", () => {
    const next = chapterDoc(6);
    const page = {
      number: 2,
      doc: next,
      url: next.URL,
      elements: [next.getElementById("c") as Element],
    };
    expect(hooks.checkPage(page)).toBeNull();
    expect(hooks.nextUrl(page, "https://s.test/elsewhere")).toBe("https://s.test/n1/7/");
  });
  it("stops on another work with its reason", () => {
    const other = new JSDOM(
      `<title>第1話 - 別の物語 - なろう</title><h1>第1話</h1><div id="c">${"字".repeat(2000)}</div><a href="/n2/">目次</a>`,
      { url: "https://s.test/n2/1/" },
    ).window.document;
    const page = {
      number: 2,
      doc: other,
      url: other.URL,
      elements: [other.getElementById("c") as Element],
    };
    expect(hooks.checkPage(page)).toEqual({ kind: "other-work", url: "https://s.test/n2/1/" });
  });
  it("ends where the chapter has no next-chapter link", () => {
    const last = new JSDOM(`<title>第9話</title><h1>第9話</h1><a href="/n1/">目次</a>`, {
      url: "https://s.test/n1/9/",
    }).window.document;
    expect(
      hooks.nextUrl({ number: 5, doc: last, url: last.URL, elements: [] }, "https://s.test/x"),
    ).toBeNull();
  });
});

describe("chapterStart", () => {
  it("starts from the next-chapter link, with a rule learned from it", () => {
    const doc = chapterDoc(5);
    const serial = readSerial(doc, doc.URL);
    if (!serial) throw new Error("no serial");
    const c = doc.getElementById("c") as Element;
    const start = chapterStart(doc.URL, serial, [c], ["id('c')"], 3);
    expect(start?.nextUrl).toBe("https://s.test/n1/6/");
    expect(start?.rule?.nextLink).toBeTruthy();
    expect(start?.confirm).toBeUndefined();
    expect(chapterStart(doc.URL, serial, [], [], 3)).toBeNull();
  });
});
