import { describe, expect, it } from "vitest";
import { INITIAL_STATUS } from "./status";
import { latestStatusFor, tabStatusKey } from "./tab-status";

describe("latestStatusFor", () => {
  it("returns the newest status reported by a page at that URL, ignoring other keys", () => {
    const items = {
      [tabStatusKey(1)]: { url: "http://a/1", status: { ...INITIAL_STATUS, pages: 2 }, at: 10 },
      [tabStatusKey(2)]: { url: "http://a/1", status: { ...INITIAL_STATUS, pages: 5 }, at: 20 },
      [tabStatusKey(3)]: { url: "http://b/", status: { ...INITIAL_STATUS, pages: 9 }, at: 30 },
      other: { url: "http://a/1", status: { ...INITIAL_STATUS, pages: 7 }, at: 40 },
    };
    expect(latestStatusFor(items, "http://a/1")?.pages).toBe(5);
    expect(latestStatusFor(items, "http://c/")).toBeNull();
  });
});
