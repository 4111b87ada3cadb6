// @vitest-environment jsdom
import { JSDOM } from "jsdom";
import { describe, expect, it, vi } from "vitest";
import {
  documentSize,
  elementBox,
  hasLayout,
  hiddenByMarkup,
  hiddenByOwnMarkup,
  isVisible,
  measure,
  measureSize,
} from "./layout";

const html =
  '<body><p id=shown>a</p><p id=attr hidden>b</p><div style="display: none"><p id=inner>c</p></div>' +
  '<p id=vis style="color:red; visibility:hidden">d</p></body>';
const jsdomDoc = () => new JSDOM(html).window.document;
const byId = (doc: Document, id: string): Element => {
  const e = doc.getElementById(id);
  if (e === null) throw new Error(id);
  return e;
};

const rect = (top: number, width: number, height: number) =>
  ({ top, left: 0, width, height, right: width, bottom: top + height, x: 0, y: top }) as DOMRect;

describe("hasLayout", () => {
  it("is false in jsdom (all boxes zero)", () => {
    expect(hasLayout(jsdomDoc())).toBe(false);
  });

  it("is false for a DOMParser document (no window)", () => {
    const { window } = new JSDOM("");
    const doc = new window.DOMParser().parseFromString(html, "text/html");
    expect(doc.defaultView).toBeNull();
    expect(hasLayout(doc)).toBe(false);
  });

  it("is true when the root element has a box", () => {
    const doc = jsdomDoc();
    vi.spyOn(doc.documentElement, "getBoundingClientRect").mockReturnValue(rect(0, 800, 600));
    expect(hasLayout(doc)).toBe(true);
  });
});

describe("elementBox", () => {
  it("is all zeros without layout, and the rect plus scroll with it", () => {
    const doc = jsdomDoc();
    const p = byId(doc, "shown");
    expect(elementBox(p, false)).toEqual({ top: 0, left: 0, width: 0, height: 0 });
    vi.spyOn(p, "getBoundingClientRect").mockReturnValue(rect(50, 100, 20));
    expect(elementBox(p, true)).toEqual({ top: 50, left: 0, width: 100, height: 20 });
  });
});

describe("documentSize", () => {
  it("is zero without layout", () => {
    expect(documentSize(jsdomDoc(), false)).toEqual({ width: 0, height: 0 });
  });
});

describe("hiddenByOwnMarkup / hiddenByMarkup", () => {
  it("sees the hidden attribute and inline display/visibility", () => {
    const doc = jsdomDoc();
    expect(hiddenByOwnMarkup(byId(doc, "shown"))).toBe(false);
    expect(hiddenByOwnMarkup(byId(doc, "attr"))).toBe(true);
    expect(hiddenByOwnMarkup(byId(doc, "vis"))).toBe(true);
    expect(hiddenByOwnMarkup(byId(doc, "inner"))).toBe(false);
    expect(hiddenByMarkup(byId(doc, "inner"))).toBe(true);
  });
});

describe("isVisible", () => {
  it("follows the markup without layout", () => {
    const doc = jsdomDoc();
    expect(isVisible(byId(doc, "shown"), false)).toBe(true);
    expect(isVisible(byId(doc, "inner"), false)).toBe(false);
  });

  it("needs a non-empty box with layout", () => {
    const doc = jsdomDoc();
    const p = byId(doc, "shown");
    expect(isVisible(p, true)).toBe(false);
    vi.spyOn(p, "getBoundingClientRect").mockReturnValue(rect(0, 10, 10));
    expect(isVisible(p, true)).toBe(true);
  });
});

describe("measureSize", () => {
  it("writes the size and visibility measure gives, into the reading it is handed", () => {
    const doc = jsdomDoc();
    const reading = { width: 7, height: 7, visible: true };
    const scroll = { x: 0, y: 0 };
    for (const id of ["shown", "vis", "attr"]) {
      const el = byId(doc, id);
      // jsdom's own rect is empty: not visible, zero size.
      expect(measureSize(el, reading)).toBe(reading);
      expect(reading).toEqual({ width: 0, height: 0, visible: false });
      vi.spyOn(el, "getBoundingClientRect").mockReturnValue(rect(40, 120, 30));
      const m = measure(el, true, scroll);
      measureSize(el, reading);
      expect(reading).toEqual({ width: m.box.width, height: m.box.height, visible: m.visible });
      expect(reading.width).toBe(120);
    }
  });
});
