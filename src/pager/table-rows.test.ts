// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { evaluateXPath } from "../rule/xpath";
import { tableRows } from "./table-rows";

describe("tableRows", () => {
  it("turns a table page element into its data rows, header left out", () => {
    document.body.innerHTML =
      '<table class="list"><tbody><tr><th>h</th></tr><tr><td>1</td></tr><tr><td>2</td></tr></tbody></table>';
    const t = tableRows([document.querySelector("table") as Element]);
    expect(t?.rows.map((r) => r.textContent)).toEqual(["1", "2"]);
    expect(evaluateXPath(document, t?.xpath ?? "")).toEqual(t?.rows);
  });

  it("leaves other page elements alone", () => {
    document.body.innerHTML =
      "<article><p>x</p></article><table><tbody><tr><td>1</td></tr></tbody></table>";
    expect(tableRows([document.querySelector("article") as Element])).toBe(null);
    expect(tableRows([document.querySelector("table") as Element])).toBe(null);
  });
});
