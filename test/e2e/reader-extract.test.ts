import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { shingleScores } from "../../src/eval/measures";
import { extractArticle } from "../../src/extract/article";
import { corpusDir } from "../../src/replay/cases";
import { withoutCorpus } from "../support/corpus";

const noCorpus = withoutCorpus("tsugi extract on corpus articles", "articles/readability");
const BIN = join(process.cwd(), "bin/tsugi");
const run = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 120_000 });
const PAGE_URL = "http://fakehost/test/page.html";
const source = (name: string) => join(corpusDir(), "articles/readability", name, "source.html");

describe("tsugi extract (contract of ARCHITECTURE.md, headless Chromium)", () => {
  it.skipIf(noCorpus)(
    "one saved page: JSON with title, byline and the body the extension would export",
    () => {
      const r = run("extract", source("ars-1"), "--url", PAGE_URL, "--charset", "utf-8");
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(Object.keys(out)).toEqual(
        expect.arrayContaining(["title", "byline", "text", "html", "url", "siteName"]),
      );
      const meta = JSON.parse(
        readFileSync(
          join(corpusDir(), "articles/readability/ars-1/expected-metadata.json"),
          "utf8",
        ),
      );
      expect(out.title).toBe(meta.title);
      expect(out.byline).toBe(meta.byline);
      // The browser runs the same code as jsdom does in the evaluation: same text.
      const dom = new JSDOM(readFileSync(source("ars-1"), "utf8"), { url: PAGE_URL });
      const same = extractArticle(dom.window.document, { url: PAGE_URL });
      expect(shingleScores(out.text, same.text).f1).toBeGreaterThan(0.99);
      expect(out.html).not.toMatch(/<script|onclick=/i);
    },
  );

  it.skipIf(noCorpus)("--format md gives the article as Markdown", () => {
    const r = run("extract", source("ars-1"), "--url", PAGE_URL, "--format", "md");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^# Just-released Minecraft exploit/);
    expect(r.stdout).toContain(`Source: <${PAGE_URL}>`);
  });

  it.skipIf(noCorpus)(
    "--batch: one JSON line per page with its id (completion order), one browser",
    () => {
      const dir = mkdtempSync(join(tmpdir(), "tsugi-extract-"));
      try {
        const manifest = join(dir, "m.jsonl");
        writeFileSync(
          manifest,
          ["ars-1", "001"]
            .map((id) => JSON.stringify({ id, file: source(id), url: PAGE_URL, charset: "utf-8" }))
            .join("\n"),
        );
        const r = run("extract", "--batch", manifest);
        expect(r.status, r.stderr).toBe(0);
        const lines = r.stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l));
        expect(lines.map((l) => l.id).sort()).toEqual(["001", "ars-1"]);
        expect(lines.every((l) => l.text.length > 500)).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.each([
    [["extract"]],
    [["extract", "/no/such/file.html"]],
    [["extract", "x.html", "--format", "pdf"]],
    [["extract", "--batch", "/no/such/manifest.jsonl"]],
  ])("bad input %j: exit 2, one line on stderr", (args) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stdout).toBe("");
  });
});
