import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { corpusDir } from "../../src/replay/cases";
import { withoutCorpus } from "../support/corpus";

const noCorpus = withoutCorpus("bin/tsugi join --replay");
const BIN = join(process.cwd(), "bin/tsugi");
const run = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 120_000 });

describe("bin/tsugi (contract of ARCHITECTURE.md)", () => {
  it.each([
    [["join"]],
    [["join", "example.com:80/x"]],
    [["join", "mailto:a@b.c"]],
    [["join", "http://a.example/", "--format", "pdf"]],
    [["join", "http://a.example/", "--max-pages", "0"]],
    [["join", "http://a.example/", "--max-pages", "5000"]],
    [["join", "http://a.example/", "--replay", "/nonexistent/case"]],
    [["join", "http://a.example/", "--bogus"]],
    [["join", "http://a.example/", "--format", "epub"]],
    [["join", "http://a.example/", "--format", "epub", "--out", "x.epub", "--volume", "x"]],
    [["frobnicate"]],
  ])("bad input %j: exit 2, one line on stderr, no stack trace", (args) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^tsugi: /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe("");
  });

  it.skipIf(noCorpus)(
    "join --replay arstechnica-001 --format json: exit 0, both pages with their URLs",
    () => {
      const dir = join(corpusDir(), "multipage/arstechnica-001");
      const url =
        "http://arstechnica.com/science/news/2011/07/running-high-performance-neural-networks-on-a-gamer-gpu.ars/1";
      const r = run("join", url, "--replay", dir, "--format", "json");
      expect(r.status, r.stderr).toBe(0);
      const article = JSON.parse(r.stdout);
      expect(article.state).toBe("done");
      expect(article.pages.map((p: { url: string }) => p.url)).toEqual([
        url,
        url.replace(/\/1$/, "/2"),
      ]);
    },
  );

  it.skipIf(noCorpus)("join --max-pages 1 shows page 1 only and says it stopped at the cap", () => {
    const dir = join(corpusDir(), "multipage/arstechnica-001");
    const url =
      "http://arstechnica.com/science/news/2011/07/running-high-performance-neural-networks-on-a-gamer-gpu.ars/1";
    const r = run("join", url, "--replay", dir, "--max-pages", "1", "--format", "json");
    expect(r.status, r.stderr).toBe(0);
    const article = JSON.parse(r.stdout);
    expect(article.pages.map((p: { number: number }) => p.number)).toEqual([1]);
    expect(article.state).toBe("stopped");
    expect(article.reason).toMatch(/page cap \(1 pages?\)/);
  });
});
