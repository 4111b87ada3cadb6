// @vitest-environment jsdom
/**
 * Property tests (fast-check): on random and malformed HTML, feature extraction,
 * detection and rule building never throw and finish within a time bound.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detect } from "../detect/detect";
import { learnSiteRule } from "../rule/learn-rule";
import { evaluateXPath } from "../rule/xpath";
import { extractLinkVectors } from "./link-features";
import { extractNodeVectors, nodeStats } from "./node-features";

const PAGE_URL = "https://ex.com/blog/story?p=1";
/** Per document, ms: generous for a 2-core CI box, far below what a hang would take. */
const BOUND_MS = 2000;

const TAGS = [
  "div",
  "p",
  "a",
  "span",
  "ul",
  "li",
  "table",
  "tr",
  "td",
  "article",
  "nav",
  "b",
  "img",
  "br",
  "section",
  "form",
  "script",
  "style",
  "svg",
  "iframe",
  "h1",
];
const word = fc.constantFrom(
  "next",
  "Next »",
  "次へ",
  "2",
  "prev",
  "page",
  "»",
  "more",
  "下一页",
  "Далее",
  "&amp;",
  "<",
  "\u0000",
  "",
  "lorem ipsum dolor sit amet.",
);
const attr = fc.tuple(
  fc.constantFrom(
    "href",
    "class",
    "id",
    "rel",
    "src",
    "style",
    "title",
    "data-src",
    "onclick",
    "alt",
  ),
  fc.oneof(
    word,
    fc.constantFrom(
      "?p=2",
      "/blog/story?p=2",
      "javascript:void(0)",
      "#",
      "http://[bad",
      "//other.com/2",
      "next",
      "pager pagination",
      "display:none",
      "page/3",
    ),
  ),
);

/** Random element trees, well-formed or not (unclosed, stray closers, raw text). */
const tree: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    word,
    fc
      .tuple(
        fc.constantFrom(...TAGS),
        fc.array(attr, { maxLength: 3 }),
        fc.array(tie("node"), { maxLength: 5 }),
        fc.boolean(),
      )
      .map(
        ([tag, attrs, kids, close]) =>
          `<${tag}${attrs.map(([k, v]) => ` ${k}="${v.replace(/"/g, "&quot;")}"`).join("")}>${kids.join("")}${close ? `</${tag}>` : ""}`,
      ),
    fc.constantFrom(
      "</div>",
      "</a></a>",
      "<a href=",
      "<!--",
      "<![CDATA[",
      "<p <p>",
      "&#xD800;",
      "<table><a href='?p=2'>next</a>",
    ),
  ),
})).node;

const html = fc.oneof(
  tree,
  fc.string({ maxLength: 400 }),
  fc.array(tree, { maxLength: 8 }).map((a) => a.join("")),
);

function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
}

describe("on random and malformed HTML", () => {
  it("feature extraction never throws and stays within the time bound", () => {
    fc.assert(
      fc.property(html, (markup) => {
        const doc = new DOMParser().parseFromString(markup, "text/html");
        const { ms } = timed(() => {
          const links = extractLinkVectors(doc, PAGE_URL);
          for (const v of links) expect(v.url.startsWith("https://ex.com/")).toBe(true);
          const stats = nodeStats(doc);
          extractNodeVectors(doc, { nextLink: links[0]?.anchors[0] ?? null, stats });
        });
        expect(ms).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 150 },
    );
  });

  it("detection and rule building never throw, and the rule selects page 1's choice", () => {
    fc.assert(
      fc.property(html, (markup) => {
        const doc = new DOMParser().parseFromString(markup, "text/html");
        const { ms } = timed(() => {
          const found = detect(doc, PAGE_URL);
          const anchor = found.next.anchor ?? doc.querySelector("a");
          const elements =
            found.pageElements.length > 0
              ? found.pageElements
              : doc.body
                ? [doc.body.firstElementChild ?? doc.body]
                : [];
          if (!anchor || elements.length === 0 || !elements[0]?.parentElement) return;
          const rule = learnSiteRule(PAGE_URL, anchor, elements);
          expect(evaluateXPath(doc, rule.nextLink)[0]).toBe(anchor);
          expect(new RegExp(rule.url).test(PAGE_URL)).toBe(true);
        });
        expect(ms).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 150 },
    );
  });
});
