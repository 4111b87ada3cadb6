// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { datesContinue, numberingContinues, recordDate, recordNumber } from "./order";

const el = (html: string) => {
  const d = new DOMParser().parseFromString(`<div>${html}</div>`, "text/html");
  return d.body.firstElementChild as Element;
};
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;

describe("recordDate", () => {
  it("reads a time element's datetime first", () => {
    expect(recordDate(el('<time datetime="2024-03-05T10:00">Tuesday</time> 1999-01-01'))).toBe(
      day(2024, 3, 5),
    );
  });
  it.each([
    ["Posted 2023/11/02 by me", day(2023, 11, 2)],
    ["2022年4月9日 更新", day(2022, 4, 9)],
    ["am 07.12.2021 geschrieben", day(2021, 12, 7)],
    ["December 7, 2020 — news", day(2020, 12, 7)],
    ["7 December 2019", day(2019, 12, 7)],
    ["7 de diciembre de 2018", day(2018, 12, 7)],
  ])("reads %s", (text, want) => {
    expect(recordDate(el(text))).toBe(want);
  });
  it("reads no date from a record without one", () => {
    expect(recordDate(el("A post about 12 teapots"))).toBeNull();
  });
});

describe("datesContinue", () => {
  it("continues when page 2's dates go on below page 1's last (newest first)", () => {
    expect(datesContinue([30, 20, 10], [10, 5, 1])).toBe("continues");
  });
  it("continues an ascending order upwards", () => {
    expect(datesContinue([1, 2, 3], [4, 6])).toBe("continues");
  });
  it("breaks when page 2's dates lie back across page 1's (the way back)", () => {
    expect(datesContinue([30, 20, 10], [50, 40, 35])).toBe("breaks");
  });
  it("tolerates one pinned old post on top of page 1", () => {
    expect(datesContinue([5, 30, 28, 26, 24, 22], [21, 20])).toBe("continues");
  });
  it("says unknown without an order or without dates", () => {
    expect(datesContinue([10, 30, 20, 40], [1])).toBe("unknown");
    expect(datesContinue([null, 10], [5])).toBe("unknown");
    expect(datesContinue([10, 5], [null])).toBe("unknown");
  });
});

describe("recordNumber / numberingContinues", () => {
  it.each([
    ["1. First", 1],
    ["#21 Tea", 21],
    ["No. 3 Pot", 3],
    ["  40 Cups", 40],
  ])("reads the leading number of %s", (text, n) => {
    expect(recordNumber(el(text))).toBe(n);
  });
  it("reads none from a title that starts with a word", () => {
    expect(recordNumber(el("Top 10 teas"))).toBeNull();
  });
  it("continues 1–3 with 4", () => {
    expect(numberingContinues([1, 2, 3], [4, 5])).toBe("continues");
  });
  it("breaks when page 2 starts again at page 1's first number", () => {
    expect(numberingContinues([1, 2, 3], [1, 2, 3])).toBe("breaks");
  });
  it("says unknown for numbers that are no run (titles starting with numbers)", () => {
    expect(numberingContinues([10, 5, 7], [8])).toBe("unknown");
    expect(numberingContinues([1, 2, 3], [null])).toBe("unknown");
  });
});
