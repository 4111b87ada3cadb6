// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { pageShingles, REPEAT_SHARE, ShownText } from "./repeat-check";

const el = (text: string) => {
  const d = document.createElement("div");
  d.textContent = text;
  return d;
};
const words = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `word${from + i}`).join(" ");

describe("ShownText", () => {
  it("calls a page that repeats a shown one with a new timestamp a repeat", () => {
    const shown = new ShownText();
    shown.add(pageShingles([el(`${words(0, 200)} updated 10:01`)]));
    expect(shown.repeatShare(pageShingles([el(`${words(0, 200)} updated 10:02`)]))).toBeGreaterThan(
      REPEAT_SHARE,
    );
  });

  it("lets through a page that shares only a few pinned items", () => {
    const shown = new ShownText();
    shown.add(pageShingles([el(words(0, 200))]));
    expect(
      shown.repeatShare(pageShingles([el(`${words(0, 30)} ${words(1000, 200)}`)])),
    ).toBeLessThan(0.3);
  });

  it("does not judge pages with too little text", () => {
    const shown = new ShownText();
    shown.add(pageShingles([el("a b c d e")]));
    expect(shown.repeatShare(pageShingles([el("a b c d e")]))).toBe(0);
  });
});
