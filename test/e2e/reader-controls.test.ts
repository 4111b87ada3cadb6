import { readFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import type { BrowserContext, Page, Worker } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { extensionId } from "../../src/cli/browser";
import { scrollUntilSettled, tabIdOf, tabStatus, waitForStatus } from "../../src/cli/join";
import type { ExportFile } from "../../src/messaging/messages";
import type { TabStatus } from "../../src/messaging/status";
import { readCase } from "../../src/replay/cases";
import { hostResolverRules, startReplayServer } from "../../src/replay/replay-server";
import { type StaticServer, startStaticServer } from "../../src/serve/static-server";
import { withoutCorpus } from "../support/corpus";
import { launchWithExtension, occurrences } from "../support/extension";

let browser: LaunchedBrowser | null = null;
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await browser?.close();
  browser = null;
  for (const close of closers.splice(0)) await close();
});

async function worker(context: BrowserContext): Promise<Worker> {
  await extensionId(context);
  const [w] = context.serviceWorkers();
  if (!w) throw new Error("no background worker");
  return w;
}

/** Scroll to the end a few times, as a reader would, for `ms`. */
async function scrollFor(page: Page, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(150);
  }
}

const pages = (s: TabStatus | null) => s?.pages ?? 0;

describe("reader controls (built extension, Chromium)", () => {
  it("turning a site off in the popup stops joining there and only there, at once", async () => {
    const server: StaticServer = await startStaticServer(join(process.cwd(), "test/fixtures"));
    closers.push(() => server.close());
    const port = new URL(server.origin).port;
    browser = await launchWithExtension({
      hostResolverRules: "MAP site-a.test 127.0.0.1, MAP site-b.test 127.0.0.1",
      settings: { minIntervalMs: 0 },
    });
    const ctx = browser.context;
    const a = await ctx.newPage();
    const urlA = `http://site-a.test:${port}/reader/1.html`;
    await a.goto(urlA);
    const b = await ctx.newPage();
    const urlB = `http://site-b.test:${port}/reader/1.html`;
    await b.goto(urlB);
    await waitForStatus(a, (s) => s.state === "ready");
    await waitForStatus(b, (s) => s.state === "ready");
    expect(pages(await tabStatus(a))).toBe(1);

    // The reader opens the popup for site A's tab and unticks "auto-join on site-a.test".
    const popup = await ctx.newPage();
    const id = await extensionId(ctx);
    await popup.goto(`chrome-extension://${id}/popup/index.html?tab=${await tabIdOf(ctx, urlA)}`);
    const toggle = popup.getByTestId("site-toggle");
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect(await popup.textContent("body")).toContain(`site-a.test:${port}`);
    await toggle.click();
    await waitForStatus(a, (s) => s.siteEnabled === false && s.state === "off");

    await scrollFor(a, 2500);
    await scrollFor(b, 1500);
    expect(pages(await tabStatus(a))).toBe(1);
    expect(await a.locator(".tsugi-separator, [data-tsugi-page='2']").count()).toBe(0);
    expect(server.requests.filter((r) => r.path === "/reader/2.html").length).toBe(1); // B's only
    expect(pages(await waitForStatus(b, (s) => s.pages >= 2))).toBeGreaterThanOrEqual(2);

    // A second tab on site A stays off too; turning the site back on joins there, no reload.
    await toggle.click();
    await waitForStatus(a, (s) => s.siteEnabled === true);
    await scrollFor(a, 1500);
    expect(pages(await waitForStatus(a, (s) => s.pages >= 2))).toBeGreaterThanOrEqual(2);
  });

  it("the 'next page' shortcut joins the next page without scrolling", async () => {
    const server: StaticServer = await startStaticServer(join(process.cwd(), "test/fixtures"));
    closers.push(() => server.close());
    browser = await launchWithExtension({ settings: { minIntervalMs: 0 } });
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/reader/1.html`);
    await waitForStatus(page, (s) => s.state === "ready");
    const w = await worker(browser.context);
    // Both commands are registered, with the suggested keys of manifest.json (Chromium
    // leaves a command-line-loaded extension's keys unassigned until the reader sets them
    // at chrome://extensions/shortcuts, so `shortcut` may be empty here).
    const { names, keys } = await w.evaluate(async () => {
      type C = {
        commands: { getAll(): Promise<{ name: string }[]> };
        runtime: {
          getManifest(): { commands: Record<string, { suggested_key: { default: string } }> };
        };
      };
      const chrome = (globalThis as unknown as { chrome: C }).chrome;
      const all = await chrome.commands.getAll();
      const m = chrome.runtime.getManifest().commands;
      return {
        names: all.map((c) => c.name).sort(),
        keys: Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v.suggested_key.default])),
      };
    });
    expect(names).toEqual(expect.arrayContaining(["next-page", "toggle-site"]));
    expect(keys).toEqual({ "next-page": "Alt+Shift+N", "toggle-site": "Alt+Shift+O" });
    await page.bringToFront();
    // The command as the browser dispatches it (synthetic key presses do not reach
    // Chromium's extension shortcuts in headless mode).
    const done = await w.evaluate(() =>
      (globalThis as unknown as { tsugiRunCommand(c: string): Promise<string> }).tsugiRunCommand(
        "next-page",
      ),
    );
    expect(done).toBe("next");
    const s = await waitForStatus(page, (st) => st.pages === 2, 10_000);
    expect(s.state).toBe("ready");
    const joined = (await page.locator("[data-tsugi-page='2']").allTextContents()).join(" ");
    expect(joined).toContain("Long story part 2, paragraph 1:");
    expect(joined).toContain("Long story part 2, paragraph 80:");
    expect(joined).not.toContain("part 3");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it.skipIf(withoutCorpus("the export of arstechnica-002"))(
    "export of arstechnica-002 after joining has every page's text once, in order, with its URL",
    async () => {
      const replay = await startReplayServer("arstechnica-002");
      closers.push(() => replay.close());
      browser = await launchWithExtension({
        hostResolverRules: hostResolverRules(replay.port),
        settings: { minIntervalMs: 0 },
      });
      const page = await browser.context.newPage();
      await page.goto(replay.case.startUrl, { waitUntil: "load" });
      expect((await scrollUntilSettled(page, 120_000)).state).toBe("done");
      const tab = await tabIdOf(browser.context, replay.case.startUrl);
      const w = await worker(browser.context);
      // What the popup's export buttons ask the page for.
      const exportAs = async (format: string) =>
        (await w.evaluate(
          ([id, f]) => {
            type T = { tabs: { sendMessage(id: number, m: object): Promise<unknown> } };
            return (globalThis as unknown as { chrome: T }).chrome.tabs.sendMessage(id as number, {
              type: "popup→content:export",
              format: f,
            });
          },
          [tab, format],
        )) as ExportFile;
      const text = await exportAs("text");
      const mdFile = await exportAs("md");
      expect(text.pages).toBe(19);
      expect(mdFile.filename).toBe("mac-os-x-10-7-lion-the-ars-technica-review.md");
      const plain = text.content.replace(/\s+/g, " ");
      const md = mdFile.content;
      const c = readCase("arstechnica-002");
      let last = -1;
      let lastSource = -1;
      for (let n = 1; n <= 19; n++) {
        const url = n === 1 ? c.startUrl : `${c.startUrl}/${n}`;
        const source = plain.indexOf(`Page ${n}: ${url} `);
        expect(source, `page ${n} URL`).toBeGreaterThan(last);
        expect(occurrences(md, `Source: <${url}>`), `page ${n} URL in Markdown`).toBe(1);
        expect(md.indexOf(`Source: <${url}>`)).toBeGreaterThan(lastSource);
        lastSource = md.indexOf(`Source: <${url}>`);
        const fileN = c.urlMap.get(url);
        if (!fileN) throw new Error(`capture has no ${url}`);
        for (const p of paragraphs(fileN)) {
          expect(occurrences(plain, p), `page ${n}: ${p.slice(0, 40)}`).toBe(1);
          const at = plain.indexOf(p);
          expect(at, `page ${n} in order`).toBeGreaterThan(source);
          last = at;
        }
      }
      // Comments, share buttons and the site's navigation are not part of the export.
      expect(plain).not.toMatch(/Share this story/i);
    },
  );

  it("shows the Japanese UI when the browser locale is ja", async () => {
    browser = await launchWithExtension({ locale: "ja" });
    const id = await extensionId(browser.context);
    const popup = await browser.context.newPage();
    await popup.goto(`chrome-extension://${id}/popup/index.html`);
    await expect
      .poll(() => popup.textContent("body"))
      .toContain("このページでは tsugi は動作しません。");
    const options = await browser.context.newPage();
    await options.goto(`chrome-extension://${id}/options/index.html`);
    await expect.poll(() => options.title()).toBe("tsugi の設定");
    // The form appears once the settings are read from storage.
    await expect.poll(() => options.textContent("body")).toContain("動作させない URL");
    const body = (await options.textContent("body")) ?? "";
    expect(body).toContain("1 タブあたりの最大ページ数");
    expect(body).not.toMatch(/optTitle|optPageCap/);
  });
});

/** Pieces of a captured arstechnica page's article (`#story .body p`): 80 characters
 * from inside its first, middle and last long paragraphs. */
function paragraphs(file: string): string[] {
  const dom = new JSDOM(readFileSync(file));
  const ps = Array.from(dom.window.document.querySelectorAll("#story .body p"))
    .map((e) => (e.textContent ?? "").replace(/\s+/g, " ").trim())
    .filter((t) => t.length >= 120);
  const picks = [ps[0], ps[Math.floor(ps.length / 2)], ps[ps.length - 1]].filter((p): p is string =>
    Boolean(p),
  );
  if (picks.length === 0) throw new Error(`no paragraphs in ${file}`);
  return [...new Set(picks)].map((p) => p.slice(10, 90));
}
