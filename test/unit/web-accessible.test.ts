import { describe, expect, it } from "vitest";
import manifest from "../../manifest.json";
import { withWebAccessible } from "../../scripts/web-accessible";
import { DETECTOR_FILE } from "../../src/gate/detector-api";

describe("withWebAccessible (the detector script as the built manifest's resource)", () => {
  it("lists the file for the content scripts' pages, under a per-session URL", () => {
    const out = withWebAccessible(manifest, DETECTOR_FILE);
    expect(out.web_accessible_resources).toEqual([
      {
        resources: [DETECTOR_FILE],
        matches: manifest.content_scripts[0]?.matches,
        use_dynamic_url: true,
      },
    ]);
    // The rest of the manifest is kept, and the given one is not changed.
    expect({ ...out, web_accessible_resources: undefined }).toEqual({
      ...manifest,
      web_accessible_resources: undefined,
    });
    expect(manifest).not.toHaveProperty("web_accessible_resources");
  });

  it("replaces an earlier entry for the file and keeps the others; http(s) without content scripts", () => {
    const other = { resources: ["icons/a.png"], matches: ["https://example.com/*"] };
    const stale = { resources: [DETECTOR_FILE], matches: ["<all_urls>"] };
    const out = withWebAccessible({ web_accessible_resources: [other, stale] }, DETECTOR_FILE);
    expect(out.web_accessible_resources).toEqual([
      other,
      { resources: [DETECTOR_FILE], matches: ["http://*/*", "https://*/*"], use_dynamic_url: true },
    ]);
  });
});
