import { describe, expect, it } from "vitest";
import { wrappers } from "./wrappers";

describe("wrappers", () => {
  it("names the candidates without own text that hold exactly one child candidate", () => {
    // 0 body(own 0) ─ 1 div(own 0) ─ 2 div(own 0) ─ 3 p(own 40)
    //               └ 4 ul(own 0) ─ 5 li(own 0) ─ 6 a(own 3)
    //                             └ 7 li(own 2) ─ 8 a(own 3)
    const parent = [-1, 0, 1, 2, 0, 4, 5, 4, 7];
    const own = [0, 0, 0, 40, 0, 0, 3, 2, 3];
    expect(Array.from(wrappers(parent, own))).toEqual([0, 1, 1, 0, 0, 1, 0, 0, 0]);
  });
  it("keeps a candidate with two children, with text of its own, or with none", () => {
    expect(Array.from(wrappers([-1, 0, 1, 1], [0, 0, 4, 4]))).toEqual([0, 0, 0, 0]);
    expect(Array.from(wrappers([-1, 0, 1], [0, 1, 4]))).toEqual([0, 0, 0]);
  });
  it("never names a root", () => {
    expect(Array.from(wrappers([-1, 0], [0, 4]))).toEqual([0, 0]);
    expect(wrappers([], []).length).toBe(0);
  });
});
