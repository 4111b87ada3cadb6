import { describe, expect, it } from "vitest";
import { leavesSequence, stepParameter } from "./sequence-bounds";

describe("leavesSequence", () => {
  it("says a post's link into its board's list leaves the post's sequence", () => {
    expect(
      leavesSequence(
        "https://b.test/board/read.php?id=5678",
        "https://b.test/board/list.php?page=16",
      ),
    ).toBe(true);
  });

  it("says page 2 of one filtered category leaves the unfiltered list", () => {
    expect(
      leavesSequence(
        "https://s.test/goods/list.asp",
        "https://s.test/goods/list.asp?type_id2=34&Page=2",
      ),
    ).toBe(true);
  });

  it("keeps the pages of one list: page words, locale prefixes, trackers and the pager's own key", () => {
    const stays: [string, string, string?][] = [
      ["https://a.test/tag/tea/", "https://a.test/tag/tea/page/2/"],
      ["https://a.test/forum/", "https://a.test/forum/index.php?page=2"],
      ["https://a.test/s?k=tea", "https://a.test/-/en/s?k=tea&page=2&qid=1610515373&ref=sr_pg_2"],
      ["https://a.test/browse/N-1234", "https://a.test/browse/N-1234?Nao=20", "Nao"],
      ["https://a.test/list?cat=5", "https://a.test/list?cat=5&start=20"],
      // A redirect counter and a session id beside the page parameter: the same sequence.
      ["https://a.test/story.html", "https://a.test/story.html?pagewanted=3&_r=1"],
      ["https://a.test/list?page=1", "https://a.test/list?page=2&PHPSESSID=abc123"],
    ];
    for (const [page, link, key] of stays)
      expect(leavesSequence(page, link, key), link).toBe(false);
    // Without the pager's structure naming it, an unknown parameter is a filter.
    expect(
      leavesSequence("https://a.test/browse/N-1234", "https://a.test/browse/N-1234?Nao=20"),
    ).toBe(true);
  });
});

describe("stepParameter", () => {
  it("names the one parameter a link adds or changes", () => {
    expect(stepParameter("https://s.test/cars/honda", "https://s.test/cars/honda?o=2")).toBe("o");
    expect(stepParameter("https://s.test/l?c=1&p=2", "https://s.test/l?p=3&c=1")).toBe("p");
    expect(stepParameter("https://s.test/l?c=1", "https://s.test/l?c=2&p=2")).toBeUndefined();
    expect(stepParameter("https://s.test/a", "https://s.test/b?o=2")).toBeUndefined();
  });
});
