import { describe, expect, it } from "vitest";
import { datedTarget, dateStep, hrefNotUrl } from "./next-item";

describe("dateStep", () => {
  it("sees a step of year, month or day in the path or a date parameter", () => {
    expect(dateStep("https://c.org/events/2024", "https://c.org/events/2025")).toBe(1);
    expect(dateStep("https://c.org/a/2024/05/", "https://c.org/a/2024/06/")).toBe(1);
    expect(dateStep("https://c.org/d/2024-05-01", "https://c.org/d/2024-05-02")).toBe(1);
    expect(dateStep("https://c.org/cal?month=5", "https://c.org/cal?month=6")).toBe(1);
  });
  it("leaves page numbers and unrelated links alone", () => {
    expect(dateStep("https://c.org/page/2/", "https://c.org/page/3/")).toBe(0);
    expect(dateStep("https://c.org/2024/05/post-a", "https://c.org/2024/05/post-b")).toBe(0);
    expect(dateStep("https://c.org/x?page=1", "https://c.org/x?page=2")).toBe(0);
    expect(dateStep("https://c.org/2024/05/x?page=1", "https://c.org/2024/05/x?page=2")).toBe(0);
  });
});

describe("hrefNotUrl", () => {
  it("flags words in place of an address", () => {
    expect(hrefNotUrl("Next page")).toBe(1);
    expect(hrefNotUrl("next")).toBe(1);
  });
  it("accepts addresses", () => {
    expect(hrefNotUrl("page2.html")).toBe(0);
    expect(hrefNotUrl("/next")).toBe(0);
    expect(hrefNotUrl("?p=2")).toBe(0);
    expect(hrefNotUrl("")).toBe(0);
  });
});

describe("datedTarget", () => {
  it("sees a day the page's URL does not name", () => {
    expect(datedTarget("https://c.org/", "https://c.org/?m=20160302")).toBe(1);
    expect(datedTarget("https://c.org/blog/", "https://c.org/blog/2016/03/02/")).toBe(1);
    expect(datedTarget("https://c.org/", "https://c.org/d/2016-03-02")).toBe(1);
  });
  it("leaves pages, months, ids and the page's own day alone", () => {
    expect(datedTarget("https://c.org/", "https://c.org/page/2/")).toBe(0);
    expect(datedTarget("https://c.org/2016/03/", "https://c.org/2016/03/page/2/")).toBe(0);
    expect(datedTarget("https://c.org/", "https://c.org/t?id=120160302999")).toBe(0);
    expect(datedTarget("https://c.org/2016/03/02/a?p=1", "https://c.org/2016/03/02/a?p=2")).toBe(0);
    // A cursor is a position in time, not a day's archive.
    expect(
      datedTarget("https://b.com/", "https://b.com/search?updated-max=2016-03-18T11:07:00-05:00"),
    ).toBe(0);
  });
});
