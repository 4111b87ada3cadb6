import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/** A content script as the extension ships it (minified, one file), built in memory. */
async function bundleSource(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: "iife",
    minify: true,
    target: "es2022",
    charset: "utf8",
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles[0]?.text ?? "";
}

// The staged detector: every page parses the entry, so the gate stays out of it; every page the
// reader reads to its end runs the gate stage, so what only the detector needs stays out
// of that.
describe("content entry bundle", () => {
  it("holds no gate, settings or extension call at load: only the wake", async () => {
    const code = await bundleSource("content/index.ts");
    expect(code).toContain("content→background:load-entry");
    // The gate's vocabulary and signals, and the settings' keys.
    expect(code).not.toContain("nächste");
    expect(code).not.toContain("rel~='next'");
    expect(code).not.toContain("ownScrollOffSites");
  });
});

describe("gate stage bundle", () => {
  it("leaves out the full settings merge and the rules-file parser", async () => {
    const code = await bundleSource("content/entry.ts");
    expect(code).toContain("ownScrollOffSites");
    // mergeSettings' reads of the fields the entry does not use (the defaults keep the names).
    expect(code).not.toMatch(/\.(triggerScreens|minIntervalMs|keepPages|replacePagerBar)\b/);
    // parseSiteRules' messages for dropped items.
    expect(code).not.toContain("needs url, nextLink and pageElement");
    expect(code).not.toContain("expected a JSON array of rules");
  });
});
