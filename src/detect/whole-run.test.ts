// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { recordRowShape, withWholeRowRun, withWholeRun } from "./whole-run";

function rowsOf(html: string): Element[] {
  const d = new DOMParser().parseFromString(`<table>${html}</table>`, "text/html");
  return Array.from(d.querySelectorAll("tr"));
}

// The shape of a job board's results (iCIMS): a header row, ten records, then a row
// spanning the table with the pager.
const BOARD = `<tr><th>ID</th><th>Title</th><th>Place</th></tr>${Array.from(
  { length: 10 },
  (_, i) => `<tr><td class="${i % 2 ? "even" : "odd"}">${i}</td><td>Job ${i}</td><td>X</td></tr>`,
).join("")}<tr><td colspan="3">Page 1 of 2 <a href="?pr=2">Next</a></td></tr>`;

describe("recordRowShape", () => {
  it("is the number of data cells and their spans; null for a header row", () => {
    const rows = rowsOf(BOARD);
    expect(recordRowShape(rows[0] as Element)).toBeNull();
    expect(recordRowShape(rows[1] as Element)).toBe("1,1,1");
    expect(recordRowShape(rows[11] as Element)).toBe("3");
  });
});

describe("withWholeRowRun", () => {
  it("adds the first record the forest left out, not the header nor the pager row", () => {
    const rows = rowsOf(BOARD);
    const chosen = rows.slice(2, 11);
    expect(withWholeRowRun(chosen)).toEqual(rows.slice(1, 11));
  });

  it("leaves a run of other siblings as it is", () => {
    const d = new DOMParser().parseFromString(
      "<div><p>by line</p><p>one</p><p>two</p><p>share</p></div>",
      "text/html",
    );
    const ps = Array.from(d.querySelectorAll("p"));
    expect(withWholeRowRun(ps.slice(1, 3))).toEqual(ps.slice(1, 3));
  });

  it("leaves a single row, and a run of rows of two shapes, as they are", () => {
    const rows = rowsOf(BOARD);
    expect(withWholeRowRun([rows[3] as Element])).toEqual([rows[3]]);
    expect(withWholeRowRun([rows[10] as Element, rows[11] as Element])).toEqual([
      rows[10],
      rows[11],
    ]);
  });
});

describe("withWholeRun", () => {
  const kids = (html: string): Element[] =>
    Array.from(
      new DOMParser().parseFromString(`<div id="p">${html}</div>`, "text/html").getElementById("p")
        ?.children ?? [],
    );

  it("adds the reviews the forest left out, not the toolbars around them", () => {
    // A hotel's reviews (a travel site's shape): tools, 10 reviews, tools again; the forest
    // chose the first four, whose texts are the longest.
    const review = (i: number) =>
      `<div class="reviewSelector track_back" id="review_${i}"><a href="/r/${i}">Review ${i}</a><p>${"Nice stay. ".repeat(i < 4 ? 30 : 3)}</p></div>`;
    const els = kids(
      `<div class="deckTools"><a href="?sort">Sort</a></div>${Array.from({ length: 10 }, (_, i) => review(i)).join("")}<div class="deckTools"><a href="?p=2">Next</a></div>`,
    );
    const reviews = els.slice(1, 11);
    expect(withWholeRun(reviews.slice(0, 4))).toEqual(reviews);
  });

  it("leaves out a sibling that shares only some of the items' classes (an ad slot)", () => {
    const els = kids(
      '<div class="post hentry">1</div><div class="post ad">ad</div><div class="post hentry">2</div><div class="post hentry">3</div>',
    );
    expect(withWholeRun([els[0] as Element, els[2] as Element])).toEqual([els[0], els[2], els[3]]);
  });

  it("adds no column of a layout grid, nor a sibling holding the next link, nor an empty one", () => {
    const els = kids(
      '<div class="col-md-4">a</div><div class="col-md-4">b</div><div class="col-md-4">sidebar</div>',
    );
    expect(withWholeRun(els.slice(0, 2))).toEqual(els.slice(0, 2));
    const items = kids(
      '<li class="item">a</li><li class="item">b</li><li class="item"><a href="?page=2">Next</a></li><li class="item"> </li>',
    );
    const next = items[2]?.querySelector("a") ?? null;
    expect(withWholeRun(items.slice(0, 2), next)).toEqual(items.slice(0, 2));
  });

  it("leaves runs without shared classes (an article's paragraphs) as they are", () => {
    const els = kids("<p>by line</p><p>one</p><p>two</p><p>share this</p>");
    expect(withWholeRun(els.slice(1, 3))).toEqual(els.slice(1, 3));
  });
});

describe("withWholeRun over several parents", () => {
  it("completes the items under their own parent beside a heading and a toolbar elsewhere", () => {
    const d = new DOMParser().parseFromString(
      `<main><h2 class="t">Reviews</h2><div class="tools"><a href="?s">Sort</a></div><section>${Array.from(
        { length: 6 },
        (_, i) => `<div class="review">Review ${i}</div>`,
      ).join("")}</section></main>`,
      "text/html",
    );
    const reviews = Array.from(d.querySelectorAll(".review"));
    const run = [d.querySelector("h2") as Element, ...reviews.slice(0, 3)];
    expect(withWholeRun(run)).toEqual([d.querySelector("h2"), ...reviews]);
  });
});
