import { describe, expect, it } from "vitest";
import {
  changesPage1AddressOnly,
  PERTURBATIONS,
  rewriteSiteLinks,
  withCanonical,
  withParams,
} from "./perturb";

const byName = (name: string) => {
  const p = PERTURBATIONS.find((q) => q.name === name);
  if (!p) throw new Error(name);
  return p;
};

const pair = {
  url1: "https://shop.example/list/",
  html1: '<html><head></head><body><a href="?page=2">Next</a></body></html>',
  url2: "https://shop.example/list/?page=2",
  html2:
    '<html><head><link rel="canonical" href="https://shop.example/list/?page=2"></head>' +
    '<body><a href="/list/">1</a> <a href="?page=3&amp;sort=new#top">3</a>' +
    ' <a href="https://other.example/x">ad</a> <a href="#">top</a></body></html>',
};

describe("withParams", () => {
  it("adds a query, or joins the one there, before the fragment", () => {
    expect(withParams("/a", "x=1")).toBe("/a?x=1");
    expect(withParams("/a?b=2#f", "x=1&y=2")).toBe("/a?b=2&x=1&y=2#f");
    expect(withParams("?b=2", "x=1&y=2", "&amp;")).toBe("?b=2&amp;x=1&amp;y=2");
  });
});

describe("rewriteSiteLinks", () => {
  it("rewrites the site's own links only, other sites and fragments as they were", () => {
    const out = rewriteSiteLinks(pair.html2, pair.url2, (h) => `${h}!`);
    expect(out).toContain('href="/list/!"');
    expect(out).toContain('href="?page=3&amp;sort=new#top!"');
    expect(out).toContain('href="https://other.example/x"');
    expect(out).toContain('href="#"');
    // a canonical link is no pager link
    expect(out).toContain('rel="canonical" href="https://shop.example/list/?page=2"');
  });
  it("counts www. and no www. as one site and rewrites link rel=next", () => {
    const html = '<link rel="next" href="https://www.shop.example/list/?page=2">';
    expect(rewriteSiteLinks(html, "https://shop.example/list/", () => "X")).toBe(
      '<link rel="next" href="X">',
    );
  });
});

describe("withCanonical", () => {
  it("replaces the canonical link", () => {
    const out = withCanonical(pair.html2, pair.url1);
    expect(out.match(/rel="canonical"/g)).toHaveLength(1);
    expect(out).toContain('<link rel="canonical" href="https://shop.example/list/">');
  });
  it("adds one where there is none, in the head", () => {
    expect(withCanonical("<html><head><title>t</title></head></html>", "https://a/?b=1&c=2")).toBe(
      '<html><head><link rel="canonical" href="https://a/?b=1&amp;c=2"><title>t</title></head></html>',
    );
  });
});

describe("PERTURBATIONS", () => {
  it("spell page 1's address otherwise", () => {
    expect(byName("fragment").apply(pair).url1).toBe("https://shop.example/list/#comments");
    expect(byName("tracking").apply(pair).url1).toMatch(
      /^https:\/\/shop\.example\/list\/\?utm_source=newsletter&.*fbclid=/,
    );
  });
  it("land the fetched page on another spelling of its address, as a redirect does", () => {
    expect(byName("www").apply(pair).url2).toBe("https://www.shop.example/list/?page=2");
    expect(byName("www").apply({ ...pair, url2: "https://www.a.co.uk/" }).url2).toBe(
      "https://a.co.uk/",
    );
    expect(byName("www").apply({ ...pair, url2: "https://blog.a.example/" }).url2).toBe(
      "https://blog.a.example/",
    );
    // Its links still lead where they led, from the host it landed on.
    expect(byName("www").apply(pair).html2).toContain(
      'href="https://www.shop.example/list/?page=3&amp;sort=new#top"',
    );
    expect(byName("https").apply(pair).url2).toBe("http://shop.example/list/?page=2");
    expect(byName("https").apply(pair).html2).toContain(
      'href="http://shop.example/list/?page=3&amp;sort=new#top"',
    );
    expect(byName("trailing-slash").apply(pair).url2).toBe("https://shop.example/list?page=2");
    expect(byName("trailing-slash").apply(pair).html2).toContain(
      'href="https://shop.example/list/?page=3&amp;sort=new#top"',
    );
    expect(byName("trailing-slash").apply({ ...pair, url2: "https://a.example/x.html" }).url2).toBe(
      "https://a.example/x.html",
    );
  });
  it("leave the rest of the pair as it was", () => {
    for (const name of ["fragment", "tracking"]) {
      const out = byName(name).apply(pair);
      expect([out.html1, out.url2, out.html2]).toEqual([pair.html1, pair.url2, pair.html2]);
    }
    for (const name of ["www", "https", "trailing-slash"]) {
      const out = byName(name).apply(pair);
      expect([out.url1, out.html1]).toEqual([pair.url1, pair.html1]);
    }
  });
  it("put a redirect counter on the fetched page's links", () => {
    const out = byName("redirect-counter").apply(pair);
    expect(out.html2).toContain('href="/list/?_r=1"');
    expect(out.html2).toContain('href="?page=3&amp;sort=new&amp;_r=1#top"');
    expect(out.html1).toBe(pair.html1);
  });
  it("put a session id on both pages' links and the fetched page's address", () => {
    const out = byName("session").apply(pair);
    expect(out.url1).toBe(pair.url1);
    expect(out.url2).toBe("https://shop.example/list/?page=2&PHPSESSID=5f2c9a1e0b7d4e3f");
    expect(out.html1).toContain('href="?page=2&amp;PHPSESSID=5f2c9a1e0b7d4e3f"');
    expect(out.html2).toContain('href="/list/?PHPSESSID=5f2c9a1e0b7d4e3f"');
  });
  it("name page 1 as the fetched page's canonical", () => {
    expect(byName("canonical-page-1").apply(pair).html2).toContain(
      '<link rel="canonical" href="https://shop.example/list/">',
    );
  });
});

describe("changesPage1AddressOnly", () => {
  it("names the perturbations that run end to end on saved pages", () => {
    expect(PERTURBATIONS.filter(changesPage1AddressOnly).map((p) => p.name)).toEqual([
      "fragment",
      "tracking",
    ]);
  });
});
