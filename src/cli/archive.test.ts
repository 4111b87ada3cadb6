import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeWarc } from "../../test/support/warc";
import { Archive } from "./archive";

const dir = mkdtempSync(join(tmpdir(), "tsugi-archive-unit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Archive.lookup", () => {
  it("finds a page saved through a redirect under the link's spelling of it", async () => {
    const path = join(dir, "story.warc");
    // Saved as the redirect wrote it: the counter added, the query reordered.
    await writeWarc(
      path,
      [
        {
          url: "http://www.nytimes.com/2012/story.html?_r=2&pagewanted=2",
          body: "<html><title>Story</title><body>page two</body></html>",
        },
      ],
      { gzip: false },
    );
    const archive = new Archive([path]);
    const found = await archive.lookup("http://www.nytimes.com/2012/story.html?pagewanted=2&_r=1");
    expect(found?.kind).toBe("page");
    expect(found?.kind === "page" && found.body.toString()).toContain("page two");
    expect(await archive.lookup("http://www.nytimes.com/2012/story.html?pagewanted=3")).toBeNull();
  });
});
