import { describe, expect, it } from "vitest";
import { LINK_FEATURE_NAMES, type LinkFeatureName } from "../features/link-feature-names";
import { decideNextLink, MAX_HANDOVERS, type ScoredCandidate } from "./next-decision";

const row = (on: Partial<Record<LinkFeatureName, number>> = {}) =>
  LINK_FEATURE_NAMES.map((n) => on[n] ?? 0);

const cand = (
  url: string,
  score: number,
  text: string,
  on: Partial<Record<LinkFeatureName, number>> = {},
): ScoredCandidate => ({ url, score, text, row: row(on) });

const PAGE = "https://shop.test/list?cat=5";
const params = { threshold: 0.3, floor: 0.5, certainScore: 0.9, certainStructure: true };

describe("decideNextLink", () => {
  it("joins a stepping link at once only from the certain score", () => {
    const sure = decideNextLink(PAGE, [cand(`${PAGE}&page=2`, 0.95, "Next")], params);
    expect(sure).toMatchObject({ index: 0, pending: false, wait: null });
    const doubted = decideNextLink(PAGE, [cand(`${PAGE}&page=2`, 0.7, "Next")], params);
    expect(doubted).toMatchObject({ index: 0, pending: true, wait: "score" });
  });

  it("joins at once a certain link that writes the list's order, or leads from the front page into its list", () => {
    // A forum's pager writes the list's order beside the page; a site's front page is page
    // 1 of the list it pages on under the list's own address.
    const forum = "https://f.test/forumdisplay.php?f=415";
    const ordered = [cand(`${forum}&page=2&order=desc`, 0.95, "Next")];
    expect(decideNextLink(forum, ordered, params)).toMatchObject({ index: 0, pending: false });
    const front = [cand("https://m.test/royaltyfreemusic/page2", 1, "Next")];
    expect(decideNextLink("https://m.test/", front, params)).toMatchObject({ pending: false });
    // From any other page, a link into another path is another list: page 2 must confirm it.
    expect(decideNextLink("https://m.test/about/", front, params)).toMatchObject({
      pending: true,
      wait: "other-document",
    });
    // A filter beside the order is still another list.
    const filtered = [cand(`${forum}&prefix=3&page=2&order=desc`, 0.95, "Next")];
    expect(decideNextLink(forum, filtered, params)).toMatchObject({ pending: true });
  });

  it("joins at once a rel=next that is the numbered pager's current + 1, whatever its score", () => {
    const links = [
      cand(`${PAGE}&page=2`, 0.6, "2", { relNext: 1, runPlusOne: 1 }),
      cand(`${PAGE}&page=3`, 0.2, "3"),
    ];
    expect(decideNextLink(PAGE, links, params)).toMatchObject({ index: 0, pending: false });
    // A rel=next whose URL's page number is the page's + 1 is the same signal.
    const byUrl = [cand("https://a.test/story/2", 0.6, "Next ›", { relNext: 1, isPlusOne: 1 })];
    expect(decideNextLink("https://a.test/story/1", byUrl, params).pending).toBe(false);
    expect(
      decideNextLink(
        "https://a.test/story/1",
        [cand("https://a.test/story/2", 0.6, "Next ›", { isPlusOne: 1 })],
        params,
      ).pending,
    ).toBe(true);
    // Where training folds saw that signal on a page without a next page, it is not enough.
    expect(decideNextLink(PAGE, links, { ...params, certainStructure: false })).toMatchObject({
      index: 0,
      pending: true,
    });
  });

  it("lets the pager's structure choose its current + 1 over a higher-scoring page of it", () => {
    const page = "https://search.test/s?q=tea";
    const links = [
      // "2" and "Next" are one link (p=1: counted from 0), standing as "Next".
      cand(`${page}&p=1`, 0.45, "Next"),
      cand(`${page}&p=2`, 0.8, "3"),
      cand(`${page}&p=3`, 0.2, "4"),
    ];
    const d = decideNextLink(page, links, params);
    expect(d).toMatchObject({ index: 0, pending: true, wait: "structure" });
    // The forest's own pick stays among the links tried after a refusal.
    expect(d.alternatives).toEqual([1]);
  });

  it("reads a parameter no step vocabulary knows as a page step (Nao=20)", () => {
    const page = "https://shop.test/browse/N-1234";
    const links = [
      cand(`${page}?Nao=20`, 0.95, "Next"),
      cand(`${page}?Nao=40`, 0.3, "3"),
      cand(`${page}?Nao=60`, 0.2, "4"),
    ];
    // Without the pager's numbers it leads to "another document" and waits for page 2.
    expect(decideNextLink(page, links.slice(0, 1), params).wait).toBe("other-document");
    expect(decideNextLink(page, links, params)).toMatchObject({ index: 0, pending: false });
  });

  it("keeps a link to another document only from the majority vote, and waiting", () => {
    const post = "https://blog.test/2024/05/a-post.html";
    const next = "https://blog.test/2024/05/another-post.html";
    expect(decideNextLink(post, [cand(next, 0.4, "Next post")], params).index).toBe(-1);
    expect(decideNextLink(post, [cand(next, 0.6, "Next post")], params)).toMatchObject({
      index: 0,
      pending: true,
      wait: "other-document",
    });
  });

  it("ranks at most two links to hand over to, each eligible and at the majority vote", () => {
    const links = [
      cand(`${PAGE}&page=2`, 0.7, "Next"),
      cand(`${PAGE}&page=9`, 0.65, "Last"),
      cand(`${PAGE}&page=5`, 0.6, "»"),
      cand(`${PAGE}&page=4`, 0.55, "Next thread", { nextItem: 1 }),
      cand(`${PAGE}&page=3`, 0.4, "more"),
    ];
    const d = decideNextLink(PAGE, links, params);
    expect(d.alternatives).toEqual([1, 2]);
    expect(d.alternatives.length).toBeLessThanOrEqual(MAX_HANDOVERS);
  });

  it("without a floor, keeps the old decision: every stepping link above the threshold", () => {
    const d = decideNextLink(PAGE, [cand(`${PAGE}&page=2`, 0.4, "Next")], { threshold: 0.3 });
    expect(d).toMatchObject({ index: 0, pending: false, alternatives: [] });
  });

  it("marks the next-best link unsure when the reader refused a better one", () => {
    const links = [
      { ...cand(`${PAGE}&page=9`, 0.9, "Next"), refused: true },
      cand(`${PAGE}&page=2`, 0.95 - 0.3, "2"),
    ];
    expect(decideNextLink(PAGE, links, params)).toMatchObject({ index: 1, wait: "refused" });
  });
});
