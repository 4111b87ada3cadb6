import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OWN_SCROLL_GRACE_MS, ownScrollGate, waitForSite } from "./own-scroll-gate";

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

  /** The gate's answer so far: null while the wait is pending. */
  const answerOf = (p: Promise<boolean>) => {
    const out: { ok: boolean | null } = { ok: null };
    void p.then((ok) => {
      out.ok = ok;
    });
    return out;
  };

  it("scrolled: the reader's first scroll in the wait starts the grace again, once; page 2 within half a second of it", async () => {
    const gate = ownScrollGate();
    const answer = answerOf(gate.wait());
    await vi.advanceTimersByTimeAsync(300);
    gate.scrolled();
    await vi.advanceTimersByTimeAsync(OWN_SCROLL_GRACE_MS - 1);
    expect(answer.ok).toBeNull();
    // A reader scrolling on does not hold page 2 back.
    gate.scrolled();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer.ok).toBe(true);
  });

  it("siteLoading: the site's own request answered in the wait starts the grace again, once", async () => {
    const gate = ownScrollGate();
    const answer = answerOf(gate.wait());
    await vi.advanceTimersByTimeAsync(350);
    gate.siteLoading();
    await vi.advanceTimersByTimeAsync(OWN_SCROLL_GRACE_MS - 1);
    expect(answer.ok).toBeNull();
    gate.siteLoading();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer.ok).toBe(true);
    // Its items then arrive in time: the next wait says no at once.
    gate.found();
    expect(await gate.wait()).toBe(false);
  });

  it("signals outside a wait change nothing: the next wait still ends after one grace", async () => {
    const gate = ownScrollGate();
    gate.scrolled();
    gate.siteLoading();
    const answer = answerOf(gate.wait());
    await vi.advanceTimersByTimeAsync(OWN_SCROLL_GRACE_MS);
    expect(answer.ok).toBe(true);
  });

  it("waitForSite: a scroll and a site's request during the wait start the grace again; both listeners end with it", async () => {
    const win = new EventTarget() as unknown as Window;
    let onRequest: (() => void) | null = null;
    let watching = 0;
    const watch = (_w: Window, cb: () => void) => {
      onRequest = cb;
      watching++;
      return () => {
        watching--;
      };
    };
    const gate = ownScrollGate();
    const answer = answerOf(waitForSite(win, gate, watch));
    expect(watching).toBe(1);
    await vi.advanceTimersByTimeAsync(300);
    win.dispatchEvent(new Event("scroll"));
    await vi.advanceTimersByTimeAsync(300);
    (onRequest as unknown as () => void)();
    await vi.advanceTimersByTimeAsync(OWN_SCROLL_GRACE_MS - 1);
    expect(answer.ok).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer.ok).toBe(true);
    expect(watching).toBe(0);
    // The scroll listener is gone too: a later scroll starts no grace of the next wait.
    const next = answerOf(waitForSite(win, gate, watch));
    await vi.advanceTimersByTimeAsync(100);
    expect(watching).toBe(1);
    await vi.advanceTimersByTimeAsync(OWN_SCROLL_GRACE_MS - 100);
    expect(next.ok).toBe(true);
  });
});
