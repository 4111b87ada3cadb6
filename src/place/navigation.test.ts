import { describe, expect, it } from "vitest";
import { historyEntryKey, isComingBack, navigationKind } from "./navigation";

function win(type: string | null, key?: string): Window {
  return {
    performance: { getEntriesByType: () => (type === null ? [] : [{ type }]) },
    ...(key ? { navigation: { currentEntry: { key } } } : {}),
  } as unknown as Window;
}

describe("navigationKind", () => {
  it("reads Navigation Timing's type", () => {
    expect(navigationKind(win("back_forward"))).toBe("back_forward");
    expect(navigationKind(win("reload"))).toBe("reload");
    expect(navigationKind(win("navigate"))).toBe("navigate");
  });
  it("is a fresh visit when the browser does not say", () => {
    expect(navigationKind(win(null))).toBe("navigate");
    expect(navigationKind({} as Window)).toBe("navigate");
  });
  it("only Back, Forward and Reload are coming back", () => {
    expect(isComingBack("back_forward")).toBe(true);
    expect(isComingBack("reload")).toBe(true);
    expect(isComingBack("navigate")).toBe(false);
    expect(isComingBack("prerender")).toBe(false);
  });
});

describe("historyEntryKey", () => {
  it("is the Navigation API's entry key, or undefined without that API", () => {
    expect(historyEntryKey(win("navigate", "abc"))).toBe("abc");
    expect(historyEntryKey(win("navigate"))).toBeUndefined();
  });
});
