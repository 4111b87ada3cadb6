import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { anchorHref } from "./anchor-href";

const anchor = (attrs: string): Element => {
  const doc = new JSDOM(`<a ${attrs}>2</a>`).window.document;
  return doc.querySelector("a") as Element;
};

describe("anchorHref", () => {
  it("reads data-href or data-url behind a script-hook href", () => {
    expect(anchorHref(anchor('href="javascript:;" data-href="/list?start=24"'))).toBe(
      "/list?start=24",
    );
    expect(anchorHref(anchor('href="#" data-url="/p/2"'))).toBe("/p/2");
    expect(anchorHref(anchor('href="" data-href="/p/2"'))).toBe("/p/2");
  });
  it("keeps a real href, and a hook without data", () => {
    expect(anchorHref(anchor('href="/p/2" data-href="/p/3"'))).toBe("/p/2");
    expect(anchorHref(anchor('href="javascript:void(0)"'))).toBe("javascript:void(0)");
    expect(anchorHref(anchor('href="#" data-href=" "'))).toBe("#");
    expect(anchorHref(anchor('data-href="/p/2"'))).toBeNull();
  });
});
