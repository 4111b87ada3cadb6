import { describe, expect, it } from "vitest";
import { isMessage } from "./messages";

describe("isMessage", () => {
  it("accepts direction-prefixed messages and rejects anything else", () => {
    expect(isMessage({ type: "popup→content:get-status" })).toBe(true);
    expect(isMessage({ type: "get-status" })).toBe(false);
    expect(isMessage(null)).toBe(false);
    expect(isMessage("popup→content:get-status")).toBe(false);
  });
});
