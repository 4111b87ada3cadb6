import { describe, expect, it } from "vitest";
import { rendererTasks } from "../../bench/trace-tasks";

describe("rendererTasks", () => {
  it("reads the RunTask events of the renderer main threads only, wall and thread time in ms", () => {
    const events = [
      { name: "thread_name", ph: "M", pid: 2, tid: 7, ts: 0, args: { name: "CrRendererMain" } },
      { name: "thread_name", ph: "M", pid: 1, tid: 3, ts: 0, args: { name: "CrBrowserMain" } },
      { name: "RunTask", ph: "X", pid: 2, tid: 7, ts: 10, dur: 98_000, tdur: 5_300 },
      { name: "RunTask", ph: "X", pid: 1, tid: 3, ts: 10, dur: 200_000, tdur: 150_000 },
      { name: "RunTask", ph: "X", pid: 2, tid: 8, ts: 10, dur: 90_000, tdur: 90_000 },
      { name: "FunctionCall", ph: "X", pid: 2, tid: 7, ts: 10, dur: 60_000, tdur: 4_000 },
    ];
    expect(rendererTasks(events)).toEqual([{ wallMs: 98, cpuMs: 5.3 }]);
  });
});
