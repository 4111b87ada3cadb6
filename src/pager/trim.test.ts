// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { joinedPageNodes, trimFarPages } from "./trim";

/** jsdom has no layout: give each tagged element a box, page N at N × 1000 px. */
function layOut(scrollTop: number): void {
  for (const el of Array.from(document.querySelectorAll<HTMLElement>("[data-tsugi-page]"))) {
    const n = Number(el.dataset.tsugiPage);
    el.getBoundingClientRect = () =>
      ({ top: n * 1000 - scrollTop, bottom: n * 1000 + 900 - scrollTop }) as DOMRect;
  }
}

describe("trimFarPages", () => {
  it("replaces old pages far above the reader with blocks of the same height, keeping the newest", () => {
    document.body.innerHTML = [1, 2, 3, 4, 5]
      .map(
        (n) =>
          `<div data-tsugi-page="${n}" data-tsugi-url="https://e.com/${n}"><img src="${n}.png">page ${n}</div>`,
      )
      .join("");
    layOut(5000);
    expect(trimFarPages(document, 2, 1600)).toEqual([2]);
    const holder = document.querySelector("[data-tsugi-trimmed]") as HTMLElement;
    expect(holder.style.height).toBe("900px");
    expect(holder.dataset.tsugiUrl).toBe("https://e.com/2");
    expect(document.body.textContent).not.toContain("page 2");
    expect(document.body.textContent).toContain("page 1");
    expect(Array.from(joinedPageNodes(document).keys())).toEqual([2, 3, 4, 5]);
  });

  it("trims nothing the reader can see or has just left", () => {
    document.body.innerHTML = [2, 3].map((n) => `<div data-tsugi-page="${n}">p${n}</div>`).join("");
    layOut(2500);
    expect(trimFarPages(document, 1, 1600)).toEqual([]);
  });
});
