import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { corpusDir } from "../../src/replay/cases";
import { withoutCorpus } from "../support/corpus";

const BIN = join(process.cwd(), "bin/tsugi");
const run = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 120_000 });

// Saved multi-page captures, whose next page is known from the capture itself (page 2
// was saved), so these checks do not lean on the labels the models were trained on.
const noCorpus = withoutCorpus("tsugi detect on corpus captures");
const ARS = noCorpus ? "" : join(corpusDir(), "multipage/arstechnica-001/arstechnica.com");
const ARS_URL =
  "http://arstechnica.com/science/news/2011/07/running-high-performance-neural-networks-on-a-gamer-gpu.ars/1";
const ARS_FILE = join(
  ARS,
  "science/news/2011/07/running-high-performance-neural-networks-on-a-gamer-gpu.ars/1.html",
);

describe("tsugi detect (contract of ARCHITECTURE.md)", () => {
  it.skipIf(noCorpus)(
    "detect <file> --url: one JSON object with the next URL, the page element and the time",
    () => {
      const r = run("detect", ARS_FILE, "--url", ARS_URL);
      expect(r.status, r.stderr).toBe(0);
      const lines = r.stdout.trim().split("\n");
      expect(lines).toHaveLength(1);
      const o = JSON.parse(lines[0] ?? "");
      expect(Object.keys(o).sort()).toEqual([
        "candidates",
        "gate",
        "gateMs",
        "longestTaskMs",
        "ms",
        "nextScore",
        "nextUrl",
        "pageElement",
        "pendingNextUrl",
        "url",
      ]);
      // A page with a pager opens the gate; its time is part of the page's.
      expect(o.gate).toBe(true);
      expect(o.gateMs).toBeLessThanOrEqual(o.ms);
      // The gate and the detection run in slices: the longest is one part of the whole
      // (its wall time grows with the machine's load, so no absolute line is drawn here;
      // the slicing itself is unit-tested in src/budget/slices.test.ts).
      expect(o.longestTaskMs).toBeGreaterThanOrEqual(o.gateMs);
      expect(o.longestTaskMs).toBeLessThan(o.ms);
      expect(o.url).toBe(ARS_URL);
      expect(o.nextUrl).toBe(ARS_URL.replace(/\/1$/, "/2"));
      // The next page is a page step of this URL: it joins without waiting for page 2.
      expect(o.pendingNextUrl).toBeNull();
      expect(o.nextScore).toBeGreaterThan(0.5);
      expect(o.pageElement.xpaths.length).toBeGreaterThan(0);
      expect(o.pageElement.text).toMatch(/neural network/i);
      expect(o.ms).toBeGreaterThan(0);
    },
  );

  it.skipIf(noCorpus)(
    "detect --batch: one line per page with its id, an error line for a broken page, exit 1",
    () => {
      const dir = mkdtempSync(join(tmpdir(), "tsugi-batch-"));
      const single = join(corpusDir(), "multipage/slate-001");
      writeFileSync(
        join(dir, "plain.html"),
        "<!doctype html><title>x</title><p>Nothing to page here.</p>",
      );
      const manifest = join(dir, "m.jsonl");
      writeFileSync(
        manifest,
        [
          { id: "ars", file: ARS_FILE, url: ARS_URL, charset: "utf-8" },
          { id: "plain", file: "plain.html", url: "http://ex.invalid/a", charset: "" },
          {
            id: "gone",
            file: join(single, "no-such-file.html"),
            url: "http://ex.invalid/b",
            charset: "",
          },
        ]
          .map((o) => JSON.stringify(o))
          .join("\n"),
      );
      const r = run("detect", "--batch", manifest);
      // Lines come in completion order; one page failed, so the exit code is 1.
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/2 answered, 1 failed/);
      const byId = new Map(
        r.stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l))
          .map((o) => [o.id, o]),
      );
      const out = ["ars", "plain", "gone"].map((id) => byId.get(id));
      expect(byId.size).toBe(3);
      expect(out[0].nextUrl).toBe(ARS_URL.replace(/\/1$/, "/2"));
      expect(out[1].nextUrl).toBeNull();
      expect(out[2].error).toMatch(/no such file|ENOENT/);
    },
  );

  it.each([
    [["detect"]],
    [["detect", "/no/such/file.html"]],
    [["detect", "x.html", "--url", "ftp://a/b"]],
    [["detect", "--batch", "/no/such/manifest.jsonl"]],
  ])("bad input %j: exit 2, one line on stderr", (args) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
  it("reports no page element where the gate opens but no next link is found, as the extension", () => {
    // rel="next" opens the gate; the link leads to another story (a next item), so the
    // detector finds no next page, and the content script never looks for a page element.
    const dir = mkdtempSync(join(tmpdir(), "tsugi-staged-"));
    const file = join(dir, "story.html");
    writeFileSync(
      file,
      `<!doctype html><title>A story</title><article><h1>A story of the river</h1>
<p>The river rose in the night, and by morning the lower town was under water. People carried what they could up the hill.</p>
<p>By noon the rain had stopped, and the first boats went out to the houses that were cut off. Nobody was hurt.</p>
</article><nav class="post-navigation"><a href="/2018/10/the-bridge-story" rel="next">Next story: the bridge</a></nav>`,
    );
    const r = run("detect", file, "--url", "http://127.0.0.1/2018/10/the-river-story");
    expect(r.status, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout.trim());
    expect(o.gate).toBe(true);
    expect(o.nextUrl).toBeNull();
    expect(o.pageElement).toEqual({ xpaths: [], text: "" });
    expect(o.ms).toBeGreaterThanOrEqual(o.gateMs);
  });
});
