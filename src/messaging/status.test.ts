import { describe, expect, it } from "vitest";
import { localeMessages } from "../cli/locale";
import { INITIAL_STATUS, reasonWorded, restoredWords } from "./status";

describe("reasonWorded", () => {
  const word = (key: string) => (key === "reasonNoPager" ? "No pager here." : "");
  it("words a reason sent as a key", () => {
    const s = { ...INITIAL_STATUS, state: "no-next" as const, reasonKey: "reasonNoPager" };
    expect(reasonWorded(s, word).reason).toBe("No pager here.");
  });
  it("keeps a reason already worded, and a status without one as it is", () => {
    const worded = { ...INITIAL_STATUS, reason: "Stopped by you.", reasonKey: "reasonNoPager" };
    expect(reasonWorded(worded, word)).toBe(worded);
    expect(reasonWorded(INITIAL_STATUS, word)).toBe(INITIAL_STATUS);
  });
  it("leaves the reason empty for a key the catalogue does not have", () => {
    const s = { ...INITIAL_STATUS, reasonKey: "noSuchKey" };
    expect(reasonWorded(s, word).reason).toBeNull();
  });
});

describe("restoredWords", () => {
  const en = localeMessages("en");
  const ja = localeMessages("ja");

  it("says the Load more clicks repeated on coming back, in English and Japanese", () => {
    const s = { ...INITIAL_STATUS, pages: 4, restoredClicks: 3 };
    expect(restoredWords(s, en)).toBe("Restored 3 Load more clicks");
    expect(restoredWords({ ...s, restoredClicks: 1 }, en)).toBe("Restored 1 Load more click");
    expect(restoredWords(s, ja)).toBe("「もっと見る」のクリックを 3 回復元");
    expect(restoredWords({ ...s, restoredClicks: 1 }, ja)).toBe(
      "「もっと見る」のクリックを 1 回復元",
    );
  });
  it("says the pages joined again for pages joined by next link, as before", () => {
    expect(restoredWords({ ...INITIAL_STATUS, restored: 3 }, en)).toBe(
      "restored 3 pages on coming back",
    );
  });
  it("says nothing on a fresh visit, nor when no click added anything", () => {
    expect(restoredWords(INITIAL_STATUS, en)).toBeNull();
    expect(restoredWords({ ...INITIAL_STATUS, restoredClicks: 0 }, en)).toBeNull();
  });
});
