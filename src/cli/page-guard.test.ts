import { describe, expect, it } from "vitest";
import { routeAction } from "./page-guard";

describe("navigation guard", () => {
  const nav = { navigation: true, mainFrame: true };
  const sub = { navigation: false, mainFrame: true };
  const frame = { navigation: true, mainFrame: false };
  it("serves a saved page's first navigation only, refuses every later one", () => {
    expect(routeAction(nav, false, true)).toBe("serve");
    expect(routeAction(nav, true, true)).toBe("refuse");
    expect(routeAction(sub, true, true)).toBe("abort");
    expect(routeAction(frame, true, true)).toBe("abort");
  });
  it("lets a live page load, then refuses its later navigations too", () => {
    expect(routeAction(nav, false, false)).toBe("continue");
    expect(routeAction(sub, true, false)).toBe("continue");
    expect(routeAction(nav, true, false)).toBe("refuse");
  });
});
