// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { BLOCK_FEATURE_NAMES } from "./block-features";
import { type BlockScorer, pruneBlocks } from "./prune";

const IN_RD = BLOCK_FEATURE_NAMES.indexOf("inReadability");
/** A scorer that trusts Readability.js's text only, so the expected result follows from the input. */
const byReadability: BlockScorer = {
  probabilities: (rows) => rows.map((r) => r[IN_RD] ?? 0),
  threshold: 0.5,
};

describe("pruneBlocks", () => {
  it("removes the blocks scored under the threshold and keeps the rest", () => {
    const body = document.createElement("div");
    body.innerHTML =
      '<p>The article text is here, in a sentence.</p><div class="share"><p>Share this story now</p></div><p>More article text follows here.</p>';
    const removed = pruneBlocks(
      body,
      byReadability,
      "The article text is here, in a sentence.\nMore article text follows here.",
      "marked",
    );
    expect(removed).toBe(1);
    expect(body.textContent).not.toContain("Share");
    expect(body.querySelectorAll("p")).toHaveLength(2);
  });
  it("keeps everything when every block scores at the threshold", () => {
    const body = document.createElement("div");
    body.innerHTML = "<p>a b c d</p><p>e f g h</p>";
    expect(
      pruneBlocks(
        body,
        { probabilities: (r) => r.map(() => 0.5), threshold: 0.5 },
        "",
        "readability",
      ),
    ).toBe(0);
    expect(body.querySelectorAll("p")).toHaveLength(2);
  });
});
