import { describe, expect, it } from "vitest";
import { wrappers } from "./wrappers";

describe("wrappers", () => {
  it("names the only children without own text that hold exactly one child candidate", () => {
    // 0 body(own 0) ─ 1 div(own 0) ─ 2 div(own 0) ─ 3 div(own 0) ─ 4 p(own 40)
    //                                                            └ 5 p(own 30)
    const parent = [-1, 0, 1, 2, 3, 3];
    const own = [0, 0, 0, 0, 40, 30];
    const alike = [0, 0, 0, 0, 1, 1];
    // 1 has one child (2) but is body's only child too: a wrapper; 2 likewise; 3 holds two.
    expect(Array.from(wrappers(parent, own, alike))).toEqual([0, 1, 1, 0, 0, 0]);
  });
  it("keeps the items of a series even when each wraps one block", () => {
    // 0 ul ─ 1 li ─ 2 a(own 3)
    //      └ 3 li ─ 4 a(own 3)      (the two li share tag and class)
    const alike = [0, 1, 0, 1, 0];
    expect(Array.from(wrappers([-1, 0, 1, 0, 3], [0, 0, 3, 0, 3], alike))).toEqual([0, 0, 0, 0, 0]);
  });
  it("names a wrapper whose siblings are not like it", () => {
    // 0 body ─ 1 div.main ─ 2 article(own 50)
    //        └ 3 aside(own 20)
    expect(Array.from(wrappers([-1, 0, 1, 0], [0, 0, 50, 20], [0, 0, 0, 0]))).toEqual([0, 1, 0, 0]);
    // 0 body ─ 1 div.main ─ 2 article(own 50)
    //        └ 3 div.main(own 20)      a series: kept
    expect(Array.from(wrappers([-1, 0, 1, 0], [0, 0, 50, 20], [0, 1, 0, 1]))).toEqual([0, 0, 0, 0]);
  });
  it("keeps a candidate with text of its own, with two children or with none", () => {
    expect(Array.from(wrappers([-1, 0, 1], [0, 1, 4], [0, 0, 0]))).toEqual([0, 0, 0]);
    expect(Array.from(wrappers([-1, 0, 1, 1], [0, 0, 4, 4], [0, 0, 1, 1]))).toEqual([0, 0, 0, 0]);
    expect(Array.from(wrappers([-1, 0], [0, 4], [0, 0]))).toEqual([0, 0]);
  });
  it("never names a root", () => {
    expect(Array.from(wrappers([-1, 0], [0, 4], [0, 0]))).toEqual([0, 0]);
    expect(wrappers([], [], []).length).toBe(0);
  });
});
