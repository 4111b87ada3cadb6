import { describe, expect, it } from "vitest";
import { leavesSequence, offsetName, ordersOrSizes, stepParameter } from "./sequence-bounds";

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

describe("ordersOrSizes", () => {
  it("reads a list's order and page size, not its filters", () => {
    for (const k of [
      "order",
      "sort",
      "sortBy",
      "sort_order",
      "orderby",
      "dir",
      "perpage",
      "per_page",
      "itemsPerPage",
      "pageSize",
      "limit",
      "max-results",
      "ipp",
      "by-date",
      "pageview",
      "view",
    ])
      expect(ordersOrSizes(k), k).toBe(true);
    for (const k of [
      "cat",
      "type_id2",
      "q",
      "tag",
      "f",
      "forum",
      "brand",
      "border",
      "sorting_id",
      "period",
      "paper",
      "type",
      "size",
    ])
      expect(ordersOrSizes(k), k).toBe(false);
  });
});

describe("offsetName", () => {
  it("reads an item offset however it is spelled, not a date or an identifier", () => {
    for (const k of [
      "startIndex",
      "start_index",
      "fh_start_index",
      "firstResult",
      "beginRow",
      "offset",
      "skip",
    ])
      expect(offsetName(k), k).toBe(true);
    for (const k of ["from_date", "startDate", "restart", "first_name", "index", "itemId"])
      expect(offsetName(k), k).toBe(false);
  });
});

describe("leavesSequence: the list's order and size, and a front page that is page 1", () => {
  it("keeps a pager link that writes the list's order and page size beside the page", () => {
    const stays: [string, string][] = [
      [
        "https://f.test/forumdisplay.php?f=415",
        "https://f.test/forumdisplay.php?f=415&page=2&order=desc",
      ],
      [
        "https://f.test/memberlist.php",
        "https://f.test/memberlist.php?sort=regdate&order=ascending&perpage=20&page=2",
      ],
      ["https://s.test/detail.html", "https://s.test/detail.html?page=2&pageSize=32"],
      // Blogger's later pages: the cursor moves, the size, offset and order are written out.
      [
        "https://b.test/search?updated-max=2016-03-18T11:07:00-05:00&max-results=1",
        "https://b.test/search?updated-max=2016-03-18T10:07:00-05:00&max-results=1&start=1&by-date=false",
      ],
      [
        "https://j.test/search.jsp?redirect=band&pageview=list-view&perPage=12&startIndex=0",
        "https://j.test/search.jsp?pageview=list-view&perPage=12&redirect=band&startIndex=12&perPage=12",
      ],
    ];
    for (const [page, link] of stays) expect(leavesSequence(page, link), link).toBe(false);
    // The order beside a filter the page lacks is still another list.
    expect(
      leavesSequence("https://f.test/list.php", "https://f.test/list.php?cat=3&order=desc&page=2"),
    ).toBe(true);
  });

  it("reads the site's front page as page 1 of the list its link names as home", () => {
    const stays: [string, string][] = [
      ["https://m.test/", "https://m.test/royaltyfreemusic/page2"],
      ["https://c.test/", "https://c.test/home/index?page=2"],
      ["https://b.test/", "https://b.test/blog/page/2/"],
      [
        "https://h.test/",
        "https://h.test/search?updated-max=2016-03-18T11:07:00-05:00&max-results=1",
      ],
    ];
    for (const [page, link] of stays) expect(leavesSequence(page, link), link).toBe(false);
    const leaves: [string, string][] = [
      // A front page's link to a post, to a tag's first page, and a list page that is not
      // the front page.
      ["https://b.test/", "https://b.test/2019/05/a-post/"],
      ["https://b.test/", "https://b.test/tag/tea/"],
      ["https://b.test/about/", "https://b.test/blog/page/2/"],
    ];
    for (const [page, link] of leaves) expect(leavesSequence(page, link), link).toBe(true);
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
