import { describe, expect, it } from "vitest";
import { sameOrigin } from "./normalize-url";

describe("sameOrigin", () => {
  it("compares scheme, host and port", () => {
    expect(sameOrigin("https://a.com/x", "https://a.com/y?z")).toBe(true);
    expect(sameOrigin("https://a.com/x", "http://a.com/x")).toBe(false);
    expect(sameOrigin("https://a.com/x", "https://b.a.com/x")).toBe(false);
    expect(sameOrigin("https://a.com/x", "::")).toBe(false);
  });
});
