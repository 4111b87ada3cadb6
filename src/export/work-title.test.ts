import { describe, expect, it } from "vitest";
import { workTitles } from "./work-title";

describe("workTitles", () => {
  it("tells chapter, work and site apart in 'chapter - work - site'", () => {
    const t = workTitles([
      "第1話 旅立ち - 星の旅人 - 小説の森",
      "第2話 港町 - 星の旅人 - 小説の森",
    ]);
    expect(t).toEqual({
      work: "星の旅人",
      site: "小説の森",
      chapters: ["第1話 旅立ち", "第2話 港町"],
    });
  });
  it("divides at '_' as Chinese novel sites write titles", () => {
    const t = workTitles(["第一章 风起_山河志_书屋网", "第二章 风起_山河志_书屋网"]);
    expect(t.work).toBe("山河志");
    expect(t.site).toBe("书屋网");
  });
  it("takes a series' shared words as the work when only the site is shared", () => {
    const t = workTitles(
      [
        "Building a compiler, part 1 of 4 – Jane's notes",
        "Building a compiler, part 2 of 4 – Jane's notes",
      ],
      { siteName: "Jane's notes" },
    );
    expect(t.work).toBe("Building a compiler");
    expect(t.site).toBe("Jane's notes");
  });
  it("takes the site as the work when chapters share nothing else (a webcomic)", () => {
    const t = workTitles(["The Lighthouse – Harbor Lights", "Storm Warning – Harbor Lights"]);
    expect(t.work).toBe("Harbor Lights");
    expect(t.chapters).toEqual(["The Lighthouse", "Storm Warning"]);
  });
  it("tells nothing from one title", () => {
    expect(workTitles(["Only one - Site"])).toEqual({
      work: null,
      site: null,
      chapters: ["Only one - Site"],
    });
  });
});
