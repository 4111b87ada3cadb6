// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { countsOn, headNextLink } from "./head-next";

const page = (head: string, body = "<p>items</p>") =>
  new DOMParser().parseFromString(
    `<!doctype html><head>${head}</head><body>${body}</body>`,
    "text/html",
  );

describe("headNextLink", () => {
  it("reads the head's rel=next one page on (page parameter, offset, path number)", () => {
    const shop = "https://shop.example/pl/wreaths/1614047588";
    expect(headNextLink(page(`<link rel="next" href="${shop}?offset=24">`), shop)?.url).toBe(
      `${shop}?offset=24`,
    );
    const list = "https://ex.com/Computer-Science/?page=1";
    const found = headNextLink(page('<link rel="next" href="/Computer-Science/?page=2">'), list);
    expect(found?.url).toBe("https://ex.com/Computer-Science/?page=2");
    expect(found?.element.localName).toBe("link");
    expect(
      headNextLink(page('<link rel="next" href="/story/2">'), "https://ex.com/story")?.url,
    ).toBe("https://ex.com/story/2");
  });

  it("resolves against <base href> and reads rel tokens in any case", () => {
    const d = page('<base href="https://ex.com/list/"><link rel="Next Prefetch" href="?page=2">');
    expect(headNextLink(d, "https://ex.com/list/")?.url).toBe("https://ex.com/list/?page=2");
  });

  it("takes no next post, no other site, no page itself, no other rel", () => {
    const post = "https://blog.example/2020/05/my-trip/";
    expect(headNextLink(page('<link rel="next" href="/2020/05/another-story/">'), post)).toBeNull();
    const list = "https://ex.com/news/?page=1";
    expect(
      headNextLink(page('<link rel="next" href="https://other.example/news/?page=2">'), list),
    ).toBeNull();
    expect(headNextLink(page('<link rel="next" href="/news/?page=1#top">'), list)).toBeNull();
    expect(headNextLink(page('<link rel="canonical" href="/news/?page=2">'), list)).toBeNull();
    expect(headNextLink(page('<link rel="next" href="javascript:void(0)">'), list)).toBeNull();
    expect(headNextLink(page(""), list)).toBeNull();
  });

  it("takes no next post a blog names in its head: numbered slugs, post ids, a page back", () => {
    const series = "https://blog.example/2012/10/04/graphic-design-6/";
    const d = page('<link rel="next" href="/2012/10/08/graphic-design-7/">');
    expect(headNextLink(d, series)).toBeNull();
    const post = "https://blog.example/?p=34521";
    expect(headNextLink(page('<link rel="next" href="/?p=34524">'), post)).toBeNull();
    const far = "https://ex.com/news/page/3/";
    expect(headNextLink(page('<link rel="next" href="/news/page/2/">'), far)).toBeNull();
    expect(headNextLink(page('<link rel="next" href="/news/page/9/">'), far)).toBeNull();
  });

  it("takes the first that steps when the head names several", () => {
    const d = page(
      '<link rel="next" href="/2020/05/another-story/"><link rel="next" href="/news/?page=2">',
    );
    expect(headNextLink(d, "https://ex.com/news/")?.url).toBe("https://ex.com/news/?page=2");
  });
});

describe("countsOn", () => {
  it("reads one parameter counting on by one, whatever its name", () => {
    expect(countsOn("https://ex.com/cars/honda", "https://ex.com/cars/honda?o=2")).toBe(true);
    expect(countsOn("https://ex.com/l?pg=4&c=1", "https://ex.com/l?c=1&pg=5")).toBe(true);
    expect(countsOn("https://ex.com/cars/honda", "https://ex.com/cars/honda?o=3")).toBe(false);
    expect(countsOn("https://ex.com/l?id=77", "https://ex.com/l?id=78&x=1")).toBe(false);
    expect(countsOn("https://ex.com/a", "https://ex.com/b?o=2")).toBe(false);
    expect(countsOn("https://ex.com/l?o=a", "https://ex.com/l?o=2")).toBe(false);
  });
});
