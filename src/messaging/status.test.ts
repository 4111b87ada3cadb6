import { describe, expect, it } from "vitest";
import { INITIAL_STATUS, reasonWorded } from "./status";

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
