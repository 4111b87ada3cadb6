/**
 * The options page in real Chromium with the built extension: a setting changed with
 * the keyboard reaches an open tab without a reload, a Wedata JSON file adds site rules
 * that the next visit uses, every control can be reached with Tab and shows a focus
 * outline; and the screenshots of the popup and of the options page in docs/ (light and
 * dark) that the README shows.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LaunchedBrowser } from "../../src/cli/browser";
import { extensionId } from "../../src/cli/browser";
import {
  scrollUntilSettled,
  setExtensionSettings,
  tabIdOf,
  tabStatus,
  waitForStatus,
} from "../../src/cli/join";
import { localeMessages } from "../../src/cli/locale";
import { DEFAULT_SETTINGS } from "../../src/reader/settings";
import { SITE_RULES_KEY } from "../../src/reader/site-rules";
import { repoRoot } from "../../src/replay/cases";
import { type StaticServer, startStaticServer } from "../../src/serve/static-server";
import { extensionLocalStorage, launchWithExtension } from "../support/extension";

const en = localeMessages("en");
const DOCS = join(repoRoot(), "docs");
let site: StaticServer;
let browser: LaunchedBrowser | null = null;

beforeAll(async () => {
  site = await startStaticServer(join(repoRoot(), "demo", "site"));
});
afterAll(async () => {
  await site?.close();
});
afterEach(async () => {
  await browser?.close();
  browser = null;
});

async function openOptions(b: LaunchedBrowser): Promise<Page> {
  const id = await extensionId(b.context);
  const page = await b.context.newPage();
  await page.goto(`chrome-extension://${id}/options/index.html`);
  await page.getByTestId("page-cap").waitFor();
  return page;
}

describe("options page (built extension, Chromium)", () => {
  it("a page cap and separators changed with the keyboard apply at once in an open tab", async () => {
    // A long 3-page story: nothing is joined until the reader scrolls.
    const fixtures = await startStaticServer(join(repoRoot(), "test", "fixtures"));
    try {
      browser = await launchWithExtension({ settings: { minIntervalMs: 0 } });
      const tab = await browser.context.newPage();
      await tab.goto(`${fixtures.origin}/reader/1.html`, { waitUntil: "load" });
      expect((await waitForStatus(tab, (s) => s.state === "ready")).pages).toBe(1);

      const options = await openOptions(browser);
      // As a keyboard user: focus the page cap, type 2, Tab away (the change event saves).
      await options.getByTestId("page-cap").focus();
      await options.keyboard.press("Control+A");
      await options.keyboard.type("2");
      await options.keyboard.press("Tab");
      await expect.poll(() => options.getByTestId("note").textContent()).toBe(en("optSaved"));
      await options.getByTestId("separators").focus();
      await options.keyboard.press("Space");
      await expect.poll(() => options.getByTestId("separators").isChecked()).toBe(false);

      await tab.bringToFront();
      const status = await scrollUntilSettled(tab, 60_000);
      expect(status.state).toBe("stopped");
      expect(status.pages).toBe(2);
      expect(await tab.locator("[data-tsugi-page='2']").count()).toBeGreaterThan(0);
      expect(await tab.locator(".tsugi-separator").count()).toBe(0);
      expect(fixtures.requests.filter((r) => r.path === "/reader/3.html")).toHaveLength(0);
    } finally {
      await fixtures.close();
    }
  });

  it("site rules from a Wedata JSON file are kept and used on the next visit", async () => {
    browser = await launchWithExtension({ settings: { minIntervalMs: 0 } });
    const options = await openOptions(browser);
    const wedata = [
      {
        name: "Demo journal",
        data: {
          url: `^${site.origin.replace(/\./g, "\\.")}/`,
          nextLink: "//nav[contains(@class,'pagination')]//a[contains(@class,'next')]",
          pageElement: "//div[contains(@class,'article-body')]",
        },
      },
      { name: "broken", data: { url: "(", nextLink: "//a", pageElement: "//p" } },
    ];
    await options.getByTestId("rules-file").setInputFiles({
      name: "wedata.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(wedata)),
    });
    await expect
      .poll(() => options.getByTestId("rule-count").textContent())
      .toBe(en("optRulesInUse", ["1"]));
    // The count shows the rules at once; the note follows once they are saved.
    await expect
      .poll(async () => (await options.getByTestId("note").textContent()) ?? "")
      .toContain(en("optRulesFileAdded", ["1", "wedata.json"]));
    expect(await options.getByTestId("note").textContent()).toContain("broken");
    const stored = (await extensionLocalStorage(browser.context))[SITE_RULES_KEY] as {
      name: string;
    }[];
    expect(stored.map((r) => r.name)).toEqual(["Demo journal"]);

    const tab = await browser.context.newPage();
    await tab.goto(`${site.origin}/index.html`, { waitUntil: "load" });
    const s = await waitForStatus(tab, (st) => st.state === "ready");
    expect(s.ruleSource).toBe("user");
    expect(s.ruleName).toBe("Demo journal");
  });

  it("every control is reached with Tab, in page order, and shows a focus outline", async () => {
    browser = await launchWithExtension();
    const options = await openOptions(browser);
    const controls = await options.evaluate(() =>
      Array.from(document.querySelectorAll("main input, main textarea, main button"))
        .filter((e) => !(e as HTMLButtonElement).disabled)
        .map((e) => e.getAttribute("data-testid") ?? e.textContent),
    );
    const reached: (string | null)[] = [];
    for (let i = 0; i < controls.length + 2; i++) {
      await options.keyboard.press("Tab");
      const focused = await options.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return {
          id: el.getAttribute("data-testid") ?? el.textContent,
          outline: style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 1,
          labelled:
            el.tagName === "BUTTON" ||
            Boolean(el.closest("label")) ||
            (el.id !== "" && document.querySelector(`label[for="${el.id}"]`) !== null),
        };
      });
      if (!focused || reached.includes(focused.id)) continue;
      expect(focused.outline, `${focused.id} has a focus outline`).toBe(true);
      expect(focused.labelled, `${focused.id} has a label`).toBe(true);
      reached.push(focused.id);
    }
    expect(reached).toEqual(controls);
    // Related settings are grouped under a legend, each card named by its heading.
    expect(await options.locator("fieldset > legend").count()).toBeGreaterThanOrEqual(2);
    const unnamed = await options.locator("section:not([aria-labelledby])").count();
    expect(unnamed).toBe(0);
  });

  it("writes docs/popup.png, docs/options.png and their dark versions", async () => {
    // The demo article under a readable name; a trigger of 0 screens joins one page per
    // scroll to the end, so the popup shows a page joined and the next one waiting.
    browser = await launchWithExtension({
      hostResolverRules: "MAP journal.example 127.0.0.1",
      settings: { minIntervalMs: 0, triggerScreens: 0 },
    });
    const tab = await browser.context.newPage();
    const url = `http://journal.example:${new URL(site.origin).port}/index.html`;
    await tab.goto(url, { waitUntil: "load" });
    await waitForStatus(tab, (s) => s.state === "ready");
    await tab.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await waitForStatus(tab, (s) => s.pages >= 2 && s.state === "ready");
    const id = await extensionId(browser.context);
    const tabId = await tabIdOf(browser.context, url);
    expect((await tabStatus(tab))?.nextUrl).toBeTruthy();
    // The options page as a new reader finds it: the default settings.
    await setExtensionSettings(browser.context, {
      triggerScreens: DEFAULT_SETTINGS.triggerScreens,
    });
    for (const scheme of ["light", "dark"] as const) {
      const suffix = scheme === "dark" ? "-dark" : "";
      const popup = await browser.context.newPage();
      await popup.setViewportSize({ width: 340, height: 600 });
      await popup.emulateMedia({ colorScheme: scheme });
      await popup.goto(`chrome-extension://${id}/popup/index.html?tab=${tabId}`);
      await popup.getByTestId("next-now").waitFor();
      const height = await popup.evaluate(() => document.documentElement.scrollHeight);
      await popup.setViewportSize({ width: 340, height });
      await popup.screenshot({ path: join(DOCS, `popup${suffix}.png`) });
      await popup.close();

      const options = await openOptions(browser);
      await options.setViewportSize({ width: 900, height: 1000 });
      await options.emulateMedia({ colorScheme: scheme });
      await options.screenshot({ path: join(DOCS, `options${suffix}.png`), fullPage: true });
      const bg = await options.evaluate(
        () => getComputedStyle(document.documentElement).backgroundColor,
      );
      // Dark mode follows prefers-color-scheme: a dark page background, else a light one.
      const [r = 0, g = 0, b = 0] = (bg.match(/\d+/g) ?? []).map(Number);
      const light = (r + g + b) / 3 > 128;
      expect(light, `${scheme} background ${bg}`).toBe(scheme === "light");
      await options.close();
    }
  });
});
