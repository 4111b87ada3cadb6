// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  addedByParent,
  appendedItems,
  inScope,
  isOwnDataRequest,
  isTsugiNode,
  MIN_RUN,
  readerScrolled,
  SCROLL_WINDOW_MS,
  seenInScope,
  soonAfterScroll,
  watchOwnRequests,
  watchOwnScroll,
  watchOwnScrollEarly,
} from "./own-scroll";

const li = (text: string, attrs: Record<string, string> = {}) => {
  const el = document.createElement("li");
  el.className = "entry";
  el.textContent = text;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
};

function list(n: number): HTMLUListElement {
  document.body.innerHTML = "";
  const ul = document.createElement("ul");
  for (let i = 1; i <= n; i++) ul.append(li(`Old ${i}`));
  document.body.append(ul);
  return ul;
}

/** The records MutationObserver delivers for `change` (a real observer, flushed). */
async function recordsOf(target: Node, change: () => void): Promise<MutationRecord[]> {
  const out: MutationRecord[] = [];
  const mo = new MutationObserver((r) => out.push(...r));
  mo.observe(target, { childList: true, subtree: true });
  change();
  await Promise.resolve();
  out.push(...mo.takeRecords());
  mo.disconnect();
  return out;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("signals", () => {
  it("isTsugiNode: joined pages, separators, the status line and frames, not page 1", () => {
    expect(isTsugiNode(li("x", { "data-tsugi-page": "2" }))).toBe(true);
    expect(isTsugiNode(li("x", { "data-tsugi-page": "1" }))).toBe(false);
    expect(isTsugiNode(li("x", { "data-tsugi-frame": "" }))).toBe(true);
    const sep = document.createElement("div");
    sep.className = "tsugi-separator";
    expect(isTsugiNode(sep)).toBe(true);
    expect(isTsugiNode(li("x"))).toBe(false);
    expect(isTsugiNode(document.createTextNode("x"))).toBe(false);
  });

  it("appendedItems: items added after a run of their kind, one batch of several records", async () => {
    const ul = list(MIN_RUN);
    const records = await recordsOf(ul, () => {
      for (let i = 1; i <= 3; i++) ul.append(li(`New ${i}`));
    });
    expect(records.length).toBe(3);
    const groups = addedByParent(records);
    expect(Array.from(groups.keys())).toEqual([ul]);
    expect(appendedItems(ul, groups.get(ul) ?? new Set()).map((e) => e.textContent)).toEqual([
      "New 1",
      "New 2",
      "New 3",
    ]);
  });

  it("appendedItems: nothing for items put before the old ones (a live ticker), a short list, or another kind", async () => {
    const ul = list(MIN_RUN);
    const prepended = await recordsOf(ul, () => ul.prepend(li("Top 1"), li("Top 2")));
    for (const [p, a] of addedByParent(prepended)) expect(appendedItems(p, a)).toEqual([]);
    const short = list(MIN_RUN - 1);
    const few = await recordsOf(short, () => short.append(li("New 1"), li("New 2")));
    for (const [p, a] of addedByParent(few)) expect(appendedItems(p, a)).toEqual([]);
    const ul2 = list(MIN_RUN);
    const other = await recordsOf(ul2, () => {
      const ad = document.createElement("div");
      ad.className = "ad";
      ad.textContent = "Buy now";
      ul2.append(ad);
    });
    for (const [p, a] of addedByParent(other)) expect(appendedItems(p, a)).toEqual([]);
  });

  it("addedByParent leaves out tsugi's own nodes and empty ones", async () => {
    const ul = list(MIN_RUN);
    const records = await recordsOf(ul, () => {
      ul.append(li("Joined", { "data-tsugi-page": "2" }), li(""));
    });
    expect(addedByParent(records).size).toBe(0);
  });

  it("soonAfterScroll: within the window after a scroll only", () => {
    expect(soonAfterScroll(1000, 1000 + SCROLL_WINDOW_MS)).toBe(true);
    expect(soonAfterScroll(1000, 1001 + SCROLL_WINDOW_MS)).toBe(false);
    expect(soonAfterScroll(Number.NEGATIVE_INFINITY, 50)).toBe(false);
    expect(soonAfterScroll(2000, 1000)).toBe(false);
  });

  it("inScope: the page element, inside it, or its parent; anything without a scope", () => {
    const ul = list(3);
    const inner = ul.firstElementChild as Element;
    const aside = document.createElement("aside");
    document.body.append(aside);
    expect(inScope(ul, [ul])).toBe(true);
    expect(inScope(inner, [ul])).toBe(true);
    expect(inScope(document.body, [ul])).toBe(true);
    expect(inScope(aside, [ul])).toBe(false);
    expect(inScope(aside, [])).toBe(true);
  });
});

describe("signals of a watch begun late", () => {
  it("readerScrolled: a page scrolled away from its top, not one at its top", () => {
    expect(readerScrolled({ scrollY: 0 })).toBe(false);
    expect(readerScrolled({ scrollY: 702 })).toBe(true);
  });

  it("seenInScope: items still in a list in scope; not another list's, removed ones or none", () => {
    const ul = list(4);
    const side = document.createElement("ol");
    document.body.append(side);
    const mine = [li("New 1"), li("New 2")];
    ul.append(...mine);
    const theirs = [li("Side 1"), li("Side 2")];
    side.append(...theirs);
    expect(seenInScope(mine, [ul])).toBe(true);
    expect(seenInScope(mine, [])).toBe(true);
    expect(seenInScope(theirs, [ul])).toBe(false);
    expect(seenInScope(null, [ul])).toBe(false);
    for (const el of mine) el.remove();
    expect(seenInScope(mine, [ul])).toBe(false);
  });
});

describe("watchOwnScroll", () => {
  const grow = (ul: Element, n: number, attrs: Record<string, string> = {}) => {
    for (let i = 1; i <= n; i++) ul.append(li(`More ${i}`, attrs));
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it("reports once when the list grows soon after the reader scrolls", async () => {
    const ul = list(4);
    const found: string[][] = [];
    const stop = watchOwnScroll(window, {
      scope: [ul],
      onFound: (items) => found.push(items.map((e) => e.textContent ?? "")),
    });
    window.dispatchEvent(new Event("scroll"));
    grow(ul, 3);
    await flush();
    grow(ul, 3);
    await flush();
    stop();
    expect(found).toEqual([["More 1", "More 2", "More 3"]]);
  });

  it("stays quiet without a scroll, for tsugi's own pages, and outside the scope", async () => {
    const ul = list(4);
    const other = document.createElement("ol");
    for (let i = 0; i < 4; i++) other.append(li(`Side ${i}`));
    document.body.append(other);
    let found = 0;
    const stop = watchOwnScroll(window, { scope: [ul], onFound: () => found++ });
    grow(ul, 3); // no scroll yet: a timer or the page's own start-up
    await flush();
    window.dispatchEvent(new Event("scroll"));
    grow(ul, 3, { "data-tsugi-page": "2" });
    grow(other, 3);
    await flush();
    stop();
    expect(found).toBe(0);
  });

  it("counts growth right after a scroll made before it began (scrolledAt), with no scroll event", async () => {
    const ul = list(4);
    const found: number[] = [];
    const stop = watchOwnScroll(window, {
      scope: [ul],
      scrolledAt: performance.now(),
      onFound: (items) => found.push(items.length),
    });
    grow(ul, 3);
    await flush();
    stop();
    expect(found).toEqual([3]);
  });

  it("its stop returns the reader's last scroll it knows", () => {
    const ul = list(4);
    const none = watchOwnScroll(window, { scope: [ul], onFound: () => {} });
    expect(none()).toBe(Number.NEGATIVE_INFINITY);
    const stop = watchOwnScroll(window, { scope: [ul], scrolledAt: 5, onFound: () => {} });
    expect(stop()).toBe(5);
    const later = watchOwnScroll(window, { scope: [ul], onFound: () => {} });
    window.dispatchEvent(new Event("scroll"));
    expect(later()).toBeGreaterThan(Number.NEGATIVE_INFINITY);
  });
});

describe("watchOwnScrollEarly", () => {
  const grow = (ul: Element, n: number) => {
    for (let i = 1; i <= n; i++) ul.append(li(`More ${i}`));
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));
  const scrolledTo = (y: number) =>
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  afterEach(() => {
    scrolledTo(0);
  });

  it("a reader already down the page: the site's items are seen without a further scroll, and handed over", async () => {
    scrolledTo(702);
    const ul = list(8);
    const told: number[] = [];
    const early = watchOwnScrollEarly(window, (items) => told.push(items.length));
    grow(ul, 8);
    await flush();
    expect(told).toEqual([8]);
    expect(early.seen()?.length).toBe(8);
    const seen = early.handOver();
    expect(seen.items?.map((e) => e.textContent)).toEqual(
      Array.from({ length: 8 }, (_, i) => `More ${i + 1}`),
    );
    expect(seen.lastScrollAt).toBeGreaterThan(Number.NEGATIVE_INFINITY);
    expect(seenInScope(seen.items, [ul])).toBe(true);
    expect(early.handOver().items).toBe(seen.items);
  });

  it("a reader at the top: nothing before a scroll; growth after one is seen; nothing after the hand-over", async () => {
    const ul = list(8);
    const early = watchOwnScrollEarly(window);
    grow(ul, 3);
    await flush();
    expect(early.seen()).toBeNull();
    window.dispatchEvent(new Event("scroll"));
    grow(ul, 3);
    await flush();
    expect(early.seen()?.length).toBe(3);
    const other = watchOwnScrollEarly(window);
    expect(other.handOver()).toEqual({ items: null, lastScrollAt: Number.NEGATIVE_INFINITY });
    window.dispatchEvent(new Event("scroll"));
    grow(ul, 3);
    await flush();
    expect(other.handOver().items).toBeNull();
  });
});

describe("the site's own requests", () => {
  const origin = "https://feed.example";
  it("isOwnDataRequest: fetch and XMLHttpRequest to the page's origin; not images, scripts, other sites or bad URLs", () => {
    const e = (name: string, initiatorType: string) => ({ name, initiatorType });
    expect(isOwnDataRequest(e(`${origin}/api?page=2`, "fetch"), origin)).toBe(true);
    expect(isOwnDataRequest(e(`${origin}/more.json`, "xmlhttprequest"), origin)).toBe(true);
    expect(isOwnDataRequest(e(`${origin}/a.png`, "img"), origin)).toBe(false);
    expect(isOwnDataRequest(e(`${origin}/app.js`, "script"), origin)).toBe(false);
    expect(isOwnDataRequest(e("https://ads.example/pixel", "fetch"), origin)).toBe(false);
    expect(isOwnDataRequest(e("not a url", "fetch"), origin)).toBe(false);
  });

  it("watchOwnRequests: calls back for a batch holding the site's own request, and stops", () => {
    let callback: ((list: { getEntries(): unknown[] }) => void) | null = null;
    let observed: unknown = null;
    let disconnected = false;
    class FakeObserver {
      constructor(cb: (list: { getEntries(): unknown[] }) => void) {
        callback = cb;
      }
      observe(opts: unknown) {
        observed = opts;
      }
      disconnect() {
        disconnected = true;
      }
    }
    const win = { PerformanceObserver: FakeObserver, location: { origin } } as unknown as Window;
    let calls = 0;
    const stop = watchOwnRequests(win, () => calls++);
    expect(observed).toEqual({ type: "resource" });
    const batch = (...entries: unknown[]) =>
      (callback as unknown as (l: { getEntries(): unknown[] }) => void)({
        getEntries: () => entries,
      });
    batch({ name: `${origin}/a.png`, initiatorType: "img" });
    expect(calls).toBe(0);
    batch(
      { name: `${origin}/a.png`, initiatorType: "img" },
      { name: `${origin}/api?page=2`, initiatorType: "fetch" },
    );
    expect(calls).toBe(1);
    stop();
    expect(disconnected).toBe(true);
    // A browser without the observer: nothing to watch, nothing thrown.
    const none = watchOwnRequests({ location: { origin } } as unknown as Window, () => calls++);
    none();
  });
});
