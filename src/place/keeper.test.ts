import { JSDOM } from "jsdom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { JoinedPlace } from "../messaging/joined-place";
import { keepPlace, SETTLE_MS } from "./keeper";

const PAGES = ["http://s.test/a", "http://s.test/a/2"];

function page() {
  const win = new JSDOM(
    `<body><article data-tsugi-page="1"><p>One</p></article>
     <article data-tsugi-page="2"><p id="t">Two</p></article></body>`,
    { url: "http://s.test/a" },
  ).window as unknown as Window;
  // jsdom has neither layout nor scroll restoration: give it the browser's defaults.
  Object.defineProperty(win.history, "scrollRestoration", { value: "auto", writable: true });
  Object.assign(win, { innerWidth: 1000, innerHeight: 800 });
  const t = win.document.getElementById("t") as Element;
  t.getBoundingClientRect = () => ({ top: 390, height: 20 }) as DOMRect;
  win.document.elementFromPoint = () => t;
  return win;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("keepPlace", () => {
  it("writes the place once scrolling settles, with the anchor and the entry key", () => {
    const win = page();
    const sent: JoinedPlace[] = [];
    keepPlace(
      win,
      () => ({ pages: PAGES }),
      (p) => sent.push(p),
      "key-1",
    );
    win.dispatchEvent(new (win as unknown as typeof globalThis).Event("scroll"));
    win.dispatchEvent(new (win as unknown as typeof globalThis).Event("scroll"));
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      pages: PAGES,
      entryKey: "key-1",
      anchor: { page: 2, tag: "p", text: "Two", nth: 0, offset: 390 },
    });
  });
  it("writes on pagehide, and nothing while nothing is joined", () => {
    const win = page();
    let pages = PAGES.slice(0, 1);
    const sent: JoinedPlace[] = [];
    keepPlace(
      win,
      () => ({ pages }),
      (p) => sent.push(p),
    );
    win.dispatchEvent(new (win as unknown as typeof globalThis).Event("pagehide"));
    expect(sent).toHaveLength(0);
    pages = PAGES;
    win.dispatchEvent(new (win as unknown as typeof globalThis).Event("pagehide"));
    expect(sent).toHaveLength(1);
  });

  it("writes a load-more page's clicks: one URL, and the clicks that added items", () => {
    const win = page();
    let clicks = 0;
    const sent: JoinedPlace[] = [];
    keepPlace(
      win,
      () => ({ pages: PAGES.slice(0, 1), clicks }),
      (p) => sent.push(p),
    );
    win.dispatchEvent(new (win as unknown as typeof globalThis).Event("pagehide"));
    expect(sent).toHaveLength(0);
    clicks = 3;
    win.dispatchEvent(new (win as unknown as typeof globalThis).Event("pagehide"));
    expect(sent[0]).toMatchObject({ pages: PAGES.slice(0, 1), clicks: 3 });
  });
  it("takes over scroll restoration for the entry once pages are joined, and gives it back", () => {
    const win = page();
    const keeper = keepPlace(
      win,
      () => ({ pages: PAGES }),
      () => {},
    );
    expect(win.history.scrollRestoration).toBe("auto");
    keeper.save();
    expect(win.history.scrollRestoration).toBe("manual");
    keeper.stop();
    expect(win.history.scrollRestoration).toBe("auto");
  });
  it("writes nothing into the page's storage or history state", () => {
    const win = page();
    win.history.replaceState({ site: "own" }, "");
    const keeper = keepPlace(
      win,
      () => ({ pages: PAGES }),
      () => {},
      "key-1",
    );
    win.dispatchEvent(new (win as unknown as typeof globalThis).Event("scroll"));
    vi.advanceTimersByTime(SETTLE_MS);
    keeper.save();
    win.dispatchEvent(new (win as unknown as typeof globalThis).Event("pagehide"));
    expect(win.localStorage.length).toBe(0);
    expect(win.sessionStorage.length).toBe(0);
    expect(win.history.state).toEqual({ site: "own" });
    expect(win.history.length).toBe(1);
    expect(win.document.cookie).toBe("");
  });
});
