// @vitest-environment jsdom
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { corpusDir } from "../replay/cases";
import { detect } from "./detect";
import { detectPageElement } from "./page-element";

const para = (i: number) =>
  `<p>Paragraph ${i} of the story, long enough to count, with a comma, and a full stop. More words follow here.</p>`;
const doc = (body: string) =>
  new JSDOM(`<!doctype html><body>${body}</body>`, { url: "http://ex.com/a" }).window.document;

describe("detectPageElement (transparent scorer)", () => {
  it("picks the article body, not the navigation, sidebar or footer", () => {
    const d = doc(
      `<nav><a href="/">Home</a> <a href="/x">Section</a></nav><div id="side"><a href="/r1">Related one</a><a href="/r2">Related two</a></div>` +
        `<div id="main"><h1>T</h1><div class="body">${[1, 2, 3, 4, 5].map(para).join("")}</div></div><footer>© site</footer>`,
    );
    expect(detectPageElement(d).elements.map((e) => e.className)).toEqual(["body"]);
  });
  it("returns the items, not their parent, when the parent also holds the pager", () => {
    const d = doc(
      `<div id="list">${[1, 2, 3].map((i) => `<div class="post">${para(i)}</div>`).join("")}<div class="pager"><a href="/a?page=2">Next</a></div></div>`,
    );
    const next = d.querySelector(".pager a");
    const r = detectPageElement(d, next);
    expect(r.elements.map((e) => e.className)).toEqual(["post", "post", "post"]);
    expect(r.elements.some((e) => next && e.contains(next))).toBe(false);
  });
  it("finds nothing on an empty page", () => {
    expect(detectPageElement(doc("")).elements).toEqual([]);
  });

  const ars = join(
    corpusDir(),
    "multipage/arstechnica-002/arstechnica.com/apple/reviews/2011/07/mac-os-x-10-7.ars.1.html",
  );
  it.skipIf(!existsSync(ars))(
    "finds the review body of the real arstechnica page, and an XPath for page 2",
    () => {
      const d = new JSDOM(readFileSync(ars), {
        url: "http://arstechnica.com/apple/reviews/2011/07/mac-os-x-10-7.ars",
      }).window.document;
      const r = detect(d, d.URL);
      expect(r.pageElements).toHaveLength(1);
      expect(r.pageElements[0]?.classList.contains("body")).toBe(true);
      expect(r.pageElementXPaths[0]).toContain("story");
    },
  );
});
