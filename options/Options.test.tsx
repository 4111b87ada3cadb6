// @vitest-environment jsdom

import { File as NodeFile } from "node:buffer";
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";
import type { LoadMoreRule, ReaderRule, SiteRule } from "../src/messaging/site-rule";
import { DEFAULT_SETTINGS, type Settings } from "../src/reader/settings";
import { settingsToJson } from "../src/reader/settings-file";
import { Options } from "./Options";
import type { OptionsApi } from "./options-api";

const rule: SiteRule = {
  name: "Example blog",
  url: "^https://blog\\.example\\.com/",
  nextLink: "//a[@rel='next']",
  pageElement: "//article",
};

function api(over: Partial<OptionsApi> = {}, settings: Partial<Settings> = {}): OptionsApi {
  return {
    load: async () => ({
      settings: { ...DEFAULT_SETTINGS, ...settings },
      siteRules: [],
      learnedRules: 0,
    }),
    saveSettings: async () => {},
    saveSiteRules: async () => {},
    saveCorrections: async () => {},
    forgetLearnedRules: async () => {},
    download: () => {},
    t: (k, subs) => `[${k}${subs?.length ? `:${subs.join(",")}` : ""}]`,
    ...over,
  };
}

async function mount(a: OptionsApi): Promise<HTMLElement> {
  const root = document.createElement("div");
  document.body.append(root);
  await act(async () => {
    render(<Options api={a} />, root);
  });
  await act(async () => {});
  return root;
}

const q = (root: HTMLElement, id: string) =>
  root.querySelector(`[data-testid=${id}]`) as HTMLInputElement & HTMLTextAreaElement;

async function type(el: HTMLInputElement | HTMLTextAreaElement, value: string, event = "input") {
  await act(async () => {
    el.value = value;
    el.dispatchEvent(new Event(event, { bubbles: true }));
  });
  await act(async () => {});
}

async function click(el: Element) {
  await act(async () => {
    (el as HTMLElement).click();
  });
  await act(async () => {});
}

describe("Options", () => {
  it("shows the stored settings", async () => {
    const root = await mount(api({}, { pageCap: 7, triggerScreens: 3, separators: false }));
    expect(q(root, "page-cap").value).toBe("7");
    expect(q(root, "trigger").value).toBe("3");
    expect(q(root, "separators").checked).toBe(false);
    expect(q(root, "address-bar").checked).toBe(false);
  });
  it("saves trigger distance, page cap, separators and address bar as they change", async () => {
    const saveSettings = vi.fn(async (_s: Settings) => {});
    const root = await mount(api({ saveSettings }));
    await type(q(root, "page-cap"), "12", "change");
    expect(saveSettings).toHaveBeenLastCalledWith(expect.objectContaining({ pageCap: 12 }));
    await type(q(root, "trigger"), "1.5", "change");
    expect(saveSettings).toHaveBeenLastCalledWith(expect.objectContaining({ triggerScreens: 1.5 }));
    await click(q(root, "separators"));
    expect(saveSettings).toHaveBeenLastCalledWith(expect.objectContaining({ separators: false }));
    await click(q(root, "address-bar"));
    expect(saveSettings).toHaveBeenLastCalledWith(expect.objectContaining({ addressBar: true }));
  });
  it("refuses a page cap out of range", async () => {
    const saveSettings = vi.fn(async () => {});
    const root = await mount(api({ saveSettings }));
    await type(q(root, "page-cap"), "0", "change");
    expect(saveSettings).not.toHaveBeenCalled();
    expect(q(root, "note").textContent).toBe("[optOutOfRange:1,1000]");
  });
  it("saves the exclusion list and its test box says whether a URL matches", async () => {
    const saveSettings = vi.fn(async (_s: Settings) => {});
    const root = await mount(api({ saveSettings }));
    await type(q(root, "exclusions"), "https://mail.example.com/*\n\n*.bank.test/*\n");
    await click(q(root, "save-exclusions"));
    expect(saveSettings).toHaveBeenLastCalledWith(
      expect.objectContaining({ exclusions: ["https://mail.example.com/*", "*.bank.test/*"] }),
    );
    await type(q(root, "test-url"), "https://www.bank.test/login");
    expect(q(root, "test-result").textContent).toBe("[optTestMatch:*.bank.test/*]");
    await type(q(root, "test-url"), "https://example.com/news/2");
    expect(q(root, "test-result").textContent).toBe("[optTestNoMatch]");
  });
  it("lists sites switched off and turns one back on", async () => {
    const saveSettings = vi.fn(async (_s: Settings) => {});
    const root = await mount(api({ saveSettings }, { disabledSites: ["a.test", "b.test"] }));
    expect(q(root, "sites-off").textContent).toContain("a.test");
    await click(q(root, "sites-off").querySelector("button") as Element);
    expect(saveSettings).toHaveBeenLastCalledWith(
      expect.objectContaining({ disabledSites: ["b.test"] }),
    );
  });
  it("lists sites where a way of joining is off and turns one back on", async () => {
    const saveSettings = vi.fn(async (_s: Settings) => {});
    const root = await mount(
      api({ saveSettings }, { loadMoreOffSites: ["a.test"], frameOffSites: ["b.test", "c.test"] }),
    );
    const items = Array.from(q(root, "modes-off").querySelectorAll("li"), (li) =>
      li.querySelector("span")?.textContent?.trim(),
    );
    expect(items).toEqual([
      "a.test: [popupModeLoadMore]",
      "b.test: [popupModeFrame]",
      "c.test: [popupModeFrame]",
    ]);
    await click(q(root, "modes-off").querySelectorAll("button")[1] as Element);
    expect(saveSettings).toHaveBeenLastCalledWith(
      expect.objectContaining({ loadMoreOffSites: ["a.test"], frameOffSites: ["c.test"] }),
    );
    expect(q(await mount(api()), "modes-off")).toBeNull();
  });
  it("lists sites where the next chapter is joined and turns one off", async () => {
    const saveSettings = vi.fn(async (_s: Settings) => {});
    const root = await mount(api({ saveSettings }, { chapterSites: ["novel.test", "comic.test"] }));
    expect(q(root, "chapter-sites").textContent).toContain("novel.test: [popupModeChapters]");
    await click(q(root, "chapter-sites").querySelector("button") as Element);
    expect(saveSettings).toHaveBeenLastCalledWith(
      expect.objectContaining({ chapterSites: ["comic.test"] }),
    );
    expect(q(await mount(api()), "chapter-sites")).toBeNull();
  });
  it("saves Wedata site rules, dropping invalid items with a message", async () => {
    const saveSiteRules = vi.fn(async (_r: SiteRule[]) => {});
    const root = await mount(api({ saveSiteRules }));
    const wedata = JSON.stringify([
      {
        name: rule.name,
        data: { url: rule.url, nextLink: rule.nextLink, pageElement: rule.pageElement },
      },
      { name: "broken", data: { url: "(", nextLink: "//a", pageElement: "//b" } },
    ]);
    await type(q(root, "site-rules"), wedata);
    await click(q(root, "save-rules"));
    expect(saveSiteRules).toHaveBeenCalledWith([rule]);
    expect(q(root, "note").textContent).toContain("[optRulesSaved:1]");
    expect(q(root, "note").textContent).toContain("broken");
    expect(q(root, "rule-count").textContent).toBe("[optRulesInUse:1]");
  });
  it("adds rules from a Wedata JSON file, replacing the one of the same name", async () => {
    const saveSiteRules = vi.fn(async (_r: SiteRule[]) => {});
    const other = { ...rule, name: "Other", url: "^https://other\\.test/" };
    const root = await mount(
      api({
        saveSiteRules,
        load: async () => ({
          settings: DEFAULT_SETTINGS,
          siteRules: [rule, other],
          learnedRules: 0,
        }),
      }),
    );
    const changed = { ...rule, pageElement: "//main" };
    const wedata = JSON.stringify([
      { name: "New", data: { url: "^https://new\\.test/", nextLink: "//a", pageElement: "//p" } },
      { name: changed.name, data: changed },
      { name: "broken", data: { url: "(" } },
    ]);
    const input = q(root, "rules-file");
    Object.defineProperty(input, "files", {
      value: [new NodeFile([wedata], "wedata.json", { type: "application/json" })],
    });
    await act(async () => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    // Reading the file, saving and announcing take a few turns of the event loop.
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(saveSiteRules.mock.calls.at(-1)?.[0].map((r) => `${r.name} ${r.pageElement}`)).toEqual([
      "Example blog //main",
      "Other //article",
      "New //p",
    ]);
    expect(q(root, "note").textContent).toContain("[optRulesFileAdded:2,wedata.json]");
    expect(q(root, "note").textContent).toContain("broken");
    expect(q(root, "rule-count").textContent).toBe("[optRulesInUse:3]");
    expect(JSON.parse(q(root, "site-rules").value)).toHaveLength(3);
  });
  it("changes nothing for a file without a usable rule, and says why", async () => {
    const saveSiteRules = vi.fn(async () => {});
    const root = await mount(api({ saveSiteRules }));
    const input = q(root, "rules-file");
    Object.defineProperty(input, "files", { value: [new NodeFile(["{oops"], "bad.json")] });
    await act(async () => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    // Reading the file, saving and announcing take a few turns of the event loop.
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(saveSiteRules).not.toHaveBeenCalled();
    expect(q(root, "note").textContent).toMatch(/^\[optImportFailed:not JSON/);
  });
  it("exports settings and rules as JSON and imports them back", async () => {
    const download = vi.fn();
    const saveSettings = vi.fn(async (_s: Settings) => {});
    const saveSiteRules = vi.fn(async (_r: SiteRule[]) => {});
    const root = await mount(api({ download, saveSettings, saveSiteRules }, { pageCap: 9 }));
    await click(q(root, "export-settings"));
    const [name, json] = download.mock.calls[0] as [string, string];
    expect(name).toBe("tsugi-settings.json");
    expect(JSON.parse(json).settings.pageCap).toBe(9);

    const file = settingsToJson({ ...DEFAULT_SETTINGS, pageCap: 20, exclusions: ["*.x.test/*"] }, [
      rule,
    ]);
    await type(q(root, "import-text"), file);
    await click(q(root, "import"));
    expect(saveSettings).toHaveBeenLastCalledWith(
      expect.objectContaining({ pageCap: 20, exclusions: ["*.x.test/*"] }),
    );
    expect(saveSiteRules).toHaveBeenLastCalledWith([rule]);
    expect(q(root, "page-cap").value).toBe("20");
    expect(q(root, "note").textContent).toBe("[optImported]");
  });
  it("says why an import failed and changes nothing", async () => {
    const saveSettings = vi.fn(async () => {});
    const root = await mount(api({ saveSettings }));
    await type(q(root, "import-text"), '{"not": "tsugi"}');
    await click(q(root, "import"));
    expect(saveSettings).not.toHaveBeenCalled();
    expect(q(root, "note").textContent).toMatch(/^\[optImportFailed:not a tsugi settings file/);
  });

  it("forgets the site rules learned on visits on request", async () => {
    let forgotten = 0;
    const root = await mount(
      api({
        load: async () => ({ settings: DEFAULT_SETTINGS, siteRules: [], learnedRules: 3 }),
        forgetLearnedRules: async () => {
          forgotten++;
        },
      }),
    );
    expect(root.textContent).toContain("[optLearnedRules:3]");
    await act(async () => {
      q(root, "forget-learned").click();
    });
    expect(forgotten).toBe(1);
    expect(root.textContent).toContain("[optLearnedRules:0]");
    expect(q(root, "forget-learned").disabled).toBe(true);
  });
});

describe("what the reader taught on pages", () => {
  const refused = {
    site: "ex.com",
    nextLink: '//a[@rel="next"]',
    urlPattern: "^https://ex\\.com/s-\\d+\\.html$",
    url: "https://ex.com/s-2.html",
    at: Date.UTC(2026, 0, 2),
  };
  const picked: SiteRule = {
    name: "ex.com",
    url: "^https://ex\\.com/",
    nextLink: "//a",
    pageElement: "//p",
  };

  it("lists the corrections with what was refused, and removes one", async () => {
    const saveCorrections = vi.fn(async () => {});
    const root = await mount(
      api({
        load: async () => ({
          settings: DEFAULT_SETTINGS,
          siteRules: [],
          learnedRules: 0,
          corrections: [refused],
        }),
        saveCorrections,
      }),
    );
    expect(q(root, "corrections").textContent).toContain(
      "[optCorrectionRefused:ex.com,https://ex.com/s-2.html,",
    );
    await click(q(root, "remove-correction"));
    expect(saveCorrections).toHaveBeenLastCalledWith([]);
    expect(q(root, "corrections")).toBeNull();
    expect(root.textContent).toContain("[optNoCorrections]");
  });

  it("lists the rules picked on pages apart from those written by hand, and removes one", async () => {
    const saveSiteRules = vi.fn(async (_r: ReaderRule[]) => {});
    const button: LoadMoreRule = {
      name: "shop.test:8080",
      url: "^http://shop\\.test:8080/list/",
      loadMoreButton: '//button[@class="zz-more"]',
    };
    const root = await mount(
      api({
        load: async () => ({
          settings: DEFAULT_SETTINGS,
          siteRules: [picked, rule, button],
          learnedRules: 0,
        }),
        saveSiteRules,
      }),
    );
    expect(root.textContent).toContain("[optPickedRules]");
    const pickedList = q(root, "picked-rules").textContent;
    expect(pickedList).toContain("ex.com");
    expect(pickedList).toContain("[optPickedLoadMore]");
    expect(pickedList).toContain("zz-more");
    expect(pickedList).not.toContain("Example blog");
    expect(q(root, "rule-list").textContent).toContain("Example blog");
    expect(q(root, "rule-list").textContent).not.toContain("ex.com");
    expect(q(root, "rule-count").textContent).toBe("[optRulesInUse:1]");
    // The text box holds the rules written by hand; saving it keeps the picked ones.
    expect(JSON.parse(q(root, "site-rules").value)).toEqual([rule]);
    await click(q(root, "save-rules"));
    expect(saveSiteRules).toHaveBeenLastCalledWith([picked, button, rule]);

    await click(q(root, "remove-picked-rule"));
    expect(saveSiteRules).toHaveBeenLastCalledWith([button, rule]);
    expect(q(root, "note").textContent).toBe("[optRuleRemoved:ex.com]");
    expect(q(root, "picked-rules").textContent).not.toContain("ex.com");
  });

  it("says when no rule was picked yet", async () => {
    const root = await mount(api());
    expect(q(root, "picked-rules")).toBeNull();
    expect(root.textContent).toContain("[optNoPickedRules]");
  });

  it("exports the corrections with the settings and imports them back", async () => {
    const download = vi.fn();
    const saveCorrections = vi.fn(async () => {});
    const root = await mount(
      api({
        load: async () => ({
          settings: DEFAULT_SETTINGS,
          siteRules: [picked],
          learnedRules: 0,
          corrections: [refused],
        }),
        download,
        saveCorrections,
      }),
    );
    await click(q(root, "export-settings"));
    const json = (download.mock.calls[0] as [string, string])[1];
    expect(JSON.parse(json).corrections).toEqual([refused]);
    expect(JSON.parse(json).siteRules).toEqual([picked]);
    await click(q(root, "remove-correction"));
    await type(q(root, "import-text"), json);
    await click(q(root, "import"));
    expect(saveCorrections).toHaveBeenLastCalledWith([refused]);
    expect(q(root, "corrections").textContent).toContain("https://ex.com/s-2.html");
  });
});
