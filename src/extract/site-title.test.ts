import { describe, expect, it } from "vitest";
import { siteAndTitle, titleSegments } from "./site-title";

describe("site name vs title (seed 004)", () => {
  it("case (1): the shared part of sibling titles is the site name", () => {
    expect(
      siteAndTitle("日本抗加齢医学会 | アンチエイジングとは", "日本抗加齢医学会 | 会員の皆様へ"),
    ).toEqual({
      siteName: "日本抗加齢医学会",
      title: "アンチエイジングとは",
      source: "sibling",
    });
    expect(siteAndTitle("Review: Part 1 - The Site", "Review: Part 2 - The Site")).toMatchObject({
      siteName: "The Site",
      title: "Review: Part 1",
    });
  });
  it("pages of one article differing by a page marker count as equal (case 2)", () => {
    const r = siteAndTitle("Lion review | Ars Technica", "Lion review - Page 2 | Ars Technica", {
      host: "arstechnica.com",
    });
    expect(r).toEqual({ siteName: "Ars Technica", title: "Lion review", source: "single" });
  });
  it("case (2)/(3) without hints keeps the whole title, delimiters as written", () => {
    expect(siteAndTitle("Mac OS X 10.7 Lion: the review", null)).toEqual({
      siteName: null,
      title: "Mac OS X 10.7 Lion: the review",
      source: "single",
    });
    expect(siteAndTitle("A Story", null, { siteName: "Example News" })).toEqual({
      siteName: null,
      title: "A Story",
      source: "single",
    });
    expect(siteAndTitle("Example News — Story", null, { siteName: "Example News" })).toMatchObject({
      siteName: "Example News",
      title: "Story",
    });
  });
  it("case (2) with the page's heading: the matching end run is the title", () => {
    expect(
      siteAndTitle("Lion review | Example Site", "Lion review - Page 2 | Example Site", {
        heading: " Lion  review ",
      }),
    ).toEqual({
      title: "Lion review",
      siteName: "Example Site",
      source: "single",
    });
    expect(
      siteAndTitle("Example Site - Lion review", null, { heading: "Lion review" }),
    ).toMatchObject({
      title: "Lion review",
      siteName: "Example Site",
    });
  });
  it("segments drop page markers", () => {
    expect(titleSegments("Story (2/5) | Site").map((s) => s.text)).toEqual(["Story", "Site"]);
    expect(titleSegments("記事 - 2ページ目 - サイト").map((s) => s.text)).toEqual([
      "記事",
      "サイト",
    ]);
  });
});
