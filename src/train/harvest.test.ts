// @vitest-environment jsdom
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { extractNodeVectors, nodeFeatureArray } from "../features/node-features";
import { candidateParents, goldAnchor, goldText, nodeRows, textOfElements } from "./dataset";
import { harvestPage } from "./harvest";

const URL1 = "http://ex.com/list?page=1";
const html = `<!doctype html><body>
  <nav><a href="/">Home</a> <a href="/about">About</a></nav>
  <div id="items">
    <div class="item"><h2>First item</h2><p>Text of the first item, with words.</p></div>
    <div class="item"><h2>Second item</h2><p>Text of the second item, with more words.</p></div>
  </div>
  <div class="pager"><a href="/list?page=1">1</a> <a href="/list?page=2" class="nx">Next</a></div>
  <footer>© ex</footer>
</body>`;
const doc = () => new JSDOM(html, { url: URL1 }).window.document;

describe("harvestPage", () => {
  const rec = harvestPage(doc(), {
    pageUrl: URL1,
    nextSelector: ".nx",
    pageElementSelector: "#items",
  });

  it("labels the gold next link among the merged candidates", () => {
    expect(rec.goldNextUrls).toEqual(["http://ex.com/list?page=2"]);
    const positives = rec.links.urls.filter((_, k) => rec.links.label[k] === 1);
    expect(positives).toEqual(["http://ex.com/list?page=2"]);
    expect(rec.links.text[rec.links.label.indexOf(1)]).toBe("Next");
    expect(rec.nextSelectorMatched).toBe(true);
  });

  it("labels the gold element and everything inside it as content", () => {
    const d = doc();
    const labelled = rec.nodes.index.filter((_, k) => rec.nodes.label[k] === 1);
    expect(labelled.length).toBe(7); // #items, 2 × (div, h2, p)
    expect(goldText(rec)).toBe(
      "First item Text of the first item, with words. Second item Text of the second item, with more words.",
    );
    expect(d.querySelector("#items")).not.toBeNull();
  });

  it("rebuilds the next-link features for any next link exactly as the extractor does", () => {
    const d = doc();
    const anchor = d.querySelector(".nx");
    const live = extractNodeVectors(d, { nextLink: anchor }).filter(
      (v) => v.features.textLength > 0,
    );
    const rebuilt = nodeRows(rec, goldAnchor(rec));
    // Positions in the layout-free jsdom document are deterministic, so rows must match.
    expect(rebuilt).toEqual(
      live.map((v) =>
        nodeFeatureArray(v).map((x) => (Number.isInteger(x) ? x : Math.round(x * 1e6) / 1e6)),
      ),
    );
  });

  it("keeps a candidate tree and the text of any element set", () => {
    const parents = candidateParents(rec);
    expect(parents[0]).toBe(-1); // body
    expect([...parents].every((p, k) => p < k)).toBe(true);
    const footer = rec.nodes.index.find(
      (_, k) => rec.nodes.rows[k] && textOfElements(rec, [rec.nodes.index[k] ?? -1]) === "© ex",
    );
    expect(footer).toBeDefined();
  });

  it("reports a next selector that matches no link, and never throws on a bad selector", () => {
    const r = harvestPage(doc(), {
      pageUrl: URL1,
      nextSelector: ".nope",
      pageElementSelector: "][",
    });
    expect(r.nextSelectorMatched).toBe(false);
    expect(r.problems.join(" ")).toMatch(/invalid selector/);
  });

  it("labels by gold text coverage and strips label attributes", () => {
    const d = new JSDOM(html.replace('<div id="items">', '<div id="items" __label="main">'), {
      url: URL1,
    }).window.document;
    const r = harvestPage(d, { pageUrl: URL1, labelAttribute: "__label", labelValue: "main" });
    expect(r.goldRoots).toHaveLength(1);
    expect(d.querySelector("[__label]")).toBeNull();
    const g = harvestPage(doc(), {
      pageUrl: URL1,
      goldHtml:
        "<div><p>Text of the first item, with words.</p><p>Text of the second item, with more words.</p></div>",
    });
    const labelled = g.nodes.index.filter((_, k) => g.nodes.label[k] === 1).map((i) => i);
    expect(labelled.length).toBe(2); // the two <p>
  });
});
