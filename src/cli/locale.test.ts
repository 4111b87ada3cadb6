import { describe, expect, it } from "vitest";
import { catalogueMessages, localeMessages, uiLanguages } from "./locale";

describe("message catalogues on disk", () => {
  it("substitutes named placeholders the way browsers do", () => {
    const get = catalogueMessages({
      hi: {
        message: "$WHO$ has $$$N$",
        placeholders: { who: { content: "$2" }, n: { content: "$1" } },
      },
    });
    expect(get("hi", ["5", "Ann"])).toBe("Ann has $5");
    expect(get("missing")).toBe("");
  });
  it("lists the UI languages and falls back from a region to its language", () => {
    expect(uiLanguages()).toEqual(expect.arrayContaining(["en", "ja"]));
    expect(localeMessages("ja-JP")("pageHeading", ["2"])).toBe(
      localeMessages("ja")("pageHeading", ["2"]),
    );
    expect(localeMessages("en")("pageHeading", ["2"])).toBe("Page 2");
  });
  it("names the languages there are for one it does not have", () => {
    expect(() => localeMessages("xx")).toThrow(/no messages for language 'xx' \(.*en.*ja/);
  });
});
