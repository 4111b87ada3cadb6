import { afterEach, describe, expect, it, vi } from "vitest";
import { runNow, SLICE_MS, SliceBudget, type Steps, yieldToPage } from "./slices";

/** A loop over `n` items that costs `msPerItem` each on the fake clock, yielding after each. */
function* costly(n: number, msPerItem: number, order: number[]): Steps<number> {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    vi.advanceTimersByTime(msPerItem);
    order.push(i);
    sum += i;
    yield;
  }
  return sum;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("runNow", () => {
  it("runs the loop to its end and returns its result", () => {
    const order: number[] = [];
    vi.useFakeTimers();
    expect(runNow(costly(5, 1, order))).toBe(10);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("SliceBudget", () => {
  it("yields to the page once a slice has used its budget, and returns what runNow returns", async () => {
    vi.useFakeTimers();
    const expected = runNow(costly(25, 4, []));
    const yields: number[] = [];
    const order: number[] = [];
    const budget = new SliceBudget({
      sliceMs: 10,
      now: () => Date.now(),
      yieldToPage: async () => {
        yields.push(order.length);
      },
    });
    const sum = await budget.run(costly(25, 4, order));
    expect(sum).toBe(expected);
    expect(order).toEqual(Array.from({ length: 25 }, (_, i) => i));
    // 4 ms per item against 10 ms: a slice ends after its third item.
    expect(yields).toEqual([3, 6, 9, 12, 15, 18, 21, 24]);
    expect(budget.longestMs).toBe(12);
    expect(budget.totalMs).toBe(100);
    expect(budget.slices).toBe(9);
  });

  it("never yields for a loop that fits in one slice", async () => {
    vi.useFakeTimers();
    const yieldFn = vi.fn(async () => {});
    const budget = new SliceBudget({ now: () => Date.now(), yieldToPage: yieldFn });
    await budget.run(costly(3, 1, []));
    expect(yieldFn).not.toHaveBeenCalled();
    expect(budget.longestMs).toBe(3);
    expect(budget.slices).toBe(1);
  });

  it("counts no waiting time and starts a new slice after a wait", async () => {
    vi.useFakeTimers();
    const budget = new SliceBudget({ now: () => Date.now(), yieldToPage: async () => {} });
    vi.advanceTimersByTime(6);
    const idle = new Promise<string>((resolve) => setTimeout(() => resolve("idle"), 500));
    const waited = budget.wait(idle);
    await vi.advanceTimersByTimeAsync(500);
    expect(await waited).toBe("idle");
    vi.advanceTimersByTime(7);
    expect(budget.longestMs).toBe(7);
    expect(budget.totalMs).toBe(13);
    expect(budget.slices).toBe(2);
  });

  it("counts nothing after finish()", async () => {
    vi.useFakeTimers();
    const budget = new SliceBudget({ now: () => Date.now(), yieldToPage: async () => {} });
    vi.advanceTimersByTime(4);
    budget.finish();
    vi.advanceTimersByTime(600);
    expect(budget.longestMs).toBe(4);
    expect(budget.totalMs).toBe(4);
    expect(budget.slices).toBe(1);
  });

  it("ends the slice on a rejected wait too", async () => {
    vi.useFakeTimers();
    const budget = new SliceBudget({ now: () => Date.now(), yieldToPage: async () => {} });
    vi.advanceTimersByTime(2);
    await expect(budget.wait(Promise.reject(new Error("no model")))).rejects.toThrow("no model");
    expect(budget.slices).toBe(2);
    expect(budget.totalMs).toBe(2);
  });

  it("slices at SLICE_MS by default, within one 60 Hz frame", () => {
    expect(new SliceBudget().sliceMs).toBe(SLICE_MS);
    expect(SLICE_MS).toBeLessThan(1000 / 60);
  });
});

describe("yieldToPage", () => {
  it("uses scheduler.yield where the browser has it", async () => {
    const y = vi.fn(async () => {});
    vi.stubGlobal("scheduler", { yield: y });
    await yieldToPage();
    expect(y).toHaveBeenCalledTimes(1);
  });

  it("resolves in a later task through a MessageChannel", async () => {
    vi.stubGlobal("scheduler", undefined);
    let later = false;
    const done = yieldToPage().then(() => later);
    queueMicrotask(() => {
      later = true;
    });
    expect(await done).toBe(true);
  });

  it("falls back to setTimeout(0) without a MessageChannel", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("scheduler", undefined);
    vi.stubGlobal("MessageChannel", undefined);
    let resolved = false;
    const p = yieldToPage().then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    await p;
    expect(resolved).toBe(true);
  });
});
