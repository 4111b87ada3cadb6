import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { evaluateXPaths, xpathsForRun } from "../rule/xpath";
import { bodyExtent } from "./body-extent";

/** One page of an older news template: the body split in two around inline boxes. */
function templatePage(
  n: number,
  first: string,
  rest: string[],
  teaser = "Reader comments",
): Document {
  const html = `<body><div id="article">
    ${n === 1 ? '<h1 class="articleHeadline">The winter</h1><h6 class="byline">By M. H.</h6>' : ""}
    <div class="articleBody"><span class="pageNumber">(Page ${n} of 5)</span> <font>${first}</font></div>
    <div class="articleInline"><a href="javascript:pop()"><img src="t.jpg" alt=""></a><h6><a href="javascript:pop()">Slide Show</a></h6></div>
    <div class="articleInline"></div><script>var share = {};</script><div id="readerscomment"></div>
    <div class="articleBody">${rest.map((p) => `<p>${p}</p>`).join("")}</div>
    <div class="articleBody"><a href="#c">${teaser}</a></div>
    <div class="pageLinks"><a href="${n + 1}.html">Next Page</a></div></div></body>`;
  return new JSDOM(html, { url: `https://news.example/story/${n}.html` }).window.document;
}

const page1 = () =>
  templatePage(1, "The ferry last called on a Tuesday.", [
    "The mayor called a meeting.",
    "Nobody voted.",
  ]);
const page2 = () =>
  templatePage(2, "By the second day the bakery was out of flour.", [
    "The church hall was full.",
    "The meeting ended late.",
  ]);

/** Page 1's detection as the forest left it: the long second half alone. */
function chosen(doc: Document) {
  const long = doc.querySelectorAll(".articleBody")[1] as Element;
  return { doc, url: doc.URL, elements: [long], xpaths: xpathsForRun([long]) };
}

describe("bodyExtent", () => {
  it("adds the short first half whose text differs on page 2, and leaves the boxes out", () => {
    const d1 = page1();
    const d2 = page2();
    const out = bodyExtent(chosen(d1), { doc: d2, url: d2.URL });
    const [short, long] = Array.from(d1.querySelectorAll(".articleBody"));
    expect(out?.elements).toEqual([short, long]);
    // Page 2 read with the widened rule: both halves, no box, no teaser.
    const read = evaluateXPaths(d2, out?.xpaths ?? []);
    expect(
      read.map((e) => e.textContent?.includes("bakery") || e.querySelectorAll("p").length),
    ).toEqual([true, 2]);
    expect(read.some((e) => e.classList.contains("articleInline"))).toBe(false);
  });

  it("leaves out a sibling of the body's kind whose text page 2 repeats (the template's)", () => {
    const d1 = page1();
    const d2 = page2();
    const out = bodyExtent(chosen(d1), { doc: d2, url: d2.URL });
    expect(out?.elements.some((e) => e.textContent?.includes("Reader comments"))).toBe(false);
  });

  it("leaves out a sibling of the body's kind that is mostly links, even when it differs", () => {
    const d1 = page1();
    const d2 = templatePage(2, "The bakery again.", ["Hall."], "Other comments here");
    const out = bodyExtent(chosen(d1), { doc: d2, url: d2.URL });
    expect(out?.elements.some((e) => e.textContent?.includes("comments"))).toBe(false);
    expect(out?.elements).toHaveLength(2);
  });

  it("answers null when the body is whole already, or page 2 has nothing to compare", () => {
    const d1 = page1();
    const both = Array.from(d1.querySelectorAll(".articleBody")).slice(0, 2);
    const whole = { doc: d1, url: d1.URL, elements: both, xpaths: xpathsForRun(both) };
    expect(bodyExtent(whole, { doc: page2(), url: page2().URL })).toBeNull();
    const shell = new JSDOM(`<body><div id="app">Loading…</div></body>`).window.document;
    expect(
      bodyExtent(chosen(page1()), { doc: shell, url: "https://news.example/story/2.html" }),
    ).toBeNull();
    // The same page twice: nothing differs, nothing is added.
    const again = page1();
    expect(bodyExtent(chosen(page1()), { doc: again, url: again.URL })).toBeNull();
  });

  it("answers null for page elements that are not siblings", () => {
    const d1 = page1();
    const els = [d1.querySelector("h1"), d1.querySelector(".articleBody p")] as Element[];
    expect(
      bodyExtent({ doc: d1, url: d1.URL, elements: els, xpaths: [] }, { doc: page2(), url: "x" }),
    ).toBeNull();
  });
});
