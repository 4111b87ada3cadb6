import { describe, expect, it } from "vitest";
import { UsageError } from "./args";
import { bookOptionsOf, volumePaths } from "./book";

describe("bookOptionsOf", () => {
  it("reads tsugi join's book flags", () => {
    expect(bookOptionsOf({})).toEqual({});
    expect(
      bookOptionsOf({ vertical: true, "no-images": true, volume: "50", after: "http://a.test/3/" }),
    ).toEqual({ vertical: true, images: false, chaptersPerVolume: 50, after: "http://a.test/3/" });
  });
  it.each(["-1", "1.5", "x", "1001"])("refuses --volume %s", (v) => {
    expect(() => bookOptionsOf({ volume: v })).toThrow(UsageError);
  });
});

describe("volumePaths", () => {
  it("numbers the later volumes after the first's name", () => {
    expect(volumePaths("/tmp/book.epub", 3)).toEqual([
      "/tmp/book.epub",
      "/tmp/book-2.epub",
      "/tmp/book-3.epub",
    ]);
  });
});
