import { describe, expect, it } from "vitest";
import {
  addCorrection,
  type Correction,
  correctionRefuses,
  correctionsFor,
  correctionsUndone,
  forgetCorrections,
  MAX_CORRECTIONS,
  parseCorrections,
  removeCorrection,
  urlPatternOf,
} from "./corrections";

const c = (over: Partial<Correction> = {}): Correction => ({
  site: "ex.com",
  nextLink: '//a[@rel="next"]',
  urlPattern: urlPatternOf("https://ex.com/story-12.html?p=2#c"),
  url: "https://ex.com/story-12.html?p=2",
  at: 1000,
  ...over,
});

describe("urlPatternOf", () => {
  it("generalises the digit runs of the path and query, not the origin", () => {
    const p = urlPatternOf("http://127.0.0.1:8080/story-12.html?p=2#c");
    expect(p).toBe("^http://127\\.0\\.0\\.1:8080/story-\\d+\\.html\\?p=\\d+$");
    const re = new RegExp(p);
    expect(re.test("http://127.0.0.1:8080/story-13.html?p=3")).toBe(true);
    expect(re.test("http://127.0.0.1:8080/story-13.html?p=3&x=1")).toBe(false);
    expect(re.test("http://127.0.0.1:9090/story-13.html?p=3")).toBe(false);
  });
});

describe("the correction store", () => {
  it("adds a correction, newest first, replacing one that refuses the same thing", () => {
    const one = c();
    const two = c({ site: "ex.org", at: 2000 });
    const again = c({ at: 3000 });
    expect(addCorrection(addCorrection(addCorrection([], one), two), again)).toEqual([again, two]);
    const many = Array.from({ length: MAX_CORRECTIONS + 5 }, (_, i) =>
      c({ urlPattern: `^https://ex\\.com/${i}$` }),
    ).reduce<Correction[]>((list, x) => addCorrection(list, x), []);
    expect(many).toHaveLength(MAX_CORRECTIONS);
  });

  it("matches a candidate by the XPath's choice or by the URL's shape", () => {
    const one = c();
    expect(correctionRefuses(one, "https://ex.com/other", true)).toBe(true);
    expect(correctionRefuses(one, "https://ex.com/story-13.html?p=3", false)).toBe(true);
    expect(correctionRefuses(one, "https://ex.com/story-13.html?page=3", false)).toBe(false);
    expect(correctionRefuses(one, "https://ex.com/story-13.html?p=3#top", false)).toBe(true);
  });

  it("lists, forgets and removes a site's corrections", () => {
    const one = c();
    const two = c({ site: "ex.org" });
    const three = c({ nextLink: null });
    const list = [one, two, three];
    expect(correctionsFor(list, "ex.com")).toEqual([one, three]);
    expect(forgetCorrections(list, "ex.com")).toEqual([two]);
    expect(removeCorrection(list, three)).toEqual([one, two]);
  });

  it("reads what is stored, dropping malformed entries", () => {
    const ok = c();
    const stored = [ok, { ...ok, urlPattern: "(" }, { ...ok, at: "x" }, null, "x", { site: "a" }];
    expect(parseCorrections(stored)).toEqual([ok]);
    expect(parseCorrections(undefined)).toEqual([]);
  });
});

describe("correctionsUndone", () => {
  it("says when one of the site's corrections was taken back, not when one was added", () => {
    const mine = c();
    const other = c({ site: "other.com" });
    const list = [mine, other];
    expect(correctionsUndone(list, forgetCorrections(list, "ex.com"), "ex.com")).toBe(true);
    expect(correctionsUndone(list, removeCorrection(list, mine), "ex.com")).toBe(true);
    expect(correctionsUndone(list, undefined, "ex.com")).toBe(true);
    // Another site's correction removed, one added, a date renewed: nothing undone here.
    expect(correctionsUndone(list, [mine], "ex.com")).toBe(false);
    expect(correctionsUndone([other], list, "ex.com")).toBe(false);
    expect(correctionsUndone(list, addCorrection(list, c({ at: 2000 })), "ex.com")).toBe(false);
    expect(correctionsUndone(undefined, list, "ex.com")).toBe(false);
  });
});
