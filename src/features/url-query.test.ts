import { describe, expect, it } from "vitest";
import { changedQuery } from "./url-query";

describe("changedQuery", () => {
  it("lists the parameters a link sets or changes on the same path", () => {
    expect(changedQuery("https://e.com/a?x=1&y=2", "https://e.com/a?x=1&y=3&z=")).toEqual([
      ["y", "3"],
      ["z", ""],
    ]);
    expect(changedQuery("https://e.com/a?x=1", "https://e.com/a?x=1")).toEqual([]);
  });
  it("is null for another path or a URL that does not parse", () => {
    expect(changedQuery("https://e.com/a", "https://e.com/b?x=1")).toBeNull();
    expect(changedQuery("not a url", "https://e.com/a")).toBeNull();
  });
});
