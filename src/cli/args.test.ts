import { describe, expect, it } from "vitest";
import {
  batchOptions,
  COMMANDS,
  commandSpec,
  helpText,
  parseCommand,
  parseShard,
  UsageError,
} from "./args";

const detect = commandSpec("detect");
if (!detect) throw new Error("no detect spec");

describe("command options", () => {
  it("help lists every option of a command with its default", () => {
    for (const c of COMMANDS) {
      const text = helpText(c, "9.9.9");
      for (const o of c.options) {
        const line = text.split("\n").find((l) => l.trimStart().startsWith(`--${o.name}`));
        expect(line, `${c.name} --${o.name}`).toBeDefined();
        if (o.default !== undefined) expect(line).toContain(`[default: ${String(o.default)}]`);
      }
    }
    expect(helpText(undefined, "9.9.9")).toContain("9.9.9");
  });

  it("an unknown option is one line naming it and the help to read", () => {
    expect(() => parseCommand(detect, ["--bogus"])).toThrow(UsageError);
    expect(() => parseCommand(detect, ["--bogus"])).toThrow(
      "unknown option '--bogus' (see 'tsugi detect --help')",
    );
    expect(() => parseCommand(detect, ["--jobs"])).toThrow(/'--jobs' needs a value/);
  });

  it("parses values and positionals, booleans default to false", () => {
    const p = parseCommand(detect, ["--batch", "-", "--jobs", "3"]);
    expect(p.values.batch).toBe("-");
    expect(p.values.progress).toBe(false);
    expect(batchOptions(p.values, 2)).toEqual({
      jobs: 3,
      timeoutMs: 30_000,
      shard: null,
      resume: null,
      progress: false,
    });
    expect(batchOptions({}, 7).jobs).toBe(7);
    expect(batchOptions({ timeout: "1.5" }, 1).timeoutMs).toBe(1500);
  });

  it.each([{ jobs: "0" }, { jobs: "x" }, { timeout: "0" }, { timeout: "-3" }, { shard: "3/3" }])(
    "rejects %j",
    (values) => {
      expect(() => batchOptions(values, 2)).toThrow(UsageError);
    },
  );

  it("--shard K/N is 0-based", () => {
    expect(parseShard("0/3")).toEqual({ k: 0, n: 3 });
    expect(parseShard("2/3")).toEqual({ k: 2, n: 3 });
    expect(() => parseShard("1/0")).toThrow(UsageError);
    expect(() => parseShard("a/b")).toThrow(UsageError);
  });
});
