import { describe, expect, it } from "vitest";
import type { Confirmation } from "../confirm-next";
import { continuation } from "./decide";
import { NO_EVIDENCE, type Page2Signals } from "./read";

/** Page 2 links back to page 1 under one title; its pager did not move. */
const linksBack: Confirmation = {
  confirmed: true,
  template: 1,
  templateBack: 1,
  pagerMoved: false,
  samePager: true,
  pointsBack: true,
  sameDocument: true,
  otherPage: false,
};

/** An article (no records) whose page 2 URL adds a word to page 1's path. */
const article = (sameTitleAndHeading: boolean): Page2Signals => ({
  records1: 0,
  records2: 0,
  repeatedShare: 0,
  dates: "unknown",
  numbering: "unknown",
  ...NO_EVIDENCE,
  urlLeaves: true,
  sameTitleAndHeading,
});

describe("continuation: a link back from a page whose URL leaves page 1's path", () => {
  it("is the site's next article when its heading changed", () => {
    expect(continuation(linksBack, article(false))).toBeNull();
  });
  it("is the article's second part when it keeps page 1's title and heading", () => {
    expect(continuation(linksBack, article(true))).toBe("links back");
  });
});
