import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { findLoadMore } from "../features/load-more";
import type { TabStatus } from "../messaging/status";
import { DEFAULT_SETTINGS, type Settings } from "../reader/settings";
import { NODE_INSERTED, PAGE_LOADED } from "./events";
import { LoadMorePager } from "./load-more-pager";

/**
 * A page whose own script (here: the test's click listener) appends `perClick` items per
 * click after a short delay, like a site fetching JSON; `behave` may change the button
 * after each click. jsdom has no layout: the button is always "within reach".
 */
function site(
  opts: {
    perClick?: number;
    lastPage?: number;
    grows?: boolean;
    after?: (button: HTMLButtonElement, clicks: number) => void;
  } = {},
) {
  const { perClick = 3, lastPage = 4, grows = true } = opts;
  const dom = new JSDOM(
    `<body><h1>Items</h1><ul id="list">${[1, 2, 3].map((i) => `<li class="item">Item ${i}</li>`).join("")}</ul>` +
      `<div class="more"><button type="button" id="more">Load more</button></div></body>`,
    { url: "https://s.test/items" },
  );
  const doc = dom.window.document;
  const list = doc.getElementById("list") as HTMLElement;
  const button = doc.getElementById("more") as HTMLButtonElement;
  const clicks: number[] = [];
  let page = 1;
  button.addEventListener("click", () => {
    clicks.push(Date.now());
    if (!grows) return;
    setTimeout(() => {
      page += 1;
      for (let k = 1; k <= perClick; k++) {
        const li = doc.createElement("li");
        li.className = "item";
        li.textContent = `Item ${(page - 1) * perClick + k}`;
        list.append(li);
      }
      if (page >= lastPage) button.parentElement?.remove();
      opts.after?.(button, clicks.length);
    }, 10);
  });
  const events = { nodes: 0, pages: 0 };
  doc.addEventListener(NODE_INSERTED, () => events.nodes++);
  doc.addEventListener(PAGE_LOADED, () => events.pages++);
  return { dom, doc, list, button, clicks, events };
}

function start(
  doc: Document,
  settings: Partial<Settings> = {},
  growthTimeoutMs = 300,
  mayClick?: () => boolean,
) {
  const target = findLoadMore(doc);
  if (!target) throw new Error("no load-more control found");
  const states: TabStatus[] = [];
  const pager = new LoadMorePager(
    doc,
    target,
    { ...DEFAULT_SETTINGS, minIntervalMs: 0, ...settings },
    (s) => states.push(s),
    { growthTimeoutMs, settleMs: 30, ...(mayClick ? { mayClick } : {}) },
  );
  const settled = () =>
    new Promise<TabStatus>((resolve, reject) => {
      const t0 = Date.now();
      const poll = () => {
        const last = states[states.length - 1];
        if (last && (last.state === "done" || last.state === "stopped")) resolve(last);
        else if (Date.now() - t0 > 10_000) reject(new Error(`still ${last?.state}`));
        else setTimeout(poll, 10);
      };
      poll();
    });
  return { pager, states, settled };
}

const texts = (doc: Document) =>
  Array.from(doc.querySelectorAll("#list > li.item"), (li) => li.textContent);

describe("LoadMorePager", () => {
  it("clicks until the button is gone, tags each batch as a page, fires AutoPagerize's events", async () => {
    const s = site();
    const { pager, settled } = start(s.doc);
    pager.attach();
    const end = await settled();
    expect(end).toMatchObject({ state: "done", pages: 4 });
    expect(end.reason).toContain("4 pages loaded");
    expect(s.clicks).toHaveLength(3);
    expect(texts(s.doc)).toEqual(Array.from({ length: 12 }, (_, i) => `Item ${i + 1}`));
    const pageOf = (n: number) =>
      Array.from(s.doc.querySelectorAll(`[data-tsugi-page="${n}"]`), (e) => e.textContent);
    expect(pageOf(1)).toEqual(["Item 1", "Item 2", "Item 3"]);
    expect(pageOf(3)).toEqual(["Item 7", "Item 8", "Item 9"]);
    expect(s.events).toEqual({ nodes: 9, pages: 3 });
    // Nothing was put inside the site's list; the status line stands after it.
    expect(s.list.querySelector(".tsugi-status")).toBeNull();
    expect(s.list.nextElementSibling?.className).toBe("tsugi-status");
  });

  it("clicks nothing while the reader's per-site switch is off, and goes on once it is on", async () => {
    const s = site({ lastPage: 3 });
    let allowed = false;
    const { pager, states, settled } = start(s.doc, {}, 300, () => allowed);
    pager.attach();
    await pager.loadNext();
    await pager.loadMore(3);
    await new Promise((r) => setTimeout(r, 50));
    expect(s.clicks).toHaveLength(0);
    expect(states[states.length - 1]).toMatchObject({ state: "ready", pages: 1 });
    allowed = true;
    await pager.loadMore(5);
    expect(await settled()).toMatchObject({ state: "done", pages: 3 });
    expect(s.clicks).toHaveLength(2);
  });

  it("stops at the page cap (page 1 counts)", async () => {
    const s = site({ lastPage: 10 });
    const { pager, settled } = start(s.doc, { pageCap: 3 });
    pager.attach();
    const end = await settled();
    expect(end).toMatchObject({ state: "stopped", pages: 3 });
    expect(end.reason).toContain("page cap (3 pages)");
    expect(s.clicks).toHaveLength(2);
  });

  it("stops with a reason when a click adds nothing, quietly on page 1", async () => {
    const s = site({ grows: false });
    const { pager, settled } = start(s.doc, {}, 150);
    pager.attach();
    const end = await settled();
    expect(end).toMatchObject({ state: "stopped", pages: 1 });
    expect(end.reason).toContain("did not grow");
    expect(s.clicks).toHaveLength(1);
    const line = s.doc.querySelector(".tsugi-status [role=status]") as HTMLElement;
    expect(line.style.display).toBe("none");
  });

  it("ends normally when the site disables the button", async () => {
    const s = site({ lastPage: 10, after: (b, n) => n >= 2 && b.setAttribute("disabled", "") });
    const { pager, settled } = start(s.doc);
    pager.attach();
    expect(await settled()).toMatchObject({ state: "done", pages: 3 });
    expect(s.clicks).toHaveLength(2);
  });

  it("never clicks a button that turned into a dangerous one", async () => {
    const s = site({
      lastPage: 10,
      after: (b) => {
        b.textContent = "Log in to see more";
      },
    });
    const { pager, settled } = start(s.doc);
    pager.attach();
    expect(await settled()).toMatchObject({ state: "done", pages: 2 });
    expect(s.clicks).toHaveLength(1);
  });

  it("follows a button the site replaced, and waits for no scroll when auto is off", async () => {
    const s = site({
      lastPage: 10,
      after: (b) => {
        const fresh = s.doc.createElement("button");
        fresh.type = "button";
        fresh.textContent = "Load more";
        b.replaceWith(fresh);
      },
    });
    const { pager, states } = start(s.doc);
    pager.setAuto(false);
    pager.attach();
    expect(s.clicks).toHaveLength(0);
    // "Load 1 more" from the popup works while auto is off: the first click.
    expect(await pager.loadMore(1)).toBe(1);
    expect(texts(s.doc)).toHaveLength(6);
    // The replacement has no listener of the test's site: the next click adds nothing.
    await pager.loadMore(1);
    expect(states[states.length - 1]).toMatchObject({ state: "stopped", pages: 2 });
  });

  it("finds a replaced button the way it was found on page 1 when told how (a reader's rule)", async () => {
    const s = site({
      lastPage: 10,
      after: (b, clicks) => {
        // The site re-renders a button the load-more look would not take ("▼"), then
        // drops it at the end of its list.
        if (clicks > 1) return s.doc.querySelector("button.zz")?.remove();
        const fresh = s.doc.createElement("button");
        fresh.type = "button";
        fresh.className = "zz";
        fresh.textContent = "▼";
        fresh.addEventListener("click", () => b.click());
        b.replaceWith(fresh);
      },
    });
    const target = findLoadMore(s.doc);
    if (!target) throw new Error("no load-more control found");
    const asked: number[] = [];
    const states: TabStatus[] = [];
    const pager = new LoadMorePager(
      s.doc,
      target,
      { ...DEFAULT_SETTINGS, minIntervalMs: 0 },
      (st) => states.push(st),
      {
        growthTimeoutMs: 300,
        settleMs: 30,
        findAgain: () => {
          asked.push(1);
          const control = s.doc.querySelector("button.zz");
          return control ? { ...target, control, label: "▼" } : null;
        },
      },
    );
    pager.setAuto(false);
    expect(await pager.loadMore(5)).toBe(2);
    expect(asked.length).toBeGreaterThan(0);
    expect(s.clicks).toHaveLength(2);
    expect(states[states.length - 1]).toMatchObject({ state: "done", pages: 3 });
  });

  it("discard: clicks nothing more and leaves no status line, the site's items staying", async () => {
    const s = site({ lastPage: 10 });
    const { pager, states } = start(s.doc);
    pager.setAuto(false);
    expect(await pager.loadMore(1)).toBe(1);
    const reports = states.length;
    pager.discard();
    expect(s.doc.querySelector(".tsugi-status")).toBeNull();
    await pager.loadNext();
    expect(s.clicks).toHaveLength(1);
    expect(texts(s.doc)).toHaveLength(6);
    expect(states).toHaveLength(reports);
  });

  it("clicks a '#' link without jumping: the URL keeps no fragment, the site's handler runs", async () => {
    const dom = new JSDOM(
      `<body><ul id="list">${[1, 2, 3].map((i) => `<li class="item">Item ${i}</li>`).join("")}</ul>` +
        `<a href="#" id="more">Show more</a></body>`,
      { url: "https://s.test/items" },
    );
    const doc = dom.window.document;
    const link = doc.getElementById("more") as HTMLAnchorElement;
    link.addEventListener("click", () => {
      const li = doc.createElement("li");
      li.className = "item";
      li.textContent = "Item 4";
      doc.getElementById("list")?.append(li);
      link.remove();
    });
    const { pager, settled } = start(doc);
    pager.attach();
    expect(await settled()).toMatchObject({ state: "done", pages: 2 });
    expect(dom.window.location.href).toBe("https://s.test/items");
    expect(texts(doc)).toEqual(["Item 1", "Item 2", "Item 3", "Item 4"]);
  });

  it("stops when the reader asks, during the wait", async () => {
    const s = site({ grows: false });
    const { pager, settled } = start(s.doc, {}, 5_000);
    pager.attach();
    await new Promise((r) => setTimeout(r, 20));
    pager.stop();
    const end = await settled();
    expect(end).toMatchObject({ state: "stopped", pages: 1 });
    expect(end.reason).toContain("Stopped by the reader");
  });

  it("restore: clicks as often as asked, quietly, and stops at the first click that adds nothing", async () => {
    const s = site({ lastPage: 10 });
    const { pager, states } = start(s.doc);
    expect(await pager.restore(2)).toBe(2);
    expect(s.clicks).toHaveLength(2);
    expect(texts(s.doc)).toEqual(Array.from({ length: 9 }, (_, i) => `Item ${i + 1}`));
    // No status line while coming back, and ready for the reader's next scroll.
    expect(s.doc.querySelector(".tsugi-status")?.textContent ?? "").not.toContain("Loading");
    expect(states[states.length - 1]).toMatchObject({ state: "ready", pages: 3 });

    const dry = site({ grows: false });
    const d = start(dry.doc, {}, 100);
    expect(await d.pager.restore(3)).toBe(0);
    expect(dry.clicks).toHaveLength(1);
    expect(d.states[d.states.length - 1]).toMatchObject({ state: "ready", pages: 1 });
  });

  it("restore: the status it publishes counts the clicks repeated, for the popup", async () => {
    const s = site({ lastPage: 10 });
    const { pager, states } = start(s.doc);
    // A fresh visit says nothing of restoring.
    expect(pager.snapshot().restoredClicks).toBeUndefined();
    await pager.restore(3);
    expect(states[states.length - 1]).toMatchObject({
      state: "ready",
      pages: 4,
      restoredClicks: 3,
    });
    expect(pager.snapshot().restoredClicks).toBe(3);
    // Later clicks of the reader's own are no restored ones.
    await pager.loadNext();
    expect(pager.snapshot()).toMatchObject({ pages: 5, restoredClicks: 3 });
  });
});
