// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { isPlaceholderSrc, revealLazyImages } from "./lazy-images";

const div = (html: string) => {
  const d = document.createElement("div");
  d.innerHTML = html;
  return d;
};

describe("isPlaceholderSrc", () => {
  it("knows stand-ins from real images", () => {
    expect(isPlaceholderSrc(null)).toBe(true);
    expect(isPlaceholderSrc("data:image/gif;base64,R0l")).toBe(true);
    expect(isPlaceholderSrc("/img/blank.gif")).toBe(true);
    expect(isPlaceholderSrc("https://cdn.x/lazy-placeholder.png?v=2")).toBe(true);
    expect(isPlaceholderSrc("/img/photo-blanket.jpg")).toBe(false);
    expect(isPlaceholderSrc("/img/cat.jpg")).toBe(false);
  });
});

describe("revealLazyImages", () => {
  it("copies data-src / data-original / data-srcset into src / srcset", () => {
    const d = div(
      '<img src="data:image/gif;base64,R0l" data-src="a.png"><img data-original="b.png">' +
        '<img class="lazyload x" src="/blank.gif" data-srcset="c.png 1x, c2.png 2x">' +
        '<picture><source data-srcset="d.webp"><img data-src="d.png"></picture>',
    );
    expect(revealLazyImages(d)).toBe(5);
    const imgs = d.querySelectorAll("img");
    expect(imgs[0]?.getAttribute("src")).toBe("a.png");
    expect(imgs[1]?.getAttribute("src")).toBe("b.png");
    expect(imgs[2]?.getAttribute("srcset")).toBe("c.png 1x, c2.png 2x");
    expect(imgs[2]?.className).toBe("x");
    expect(d.querySelector("source")?.getAttribute("srcset")).toBe("d.webp");
  });

  it("leaves real sources and native lazy loading alone", () => {
    const d = div('<img src="real.png" data-src="other.png" loading="lazy">');
    expect(revealLazyImages(d)).toBe(0);
    expect(d.querySelector("img")?.getAttribute("src")).toBe("real.png");
    expect(d.querySelector("img")?.getAttribute("loading")).toBe("lazy");
  });

  it("takes the noscript fallback when there is no data attribute", () => {
    const d = div('<img src="/spacer.gif"><noscript><img src="real.jpg"></noscript>');
    revealLazyImages(d);
    expect(d.querySelector("img")?.getAttribute("src")).toBe("real.jpg");
  });
});
