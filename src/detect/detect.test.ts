// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detect, detectInSlices } from "./detect";

const FIXTURES = join(process.cwd(), "test/fixtures");
const load = (path: string) =>
  new DOMParser().parseFromString(readFileSync(join(FIXTURES, path), "utf8"), "text/html");

describe("detectInSlices", () => {
  it("decides as detect() does, waiting for idle time between the halves", async () => {
    const doc = load("chain/1.html");
    const url = "http://127.0.0.1/chain/1.html";
    let idles = 0;
    const sliced = await detectInSlices(doc, url, async () => {
      idles++;
    });
    const whole = detect(doc, url);
    expect(sliced.next.url).toBe(whole.next.url);
    expect(sliced.pageElements).toEqual(whole.pageElements);
    expect(sliced.pageElementXPaths).toEqual(whole.pageElementXPaths);
    expect(idles).toBe(1);
  });

  it("stops after the next-link half on a page without a next link", async () => {
    const doc = load("chain/3.html");
    let idles = 0;
    const d = await detectInSlices(doc, "http://127.0.0.1/chain/3.html", async () => {
      idles++;
    });
    expect(d.next.url).toBe(null);
    expect(d.pageElements).toEqual([]);
    expect(idles).toBe(0);
  });
});
