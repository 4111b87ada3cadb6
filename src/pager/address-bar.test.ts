import { describe, expect, it } from "vitest";
import { urlAtLine } from "./address-bar";

describe("address-bar URL", () => {
  const starts = [
    { top: -500, url: "http://s.test/a/2" },
    { top: 100, url: "http://s.test/a/3" },
    { top: 900, url: "http://s.test/a/4" },
  ];
  it("is the last page that starts above the reading line", () => {
    expect(urlAtLine(starts, 200, "http://s.test/a")).toBe("http://s.test/a/3");
    expect(urlAtLine(starts, 50, "http://s.test/a")).toBe("http://s.test/a/2");
  });
  it("is page 1's URL above the first joined page", () => {
    expect(urlAtLine([{ top: 300, url: "http://s.test/a/2" }], 200, "http://s.test/a")).toBe(
      "http://s.test/a",
    );
    expect(urlAtLine([], 200, "http://s.test/a")).toBe("http://s.test/a");
  });
});
