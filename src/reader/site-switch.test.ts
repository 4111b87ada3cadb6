import { describe, expect, it } from "vitest";
import { isSiteEnabled, siteOf, withSite } from "./site-switch";

describe("per-site switch", () => {
  it("a site is the host, with its port", () => {
    expect(siteOf("https://Example.com:8443/a?b")).toBe("example.com:8443");
    expect(siteOf("not a url")).toBe("");
  });
  it("is on until switched off, only for that host", () => {
    const off = withSite([], "http://a.test/x", false);
    expect(off).toEqual(["a.test"]);
    expect(isSiteEnabled("http://a.test/other", off)).toBe(false);
    expect(isSiteEnabled("http://b.test/", off)).toBe(true);
    expect(isSiteEnabled("http://sub.a.test/", off)).toBe(true);
    expect(withSite(off, "http://a.test/", true)).toEqual([]);
    expect(withSite(off, "http://a.test/", false)).toEqual(["a.test"]);
  });
});
