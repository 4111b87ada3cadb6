// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { removeBlock, textBlocks } from "./blocks";

const body = (html: string) => {
  const d = document.createElement("div");
  d.innerHTML = html;
  return d;
};

describe("textBlocks", () => {
  it("gives each block its own text, loose text of a wrapper apart from its paragraphs", () => {
    const root = body(
      '<div>Loose <b>words</b><p>One <a href="#">link</a>.</p></div><ul><li>Item</li></ul>',
    );
    const blocks = textBlocks(root);
    expect(blocks.map((b) => b.text)).toEqual(["Loose words", "One link.", "Item"]);
    expect(blocks[1]?.linkChars).toBe(4);
  });
  it("skips script text and empty blocks", () => {
    expect(textBlocks(body("<p><script>x()</script></p><p> </p>"))).toEqual([]);
  });
});

describe("removeBlock", () => {
  it("removes a leaf block and the wrappers it leaves empty", () => {
    const root = body("<section><div><p>Share this</p></div></section><p>Text</p>");
    removeBlock(root.querySelector("section p") as Element, root);
    expect(root.innerHTML).toBe("<p>Text</p>");
  });
  it("removes only the loose text of a block that holds other blocks or media", () => {
    const root = body('<div>Photo: <i>credit</i><p>Kept</p><img src="a.png"></div>');
    removeBlock(root.firstElementChild as Element, root);
    expect(root.innerHTML).toBe('<div><p>Kept</p><img src="a.png"></div>');
  });
  it("empties a table cell but keeps the grid", () => {
    const root = body("<table><tbody><tr><td>x</td><td>y</td></tr></tbody></table>");
    removeBlock(root.querySelector("td") as Element, root);
    expect(root.querySelectorAll("td")).toHaveLength(2);
    expect(root.textContent).toBe("y");
  });
});
