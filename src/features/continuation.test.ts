// @vitest-environment jsdom
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { disabledLink, moreText, olderStep, olderText, plusOneLinks } from "./continuation";
import { OLDER_WORDS } from "./keywords";

const el = (html: string): Element => {
  const d = document.createElement("div");
  d.innerHTML = html;
  return d.querySelector("a") as Element;
};

describe("olderText", () => {
  it("reads the older labels of German, French, Italian and Russian blog indexes", () => {
    for (const t of [
      "Ältere Ausgaben →",
      "« Älter",
      "Anciens articles",
      "Articoli precedenti",
      "Старые статьи",
    ])
      expect(olderText(t, []), t).toBe(1);
  });
  it("reads older-entries labels in several languages, arrows and case aside", () => {
    for (const t of [
      "← Older posts",
      "Older Entries »",
      "← 過去の投稿",
      "Ältere Beiträge",
      "Oudere berichten",
      "較早的文章",
    ])
      expect(olderText(t, []), t).toBe(1);
    expect(olderText("", ["older posts"])).toBe(1);
  });
  it("reads every entry of the vocabulary, however it is written", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OLDER_WORDS),
        fc.constantFrom("", "← ", "« ", "\n\t"),
        fc.constantFrom("", " »", " →", "…"),
        fc.boolean(),
        // Upper case only where it round-trips: "YAZILAR" lowers to "yazilar", not "yazılar".
        (phrase, before, after, upper) => {
          const up = upper && phrase.toUpperCase().toLowerCase() === phrase;
          return olderText(`${before}${up ? phrase.toUpperCase() : phrase}${after}`, []) === 1;
        },
      ),
    );
  });
  it("leaves other labels alone", () => {
    for (const t of [
      "Next",
      "Newer posts",
      "Holder of the year",
      "2",
      "Older posts and everything else you might want to read on this blog today",
    ])
      expect(olderText(t, []), t).toBe(0);
  });
});

describe("moreText", () => {
  it("reads load-more labels on links", () => {
    expect(moreText("«Načíst další příběhy")).toBe(1);
    expect(moreText("Load more")).toBe(1);
  });
  it("leaves next and no-more labels alone", () => {
    expect(moreText("Next")).toBe(0);
    expect(moreText("No more results")).toBe(0);
  });
});

describe("disabledLink", () => {
  it("sees aria-disabled, disabled and a disabled class on the anchor or its parent", () => {
    expect(disabledLink(el('<a href="?p=6" aria-disabled="true">No next page</a>'))).toBe(1);
    expect(disabledLink(el('<li class="next disabled"><a href="?p=6">Next</a></li>'))).toBe(1);
    expect(disabledLink(el('<a href="?p=6" class="btn disabled">Next</a>'))).toBe(1);
  });
  it("leaves live links alone", () => {
    expect(
      disabledLink(el('<li class="next"><a href="?p=2" aria-disabled="false">Next</a></li>')),
    ).toBe(0);
    expect(disabledLink(el('<a href="?p=2" class="not-disabled-ish">Next</a>'))).toBe(0);
  });
});

describe("plusOneLinks", () => {
  it("counts the candidates that claim current + 1", () => {
    expect(plusOneLinks([0, 1, 0])).toBe(1);
    expect(plusOneLinks([1, 1, 1, 0])).toBe(3);
    expect(plusOneLinks([])).toBe(0);
  });
});

describe("olderStep", () => {
  it("needs the older label and a step of either kind", () => {
    expect(olderStep(1, 1, 0)).toBe(1);
    expect(olderStep(1, 0, 1)).toBe(1);
    expect(olderStep(1, 0, 0)).toBe(0);
    expect(olderStep(0, 1, 1)).toBe(0);
  });
});
