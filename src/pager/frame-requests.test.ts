import { describe, expect, it } from "vitest";
import { frameBlockRule, frameRuleId, siteDomains } from "./frame-requests";

describe("frame requests", () => {
  it("siteDomains: the host, and the bare domain of a www. host", () => {
    expect(siteDomains("https://www.example.com/list?page=1")).toEqual([
      "www.example.com",
      "example.com",
    ]);
    expect(siteDomains("http://127.0.0.1:8080/spa/1")).toEqual(["127.0.0.1"]);
    expect(siteDomains("https://www.localhost/")).toEqual(["www.localhost"]);
    expect(siteDomains("not a url")).toEqual([]);
  });

  it("frameBlockRule: blocks other hosts' subresources in this tab, from this site only", () => {
    const rule = frameBlockRule(7, "https://forum.example.org/t/1");
    expect(rule).toEqual({
      id: frameRuleId(7),
      priority: 1,
      action: { type: "block" },
      condition: expect.objectContaining({
        tabIds: [7],
        initiatorDomains: ["forum.example.org"],
        excludedRequestDomains: ["forum.example.org"],
      }),
    });
    expect(rule?.condition.resourceTypes).toContain("script");
    expect(rule?.condition.resourceTypes).not.toContain("main_frame");
    expect(frameRuleId(0)).toBe(1);
    expect(frameBlockRule(1, "about:blank")).toBeNull();
  });
});
