import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/** The content entry as the extension ships it (minified, one file), built in memory. */
async function entrySource(): Promise<string> {
  const out = await build({
    entryPoints: ["content/index.ts"],
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

// Issue 13: every page parses the entry, so what only the detector needs stays out of it.
describe("content entry bundle", () => {
  it("leaves out the full settings merge and the rules-file parser", async () => {
    const code = await entrySource();
    expect(code).toContain("ownScrollOffSites");
    // mergeSettings' reads of the fields the entry does not use (the defaults keep the names).
    expect(code).not.toMatch(/\.(triggerScreens|minIntervalMs|keepPages|replacePagerBar)\b/);
    // parseSiteRules' messages for dropped items.
    expect(code).not.toContain("needs url, nextLink and pageElement");
    expect(code).not.toContain("expected a JSON array of rules");
  });
});
