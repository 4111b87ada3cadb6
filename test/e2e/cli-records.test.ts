/**
 * `tsugi extract --records` in headless Chromium: the items of a list page as
 * `{page,url,title,text,date?,author?}`, from the extension's own detection and record
 * segmentation; an article gives none.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const BIN = join(process.cwd(), "bin/tsugi");
const run = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 120_000 });
const fixture = (path: string) => join(process.cwd(), "test/fixtures", path);

describe("tsugi extract --records", () => {
  it("gives each story of a news list page, in order, with its permalink and title", () => {
    const r = run(
      "extract",
      fixture("shifting/1.html"),
      "--url",
      "http://news.test/list/1.html",
      "--records",
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { url: string; records: Record<string, unknown>[] };
    expect(out.url).toBe("http://news.test/list/1.html");
    // Page 1 of the fixture lists stories 40 down to 33 (8 items, counted in the file).
    expect(out.records.map((i) => i.url)).toEqual(
      Array.from({ length: 8 }, (_, k) => `http://news.test/news/${40 - k}.html`),
    );
    for (const item of out.records) {
      expect(item.page).toBe(1);
      expect(String(item.title)).toMatch(/^Story \d+: the \w+ report$/);
      expect(String(item.text)).toContain(String(item.title));
    }
  });

  it("gives no records for an article", () => {
    const r = run(
      "extract",
      fixture("chain/1.html"),
      "--url",
      "http://chain.test/1.html",
      "--records",
    );
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).records).toEqual([]);
  });
});
