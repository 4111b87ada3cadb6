/**
 * The words tsugi adds to a page and to an export, in the reader's language: the
 * separator before each joined page, the export's page headings (popup export in a
 * Japanese browser), and `tsugi join --lang ja`.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extensionId } from "../../src/cli/browser";
import { scrollUntilSettled } from "../../src/cli/join";
import { localeMessages } from "../../src/cli/locale";
import { repoRoot } from "../../src/replay/cases";
import { type StaticServer, startStaticServer } from "../../src/serve/static-server";
import { launchWithExtension } from "../support/extension";

const ja = localeMessages("ja");
const jaPage = (n: number) => ja("pageHeading", [String(n)]);
let site: StaticServer;

beforeAll(async () => {
  site = await startStaticServer(join(repoRoot(), "demo", "site"));
});
afterAll(async () => {
  await site?.close();
});

describe("localized separators and export headings", () => {
  it("a Japanese browser shows Japanese separators and exports Japanese page headings", async () => {
    const browser = await launchWithExtension({ locale: "ja", settings: { minIntervalMs: 0 } });
    try {
      const page = await browser.context.newPage();
      await page.goto(`${site.origin}/index.html`, { waitUntil: "load" });
      const status = await scrollUntilSettled(page, 60_000);
      expect(status.pages).toBeGreaterThanOrEqual(3);
      const labels = await page.locator(".tsugi-separator a").allTextContents();
      expect(labels).toEqual(Array.from({ length: status.pages - 1 }, (_, i) => jaPage(i + 2)));
      expect(labels.join(" ")).not.toMatch(/Page \d/);
      // The popup's export, asked of the page as the popup asks it.
      await extensionId(browser.context);
      const [w] = browser.context.serviceWorkers();
      const md = (await w?.evaluate(async () => {
        type C = {
          tabs: {
            query(q: object): Promise<{ id: number; url?: string }[]>;
            sendMessage(id: number, m: object): Promise<{ content: string }>;
          };
        };
        const chrome = (globalThis as unknown as { chrome: C }).chrome;
        const tabs = await chrome.tabs.query({});
        for (const t of tabs) {
          const r = await chrome.tabs
            .sendMessage(t.id, { type: "popup→content:export", format: "md" })
            .catch(() => null);
          if (r) return r.content;
        }
        return "";
      })) as string;
      expect(md).toContain(`## ${jaPage(2)}`);
      expect(md).toContain(`${ja("exportSource")}: <${site.origin}/page-2.html>`);
      expect(md).not.toMatch(/^## Page \d/m);
    } finally {
      await browser.close();
    }
  });

  it("tsugi join --lang ja writes the Japanese headings; --lang xx is a usage error", async () => {
    const bin = join(repoRoot(), "bin", "tsugi");
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, [
      bin,
      "join",
      `${site.origin}/index.html`,
      "--lang",
      "ja",
      "--format",
      "md",
    ]);
    expect(stdout).toContain(`## ${jaPage(1)}`);
    expect(stdout).toContain(`## ${jaPage(2)}`);
    expect(stdout).not.toMatch(/^## Page \d/m);
    const bad = await run(process.execPath, [
      bin,
      "join",
      `${site.origin}/index.html`,
      "--lang",
      "xx",
    ]).catch((e: { code: number; stderr: string }) => e);
    expect(bad).toMatchObject({ code: 2 });
    expect((bad as { stderr: string }).stderr.trim()).toMatch(
      /^tsugi: --lang: no messages for language 'xx'/,
    );
  });
});
