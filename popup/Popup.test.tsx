// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";
import type { ExportFile } from "../src/messaging/messages";
import { INITIAL_STATUS, type TabStatus } from "../src/messaging/status";
import { LOAD_MORE, Popup, type PopupApi } from "./Popup";

const ready: TabStatus = {
  ...INITIAL_STATUS,
  state: "ready",
  nextUrl: "http://ex.com/a/2",
  nextScore: 0.91,
  pages: 3,
  rule: { pageElement: '//*[@id="story"]/div', nextLink: null },
  site: "ex.com",
  siteEnabled: true,
  pageCap: 10,
};

async function mount(api: PopupApi): Promise<HTMLElement> {
  const root = document.createElement("div");
  document.body.append(root);
  await act(async () => {
    render(<Popup api={api} />, root);
  });
  await act(async () => {});
  return root;
}

const file: ExportFile = { filename: "a.md", mime: "text/markdown", content: "# A", pages: 3 };

function api(status: TabStatus | null, over: Partial<PopupApi> = {}): PopupApi {
  return {
    getStatus: async () => status,
    nextPage: async () => status,
    loadMore: async () => status,
    stop: async () => status,
    fetchAll: async () => status,
    exportArticle: async () => file,
    setSiteEnabled: async () => {},
    setSiteMode: async () => {},
    setChapters: async () => {},
    download: () => {},
    copy: async () => {},
    openOptions: () => {},
    pick: async () => status,
    close: () => {},
    taught: async () => ({ pickedRule: false, corrections: 0 }),
    removePickedRule: async () => {},
    forgetCorrections: async () => {},
    continueAt: async () => {},
    t: (k, subs) => `[${k}${subs?.length ? `:${subs.join(",")}` : ""}]`,
    ...over,
  };
}

const q = (root: HTMLElement, id: string) =>
  root.querySelector(`[data-testid=${id}]`) as HTMLElement & HTMLInputElement & HTMLButtonElement;

async function click(el: HTMLElement): Promise<void> {
  await act(async () => {
    el.click();
  });
  await act(async () => {});
}

describe("Popup", () => {
  it("shows the next link with its confidence, pages joined, state and rule", async () => {
    const root = await mount(api(ready));
    expect(root.querySelector("[data-testid=next] a")?.getAttribute("href")).toBe(
      "http://ex.com/a/2",
    );
    expect(root.textContent).toContain("[popupConfidence:91]");
    expect(q(root, "pages").textContent).toBe("3");
    expect(q(root, "state").textContent).toBe("[state_ready]");
    expect(q(root, "rule").textContent).toContain("[popupDetected]");
    expect(q(root, "rule").textContent).toContain("story");
  });
  it("names the page's Load more button when it is what tsugi follows, and offers next page now", async () => {
    const root = await mount(
      api({ ...ready, nextUrl: null, nextScore: 0, rule: null, loadMore: "Load more" }),
    );
    expect(q(root, "next").textContent).toBe("[popupLoadMoreButton:Load more]");
    expect(q(root, "next-now").disabled).toBe(false);
    const none = await mount(api({ ...ready, nextUrl: null, rule: null }));
    expect(q(none, "next").textContent).toBe("[popupNone]");
    expect(q(none, "next-now").disabled).toBe(true);
  });
  it("says how many pages were joined again when the reader came back (Back, Reload)", async () => {
    const root = await mount(api({ ...ready, pages: 4, restored: 3 }));
    expect(q(root, "pages").textContent).toBe("4 — [popupRestored:3]");
    const fresh = await mount(api(ready));
    expect(q(fresh, "restored")).toBeNull();
  });
  it("says how many Load more clicks were repeated when the reader came back", async () => {
    const clicked = { ...ready, nextUrl: null, rule: null, loadMore: "Load more", pages: 4 };
    const root = await mount(api({ ...clicked, restoredClicks: 3 }));
    expect(q(root, "pages").textContent).toBe("4 — [popupRestoredClicks:3]");
    const none = await mount(api({ ...clicked, restoredClicks: 0 }));
    expect(q(none, "restored")).toBeNull();
  });
  it("offers the items as CSV and JSON only when page 1 is a list, and exports the chosen one", async () => {
    const asked: string[] = [];
    const exportArticle = async (format: string) => {
      asked.push(format);
      return file;
    };
    const article = await mount(api(ready, { exportArticle }));
    const values = (root: HTMLElement) =>
      Array.from(q(root, "format").querySelectorAll("option"), (o) => o.value);
    expect(values(article)).toEqual(["md", "html", "text", "epub"]);
    const list = await mount(api({ ...ready, listItems: 20 }, { exportArticle }));
    expect(values(list)).toEqual(["md", "html", "text", "epub", "items-csv", "items-json"]);
    await act(async () => {
      const select = q(list, "format") as unknown as HTMLSelectElement;
      select.value = "items-csv";
      select.dispatchEvent(new Event("change"));
    });
    await click(q(list, "download"));
    expect(asked).toEqual(["items-csv"]);
  });
  it("shows the book's options for EPUB only, and sends them with the export", async () => {
    const asked: [string, unknown][] = [];
    const exportArticle = async (format: string, book?: unknown) => {
      asked.push([format, book]);
      return file;
    };
    const root = await mount(api(ready, { exportArticle }));
    expect(q(root, "book-options")).toBeNull();
    await act(async () => {
      const select = q(root, "format") as unknown as HTMLSelectElement;
      select.value = "epub";
      select.dispatchEvent(new Event("change"));
    });
    expect(q(root, "book-options")).not.toBeNull();
    expect((q(root, "copy") as unknown as HTMLButtonElement).disabled).toBe(true);
    await click(q(root, "book-vertical"));
    await click(q(root, "book-images"));
    await click(q(root, "download"));
    expect(asked).toEqual([["epub", { vertical: true, images: false }]]);
  });
  it("offers only the chapters after the last book of the work, as the export's after", async () => {
    const asked: [string, unknown][] = [];
    const exportArticle = async (format: string, book?: unknown) => {
      asked.push([format, book]);
      return file;
    };
    const lastBook = { url: "http://ex.com/n1/6/", number: 6 };
    const epub = async (root: HTMLElement) =>
      act(async () => {
        const select = q(root, "format") as unknown as HTMLSelectElement;
        select.value = "epub";
        select.dispatchEvent(new Event("change"));
      });
    const root = await mount(api({ ...ready, lastBook }, { exportArticle }));
    await epub(root);
    expect(q(root, "book-after").parentElement?.textContent?.trim()).toBe("[popupBookAfterLast:6]");
    expect(q(root, "book-after").checked).toBe(false);
    await click(q(root, "book-after"));
    await click(q(root, "download"));
    await click(q(root, "book-after"));
    await click(q(root, "download"));
    expect(asked).toEqual([
      ["epub", { after: "http://ex.com/n1/6/" }],
      ["epub", {}],
    ]);
    // No book made of the work yet: not offered.
    const none = await mount(api(ready, { exportArticle }));
    await epub(none);
    expect(q(none, "book-after")).toBeNull();
  });
  it("names the reader's site rule when one is in use", async () => {
    const root = await mount(
      api({
        ...ready,
        ruleName: "My blog",
        rule: { pageElement: "//main", nextLink: "//a[@rel='next']" },
      }),
    );
    expect(q(root, "rule").textContent).toContain("[popupUserRule:My blog]");
    expect(q(root, "rule").textContent).toContain("//a[@rel='next']");
  });
  it("says when no next link was found, and disables 'next page now' and 'load more'", async () => {
    const root = await mount(
      api({ ...INITIAL_STATUS, state: "no-next", reason: "No next link on this page." }),
    );
    expect(q(root, "next").textContent).toBe("[popupNone]");
    expect(q(root, "next-now").disabled).toBe(true);
    expect(q(root, "load-more").disabled).toBe(true);
    expect(q(root, "stop").disabled).toBe(true);
  });
  it("words a reason the page sent as a message key, in the popup's language", async () => {
    const root = await mount(
      api({ ...INITIAL_STATUS, state: "no-next", reasonKey: "reasonNoPager" }),
    );
    expect(q(root, "state").textContent).toContain("— [reasonNoPager]");
  });
  it("says tsugi does not run when the tab has no content script", async () => {
    const root = await mount(api(null));
    expect(root.textContent).toBe("[popupNoContent]");
  });
  it("updates after 'next page now'", async () => {
    const root = await mount(api(ready, { nextPage: async () => ({ ...ready, pages: 4 }) }));
    await click(q(root, "next-now"));
    expect(q(root, "pages").textContent).toBe("4");
  });
  it(`'load ${LOAD_MORE} more' asks for ${LOAD_MORE} pages; 'stop' stops`, async () => {
    const loadMore = vi.fn(async (n: number) => ({ ...ready, pages: ready.pages + n }));
    const stop = vi.fn(async () => ({ ...ready, state: "stopped" as const, reason: "by you" }));
    const root = await mount(api(ready, { loadMore, stop }));
    await click(q(root, "load-more"));
    expect(loadMore).toHaveBeenCalledWith(LOAD_MORE);
    expect(q(root, "pages").textContent).toBe(String(3 + LOAD_MORE));
    await click(q(root, "stop"));
    expect(stop).toHaveBeenCalledOnce();
    expect(q(root, "state").textContent).toContain("[state_stopped]");
    expect(q(root, "next-now").disabled).toBe(true);
  });
  it("switches auto-join for this site off and on", async () => {
    const setSiteEnabled = vi.fn(async () => {});
    const root = await mount(api(ready, { setSiteEnabled }));
    const toggle = q(root, "site-toggle");
    expect(toggle.checked).toBe(true);
    expect(root.textContent).toContain("[popupAutoJoinOn:ex.com]");
    await click(toggle);
    expect(setSiteEnabled).toHaveBeenLastCalledWith("ex.com", false);
    expect(q(root, "site-toggle").checked).toBe(false);
    await click(q(root, "site-toggle"));
    expect(setSiteEnabled).toHaveBeenLastCalledWith("ex.com", true);
  });
  it("switches each way of joining for this site (Load more clicks, hidden frames) off and on", async () => {
    const setSiteMode = vi.fn(async () => {});
    const root = await mount(
      api({ ...ready, modes: { loadMore: true, frame: false, ownScroll: true } }, { setSiteMode }),
    );
    expect(q(root, "mode-loadMore").checked).toBe(true);
    expect(q(root, "mode-frame").checked).toBe(false);
    expect(q(root, "modes").textContent).toContain("[popupModeLoadMore]");
    expect(q(root, "modes").textContent).toContain("[popupModeFrame]");
    expect(q(root, "modes").textContent).toContain("[popupModeOwnScroll]");
    expect(q(root, "mode-ownScroll").checked).toBe(true);
    await click(q(root, "mode-loadMore"));
    expect(setSiteMode).toHaveBeenLastCalledWith("ex.com", "loadMore", false);
    expect(q(root, "mode-loadMore").checked).toBe(false);
    await click(q(root, "mode-frame"));
    expect(setSiteMode).toHaveBeenLastCalledWith("ex.com", "frame", true);
    expect(q(root, "mode-frame").checked).toBe(true);
    // A status without modes (the entry's idle status) shows no mode switches.
    expect(q(await mount(api(ready)), "modes")).toBeNull();
  });
  it("offers Join the next chapter on a serial, off until the reader turns it on", async () => {
    const setChapters = vi.fn(async () => {});
    const modes = { loadMore: true, frame: true, ownScroll: true };
    const root = await mount(
      api({ ...ready, modes, serial: true, chapters: false }, { setChapters }),
    );
    expect(q(root, "serial-offer").textContent).toBe("[popupSerialOffer]");
    expect(q(root, "mode-chapters").checked).toBe(false);
    expect(q(root, "modes").textContent).toContain("[popupModeChapters]");
    await click(q(root, "mode-chapters"));
    expect(setChapters).toHaveBeenLastCalledWith("ex.com", true);
    expect(q(root, "mode-chapters").checked).toBe(true);
    // Once on, the offer has been taken up.
    expect(q(root, "serial-offer")).toBeNull();
    // No offer on a page that reads as no chapter; the switch stays where it is.
    const post = await mount(api({ ...ready, modes, chapters: false }));
    expect(q(post, "serial-offer")).toBeNull();
    expect(q(post, "mode-chapters").checked).toBe(false);
  });
  it("says when the site scrolls by itself, and how many pages a hidden frame rendered", async () => {
    const own = await mount(
      api({ ...ready, state: "own-scroll", nextUrl: null, reason: "The site's own." }),
    );
    expect(q(own, "state").textContent).toBe("[state_own_scroll] — The site's own.");
    expect(q(own, "next-now").disabled).toBe(true);
    const framed = await mount(api({ ...ready, pages: 4, framePages: 3 }));
    expect(q(framed, "pages").textContent).toBe("4 — [popupFramePages:3]");
  });
  it("exports the joined pages in the chosen format, as a download or to the clipboard", async () => {
    const exportArticle = vi.fn(async () => file);
    const download = vi.fn();
    const copy = vi.fn(async () => {});
    const fetchAll = vi.fn(async () => ready);
    const root = await mount(api(ready, { exportArticle, download, copy, fetchAll }));
    const select = q(root, "format") as unknown as HTMLSelectElement;
    await act(async () => {
      select.value = "html";
      select.dispatchEvent(new Event("change"));
    });
    await click(q(root, "download"));
    expect(exportArticle).toHaveBeenLastCalledWith("html");
    expect(download).toHaveBeenCalledWith(file);
    expect(fetchAll).not.toHaveBeenCalled();
    expect(q(root, "note").textContent).toBe("[popupDownloaded:a.md,3]");
    await click(q(root, "copy"));
    expect(copy).toHaveBeenCalledWith("# A");
    expect(q(root, "note").textContent).toBe("[popupCopied:3]");
  });
  it("with 'fetch all pages first', joins everything with a progress bar, then exports", async () => {
    let finish: (s: TabStatus) => void = () => {};
    const fetchAll = vi.fn(() => new Promise<TabStatus>((r) => (finish = r)));
    const exportArticle = vi.fn(async () => file);
    const root = await mount(api(ready, { fetchAll, exportArticle }));
    expect(root.textContent).toContain("[popupFetchAll:10]");
    await click(q(root, "fetch-all"));
    await click(q(root, "download"));
    expect(fetchAll).toHaveBeenCalledOnce();
    const bar = q(root, "progress") as unknown as HTMLProgressElement;
    expect(bar.max).toBe(10);
    expect(exportArticle).not.toHaveBeenCalled();
    await act(async () => {
      finish({ ...ready, state: "done", pages: 7 });
    });
    await act(async () => {});
    expect(exportArticle).toHaveBeenCalledOnce();
    expect(q(root, "progress")).toBeNull();
    expect(q(root, "pages").textContent).toBe("7");
  });
  it("reports a failed export instead of failing silently", async () => {
    const root = await mount(
      api(ready, {
        exportArticle: async () => {
          throw new Error("boom");
        },
      }),
    );
    await click(q(root, "copy"));
    expect(q(root, "note").textContent).toBe("[popupError:boom]");
  });
});

describe("teaching the site", () => {
  it("sends the pick command for the next link, then closes the popup", async () => {
    const pick = vi.fn(async () => ready);
    const close = vi.fn();
    const root = await mount(api(ready, { pick, close }));
    expect(root.textContent).toContain("[popupPickHint]");
    await click(q(root, "pick-next"));
    expect(pick).toHaveBeenCalledWith("next-link");
    expect(close).toHaveBeenCalledOnce();
    await click(q(root, "pick-page"));
    expect(pick).toHaveBeenLastCalledWith("page-element");
  });

  it("offers to pick the Load more button only where there is no next link", async () => {
    expect(q(await mount(api(ready)), "pick-load-more")).toBeNull();
    const pick = vi.fn(async () => ready);
    const root = await mount(api({ ...ready, state: "no-next", nextUrl: null }, { pick }));
    await click(q(root, "pick-load-more"));
    expect(pick).toHaveBeenCalledWith("load-more");
  });

  it("offers to remove the picked rule and forget the corrections of the site", async () => {
    const removePickedRule = vi.fn(async () => {});
    const forget = vi.fn(async () => {});
    const root = await mount(
      api(ready, {
        taught: async () => ({ pickedRule: true, corrections: 2 }),
        removePickedRule,
        forgetCorrections: forget,
      }),
    );
    expect(q(root, "forget-corrections").textContent).toBe("[popupForgetCorrections:2]");
    await click(q(root, "remove-picked"));
    expect(removePickedRule).toHaveBeenCalledWith("ex.com");
    expect(q(root, "remove-picked")).toBeNull();
    await click(q(root, "forget-corrections"));
    expect(forget).toHaveBeenCalledWith("ex.com");
    expect(q(root, "forget-corrections")).toBeNull();
  });

  it("shows what became of the last pick", async () => {
    const root = await mount(api({ ...ready, teach: "Saved as your site rule" }));
    expect(q(root, "teach-note").textContent).toBe("Saved as your site rule");
  });
});

describe("Continue at Chapter N", () => {
  it("offers the reader's place in the serial and opens it", async () => {
    const continueAt = vi.fn(async () => {});
    const close = vi.fn();
    const place = { url: "http://ex.com/n1/3/", number: 3, title: "第3話 港町" };
    const root = await mount(api({ ...ready, continueAt: place }, { continueAt, close }));
    expect(q(root, "continue-at").textContent).toBe("[popupContinueAt:3]");
    await click(q(root, "continue-at"));
    expect(continueAt).toHaveBeenCalledWith("http://ex.com/n1/3/");
    expect(close).toHaveBeenCalled();
  });

  it("offers nothing where no place is kept for the page's work", async () => {
    const root = await mount(api(ready));
    expect(q(root, "continue-at")).toBeNull();
  });
});
