import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { pageEnginePath } from "./browser";

describe("pageEnginePath", () => {
  const saved = process.env.TSUGI_CHROMIUM;
  const dir = mkdtempSync(join(tmpdir(), "tsugi-engine-"));
  const shell = join(dir, "chromium-headless-shell");
  const other = join(dir, "my-chromium");
  writeFileSync(shell, "");
  writeFileSync(other, "");
  afterEach(() => {
    if (saved === undefined) delete process.env.TSUGI_CHROMIUM;
    else process.env.TSUGI_CHROMIUM = saved;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("takes the headless shell where it is installed and no binary is named", () => {
    delete process.env.TSUGI_CHROMIUM;
    expect(pageEnginePath(shell)).toBe(shell);
  });

  it("takes the binary TSUGI_CHROMIUM names over the shell", () => {
    process.env.TSUGI_CHROMIUM = other;
    expect(pageEnginePath(shell)).toBe(other);
  });

  it("says which binary is missing, with an install hint", () => {
    process.env.TSUGI_CHROMIUM = join(dir, "missing");
    expect(() => pageEnginePath(join(dir, "no-shell"))).toThrow(/apt-get install -y chromium/);
  });
});
