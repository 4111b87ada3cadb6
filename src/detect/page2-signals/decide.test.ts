import { describe, expect, it } from "vitest";
import type { Confirmation } from "../confirm-next";
import { addressGoesOn, continuation, itemsGoOn } from "./decide";
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

/** No records, no order, no evidence, no direction. */
const NOTHING_READ: Page2Signals = {
  records1: 0,
  records2: 0,
  repeatedShare: 0,
  dates: "unknown",
  numbering: "unknown",
  ...NO_EVIDENCE,
};

/** An article (no records) whose page 2 URL adds a word to page 1's path. */
const article = (sameTitleAndHeading: boolean): Page2Signals => ({
  ...NOTHING_READ,
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

/** A list page whose page 2 holds new records of its shape; no order shown, no link
 * back, page 1 names no next link to it. */
const newItems = (urlStep: boolean): Page2Signals => ({
  ...NOTHING_READ,
  records1: 20,
  records2: 20,
  urlStep,
});

const silentPager: Confirmation = { ...linksBack, pointsBack: false, sameDocument: false };

describe("itemsGoOn: the URL's page step as the direction", () => {
  it("holds when page 2's URL is page 1's one page on", () => {
    expect(itemsGoOn(silentPager, newItems(true))).toBe(true);
  });
  it("does not hold for new items without a direction", () => {
    expect(itemsGoOn(silentPager, newItems(false))).toBe(false);
  });
  it("does not hold where the dates break, whatever the URL", () => {
    expect(itemsGoOn(silentPager, { ...newItems(true), dates: "breaks" })).toBe(false);
  });
});

/** A script-drawn shop page 2: no records read, page number + 1, page 1's title and
 * heading, page 1's pager links; its pager marks no current page and no link leads back. */
const scriptGrid: Page2Signals = {
  ...NOTHING_READ,
  urlStep: true,
  urlNextPage: true,
  sameTitleAndHeading: true,
};
const quietPager: Confirmation = { ...linksBack, pointsBack: false };

describe("addressGoesOn: where no item can be read", () => {
  it("holds for the next page number under page 1's title, heading and pager", () => {
    expect(addressGoesOn(quietPager, scriptGrid)).toBe(true);
    expect(continuation(quietPager, scriptGrid)).toBe("address goes on");
  });
  it("does not hold for an item offset, another title or heading, or another pager", () => {
    expect(addressGoesOn(quietPager, { ...scriptGrid, urlNextPage: false })).toBe(false);
    expect(addressGoesOn(quietPager, { ...scriptGrid, sameTitleAndHeading: false })).toBe(false);
    expect(addressGoesOn({ ...quietPager, samePager: false }, scriptGrid)).toBe(false);
    expect(addressGoesOn(quietPager, { ...scriptGrid, urlLeaves: true })).toBe(false);
  });
  it("leaves lists whose items can be read to the items", () => {
    expect(addressGoesOn(quietPager, { ...scriptGrid, records1: 20, records2: 20 })).toBe(false);
  });
});
