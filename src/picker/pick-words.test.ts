import { describe, expect, it } from "vitest";
import en from "../../public/_locales/en/messages.json" with { type: "json" };
import ja from "../../public/_locales/ja/messages.json" with { type: "json" };
import { type Catalogue, catalogueMessages as catalogue } from "../cli/locale";
import type { PickTarget } from "../messaging/messages";
import type { PickProblem } from "./pick-checks";
import { pickWords } from "./pick-words";

const targets: PickTarget[] = ["next-link", "page-element", "load-more"];
const problems: PickProblem[] = [
  "not-link",
  "not-one",
  "not-http",
  "other-site",
  "same-page",
  "no-match",
  "holds-next",
  "too-little",
  "not-safe",
  "no-list",
];

describe("pick words", () => {
  it("the English catalogue says what the English fallback says", () => {
    const fromCatalogue = pickWords(catalogue(en as Catalogue));
    const fallback = pickWords(() => "");
    for (const target of targets) {
      expect(fromCatalogue.hint(target)).toBe(fallback.hint(target));
      expect(fromCatalogue.need(target)).toBe(fallback.need(target));
    }
    for (const p of problems) expect(fromCatalogue.problem(p)).toBe(fallback.problem(p));
    expect(fromCatalogue.saved("ex.com")).toBe(fallback.saved("ex.com"));
    expect(fromCatalogue.loadMoreChosen("▼")).toBe(fallback.loadMoreChosen("▼"));
    expect(fromCatalogue.loadMoreSaved("▼", "ex.com")).toBe(fallback.loadMoreSaved("▼", "ex.com"));
    expect(fallback.saved("ex.com")).toBe('Saved as your site rule "ex.com": joining with it.');
  });

  it("the Japanese catalogue has every message, with its details filled in", () => {
    const w = pickWords(catalogue(ja as Catalogue));
    const japanese = /[ぁ-んァ-ン一-龯]/;
    for (const target of targets) {
      expect(w.hint(target)).toMatch(japanese);
      expect(w.need(target)).toMatch(japanese);
    }
    for (const p of problems) expect(w.problem(p)).toMatch(japanese);
    expect(w.saved("ex.com")).toContain("ex.com");
    expect(w.loadMoreChosen("▼")).toContain("▼");
    expect(w.loadMoreSaved("▼", "ex.com")).toMatch(/ex\.com.*▼/);
  });
});
