// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  hasFilledItems,
  hasSpinner,
  onlyBoilerplate,
  placeholderOnly,
  saysLoading,
  shapeOf,
  twinKey,
} from "./placeholder";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");
const el = (html: string) => {
  const e = parse(`<body>${html}</body>`).body.firstElementChild;
  if (!e) throw new Error("no element");
  return e;
};
const ITEM = (n: number) =>
  `<li class="entry"><h2>Entry ${n}</h2><p>Entry ${n} of the list, a paragraph of its own about a topic.</p></li>`;
const page1 = el(`<ul id="items">${[1, 2, 3, 4, 5, 6, 7, 8].map(ITEM).join("")}</ul>`);
const shape = shapeOf([page1], 60);

describe("placeholder", () => {
  it("shapeOf: the items of one list container, or the page elements themselves", () => {
    expect([...shape.itemKinds]).toEqual(["li.entry"]);
    const items = Array.from(page1.children);
    expect([...shapeOf(items, 60).itemKinds]).toEqual(["li.entry"]);
    // Items without a class are known by their tag alone.
    const articles = shapeOf([el("<article>x</article>"), el("<article>y</article>")], 60);
    expect(hasFilledItems([el("<div><article>z</article></div>")], articles)).toBe(true);
    expect(hasFilledItems([el('<div><article class="ad">z</article></div>')], articles)).toBe(
      false,
    );
  });

  it("a Loading… line, in English and Japanese, is a placeholder", () => {
    expect(placeholderOnly([el('<ul><li class="loading">Loading…</li></ul>')], shape)).toBe(true);
    expect(placeholderOnly([el("<ul><li>読み込み中…</li></ul>")], shape)).toBe(true);
    expect(saysLoading("Cargando…")).toBe(true);
    expect(saysLoading("Entry 9")).toBe(false);
  });

  it("a skeleton of cards of page 1's kind, with an avatar and no text, is a placeholder", () => {
    const skeleton = el(
      `<ul>${'<li class="entry skeleton"><img src="a.svg" width="40" height="40"><h2></h2></li>'.repeat(3)}</ul>`,
    );
    expect(hasFilledItems([skeleton], shape)).toBe(true);
    expect(hasSpinner([skeleton])).toBe(true);
    expect(placeholderOnly([skeleton], shape)).toBe(true);
  });

  it("a lone small spinner image, an aria-busy list, a progressbar are placeholders", () => {
    expect(placeholderOnly([el('<ul><li><img src="s.gif" width="32"></li></ul>')], shape)).toBe(
      true,
    );
    expect(hasSpinner([el('<ul><li><img src="s.gif" width="32"></li></ul>')])).toBe(true);
    expect(hasSpinner([el('<ul><li><img src="photo.jpg" width="600"></li></ul>')])).toBe(false);
    expect(hasSpinner([el('<div aria-busy="true"></div>')])).toBe(true);
    expect(hasSpinner([el('<div><span role="progressbar"></span></div>')])).toBe(true);
  });

  it("a list with the page's items is not, nor is a last page with one short item", () => {
    expect(placeholderOnly([el(`<ul>${ITEM(9)}${ITEM(10)}</ul>`)], shape)).toBe(false);
    expect(placeholderOnly([el('<ul><li class="entry"><h2>Entry 9</h2></li></ul>')], shape)).toBe(
      false,
    );
    // Long text, even with a "loading" word in it.
    expect(
      placeholderOnly(
        [el(`<div><p>${"Loading docks of the harbour, a long paragraph. ".repeat(3)}</p></div>`)],
        shape,
      ),
    ).toBe(false);
  });

  it("nothing to measure: no elements is not a placeholder (the missing case is another signal)", () => {
    expect(placeholderOnly([], shape)).toBe(false);
  });

  it("a page element with only a short pager-like text and no items is one", () => {
    expect(placeholderOnly([el("<nav><a>1</a> <a>2</a></nav>")], shape)).toBe(true);
  });

  describe("onlyBoilerplate: page 1's header and toolbar rows, none of its items", () => {
    const TOOLBAR =
      '<li class="toolbar"><span>Sort by:</span> <span class="sort">newest</span> · <span class="sort">oldest</span></li>';
    const HEADER = '<li class="count">Showing 1–8 of 48</li>';
    const withRows = el(
      `<ul id="items">${HEADER}${TOOLBAR}${[1, 2, 3, 4, 5, 6, 7, 8].map(ITEM).join("")}</ul>`,
    );
    const rows = shapeOf([withRows], 60);

    it("a list holding only the toolbar (and a count that moved on) is boilerplate only, and a placeholder", () => {
      const shell = el(`<ul id="items">${TOOLBAR}</ul>`);
      expect(onlyBoilerplate([shell], rows)).toBe(true);
      const counted = el(`<ul id="items"><li class="count">Showing 9–16 of 48</li>${TOOLBAR}</ul>`);
      expect(onlyBoilerplate([counted], rows)).toBe(true);
      expect(placeholderOnly([counted], rows)).toBe(true);
      // Without the signal the toolbar counts as a filled child of page 1's kinds.
      expect(hasFilledItems([shell], rows)).toBe(true);
      expect(twinKey(el(HEADER))).toBe(twinKey(el('<li class="count">Showing 9–16 of 48</li>')));
    });

    it("the toolbar with page 2's items, a row page 1 lacks, or text of its own is not", () => {
      expect(onlyBoilerplate([el(`<ul>${TOOLBAR}${ITEM(9)}${ITEM(10)}</ul>`)], rows)).toBe(false);
      expect(placeholderOnly([el(`<ul>${TOOLBAR}${ITEM(9)}${ITEM(10)}</ul>`)], rows)).toBe(false);
      expect(
        onlyBoilerplate([el(`<ul>${TOOLBAR}<li class="toolbar">Sort by: price</li></ul>`)], rows),
      ).toBe(false);
      expect(
        onlyBoilerplate([el(`<ul>${TOOLBAR}<li class="empty">No more entries</li></ul>`)], rows),
      ).toBe(false);
      expect(onlyBoilerplate([el(`<div>Nothing here ${TOOLBAR}</div>`)], rows)).toBe(false);
    });

    it("an item of page 1 is no boilerplate, even with the same text; an empty element has no children to compare", () => {
      expect(onlyBoilerplate([el(`<ul>${ITEM(1)}</ul>`)], rows)).toBe(false);
      expect(onlyBoilerplate([el("<ul></ul>")], rows)).toBe(false);
      expect(onlyBoilerplate([], rows)).toBe(false);
      // Page 1 without such rows marks nothing as boilerplate.
      expect(onlyBoilerplate([el(`<ul>${TOOLBAR}</ul>`)], shape)).toBe(false);
    });

    it("page 1's items as several page elements: the other children of their list are its boilerplate", () => {
      const items = Array.from(withRows.querySelectorAll("li.entry"));
      const several = shapeOf(items, 60);
      expect(onlyBoilerplate([el(`<ul id="items">${TOOLBAR}</ul>`)], several)).toBe(true);
      expect(onlyBoilerplate([el(`<ul id="items">${TOOLBAR}${ITEM(9)}</ul>`)], several)).toBe(
        false,
      );
    });

    it("a shell's script and template children are not compared", () => {
      const shell = el(
        `<ul>${TOOLBAR}<template><li class="entry"></li></template><script>1</script></ul>`,
      );
      expect(onlyBoilerplate([shell], rows)).toBe(true);
    });
  });
});
