import { describe, expect, it } from "vitest";
import { CrashError, type PageRunner, runBatch } from "./batch";
import type { ManifestItem } from "./manifest";

async function* itemsOf(list: ManifestItem[]): AsyncGenerator<ManifestItem> {
  for (const i of list) yield i;
}
const job = (id: string): ManifestItem => ({
  ok: true,
  job: { id, url: `http://x.test/${id}`, charset: "" },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function collect(
  list: ManifestItem[],
  run: PageRunner,
  extra: Partial<Parameters<typeof runBatch>[2]> = {},
) {
  const lines: Record<string, unknown>[] = [];
  const counts = await runBatch(itemsOf(list), () => run, {
    jobs: 2,
    timeoutMs: 200,
    settleMs: 50,
    write: (l) => lines.push(JSON.parse(l)),
    ...extra,
  });
  return { lines, counts };
}

describe("runBatch", () => {
  it("runs `jobs` pages at once and streams each line as it is known", async () => {
    let inFlight = 0;
    let most = 0;
    const run: PageRunner = async (j) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await sleep(j.id === "a" ? 60 : 10);
      inFlight--;
      return { url: j.url };
    };
    const { lines, counts } = await collect(["a", "b", "c", "d"].map(job), run, { jobs: 3 });
    expect(most).toBe(3);
    // "a" is slow: lines come in completion order, each with its id.
    expect(lines.map((l) => l.id)).toEqual(["b", "c", "d", "a"]);
    expect(counts).toMatchObject({ done: 4, errors: 0, skipped: 0 });
  });

  it("a page over its time gets a timeout line and its runner is told to stop", async () => {
    let aborted = false;
    const run: PageRunner = (j, signal) =>
      j.id === "slow"
        ? new Promise((_, reject) =>
            signal.addEventListener("abort", () => {
              aborted = true;
              reject(new Error("closed"));
            }),
          )
        : Promise.resolve({ url: j.url });
    const { lines, counts } = await collect([job("slow"), job("ok")], run);
    expect(lines).toContainEqual({ id: "slow", url: "http://x.test/slow", error: "timeout" });
    expect(lines).toContainEqual({ id: "ok", url: "http://x.test/ok" });
    expect(aborted).toBe(true);
    expect(counts.errors).toBe(1);
  });

  it("a runner that never ends does not hold the batch past its settle time", async () => {
    const run: PageRunner = (j) => (j.id === "stuck" ? new Promise(() => {}) : Promise.resolve({}));
    const t = Date.now();
    const { lines } = await collect([job("stuck"), job("x"), job("y")], run, { jobs: 1 });
    expect(lines.map((l) => l.id)).toEqual(["stuck", "x", "y"]);
    expect(Date.now() - t).toBeLessThan(2000);
  });

  it("a crash is tried once more; two crashes are an error line; other errors are not retried", async () => {
    const tries = new Map<string, number>();
    const run: PageRunner = async (j) => {
      const n = (tries.get(j.id ?? "") ?? 0) + 1;
      tries.set(j.id ?? "", n);
      if (j.id === "once" && n === 1) throw new CrashError("crashed: Target crashed");
      if (j.id === "always") throw new CrashError("crashed: Target crashed");
      if (j.id === "broken") throw new Error("HTTP 500 for x\nstack");
      return { n };
    };
    const { lines } = await collect(["once", "always", "broken"].map(job), run);
    const by = new Map(lines.map((l) => [l.id, l]));
    expect(by.get("once")).toEqual({ id: "once", n: 2 });
    expect(by.get("always")).toMatchObject({ error: "crashed: Target crashed" });
    expect(by.get("broken")).toMatchObject({ error: "HTTP 500 for x" });
    expect(tries.get("always")).toBe(2);
    expect(tries.get("broken")).toBe(1);
  });

  it("bad manifest lines get their own line; answered and repeated ids are skipped", async () => {
    const run: PageRunner = async () => ({});
    const { lines, counts } = await collect(
      [job("a"), { ok: false, line: 2, error: "manifest line 2: not JSON" }, job("b"), job("a")],
      run,
      { skip: new Set(["b"]) },
    );
    expect(lines).toContainEqual({ line: 2, error: "manifest line 2: not JSON" });
    expect(lines.filter((l) => l.id === "a")).toHaveLength(1);
    expect(lines.some((l) => l.id === "b")).toBe(false);
    expect(counts).toMatchObject({ done: 2, errors: 1, skipped: 2 });
  });
});
