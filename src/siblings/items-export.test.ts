// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { formatItems, isItemsFormat, joinedPageNodes, shownItems } from "./items-export";

/** A list page 1 with two joined pages, as tsugi leaves the live document. */
function joinedList(): Element[] {
  const item = (n: number, page: number) =>
    `<li class="post"${page > 1 ? ` data-tsugi-page="${page}" data-tsugi-url="http://s.test/l?p=${page}"` : ""}><h2><a href="/post/${n}">Story number ${n} of the river</a></h2><p>Words of story ${n}, long enough to be read as an item of its own.</p></li>`;
  const page1 = [1, 2, 3].map((n) => item(n, 1)).join("");
  const later = [4, 5, 6].map((n) => item(n, 2)).join("") + [7, 8].map((n) => item(n, 3)).join("");
  document.body.innerHTML = `<ul id="list">${page1}${later}</ul>`;
  return Array.from(document.querySelectorAll("li")).slice(0, 3);
}

describe("items export", () => {
  it("reads page 1's items, then each joined page's, in order, with their page numbers", () => {
    const page1 = joinedList();
    expect(joinedPageNodes(document).map((p) => [p.page, p.nodes.length])).toEqual([
      [2, 3],
      [3, 2],
    ]);
    const items = shownItems(document, "http://s.test/l", page1);
    expect(items.map((i) => i.page)).toEqual([1, 1, 1, 2, 2, 2, 3, 3]);
    expect(items.map((i) => i.url)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `http://s.test/post/${n}`),
    );
    expect(items[7]?.title).toBe("Story number 8 of the river");
  });
  it("gives nothing when page 1 is not a list", () => {
    document.body.innerHTML = "<article><p>One long article paragraph.</p></article>";
    expect(
      shownItems(document, "http://s.test/a", [document.querySelector("article") as Element]),
    ).toEqual([]);
  });
  it("writes JSON that parses back to the items, and CSV with a header", () => {
    const items = shownItems(document, "http://s.test/l", joinedList());
    expect(JSON.parse(formatItems(items, "items-json"))).toEqual(items);
    expect(formatItems(items, "items-csv").split("\r\n")[0]).toBe(
      "page,url,title,text,date,author",
    );
    expect(isItemsFormat("items-csv")).toBe(true);
    expect(isItemsFormat("md")).toBe(false);
  });
});
