// @vitest-environment jsdom
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import {
  extractLinkVectors,
  LINK_FEATURE_NAMES,
  type LinkFeatureName,
  linkFeatureArray,
} from "../features/link-features";
import { nextLinkForest } from "./models";
import { detectNextLink, linkFeaturesRead } from "./next-link";
import { CHOICE_FEATURES, chooseNextLink } from "./next-link-choice";

// Behaviour on page-like documents is tested in Chromium (test/e2e/detect-fixtures):
// the forest was trained on laid-out pages and jsdom has no layout. These checks hold
// whatever the forest says.
const URL1 = "http://ex.com/story";
const doc = (body: string, url = URL1) =>
  new JSDOM(`<!doctype html><body>${body}</body>`, { url }).window.document;
const PROSE = "<p>Plenty of article text goes here, with commas, and full stops. It runs on.</p>";

describe("detectNextLink (bundled forest)", () => {
  it("loads the shipped model with a threshold in 0..1", () => {
    const t = nextLinkForest().params.threshold ?? -1;
    expect(t).toBeGreaterThan(0);
    expect(t).toBeLessThan(1);
  });
  it("reports the best score, candidates, and no anchor when it stays idle", () => {
    const r = detectNextLink(
      doc(`${PROSE}<a href="/about">About us</a><a href="/story?page=2">Next</a>`),
      URL1,
      1.01,
    );
    expect(r.url).toBeNull();
    expect(r.anchor).toBeNull();
    expect(r.candidates).toBe(1);
    expect(r.score).toBeGreaterThan(0);
  });
  it("skips a refused candidate and marks the one taken instead unsure, for page 2 to confirm", () => {
    const d = doc(
      `${PROSE}<div class="pagination"><a href="/story?page=2">Next page</a></div>` +
        '<div class="pager"><a href="/other-story">Next »</a></div>',
    );
    // Whatever the forest prefers, with both refused nothing is chosen.
    expect(detectNextLink(d, URL1, 0, 0, () => true).url).toBeNull();
    const free = detectNextLink(d, URL1, 0, 0);
    expect(free.url).not.toBeNull();
    const refused = free.url as string;
    const r = detectNextLink(d, URL1, 0, 0, (url) => url === refused);
    expect(r.url).not.toBeNull();
    expect(r.url).not.toBe(refused);
    expect(r.unsure).toBe(true);
  });
  it("scores as the forest does on every feature: what it skips, the forest never reads", () => {
    const d = doc(
      `${PROSE.repeat(6)}<div class="pager"><a href="/story?page=1">1</a><a href="/story?page=2">2</a><a href="/story?page=2">Next</a><a href="/story?page=9">Last</a></div>`,
    );
    const forest = nextLinkForest();
    const full = extractLinkVectors(d, URL1, { pagerSignalsOnly: true });
    const read = extractLinkVectors(d, URL1, {
      pagerSignalsOnly: true,
      features: linkFeaturesRead(forest),
    });
    for (const [k, v] of read.entries())
      for (const name of linkFeaturesRead(forest))
        expect([name, v.features[name as LinkFeatureName]]).toEqual([
          name,
          full[k]?.features[name as LinkFeatureName],
        ]);
    const rows = full.map(linkFeatureArray);
    const expected = chooseNextLink(rows, forest.probabilities(rows), 0);
    const r = detectNextLink(d, URL1, 0);
    expect(r.candidates).toBe(rows.length);
    expect(r.score).toBe(expected.score);
    expect(r.score).toBeGreaterThan(0);
  });
  it("computes what the forest's splits test and the choice reads, and nothing else", () => {
    const forest = nextLinkForest();
    const read = linkFeaturesRead(forest);
    for (const name of forest.testedFeatures) expect(read.has(name)).toBe(true);
    for (const name of CHOICE_FEATURES) expect(read.has(name)).toBe(true);
    const rows = [LINK_FEATURE_NAMES.map(() => 0), LINK_FEATURE_NAMES.map(() => 1)];
    const skipped = LINK_FEATURE_NAMES.filter((n) => !forest.testedFeatures.has(n));
    // Changing only the untested features changes no vote.
    for (const row of rows) {
      const moved = LINK_FEATURE_NAMES.map((n, c) => (skipped.includes(n) ? 7 : (row[c] ?? 0)));
      expect(forest.probabilities([moved])).toEqual(forest.probabilities([row]));
    }
    expect(linkFeaturesRead(forest)).toBe(read);
  });
  it("scores no link without a pager signal", () => {
    const r = detectNextLink(doc(`${PROSE}<a href="/about">About us</a>`), URL1, 0);
    expect(r).toMatchObject({ url: null, candidates: 0, score: 0 });
  });
  it("never follows a cross-origin or comment-only link, whatever the threshold", () => {
    const d = doc(
      `${PROSE}<div class="pager"><a rel="next" href="http://other.org/story/2">Next</a></div><div id="comments"><a href="/c?p=2">next</a></div>`,
    );
    expect(detectNextLink(d, URL1, 0).url).toBeNull();
  });
  it("with threshold 0 takes the best eligible candidate", () => {
    const d = doc(`${PROSE}<div class="pagination"><a href="/story/2">Next ›</a></div>`);
    expect(detectNextLink(d, URL1, 0).url).toBe("http://ex.com/story/2");
  });
});
