import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type StaticServer, startStaticServer } from "../../src/serve/static-server";
import { DIST } from "../support/extension";

/** Debian's Firefox ESR; CI installs it. Playwright cannot drive a stock Firefox, so the
 * test watches what the extension asks the server for instead of reading the DOM. */
const FIREFOX = process.env.TSUGI_FIREFOX ?? "/usr/bin/firefox-esr";

let runner: { exit(): Promise<void> } | null = null;
let server: StaticServer | null = null;

afterEach(async () => {
  await runner?.exit();
  runner = null;
  await server?.close();
  server = null;
});

async function until(cond: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return cond();
}

describe("Firefox", () => {
  it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
    "loads dist/ and joins a short 3-part chain on its own (page 2 parsed, inserted, its next link followed)",
    async () => {
      server = await startStaticServer(join(process.cwd(), "test/fixtures/chain"));
      // web-ext's own API: its runner's exit() closes Firefox too (killing the CLI does not).
      const webExt = (await import("web-ext")).default;
      runner = await webExt.cmd.run(
        {
          sourceDir: DIST,
          firefox: FIREFOX,
          noInput: true,
          noReload: true,
          args: ["-headless"],
          startUrl: [`${server.origin}/1.html`],
        },
        { shouldExitProgram: false },
      );
      const srv = server;
      const paths = () => srv.requests.map((r) => r.path).filter((p) => p.endsWith(".html"));
      // Part 3 is only requested after part 2 was fetched, parsed, inserted and its next link found.
      expect(await until(() => paths().includes("/3.html"), 90_000)).toBe(true);
      await new Promise((r) => setTimeout(r, 2_000));
      expect(paths()).toEqual(["/1.html", "/2.html", "/3.html"]);
    },
  );
});
