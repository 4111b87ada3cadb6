/**
 * `tsugi detect|extract --batch` on hostile input: the batch ends by itself,
 * answers every id once, and pages after a bad one come out as they do without it.
 * Pages are small generated files plus a local live server on 127.0.0.1 (no internet).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusDir } from "../../src/replay/cases";

const BIN = join(process.cwd(), "bin/tsugi");

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Run bin/tsugi without blocking this process (the live server answers from here). */
function tsugi(args: string[], opts: { input?: string; onSpawn?: (c: ChildProcess) => void } = {}) {
  return new Promise<Run>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.stdin.end(opts.input ?? "");
    opts.onSpawn?.(child);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

const lines = (out: string) =>
  out
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return null; // a line cut short by a kill
      }
    })
    .filter((o): o is Record<string, unknown> => o !== null);
const byId = (out: string) => new Map(lines(out).map((o) => [String(o.id), o]));
/** A line without its timings, which differ run to run. */
const stable = (o: Record<string, unknown> | undefined) => {
  const { ms: _ms, gateMs: _gateMs, longestTaskMs: _longest, ...rest } = o ?? {};
  return rest;
};

/** Pids of the Chromium processes below `root` (Linux /proc): renderers, or the browser. */
function chromiumPids(root: number, kind: "renderer" | "browser"): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* gone */
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p))
      if (p === root) return true;
    return false;
  };
  return [...parent.keys()].filter((pid) => {
    if (!below(pid)) return false;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (kind === "renderer") return cmd.includes("--type=renderer");
      return /chrom/.test(cmd.split("\0")[0] ?? "") && !cmd.includes("--type=");
    } catch {
      return false;
    }
  });
}

/** Page 1 of a small list (saved at a URL with no page number, as page 1 is) with a
 * numbered pager; `n` makes each one's items different. */
function listPage(n: number): string {
  const items = Array.from(
    { length: 12 },
    (_, i) =>
      `<li class="item"><a href="/item/${n}-${i}">Story ${n}.${i}</a> <p>Text of story ${i} on page ${n}, long enough to read as content.</p></li>`,
  ).join("\n");
  return `<!doctype html><html><head><title>List ${n}</title></head><body><nav><a href="/">Home</a></nav><ul id="stories">${items}</ul><div class="pager"><span class="current">1</span> <a href="?page=2">2</a> <a href="?page=2" rel="next">Next</a></div></body></html>`;
}

const refreshPage = (head: string, body = "") =>
  `<!doctype html><html><head>${head}<title>refresh</title></head><body>${body}<article><h1>Kept</h1><p>This text must stay: the page is measured as saved.</p></article></body></html>`;

function bigPage(): string {
  const para = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(50);
  const posts: string[] = [];
  let size = 0;
  for (let i = 0; size < 6 * 1024 * 1024; i++) {
    const p = `<div class="post"><a href="/u/${i}">user ${i}</a><p>${para}</p></div>\n`;
    posts.push(p);
    size += p.length;
  }
  return `<!doctype html><html><body>${posts.join("")}<a href="/t?page=3">Next</a></body></html>`;
}

let dir = "";
let server: Server;
let origin = "";
/** requests seen per path */
const hits = new Map<string, number>();
/** set by the crash test: kills the renderers of this tsugi process */
let crashTarget: ChildProcess | null = null;
let killed = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tsugi-batch-"));
  for (let n = 1; n <= 9; n++) writeFileSync(join(dir, `good${n}.html`), listPage(n + 1));
  writeFileSync(join(dir, "meta0.html"), refreshPage('<meta http-equiv="refresh" content="0">'));
  writeFileSync(
    join(dir, "noscript.html"),
    refreshPage("", '<noscript><meta http-equiv="refresh" content="0;url=/nojs"></noscript>'),
  );
  writeFileSync(
    join(dir, "othersite.html"),
    refreshPage('<meta http-equiv="refresh" content="0;url=http://elsewhere.invalid/">'),
  );
  writeFileSync(join(dir, "big.html"), bigPage());
  writeFileSync(join(dir, "empty.html"), "");
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === "/hang") {
      // Headers and half a page, then the connection stays open: the load never ends.
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<!doctype html><html><body><p>Still loading");
      return;
    }
    // The first time each of these pages is loading, its image request (sent once the
    // renderer parses it) kills the renderers, or the whole browser, of the tsugi run.
    if ((path === "/crash" || path === "/kill-browser") && hits.get(path) === 1) {
      res.writeHead(200, { "content-type": "text/html" });
      res.write(`<!doctype html><html><body><p>About to crash<img src="${path}.png">`);
      return;
    }
    const trigger = /^(\/crash|\/kill-browser)\.png$/.exec(path);
    if (trigger && hits.get(path) === 1) {
      const kind = trigger[1] === "/crash" ? "renderer" : "browser";
      for (const pid of crashTarget?.pid ? chromiumPids(crashTarget.pid, kind) : []) {
        try {
          process.kill(pid, "SIGKILL");
          killed++;
        } catch {
          /* gone */
        }
      }
    }
    if (trigger) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html" });
    res.end(listPage(99));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

type Entry = { id: string; file?: string; url: string; charset?: string };
const saved = (id: string, file = `${id}.html`): Entry => ({
  id,
  file,
  url: `http://site-${id}.test/page`,
  charset: "utf-8",
});
const writeManifest = (name: string, entries: (Entry | string)[]) => {
  const path = join(dir, name);
  writeFileSync(
    path,
    `${entries.map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join("\n")}\n`,
  );
  return path;
};

function corpusEntries(): Entry[] {
  try {
    const root = join(corpusDir(), "pagination");
    return readFileSync(join(root, "labels.jsonl"), "utf8")
      .trim()
      .split("\n")
      .slice(0, 2)
      .map((l) => JSON.parse(l) as { id: string; url: string; charset: string })
      .map((o) => ({
        id: o.id,
        file: join(root, "pages", `${o.id}.html`),
        url: o.url,
        charset: o.charset,
      }));
  } catch {
    return []; // no corpus here: the generated pages carry the test
  }
}

describe("tsugi detect --batch on hostile pages", () => {
  it("ends by itself, answers every id once, and good pages come out as without the bad ones", async () => {
    const good = [
      ...Array.from({ length: 9 }, (_, i) => saved(`good${i + 1}`)),
      ...corpusEntries(),
    ];
    const hostile: Entry[] = [
      saved("meta0"),
      saved("noscript"),
      saved("othersite"),
      saved("big"),
      saved("empty"),
      { id: "hang", url: `${origin}/hang` },
      { id: "crash", url: `${origin}/crash` },
    ];
    // Each hostile page is followed by a good one.
    const mixed: Entry[] = [];
    good.forEach((g, i) => {
      const h = hostile[i];
      if (h) mixed.push(h);
      mixed.push(g);
    });
    const clean = await tsugi(["detect", "--batch", writeManifest("clean.jsonl", good)]);
    expect(clean.status, clean.stderr).toBe(0);
    const t = Date.now();
    const r = await tsugi(
      ["detect", "--batch", writeManifest("mixed.jsonl", mixed), "--timeout", "10"],
      {
        onSpawn: (c) => {
          crashTarget = c;
        },
      },
    );
    const wall = Date.now() - t;
    const out = byId(r.stdout);
    // Every id once, and nothing else.
    expect(
      lines(r.stdout)
        .map((o) => o.id)
        .sort(),
    ).toEqual(mixed.map((e) => e.id).sort());
    // The never-ending page timed out; the run says so and exits 1.
    expect(out.get("hang")).toMatchObject({ error: "timeout" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/answered, [12] failed/);
    // The crash happened and the page was tried again in a fresh tab.
    expect(killed).toBeGreaterThan(0);
    expect(hits.get("/crash")).toBe(2);
    expect(out.get("crash")?.error).toBeUndefined();
    // Self-refreshing pages are measured as saved and report where they wanted to go.
    expect(out.get("meta0")).toMatchObject({ refresh: "http://site-meta0.test/page" });
    expect(out.get("noscript")).toMatchObject({ refresh: "http://site-noscript.test/nojs" });
    expect(out.get("othersite")).toMatchObject({ refresh: "http://elsewhere.invalid/" });
    expect(out.get("meta0")).toMatchObject({ url: "http://site-meta0.test/page", nextUrl: null });
    expect(out.get("empty")).toMatchObject({ nextUrl: null });
    // The 6 MB page is answered, by a result or by the time limit.
    expect(out.has("big")).toBe(true);
    // Good pages: the same answer as in the run without the bad ones.
    const before = byId(clean.stdout);
    for (const g of good) expect(stable(out.get(g.id)), g.id).toEqual(stable(before.get(g.id)));
    expect(wall).toBeLessThan(150_000);
  }, 240_000);

  it("a browser killed in mid-batch is replaced and its page tried again", async () => {
    const m = writeManifest("browser.jsonl", [
      saved("good1"),
      { id: "lost", url: `${origin}/kill-browser` },
      saved("good2"),
      saved("good3"),
    ]);
    killed = 0;
    const r = await tsugi(["detect", "--batch", m, "--jobs", "1", "--timeout", "20"], {
      onSpawn: (c) => {
        crashTarget = c;
      },
    });
    expect(killed).toBe(1);
    expect(hits.get("/kill-browser")).toBe(2);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const out = byId(r.stdout);
    expect([...out.keys()].sort()).toEqual(["good1", "good2", "good3", "lost"]);
    for (const o of out.values()) expect(o.error).toBeUndefined();
  }, 120_000);

  it("a single self-refreshing page: detect and extract answer and exit", async () => {
    const file = join(dir, "meta0.html");
    const d = await tsugi(["detect", file, "--url", "http://a.test/x", "--timeout", "20"]);
    expect(d.status, d.stderr).toBe(0);
    expect(JSON.parse(d.stdout)).toMatchObject({
      url: "http://a.test/x",
      refresh: "http://a.test/x",
    });
    const e = await tsugi(["extract", file, "--format", "text", "--timeout", "20"]);
    expect(e.status, e.stderr).toBe(0);
    expect(e.stdout).toMatch(/must stay/);
  });

  it("extract --batch keeps going past a refresh and a missing file", async () => {
    const m = writeManifest("extract.jsonl", [
      saved("meta0"),
      { id: "gone", file: "no-such.html", url: "http://x.test/" },
      saved("good1"),
    ]);
    const r = await tsugi(["extract", "--batch", m]);
    expect(r.status).toBe(1);
    const out = byId(r.stdout);
    expect(out.get("meta0")).toMatchObject({ refresh: "http://site-meta0.test/page" });
    expect(String(out.get("meta0")?.text)).toMatch(/must stay/);
    expect(out.get("gone")?.error).toMatch(/no such file/);
    expect(String(out.get("good1")?.text)).toMatch(/Story 2\.0/);
  });
});

describe("tsugi --batch streaming, resume and shards", () => {
  const ids = Array.from({ length: 9 }, (_, i) => `good${i + 1}`);

  it("--resume after a kill answers every id exactly once in the union", async () => {
    const m = writeManifest(
      "resume.jsonl",
      ids.map((id) => saved(id)),
    );
    // Killed after three lines, as a crawler's machine going down would.
    const first = await new Promise<string>((resolve) => {
      let out = "";
      const c = spawn(process.execPath, [BIN, "detect", "--batch", m, "--jobs", "1"]);
      c.stdout.on("data", (d) => {
        out += d;
        if (lines(out).length >= 3 && c.exitCode === null) c.kill("SIGKILL");
      });
      c.on("close", () => resolve(out));
    });
    const done = lines(first).map((o) => String(o.id));
    expect(done.length).toBeGreaterThanOrEqual(3);
    expect(done.length).toBeLessThan(ids.length);
    const out1 = join(dir, "out1.jsonl");
    writeFileSync(out1, first);
    const rest = await tsugi(["detect", "--batch", m, "--resume", out1]);
    expect(rest.status, rest.stderr).toBe(0);
    expect(rest.stderr).toMatch(new RegExp(`${done.length} skipped`));
    const union = [...lines(first), ...lines(rest.stdout)];
    expect(union.map((o) => String(o.id)).sort()).toEqual([...ids].sort());
    for (const o of union) expect(o.nextUrl, String(o.id)).toMatch(/page=/);
  }, 180_000);

  it("--shard 0/3, 1/3, 2/3 together answer every id exactly once", async () => {
    const m = writeManifest("shard.jsonl", [...ids.map((id) => saved(id)), "", "{broken"]);
    const runs = [];
    for (const k of [0, 1, 2])
      runs.push(await tsugi(["detect", "--batch", m, "--shard", `${k}/3`]));
    const union = runs.flatMap((r) => lines(r.stdout));
    expect(
      union
        .filter((o) => o.id !== undefined)
        .map((o) => o.id)
        .sort(),
    ).toEqual([...ids].sort());
    // The bad line (line 11, 0-based 10: shard 1) is answered once, by its own shard.
    expect(union.filter((o) => o.line === 11)).toHaveLength(1);
    expect(runs[1]?.status).toBe(1);
    expect(runs[0]?.status).toBe(0);
    // Every shard did work.
    for (const r of runs) expect(lines(r.stdout).length).toBeGreaterThan(0);
  }, 180_000);

  it("--batch - reads the manifest from stdin; a bad line gets its own error line", async () => {
    const input = [
      JSON.stringify(saved("good1", join(dir, "good1.html"))),
      "not json",
      JSON.stringify({ id: "nourl", file: join(dir, "good2.html"), url: "ftp://x/" }),
      JSON.stringify(saved("good3", join(dir, "good3.html"))),
    ].join("\n");
    const r = await tsugi(["detect", "--batch", "-", "--progress"], { input });
    expect(r.status).toBe(1);
    const out = lines(r.stdout);
    expect(out).toHaveLength(4);
    expect(out.find((o) => o.line === 2)?.error).toMatch(/not JSON/);
    expect(out.find((o) => o.id === "nourl")?.error).toMatch(/http/);
    expect(
      out
        .filter((o) => o.nextUrl !== undefined)
        .map((o) => o.id)
        .sort(),
    ).toEqual(["good1", "good3"]);
    expect(r.stderr).toMatch(/pages\/s/);
    expect(r.stderr).toMatch(/4 pages in .*2 answered, 2 failed/);
  }, 120_000);
});

describe("tsugi --help, --version, unknown options", () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });

  it.each([
    ["--help"],
    ["detect", "--help"],
    ["extract", "--help"],
    ["join", "--help"],
    ["demo", "--help"],
  ])("%j: exit 0, every option with its default", (...args) => {
    const r = run(...args);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/usage: tsugi/);
    if (args[0] === "detect") {
      for (const o of [
        "--batch",
        "--jobs",
        "--timeout",
        "--resume",
        "--shard",
        "--progress",
        "--url",
        "--charset",
      ])
        expect(r.stdout).toContain(o);
      expect(r.stdout).toMatch(/--timeout S .*\[default: 30\]/);
    }
  });

  it("--version prints the package version", () => {
    const r = run("--version");
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(JSON.parse(readFileSync("package.json", "utf8")).version);
  });

  it.each([
    ["detect", "--bogus"],
    ["extract", "--frob", "x"],
    ["--bogus"],
    ["detect", "--batch", "-", "--jobs", "0"],
  ])("%j: one line with the hint to --help, exit 2", (...args) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    const err = r.stderr.trim().split("\n");
    expect(err).toHaveLength(1);
    if (args.includes("--bogus") || args.includes("--frob"))
      expect(err[0]).toMatch(/unknown option .*--help/);
  });
});
