// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { insertionPointAfter, insertPage, makeSeparator } from "./insert";

describe("insertPage", () => {
  it("inserts the separator and the page before the insertion point, tagged with the page number", () => {
    document.body.innerHTML =
      '<div id="c"><div class="body">one</div><div class="pager">p</div></div>';
    const at = insertionPointAfter(document.querySelector(".body") as Element);
    const p = document.createElement("div");
    p.className = "body";
    p.textContent = "two";
    insertPage(document, at, [p], 2, "https://e.com/2", "2 ページ目");
    const kids = Array.from((document.getElementById("c") as Element).children).map(
      (e) => e.className || e.tagName,
    );
    expect(kids).toEqual(["body", "tsugi-separator", "body", "pager"]);
    expect(p.getAttribute("data-tsugi-page")).toBe("2");
    const link = document.querySelector(".tsugi-separator a") as HTMLAnchorElement;
    expect(link.textContent).toBe("2 ページ目");
    expect(link.getAttribute("href")).toBe("https://e.com/2");
  });
  it("says after the separator's link what was left out, outside the link", () => {
    document.body.innerHTML = "<div><p>one</p></div>";
    const at = insertionPointAfter(document.querySelector("p") as Element);
    insertPage(document, at, [], 2, "https://e.com/2", "Page 2", "", "3 items already shown");
    expect(document.querySelector(".tsugi-separator a")?.textContent).toBe("Page 2");
    expect(document.querySelector(".tsugi-separator .tsugi-skipped")?.textContent).toBe(
      "3 items already shown",
    );
  });
  it("can leave the separator out", () => {
    document.body.innerHTML = "<div><p>one</p></div>";
    const at = insertionPointAfter(document.querySelector("p") as Element);
    insertPage(document, at, [document.createElement("p")], 2, "https://e.com/2", null);
    expect(document.querySelectorAll(".tsugi-separator")).toHaveLength(0);
    expect(document.querySelectorAll("p")).toHaveLength(2);
  });
});

describe("makeSeparator", () => {
  it("keeps the content model: a row in tables, an item in lists", () => {
    document.body.innerHTML =
      "<table><tbody><tr><td>r</td></tr></tbody></table><ul><li>i</li></ul>";
    const tbody = document.querySelector("tbody") as Element;
    const ul = document.querySelector("ul") as Element;
    expect(makeSeparator(document, { parent: tbody, before: null }, 2, "u").tagName).toBe("TR");
    expect(makeSeparator(document, { parent: ul, before: null }, 2, "u").tagName).toBe("LI");
  });
  it("says 'Page N' when no label is given", () => {
    document.body.innerHTML = "<div></div>";
    const div = document.querySelector("div") as Element;
    expect(makeSeparator(document, { parent: div, before: null }, 7, "u").textContent).toBe(
      "Page 7",
    );
  });
});

describe("insertionPointAfter", () => {
  it("throws for a detached element", () => {
    expect(() => insertionPointAfter(document.createElement("div"))).toThrow(/not attached/);
  });
});
