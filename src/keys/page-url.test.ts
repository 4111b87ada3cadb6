import { describe, expect, it } from "vitest";
import {
  isPageOneOf,
  isSiteRoot,
  isVolatileParam,
  listHomeOf,
  plainUrl,
  sameKeyOrigin,
  samePage,
  samePageKey,
} from "./page-url";

describe("samePage: what does not make two pages differ", () => {
  it("the fragment", () => {
    expect(samePage("https://e.com/a#top", "https://e.com/a")).toBe(true);
  });
  it("http against https, and the default port of either", () => {
    expect(samePage("http://e.com/a", "https://e.com/a")).toBe(true);
    expect(samePage("http://e.com:80/a", "https://e.com:443/a")).toBe(true);
  });
  it("a leading www.", () => {
    expect(samePage("https://www.e.com/a", "https://e.com/a")).toBe(true);
  });
  it("a trailing slash", () => {
    expect(samePage("https://e.com/blog/", "https://e.com/blog")).toBe(true);
    expect(samePage("https://e.com/", "https://e.com")).toBe(true);
  });
  it("a default document", () => {
    for (const doc of ["index.html", "index.htm", "index.php", "default.aspx", "index.jsp"])
      expect(samePage(`https://e.com/blog/${doc}`, "https://e.com/blog/"), doc).toBe(true);
    expect(samePage("https://e.com/index.html", "https://e.com/")).toBe(true);
  });
  it("the order of the query", () => {
    expect(samePage("https://e.com/s?b=2&a=1", "https://e.com/s?a=1&b=2")).toBe(true);
  });
  it("a redirect counter", () => {
    expect(
      samePage(
        "https://www.nytimes.com/2012/a.html?pagewanted=3&_r=1",
        "https://www.nytimes.com/2012/a.html?pagewanted=3",
      ),
    ).toBe(true);
    expect(samePage("https://e.com/a?_r=2&pagewanted=2", "https://e.com/a?pagewanted=2&_r=1")).toBe(
      true,
    );
  });
  it("click trackers and session ids in the query", () => {
    for (const p of [
      "utm_source=x",
      "utm_medium=y",
      "fbclid=1",
      "gclid=2",
      "msclkid=3",
      "mc_cid=4",
      "mc_eid=5",
      "sid=6",
      "PHPSESSID=7",
      "jsessionid=8",
    ])
      expect(samePage(`https://e.com/list?page=2&${p}`, "https://e.com/list?page=2"), p).toBe(true);
  });
  it("a session id in the path", () => {
    expect(samePage("https://e.com/list;jsessionid=AB12?page=2", "https://e.com/list?page=2")).toBe(
      true,
    );
  });
});

describe("samePage: what still makes two pages differ", () => {
  it("the page parameter, the path, another parameter, the host", () => {
    expect(samePage("https://e.com/list?page=2", "https://e.com/list?page=3")).toBe(false);
    expect(samePage("https://e.com/list?page=2", "https://e.com/list")).toBe(false);
    expect(samePage("https://e.com/a/page/2", "https://e.com/b/page/2")).toBe(false);
    expect(samePage("https://e.com/l?cat=1", "https://e.com/l?cat=2")).toBe(false);
    expect(samePage("https://a.e.com/l", "https://b.e.com/l")).toBe(false);
    expect(samePage("https://e.com:8080/l", "https://e.com/l")).toBe(false);
  });
  it("`ref`: a real parameter on some sites, not taken for a tracker", () => {
    expect(isVolatileParam("ref")).toBe(false);
    expect(samePage("https://e.com/tree?ref=main", "https://e.com/tree?ref=dev")).toBe(false);
  });
  it("a file that is not a default document", () => {
    expect(samePage("https://e.com/blog/about.html", "https://e.com/blog/")).toBe(false);
  });
});

describe("plainUrl: an address as its shape is compared", () => {
  it("drops what a site or a redirect adds, as the key does", () => {
    expect(
      plainUrl("http://www.e.com/blog/;jsessionid=A1?utm_source=x&page=2&_r=1&PHPSESSID=9#c"),
    ).toBe("https://e.com/blog?page=2");
  });
  it("keeps the default document and the query's order, unlike the key", () => {
    expect(plainUrl("https://e.com/blog/index.html?b=1&a=2")).toBe(
      "https://e.com/blog/index.html?b=1&a=2",
    );
    expect(samePageKey("https://e.com/blog/index.html?b=1&a=2")).toBe("https://e.com/blog?a=2&b=1");
  });
  it("leaves what does not parse as it is", () => {
    expect(plainUrl("not a url")).toBe("not a url");
  });
});

describe("sameKeyOrigin", () => {
  it("takes the scheme and www. aside, not the host or the port", () => {
    expect(sameKeyOrigin("http://www.e.com/a", "https://e.com/b?x=1")).toBe(true);
    expect(sameKeyOrigin("https://e.com/a", "https://blog.e.com/a")).toBe(false);
    expect(sameKeyOrigin("https://e.com:8080/a", "https://e.com/a")).toBe(false);
    expect(sameKeyOrigin("mailto:a@e.com", "https://e.com/")).toBe(false);
  });
});

describe("samePageKey", () => {
  it("keeps the query: pages that differ only in it stay apart, spelled as sent", () => {
    expect(samePageKey("https://e.com/s?q=a+b&x=%C3%A9#top")).toBe(
      "https://e.com/s?q=a+b&x=%C3%A9",
    );
    expect(samePageKey("https://e.com/p?")).toBe("https://e.com/p");
  });
  it("keeps the path case (paths are case-sensitive)", () => {
    expect(samePage("https://e.com/A", "https://e.com/a")).toBe(false);
  });
  it("is itself a URL, and leaves what does not parse as it is", () => {
    expect(samePageKey("http://WWW.E.com/Blog/index.html?b=1&a=2#x")).toBe(
      "https://e.com/Blog?a=2&b=1",
    );
    expect(samePageKey("not a url")).toBe("not a url");
  });
});

describe("isPageOneOf: the aliases of page 1", () => {
  const p1 = "https://e.com/list/";
  it("page 1 itself, however spelled", () => {
    expect(isPageOneOf("https://www.e.com/list/index.html#top", p1)).toBe(true);
  });
  it("/page/1/, /page1, /1, index1.html", () => {
    for (const alias of ["page/1/", "page1", "page-1", "1", "index1.html", "p/1"])
      expect(isPageOneOf(`https://e.com/list/${alias}`, p1), alias).toBe(true);
  });
  it("?page=1 and other page words at 1, the rest of the query equal", () => {
    expect(isPageOneOf("https://e.com/list?page=1", p1)).toBe(true);
    expect(isPageOneOf("https://e.com/list?pg=1", p1)).toBe(true);
    expect(isPageOneOf("https://e.com/list?currentPage=1", p1)).toBe(true);
    expect(isPageOneOf("https://e.com/s?q=x&page=1", "https://e.com/s?q=x")).toBe(true);
    expect(isPageOneOf("https://e.com/s?q=y&page=1", "https://e.com/s?q=x")).toBe(false);
  });
  it("page 1 written out on both sides", () => {
    expect(isPageOneOf("https://e.com/list", "https://e.com/list?page=1")).toBe(true);
  });
  it("p=0 when the pager counts from 0, p=1 then being page 2", () => {
    const from0 = { key: "p", first: 0 };
    expect(isPageOneOf("https://e.com/list?p=0", p1, from0)).toBe(true);
    expect(isPageOneOf("https://e.com/list?p=1", p1, from0)).toBe(false);
    expect(isPageOneOf("https://e.com/list?p=1", p1)).toBe(true);
    expect(isPageOneOf("https://e.com/list?p=0", p1)).toBe(false);
  });
  it("not page 2, not another list, not an identifier at 1", () => {
    expect(isPageOneOf("https://e.com/list/page/2/", p1)).toBe(false);
    expect(isPageOneOf("https://e.com/list/21", p1)).toBe(false);
    expect(isPageOneOf("https://e.com/other/page/1/", p1)).toBe(false);
    expect(isPageOneOf("https://e.com/list?page_id=1", p1)).toBe(false);
  });
});

describe("isSiteRoot and listHomeOf: the front page as page 1 of a list under a path", () => {
  it("the root and its default documents are the site's front page", () => {
    expect(isSiteRoot("https://e.com/")).toBe(true);
    expect(isSiteRoot("https://e.com/index.html")).toBe(true);
    expect(isSiteRoot("https://e.com/blog/")).toBe(false);
    expect(isSiteRoot("https://e.com/?cat=2")).toBe(false);
  });
  it("a numbered page's list is its URL without the page", () => {
    expect(listHomeOf("https://e.com/blog/page/2/")).toBe("https://e.com/blog");
    expect(listHomeOf("https://e.com/blog/page2/")).toBe("https://e.com/blog");
    expect(listHomeOf("https://e.com/news?page=3&cat=x")).toBe("https://e.com/news?cat=x");
    expect(listHomeOf("https://e.com/blog/a-post/")).toBeNull();
  });
  it("a later page reached by a cursor: its list is its URL without the cursor", () => {
    expect(
      listHomeOf("https://e.com/search?updated-max=2016-03-18T11:07:00-05:00&max-results=1"),
    ).toBe("https://e.com/search?max-results=1");
    expect(listHomeOf("https://e.com/feed?after=t3_abc")).toBe("https://e.com/feed");
    // A gallery's slide is no later page of a list.
    expect(listHomeOf("https://e.com/gallery?slide=2x")).toBeNull();
  });
});
