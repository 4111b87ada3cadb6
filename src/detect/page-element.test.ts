// @vitest-environment jsdom
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import {
  type NodeRows,
  type NodeStats,
  nodeFeatureRows,
  nodeStats,
} from "../features/node-features";
import { PHRASING_TAGS } from "../features/phrasing";
import { wrappers } from "../features/wrappers";
import {
  type CandidateTree,
  candidateTree,
  detectPageElement,
  withTextlessBetween,
} from "./page-element";
import { keptTree } from "./page-element-choice";

// Behaviour on page-like documents is tested in Chromium (test/e2e/detect-fixtures);
// the joins of real captures in test/e2e/replay-join. These checks hold whatever the
// forest says.
const para = (i: number) =>
  `<p>Paragraph ${i} of the story, long enough to count, with a comma, and a full stop. More words follow here.</p>`;
const doc = (body: string) =>
  new JSDOM(`<!doctype html><body>${body}</body>`, { url: "http://ex.com/a" }).window.document;

describe("detectPageElement (bundled forest)", () => {
  it("never returns an element that holds the next link", () => {
    const d = doc(
      `<div id="list">${[1, 2, 3].map((i) => `<div class="post">${para(i)}</div>`).join("")}<div class="pager"><a href="/a?page=2">Next</a></div></div>`,
    );
    const next = d.querySelector(".pager a");
    const r = detectPageElement(d, next);
    expect(r.elements.length).toBeGreaterThan(0);
    expect(r.elements.some((e) => next && e.contains(next))).toBe(false);
  });
  it("returns elements in document order, none inside another", () => {
    const d = doc(
      `<div id="main"><h1>T</h1><div class="body">${[1, 2, 3, 4].map(para).join("")}</div></div>`,
    );
    const els = detectPageElement(d).elements;
    for (let i = 1; i < els.length; i++) {
      const a = els[i - 1];
      const b = els[i];
      if (!a || !b) continue;
      expect(a.compareDocumentPosition(b) & 4).toBe(4); // b follows a
      expect(a.contains(b)).toBe(false);
    }
  });
  it("finds nothing on an empty page", () => {
    expect(detectPageElement(doc("")).elements).toEqual([]);
  });
});

describe("withTextlessBetween", () => {
  const body = (inner: string) => {
    const d = doc(`<div id="b">${inner}</div>`);
    return Array.from(d.querySelectorAll("#b > *"));
  };
  it("adds the images and embeds between the run's paragraphs", () => {
    const kids = body(
      `<p>a</p><img src="x.png"><div class="fig"><picture><img src="y.png"></picture></div><p>b</p><iframe src="v"></iframe><p>c</p><img src="after.png">`,
    );
    const run = kids.filter((e) => e.localName === "p");
    expect(withTextlessBetween(run).map((e) => e.localName)).toEqual([
      "p",
      "img",
      "div",
      "p",
      "iframe",
      "p",
    ]);
  });
  it("leaves out empty slots, scripts and elements with text", () => {
    const kids = body(`<p>a</p><div class="ad"></div><script>x()</script><div>aside</div><p>b</p>`);
    const run = kids.filter((e) => e.localName === "p");
    expect(withTextlessBetween(run)).toEqual(run);
  });
  it("leaves a single element or non-siblings as they are", () => {
    const kids = body(`<p>a</p><img src="x.png"><div><p>b</p></div>`);
    const [a, , div] = kids;
    const inner = div?.querySelector("p");
    if (!a || !inner) throw new Error("fixture");
    expect(withTextlessBetween([a])).toEqual([a]);
    expect(withTextlessBetween([a, inner])).toEqual([a, inner]);
  });
});

/**
 * Checks that `cut` (the same page's rows with some candidates left out) holds exactly the
 * candidates `keep` names, each hung under its nearest kept ancestor with the left-out
 * text, as keptTree does in the evaluation, and that every char is still counted once.
 */
function expectCutAsKeptTree(
  stats: NodeStats,
  full: NodeRows,
  cut: NodeRows,
  keep: (fullTree: CandidateTree) => number[],
): void {
  const fullTree = candidateTree(stats, full);
  const cutTree = candidateTree(stats, cut);
  const expected = keptTree(fullTree.parent, fullTree.ownText, keep(fullTree));
  expect(Array.from(cut.at)).toEqual(expected.at.map((k) => full.at[k]));
  expect(Array.from(cutTree.parent)).toEqual(Array.from(expected.parent));
  expect(Array.from(cutTree.ownText)).toEqual(Array.from(expected.ownText));
  const sum = (a: ArrayLike<number>) => Array.from(a).reduce((x, y) => x + y, 0);
  expect(sum(cutTree.ownText)).toBe(sum(fullTree.ownText));
  expect(cut.at.length).toBeLessThan(full.at.length);
}

describe("candidateTree without phrasing elements", () => {
  it("hangs each candidate under its nearest kept ancestor with the left-out text, as keptTree does", () => {
    const d = doc(
      `<div id="main"><p>Lead <a href="/x">linked <b>bold</b> words</a> and <span>a span <em>with em</em></span> end.</p><ul><li><a href="/1"><span>One</span></a></li><li><a href="/2">Two</a> two</li></ul><div><span>Only a span</span></div></div>`,
    );
    const stats = nodeStats(d);
    const full = nodeFeatureRows(d, { stats, withTextOnly: true });
    const cut = nodeFeatureRows(d, { stats, withTextOnly: true, phrasingOut: true });
    expectCutAsKeptTree(stats, full, cut, () =>
      Array.from(full.at, (i) => (PHRASING_TAGS.has(stats.tag[i] ?? "") ? 0 : 1)),
    );
    // The rows of the kept candidates are the full rows, value for value.
    const width = full.values.length / full.at.length;
    for (const [k, i] of Array.from(cut.at).entries()) {
      const f = Array.from(full.at).indexOf(i);
      expect(Array.from(cut.values.subarray(k * width, (k + 1) * width))).toEqual(
        Array.from(full.values.subarray(f * width, (f + 1) * width)),
      );
    }
  });
});

describe("candidateTree without wrappers", () => {
  const page = `<div id="page"><div class="shell"><div id="main"><div class="wrap"><div class="inner"><p>Lead <a href="/x">linked words</a> end.</p><p>Second <span>paragraph</span>.</p></div></div><ul><li><a href="/1"><span>One</span></a></li><li><a href="/2">Two</a> two</li></ul><h2><a href="/t">A title</a></h2><div class="ad"></div></div></div></div>`;
  it("leaves out exactly the candidates wrappers() names and hangs the rest as keptTree does", () => {
    const d = doc(page);
    const stats = nodeStats(d);
    const full = nodeFeatureRows(d, { stats, withTextOnly: true });
    const cut = nodeFeatureRows(d, { stats, withTextOnly: true, wrappersOut: true });
    const alike = Array.from(full.at, (i) => stats.sameTagSiblings[i] ?? 0);
    expectCutAsKeptTree(stats, full, cut, (t) =>
      Array.from(wrappers(t.parent, t.ownText, alike), (w) => 1 - w),
    );
    const kept = new Set(Array.from(cut.at, (i) => stats.elements[i]));
    const isKept = (sel: string) => kept.has(d.querySelector(sel) as Element);
    // Left out: the chain of only children above #main; .wrap and the <h2>, each around
    // one child beside siblings unlike them; the first <li>'s link, the <li>'s only child,
    // around one <span>.
    for (const sel of ["#page", ".shell", ".wrap", "h2", 'a[href="/1"]'])
      expect(isKept(sel)).toBe(false);
    // Scored: #main (three children), each <li> (items of a series: the same tag and
    // class), the rest.
    for (const sel of ["body", "#main", ".inner", "p", "li", 'a[href="/t"]'])
      expect(isKept(sel)).toBe(true);
    expect(isKept('a[href="/1"] span')).toBe(true);
    expect(isKept("li:nth-child(2)")).toBe(true);
  });
  it("reports a scored child as the outermost wrapper around it", () => {
    const d = doc(page);
    const stats = nodeStats(d);
    const cut = nodeFeatureRows(d, { stats, withTextOnly: true, wrappersOut: true });
    const reported = (sel: string) => {
      const k = Array.from(cut.at).indexOf(stats.elements.indexOf(d.querySelector(sel) as Element));
      return stats.elements[cut.outer[k] ?? -1];
    };
    expect(reported("#main")).toBe(d.querySelector("#page"));
    expect(reported('a[href="/1"] span')).toBe(d.querySelector('a[href="/1"]'));
    expect(reported(".inner")).toBe(d.querySelector(".wrap"));
    expect(reported('a[href="/t"]')).toBe(d.querySelector("h2"));
    expect(reported("p")).toBe(d.querySelector("p"));
    expect(reported("body")).toBe(d.body);
  });
  it("is off unless asked, and needs the text-only candidates", () => {
    const d = doc(page);
    const stats = nodeStats(d);
    const full = nodeFeatureRows(d, { stats, withTextOnly: true });
    const all = nodeFeatureRows(d, { stats, wrappersOut: true });
    expect(full.wrappersOut).toBe(false);
    expect(all.wrappersOut).toBe(false);
    expect(all.at.length).toBeGreaterThan(full.at.length);
    expect(Array.from(full.outer)).toEqual(Array.from(full.at));
  });
});
