import { describe, expect, it } from "vitest";
import en from "../../public/_locales/en/messages.json" with { type: "json" };
import ja from "../../public/_locales/ja/messages.json" with { type: "json" };
import { type Catalogue, catalogueMessages as catalogue } from "../cli/locale";
import { pagerWords } from "./pager-words";
import type { StopReason } from "./stop-conditions";
import { describeStop } from "./stop-conditions";

const reasons: StopReason[] = [
  { kind: "no-next-link" },
  { kind: "cross-origin", url: "https://other.test/x" },
  { kind: "visited", url: "https://s.test/1" },
  { kind: "page-cap", cap: 9 },
  { kind: "http-error", status: 404, url: "https://s.test/2" },
  { kind: "fetch-failed", message: "offline", url: "https://s.test/2" },
  { kind: "not-html", message: "image/png", url: "https://s.test/2.png" },
  { kind: "insert-failed", message: "gone", url: "https://s.test/2" },
  { kind: "no-page-element", url: "https://s.test/2" },
  { kind: "duplicate-content", url: "https://s.test/2" },
  { kind: "reader-stop" },
  { kind: "load-more-end" },
  { kind: "no-growth", seconds: 8 },
  { kind: "render-timeout", seconds: 10, url: "https://s.test/2" },
  { kind: "render-left", url: "https://s.test/2" },
  { kind: "own-scroll" },
  { kind: "not-next", url: "https://s.test/2" },
  { kind: "other-work", url: "https://s.test/2" },
  { kind: "chapter-wall", url: "https://s.test/2" },
  { kind: "chapter-index", url: "https://s.test/2" },
  { kind: "chapter-teaser", url: "https://s.test/2" },
  { kind: "sign-in-wall", page: 2, url: "https://s.test/login?next=%2F2" },
  { kind: "consent-wall", page: 2, url: "https://s.test/2" },
  { kind: "paywall", page: 3, url: "https://s.test/3" },
  { kind: "challenge-wall", page: 2, url: "https://s.test/2" },
  { kind: "not-list", page: 2, url: "https://s.test/2" },
  { kind: "render-off", page: 2, url: "https://s.test/2" },
];

describe("pager words", () => {
  it("the English catalogue says what describeStop says", () => {
    const w = pagerWords(catalogue(en as Catalogue));
    for (const r of reasons) expect(w.stop(r, 3)).toBe(describeStop(r, 3));
    expect(w.loading(4)).toBe("Loading page 4…");
    expect(w.retry).toBe("Retry");
    expect(w.clicking(2)).toBe("Loading more items (page 2)…");
    expect(w.page(3)).toBe("Page 3");
    expect(w.skipped(3)).toBe("3 items already shown");
    expect(w.skipped(1)).toBe("1 item already shown");
    expect(w.notNext).toBe("Not the next page");
  });
  it("the Japanese catalogue has every reason, with its details filled in", () => {
    const w = pagerWords(catalogue(ja as Catalogue));
    for (const r of reasons) {
      const s = w.stop(r, 3);
      expect(s).not.toBe(describeStop(r, 3));
      expect(s).toMatch(/[ぁ-んァ-ン一-龯]/);
      if ("url" in r && r.kind !== "cross-origin") expect(s).toContain(r.url);
    }
    expect(w.stop({ kind: "page-cap", cap: 9 }, 3)).toContain("9");
    expect(w.stop({ kind: "no-growth", seconds: 8 }, 3)).toContain("8");
    expect(w.stop({ kind: "load-more-end" }, 4)).toContain("4");
    expect(w.stop({ kind: "render-timeout", seconds: 10, url: "https://s.test/2" }, 3)).toContain(
      "10",
    );
    expect(w.stop({ kind: "paywall", page: 3, url: "https://s.test/3" }, 2)).toContain(
      "3 ページ目",
    );
    expect(w.clicking(5)).toContain("5");
    expect(w.loading(4)).toContain("4");
    expect(w.page(3)).toBe("3 ページ目");
    expect(w.skipped(3)).toBe("表示済みの 3 件を省略");
    expect(w.skipped(1)).toBe("表示済みの 1 件を省略");
    expect(w.notNext).toBe("次のページではない");
  });
  it("falls back to English for unknown keys", () => {
    const w = pagerWords(() => "");
    expect(w.stop({ kind: "page-cap", cap: 2 }, 2)).toBe(
      describeStop({ kind: "page-cap", cap: 2 }, 2),
    );
  });
});
