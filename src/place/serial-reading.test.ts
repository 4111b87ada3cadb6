import { describe, expect, it } from "vitest";
import { chapterAtLine } from "./serial-reading";

const first = { url: "https://e/n1/1/", top: -100 };
const starts = [
  { top: 300, url: "https://e/n1/2/", label: "第2話 港町" },
  { top: 1300, url: "https://e/n1/3/" },
];

describe("chapterAtLine", () => {
  it("reads page 1 above the first joined chapter, with the line's share of it", () => {
    // Page 1 runs from -100 to 300: the line at 100 is half way.
    expect(chapterAtLine(starts, 100, first, 2300)).toEqual({
      page: 1,
      url: first.url,
      fraction: 0.5,
    });
  });

  it("reads the joined chapter whose start is at or above the line, with its label", () => {
    expect(chapterAtLine(starts, 300, first, 2300)).toEqual({
      page: 2,
      url: "https://e/n1/2/",
      label: "第2話 港町",
      fraction: 0,
    });
    // The last chapter ends at the document's end.
    const last = chapterAtLine(starts, 1550, first, 2300);
    expect([last.page, last.url, last.fraction]).toEqual([3, "https://e/n1/3/", 0.25]);
  });

  it("clamps the fraction where the line is past the end", () => {
    expect(chapterAtLine(starts, 5000, first, 2300).fraction).toBe(1);
  });
});
