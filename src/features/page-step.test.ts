import { describe, expect, it } from "vitest";
import { movesPageParam, otherDocument, pageStep, sameWords, urlWords } from "./page-step";

describe("pageStep", () => {
  it("steps when a page number changes or appears on the same URL", () => {
    expect(pageStep("http://s.test/a?page=2", "http://s.test/a?page=3")).toBe(true);
    expect(pageStep("http://s.test/story", "http://s.test/story/2")).toBe(true);
    expect(
      pageStep("http://s.test/forum/thread-88-1.html", "http://s.test/forum/thread-88-2.html"),
    ).toBe(true);
    expect(pageStep("http://s.test/bbs/index17500.html", "http://s.test/bbs/index17499.html")).toBe(
      true,
    );
  });
  it("steps when the link adds only page words around a number", () => {
    expect(pageStep("http://s.test/categories/help", "http://s.test/categories/help/p2")).toBe(
      true,
    );
    expect(pageStep("http://s.test/Pokedex", "http://s.test/Pokedex-2")).toBe(true);
    expect(pageStep("http://s.test/forum/f26.html", "http://s.test/forum/f26-25.html")).toBe(true);
    expect(pageStep("http://s.test/comedy/", "http://s.test/comedy/index2.html")).toBe(true);
  });
  it("steps on a page, offset or cursor parameter whatever else changes", () => {
    expect(pageStep("http://s.test/list", "http://s.test/list?offset=20")).toBe(true);
    expect(pageStep("http://s.test/r/x", "http://s.test/r/x?after=t3_abc")).toBe(true);
    expect(
      pageStep(
        "http://s.test/a/reviews/1449?sort=new",
        "http://s.test/b/reviews/1449?pageNumber=2&sort=new",
      ),
    ).toBe(true);
  });
  it("takes no step to another slug under the same dates (a next post)", () => {
    expect(
      pageStep(
        "http://www.slate.com/blogs/weigel/2011/08/03/bachmann_vs_romney.html",
        "http://www.slate.com/content/slate/blogs/weigel/2011/08/03/the_narrowing_of_cpac.html",
      ),
    ).toBe(false);
    expect(pageStep("http://s.test/posts/hello-world", "http://s.test/posts/goodbye")).toBe(false);
  });
  it("takes no step to another date, another identifier or another section", () => {
    expect(pageStep("http://s.test/2024/05/03/a-post", "http://s.test/2024/05/04/a-post")).toBe(
      false,
    );
    expect(pageStep("http://s.test/events/2024/", "http://s.test/events/2025/")).toBe(false);
    expect(pageStep("http://s.test/news/123456", "http://s.test/news/123502")).toBe(false);
    expect(pageStep("http://s.test/shop/shoes", "http://s.test/shop/boots")).toBe(false);
    expect(pageStep("http://s.test/post/7-bread", "http://s.test/post/8-cake")).toBe(false);
    expect(pageStep("http://s.test/2012/10/a-post/", "http://s.test/?page_id=2")).toBe(false);
    expect(pageStep("http://s.test/", "http://s.test/?page_id=2")).toBe(false);
    expect(pageStep("http://s.test/t?topic_id=5", "http://s.test/t?topic_id=6")).toBe(false);
    // A page parameter beside an identifier still pages on.
    expect(pageStep("http://s.test/t?topic_id=5", "http://s.test/t?topic_id=5&page=2")).toBe(true);
  });
  it("takes no step to the same URL, or one that only drops words", () => {
    expect(pageStep("http://s.test/a/b", "http://s.test/a")).toBe(false);
    // The brand's list, not page 2 of the phone's page; the site's home page.
    expect(pageStep("http://s.test/shop/samsung/galaxy-s9", "http://s.test/shop/samsung/2")).toBe(
      false,
    );
    expect(pageStep("http://s.test/2012/08/09/some-story/", "http://s.test/")).toBe(false);
  });
  it("ignores a session parameter the link drops", () => {
    expect(
      pageStep("http://s.test/forum111/?s=6ef2dc8", "http://s.test/forum111/index2.html"),
    ).toBe(true);
  });
  it("reads pageID as a page number and TripAdvisor's -or10- as an offset", () => {
    expect(
      pageStep("http://s.test/index?mode=list", "http://s.test/index?mode=list&pageID=2"),
    ).toBe(true);
    expect(
      pageStep(
        "http://s.test/Reviews-g1-d2-Le_Cafe.html",
        "http://s.test/Reviews-g1-d2-or10-Le_Cafe.html",
      ),
    ).toBe(true);
  });
  it("has no opinion on a URL that does not parse", () => {
    expect(pageStep("not a url", "http://s.test/b")).toBe(true);
  });
});

describe("otherDocument", () => {
  it("is 1 exactly where pageStep is false", () => {
    expect(otherDocument("http://s.test/posts/a", "http://s.test/posts/b")).toBe(1);
    expect(otherDocument("http://s.test/posts/a", "http://s.test/posts/a/2")).toBe(0);
  });
});

describe("urlWords", () => {
  it("reads the path and the names and values of lasting parameters", () => {
    const w = urlWords(new URL("http://s.test/Blog/hello-world42?cat=News&sid=abcdef"));
    expect([...w].sort()).toEqual(["blog", "cat", "hello", "news", "world"]);
  });
});

describe("sameWords", () => {
  it("holds when neither URL names a word the other lacks, page words aside", () => {
    const w = (s: string) => urlWords(new URL(s));
    expect(sameWords(w("http://s.test/help"), w("http://s.test/help/p2"))).toBe(true);
    expect(sameWords(w("http://s.test/help"), w("http://s.test/help/faq2"))).toBe(false);
    expect(sameWords(w("http://s.test/help/faq"), w("http://s.test/help/2"))).toBe(false);
  });
});

describe("movesPageParam", () => {
  it("sees a page parameter set to a new value, not a page size", () => {
    const u = (s: string) => new URL(s);
    expect(movesPageParam(u("http://s.test/a"), u("http://s.test/a?page=2"))).toBe(true);
    expect(
      movesPageParam(u("http://s.test/a?page=2"), u("http://s.test/a?page=2&pageSize=48")),
    ).toBe(false);
    expect(movesPageParam(u("http://s.test/a"), u("http://s.test/a/page/2/"))).toBe(true);
    expect(movesPageParam(u("http://s.test/a"), u("http://s.test/a?slide=1"))).toBe(true);
    // WordPress names a static page by page_id: another document, not page 2.
    expect(movesPageParam(u("http://s.test/a"), u("http://s.test/?page_id=2"))).toBe(false);
  });
});
