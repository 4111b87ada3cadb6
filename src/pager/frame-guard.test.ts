// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { FRAME_MARK, keepHistoryFlat } from "./frame-guard";

function frame(marked: boolean): Window & typeof globalThis {
  const f = document.createElement("iframe");
  if (marked) f.setAttribute(FRAME_MARK, "");
  document.body.append(f);
  return f.contentWindow as Window & typeof globalThis;
}

describe("keepHistoryFlat", () => {
  it("in tsugi's frame, pushState replaces the entry: the state changes, the history does not grow", () => {
    const win = frame(true);
    expect(keepHistoryFlat(win)).toBe(true);
    const before = win.history.length;
    win.history.pushState({ n: 1 }, "");
    expect(win.history.length).toBe(before);
    expect(win.history.state).toEqual({ n: 1 });
  });

  it("leaves every other frame and the top window alone", () => {
    const win = frame(false);
    const push = win.History.prototype.pushState;
    expect(keepHistoryFlat(win)).toBe(false);
    expect(win.History.prototype.pushState).toBe(push);
    const before = win.history.length;
    win.history.pushState({ n: 1 }, "");
    expect(win.history.length).toBe(before + 1);
    expect(keepHistoryFlat(window)).toBe(false);
  });
});
