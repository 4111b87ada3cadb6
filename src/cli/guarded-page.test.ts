import { describe, expect, it } from "vitest";
import { siteKey } from "./guarded-page";

describe("siteKey", () => {
  it("puts hosts of one registrable domain together", () => {
    expect(siteKey("https://www.example.com/a")).toBe(siteKey("http://news.example.com/b?p=2"));
    expect(siteKey("https://example.com/")).toBe("example.com");
  });
  it("errs towards one site where the public suffix has two labels", () => {
    expect(siteKey("https://a.bbc.co.uk/")).toBe(siteKey("https://b.guardian.co.uk/"));
  });
  it("keeps other sites apart", () => {
    expect(siteKey("https://example.com/")).not.toBe(siteKey("https://example.org/"));
    expect(siteKey("http://127.0.0.1:8080/")).not.toBe(siteKey("http://127.0.0.2/"));
  });
  it("answers the empty string for what does not parse", () => {
    expect(siteKey("not a url")).toBe("");
  });
});
