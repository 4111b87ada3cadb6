import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OWN_SCROLL_GRACE_MS, ownScrollGate } from "./own-scroll-gate";

describe("ownScrollGate", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lets the fetch go after the grace when the site adds nothing, within half a second", async () => {
    // What a page with a pager and no scrolling of its own waits for page 2, at most.
    expect(OWN_SCROLL_GRACE_MS).toBeLessThan(500);
    const gate = ownScrollGate();
    let answer: boolean | null = null;
    void gate.wait().then((ok) => {
      answer = ok;
    });
    await vi.advanceTimersByTimeAsync(OWN_SCROLL_GRACE_MS - 1);
    expect(answer).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe(true);
  });

  it("says no as soon as the site's own items arrive, and from then on", async () => {
    const gate = ownScrollGate(400);
    const first = gate.wait();
    await vi.advanceTimersByTimeAsync(150);
    gate.found();
    expect(await first).toBe(false);
    expect(await gate.wait()).toBe(false);
  });
});
