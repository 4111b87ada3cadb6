import { describe, expect, it } from "vitest";
import {
  askResume,
  continueAt,
  MAX_SERIAL_PLACES,
  parseSerialPlaces,
  rememberSerialPlace,
  type SerialPlace,
  workKey,
} from "./serial-place";

const place = (work: string, url: string, number: number, at: number): SerialPlace => ({
  work,
  url,
  number,
  title: `Chapter ${number}`,
  fraction: 0.5,
  at,
});

describe("workKey", () => {
  it("names the work by its contents page, on the chapter's host", () => {
    const a = workKey(
      "https://ex.jp/n4821kq/1/",
      "https://ex.jp/n4821kq/",
      "第1話 旅立ち - 星の旅人",
    );
    const b = workKey(
      "https://ex.jp/n4821kq/3/",
      "https://ex.jp/n4821kq/",
      "第3話 港町 - 星の旅人",
    );
    expect(a).toBe("ex.jp /n4821kq/");
    expect(b).toBe(a);
  });

  it("falls back to the work id in the URL where the contents page is elsewhere or absent", () => {
    expect(workKey("https://kk.jp/works/11/episodes/82", null, "x")).toBe(
      "kk.jp /works/11/episodes/",
    );
    expect(workKey("https://kk.jp/works/11/episodes/82", "https://cdn.other/toc", "x")).toBe(
      "kk.jp /works/11/episodes/",
    );
  });

  it("falls back to the series title where the URL holds no id", () => {
    const one = workKey(
      "https://blog.ex/2024/03/building-part-1/",
      null,
      "Building a compiler, part 1 of 4 – Jane's notes",
    );
    const two = workKey(
      "https://blog.ex/2024/03/building-part-2/",
      null,
      "Building a compiler, part 2 of 4 – Jane's notes",
    );
    expect(one).toBe("blog.ex title:building a compiler");
    expect(two).toBe(one);
  });

  it("tells two works on one site apart, and names nothing on a bad URL", () => {
    expect(workKey("https://ex.jp/n1/1/", null, "")).not.toBe(
      workKey("https://ex.jp/n2/1/", null, ""),
    );
    expect(workKey("not a url", null, "Title")).toBeNull();
    expect(workKey("https://ex.jp/", null, "")).toBeNull();
  });
});

describe("rememberSerialPlace", () => {
  it("keeps one place per work, the newest winning", () => {
    let places: SerialPlace[] = [];
    places = rememberSerialPlace(places, place("w1", "https://e/w1/1", 1, 10));
    places = rememberSerialPlace(places, place("w2", "https://e/w2/4", 4, 20));
    places = rememberSerialPlace(places, place("w1", "https://e/w1/3", 3, 30));
    expect(places.map((p) => [p.work, p.number])).toEqual([
      ["w1", 3],
      ["w2", 4],
    ]);
  });

  it("is bounded: the least recently read work goes", () => {
    let places: SerialPlace[] = [];
    for (let i = 0; i <= MAX_SERIAL_PLACES; i++)
      places = rememberSerialPlace(places, place(`w${i}`, `https://e/w${i}/1`, 1, i));
    expect(places).toHaveLength(MAX_SERIAL_PLACES);
    expect(places.some((p) => p.work === "w0")).toBe(false);
    expect(places[0]?.work).toBe(`w${MAX_SERIAL_PLACES}`);
  });
});

describe("parseSerialPlaces", () => {
  it("drops malformed entries", () => {
    const good = place("w", "https://e/w/1", 1, 1);
    expect(parseSerialPlaces([good, { work: "w" }, null, 3])).toEqual([good]);
    expect(parseSerialPlaces("x")).toEqual([]);
  });
});

describe("continueAt", () => {
  const places = [
    place("e.jp /n1/", "https://e.jp/n1/3/", 3, 30),
    place("e.jp /n2/", "https://e.jp/n2/7/", 7, 40),
    place("o.jp /n1/", "https://o.jp/n1/9/", 9, 50),
  ];

  it("offers the place of the page's own work", () => {
    expect(continueAt(places, "https://e.jp/n1/1/", "e.jp /n1/", [])?.number).toBe(3);
  });

  it("offers on the work's index the chapter it links to", () => {
    const links = ["https://e.jp/n1/1/", "https://e.jp/n1/2/", "https://e.jp/n1/3/"];
    expect(continueAt(places, "https://e.jp/n1/", null, links)?.number).toBe(3);
  });

  it("offers nothing on the chapter itself, on a page that does not link to it, or on another host", () => {
    expect(continueAt(places, "https://e.jp/n1/3/", "e.jp /n1/", [])).toBeNull();
    expect(continueAt(places, "https://e.jp/about", null, ["https://e.jp/"])).toBeNull();
    expect(continueAt(places, "https://x.jp/n1/1/", null, ["https://e.jp/n1/3/"])).toBeNull();
  });
});

describe("askResume", () => {
  it("marks only the place at the URL", () => {
    const places = [place("a", "https://e/a/3/", 3, 2), place("b", "https://e/b/5/", 5, 1)];
    const asked = askResume(places, "https://e/a/3");
    expect(asked.map((p) => p.resume === true)).toEqual([true, false]);
    expect(places[0]?.resume).toBeUndefined();
  });
});
