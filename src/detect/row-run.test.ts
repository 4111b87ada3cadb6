// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { recordRowShape, withWholeRowRun } from "./row-run";

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
