// @vitest-environment jsdom
/**
 * Record segmentation (seed 002 §5.1-5.2) on saved list pages of the corpus, read in
 * place. Each expected count was counted by hand in the page's HTML (the children of the
 * labelled page element that are one post, result, product or comment each), not by this
 * code. The page element is the corpus label (`page-elements.jsonl`), as a learned rule
 * would hand it over.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withoutCorpus } from "../../test/support/corpus";
import { paginationPages } from "../train/corpus";
import { segmentRecords } from "./records";

/** [corpus id, kind, records counted by hand, what was counted]. */
const HAND_COUNTED: readonly [string, string, number, string][] = [
  ["d0037", "comment list", 30, "Vanilla discussion: 30 li#Comment_* in ul.Comments"],
  ["d0205", "forum thread", 10, "mobile01 thread page 2: replies #11 to #20"],
  ["d0028", "forum topic list", 31, "Vanilla: 2 announcements + 29 discussions, li.Item each"],
  ["d0059", "forum topic list", 20, "vBulletin 4: 20 li.threadbit"],
  ["d0276", "search results", 16, "Amazon: 16 div.s-result-item.s-asin"],
  ["d0284", "search results", 20, "books.com.tw: 20 li.item in ul.searchbook"],
  ["d0016", "product grid", 11, "Magento: 11 li.item; the category description li is not one"],
  ["d0316", "product grid", 25, "Angular grid: 25 product tiles"],
  ["d0021", "blog index", 10, "10 div.blog-index-post"],
  ["d0074", "blog index", 10, "WordPress: 10 article.post"],
  ["d0010", "news index", 10, "10 article.item-list"],
  ["d0052", "review list", 10, "10 div.restaurantReview"],
];

const skip = withoutCorpus("record segmentation on corpus list pages", "pagination");

describe.skipIf(skip)("segmentRecords on saved list pages", () => {
  const pages = skip ? new Map() : new Map(paginationPages().map((p) => [p.key, p]));
  for (const [id, kind, count, what] of HAND_COUNTED) {
    it(`${id} (${kind}): ${count} records — ${what}`, () => {
      const page = pages.get(`pagination/${id}`);
      if (!page) throw new Error(`${id} is not in the corpus`);
      const bytes = readFileSync(page.file);
      let html: string;
      try {
        html = new TextDecoder(page.charset || "utf-8").decode(bytes);
      } catch {
        html = new TextDecoder().decode(bytes);
      }
      const doc = new DOMParser().parseFromString(html, "text/html");
      const elements = Array.from(doc.querySelectorAll(page.input.pageElementSelector));
      expect(elements.length).toBeGreaterThan(0);
      const list = segmentRecords(elements);
      expect(list?.records.length).toBe(count);
      // Records are disjoint: none holds another.
      const records = list?.records ?? [];
      expect(records.some((a) => records.some((b) => a !== b && a.contains(b)))).toBe(false);
    });
  }
});
