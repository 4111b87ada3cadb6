// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { recordsLike } from "../../siblings/records";
import { itemKey, recordPair, recordShapeKept, repeatedItemShare } from "./items";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

const list = (ids: number[], cls = "post") =>
  parse(
    `<main><ul class="posts">${ids
      .map(
        (i) => `<li class="${cls}"><a href="/p/${i}/#top">Post number ${i}</a> text of ${i}</li>`,
      )
      .join("")}</ul></main>`,
  ).querySelector("main") as Element;

describe("recordPair / recordShapeKept", () => {
  it("finds page 2's records of page 1's shape", () => {
    const pair = recordPair([list([1, 2, 3, 4])], [list([5, 6, 7])]);
    expect(pair?.first.records).toHaveLength(4);
    expect(pair?.second).toHaveLength(3);
    expect(pair && recordShapeKept(pair)).toBe(true);
  });

  it("says page 2 lost the shape when its items are of another kind", () => {
    const pair = recordPair([list([1, 2, 3, 4])], [list([5, 6, 7], "product")]);
    expect(pair && recordShapeKept(pair)).toBe(false);
  });

  it("reads no records from an article", () => {
    const article = parse("<main><p>One long paragraph.</p><p>Another one.</p></main>").body
      .firstElementChild as Element;
    expect(recordPair([article], [article])).toBeNull();
  });
});

describe("itemKey", () => {
  it("names an item by its text, spaces collapsed", () => {
    const li = parse("<ul><li>  Plain   <b>Row</b> </li></ul>").querySelector("li") as Element;
    expect(itemKey(li, "https://b.test/")).toBe("plain row");
  });

  it("tells apart records whose first link is the same author link", () => {
    const rows = parse(
      '<ul><li><a href="/u/ann">Ann</a> on green tea</li><li><a href="/u/ann">Ann</a> on black tea</li></ul>',
    ).querySelectorAll("li");
    expect(itemKey(rows[0] as Element, "https://b.test/")).not.toBe(
      itemKey(rows[1] as Element, "https://b.test/"),
    );
  });

  it("falls back to the first link of a record without text, fragment and slash dropped", () => {
    const li = parse('<ul><li><a href="/p/9/#top"><img src="x.png"></a></li></ul>').querySelector(
      "li",
    ) as Element;
    expect(itemKey(li, "https://b.test/blog/")).toBe("https://b.test/p/9");
  });
});

describe("repeatedItemShare", () => {
  const recs = (ids: number[]) => Array.from(list(ids).querySelectorAll("li"));
  it("is 0 when page 2 shows new items", () => {
    expect(
      repeatedItemShare(recs([1, 2, 3]), "https://b.test/", recs([4, 5]), "https://b.test/2"),
    ).toBe(0);
  });
  it("is the share of page 2's items page 1 showed", () => {
    expect(
      repeatedItemShare(
        recs([1, 2, 3, 4]),
        "https://b.test/",
        recs([3, 4, 5, 6]),
        "https://b.test/2",
      ),
    ).toBe(0.5);
  });
  it("is 1 for page 1 served again", () => {
    expect(
      repeatedItemShare(recs([1, 2]), "https://b.test/", recs([1, 2]), "https://b.test/?p=0"),
    ).toBe(1);
  });
});

describe("recordsLike with a most", () => {
  it("stops at the first max records of the signature", () => {
    const found = recordsLike([list([1, 2, 3, 4, 5])], "li.post", 2);
    expect(found.map((r) => r.textContent?.slice(0, 13))).toEqual([
      "Post number 1",
      "Post number 2",
    ]);
  });
});
