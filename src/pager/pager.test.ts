// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detect } from "../detect/detect";
import type { TabStatus } from "../messaging/status";
import { DEFAULT_SETTINGS } from "../reader/settings";
import { xpathFor } from "../rule/xpath";
import { type StaticServer, startStaticServer } from "../serve/static-server";
import { contentHash, Pager, type PagerHooks, type PagerStart, pagerStart } from "./pager";

// Real parts: the project's static server on test fixtures, Node's fetch, jsdom's
// DOMParser. jsdom has no layout, so the end of the content is always "within
// reach" and the pager joins page after page until it stops.
let server: StaticServer;
const FIXTURES = join(process.cwd(), "test/fixtures");

beforeAll(async () => {
  server = await startStaticServer(FIXTURES);
});
afterAll(async () => {
  await server.close();
});

/** Open a fixture as page 1 in jsdom's document and start a pager on it; `pageElement`
 * (CSS) stands in for the detected page element, as a reader's rule would, where a test
 * is about joining rather than about what the detector picks without layout. */
function startPager(
  path: string,
  settings: Partial<typeof DEFAULT_SETTINGS> = {},
  confirm = false,
  hooks: PagerHooks = {},
  pageElement?: string,
  edit?: (start: PagerStart) => void,
) {
  document.documentElement.innerHTML = readFileSync(join(FIXTURES, path), "utf8")
    .replace(/^<!doctype html>/i, "")
    .replace(/<\/?html[^>]*>/g, "");
  const pageUrl = `${server.origin}/${path}`;
  const found = detect(document, pageUrl);
  if (pageElement !== undefined) {
    found.pageElements = Array.from(document.querySelectorAll(pageElement));
    found.pageElementXPaths = found.pageElements.map((e) => xpathFor(e));
  }
  const start = pagerStart(found, pageUrl);
  if (!start) throw new Error(`fixture ${path} has nothing to join`);
  // As if the forest were unsure of the next link: page 2 must confirm it.
  if (confirm) start.confirm = true;
  edit?.(start);
  const states: TabStatus[] = [];
  const pager = new Pager(
    document,
    start,
    { ...DEFAULT_SETTINGS, minIntervalMs: 0, ...settings },
    (s) => states.push(s),
    hooks,
  );
  const settled = () =>
    new Promise<TabStatus>((resolve, reject) => {
      const t0 = Date.now();
      const poll = () => {
        const last = states[states.length - 1];
        if (last && ["done", "stopped", "own-scroll"].includes(last.state)) resolve(last);
        else if (Date.now() - t0 > 25_000) reject(new Error(`still ${last?.state}`));
        else setTimeout(poll, 20);
      };
      poll();
    });
  return { pager, states, settled };
}

const requested = (prefix: string) =>
  server.requests.filter((r) => r.path.startsWith(prefix)).map((r) => r.path);

describe("Pager", () => {
  it("joins every page of a chain in order, one request at a time, and ends 'done'", async () => {
    const { pager, states, settled } = startPager("chain/1.html");
    pager.attach();
    const end = await settled();
    expect(end.state).toBe("done");
    expect(end.pages).toBe(3);
    expect(end.reason).toContain("3 pages joined");
    expect(requested("/chain/")).toEqual(["/chain/2.html", "/chain/3.html"]);
    expect(Array.from(document.querySelectorAll(".tsugi-separator"), (e) => e.textContent)).toEqual(
      ["Page 2", "Page 3"],
    );
    expect(document.body.textContent).toContain("Part 3 ends with this paragraph");
    // Never two loads at once: every "loading" is followed by a non-loading state.
    const seq = states.map((s) => s.state).filter((s) => s === "loading" || s === "ready");
    expect(seq.join(",")).not.toContain("loading,loading");
  });

  it("joins an unsure next link once page 2 confirms it (it links back as the previous page)", async () => {
    const { pager, settled } = startPager("chain/1.html", {}, true);
    pager.attach();
    const end = await settled();
    expect(end.state).toBe("done");
    expect(end.pages).toBe(3);
  });

  it("hands a refused page 2 over to the link its pager names as page 2, and reuses the refused page as page 3", async () => {
    const before = server.requests.length;
    const at = (f: string) => `${server.origin}/zero-based/${f}`;
    // A parameter counted from 0: the forest's pick asks for page 3. The next-best link
    // (page 4) ranks above the right one; page 3's own pager names the right one.
    const { pager, settled } = startPager("zero-based/1.html", {}, true, {}, ".results", (s) => {
      s.nextUrl = at("p2.html");
      s.alternatives = [{ url: at("p3.html") }, { url: at("p1.html") }];
      delete s.rule;
    });
    pager.attach();
    const end = await settled();
    expect(end.state).toBe("done");
    expect(end.pages).toBe(4);
    const results = Array.from(document.querySelectorAll(".result > a"), (a) => a.textContent);
    expect(results.map((t) => Number(/Result (\d+)/.exec(t ?? "")?.[1]))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    // Page 3 was read once, while it was being judged as page 2.
    expect(server.requests.slice(before).map((r) => r.path)).toEqual([
      "/zero-based/p2.html",
      "/zero-based/p1.html",
      "/zero-based/p3.html",
    ]);
  });

  it("joins nothing when every link handed over to is refused too", async () => {
    const before = server.requests.length;
    const at = (f: string) => `${server.origin}/zero-based/${f}`;
    const { pager, settled } = startPager("zero-based/1.html", {}, true, {}, ".results", (s) => {
      s.nextUrl = at("p2.html");
      s.alternatives = [{ url: at("p3.html") }];
      delete s.rule;
    });
    pager.attach();
    const end = await settled();
    expect(end.pages).toBe(1);
    expect(end.reason).toMatch(/not page 2/);
    expect(document.querySelector(".tsugi-separator, .tsugi-status")).toBeNull();
    expect(server.requests.slice(before).map((r) => r.path)).toEqual([
      "/zero-based/p2.html",
      "/zero-based/p3.html",
    ]);
  });

  it("joins nothing and shows nothing when page 2 does not confirm an unsure next link", async () => {
    const before = server.requests.length;
    const { pager, settled } = startPager("unsure/1.html", {}, true);
    pager.attach();
    const end = await settled();
    expect(end.state).toBe("done");
    expect(end.pages).toBe(1);
    expect(end.reason).toMatch(/not page 2/);
    expect(document.querySelector(".tsugi-separator")).toBeNull();
    expect(document.body.textContent).not.toContain("hills in autumn");
    // No trace: the hidden status block and page 1's marks are taken back.
    expect(document.querySelector(".tsugi-status, [data-tsugi-page]")).toBeNull();
    // Only page 2 was asked for.
    expect(server.requests.slice(before).map((r) => r.path)).toEqual(["/unsure/2.html"]);
  });

  it("stops at an HTTP error with a visible reason and a Retry that asks again", async () => {
    const { pager, settled } = startPager("stops/missing-1.html");
    pager.attach();
    const end = await settled();
    expect(end.state).toBe("stopped");
    expect(end.reason).toMatch(/HTTP 404/);
    const status = document.querySelector(".tsugi-status") as HTMLElement;
    expect(status.textContent).toMatch(/HTTP 404/);
    const before = requested("/stops/missing-2").length;
    (status.querySelector("button") as HTMLButtonElement).click();
    await new Promise((r) => setTimeout(r, 300));
    expect(requested("/stops/missing-2").length).toBe(before + 1);
  });

  it("stops when the next link leads back to a page already shown", async () => {
    const { pager, settled } = startPager("stops/loop-1.html");
    pager.attach();
    const end = await settled();
    expect(end.state).toBe("stopped");
    expect(end.reason).toMatch(/already shown/);
    expect(end.pages).toBe(2);
  });

  it("stops when a page repeats one already shown", async () => {
    const { pager, settled } = startPager("stops/dup-1.html");
    pager.attach();
    const end = await settled();
    expect(end.state).toBe("stopped");
    expect(end.reason).toMatch(/repeats a page/);
    expect(end.pages).toBe(1);
  });

  it("stops at the page cap, counting page 1", async () => {
    const { pager, settled } = startPager("chain/1.html", { pageCap: 2 });
    pager.attach();
    const end = await settled();
    expect(end.reason).toMatch(/page cap \(2 pages\)/);
    expect(end.pages).toBe(2);
  });

  it("stops with a reason, not stuck loading, when the page removed the insertion point", async () => {
    const { pager, settled } = startPager("chain/1.html");
    document.querySelector(".tsugi-status")?.remove();
    pager.attach();
    const end = await settled();
    expect(end.state).toBe("stopped");
    expect(end.reason).toMatch(/could not add/);
  });
  it("takes back every joined page when the site's own scrolling takes over", async () => {
    const { pager, settled } = startPager("chain/1.html");
    pager.attach();
    expect((await settled()).pages).toBe(3);
    expect(document.querySelectorAll("[data-tsugi-page]").length).toBeGreaterThan(1);
    expect(pager.yieldToSite()).toBe(2);
    expect(document.querySelector("[data-tsugi-page], .tsugi-separator, .tsugi-status")).toBeNull();
    expect(document.body.textContent).not.toContain("Part 3 ends with this paragraph");
    const snap = pager.snapshot();
    expect(snap).toMatchObject({ state: "own-scroll", pages: 1 });
    expect(snap.reason).toContain("loads more by itself");
    const before = server.requests.length;
    await pager.loadNext();
    expect(server.requests.length).toBe(before);
  });

  it("takes back the page refused by 'Not the next page' and every later one, and stops saying so", async () => {
    const refused: { page: number; url: string; nextLink: string | null }[] = [];
    const { pager, states, settled } = startPager("chain/1.html", {}, false, {
      onRefused: (r) => refused.push(r),
    });
    pager.attach();
    expect((await settled()).pages).toBe(3);
    const separators = Array.from(document.querySelectorAll(".tsugi-separator"));
    // The separator's own text stays "Page N": the button is in a shadow root.
    expect(separators.map((sep) => sep.textContent)).toEqual(["Page 2", "Page 3"]);
    const buttons = separators.map(
      (sep) => sep.querySelector(".tsugi-not-next")?.shadowRoot?.querySelector("button") ?? null,
    );
    expect(buttons.map((b) => b?.textContent)).toEqual(["Not the next page", "Not the next page"]);
    const pageSaw: string[] = [];
    document.addEventListener("click", () => pageSaw.push("click"));
    (buttons[0] as HTMLButtonElement).click();
    expect(pageSaw).toEqual([]);
    expect(document.querySelector(".tsugi-separator")).toBeNull();
    expect(document.querySelector("[data-tsugi-page='2'], [data-tsugi-page='3']")).toBeNull();
    expect(document.body.textContent).toContain("Part 1 ends with this paragraph");
    expect(document.body.textContent).not.toContain("Part 2 begins");
    const last = states[states.length - 1];
    expect(last).toMatchObject({ state: "stopped", pages: 1 });
    expect(last?.reason).toContain("not the next page");
    expect(document.querySelector(".tsugi-status")?.textContent).toContain("not the next page");
    expect(refused).toEqual([
      { page: 2, url: `${server.origin}/chain/2.html`, nextLink: pager.snapshot().rule?.nextLink },
    ]);
    const before = server.requests.length;
    await pager.loadNext();
    expect(server.requests.length).toBe(before);
  });

  it("discard takes back everything it put into the page, silently, and joins nothing more", async () => {
    const { pager, states, settled } = startPager("chain/1.html");
    pager.attach();
    expect((await settled()).pages).toBe(3);
    const reported = states.length;
    pager.discard();
    expect(document.querySelector("[data-tsugi-page], .tsugi-separator, .tsugi-status")).toBeNull();
    expect(document.body.textContent).toContain("Part 1 ends with this paragraph");
    expect(document.body.textContent).not.toContain("Part 2 begins");
    expect(states.length).toBe(reported);
    const before = server.requests.length;
    await pager.loadNext();
    expect(server.requests.length).toBe(before);
  });

  it("puts no 'Not the next page' button on separators without the hook", async () => {
    const { pager, settled } = startPager("chain/1.html");
    pager.attach();
    await settled();
    expect(document.querySelector(".tsugi-separator")).not.toBeNull();
    expect(document.querySelector(".tsugi-not-next")).toBeNull();
  });

  it("stops with a clear reason, frame removed, when an app-shell page never fills in its frame", async () => {
    const frames: number[] = [];
    const watch = new MutationObserver(() =>
      frames.push(document.querySelectorAll("[data-tsugi-frame]").length),
    );
    watch.observe(document, { childList: true, subtree: true });
    const { pager, settled } = startPager("shell/1.html", {}, false, {
      render: { timeoutMs: 300 },
    });
    pager.attach();
    const end = await settled();
    watch.disconnect();
    expect(end).toMatchObject({ state: "stopped", pages: 1 });
    expect(end.reason).toMatch(/shell\/2\.html built no content within 1 s/);
    // One frame was made for page 2 (jsdom never runs its script), then taken away.
    expect(Math.max(...frames)).toBe(1);
    expect(document.querySelector("[data-tsugi-frame]")).toBeNull();
    expect(document.querySelector(".tsugi-separator")).toBeNull();
  });

  it("makes no frame when the reader turned frames off for the site", async () => {
    let made = 0;
    const watch = new MutationObserver(() => {
      if (document.querySelector("[data-tsugi-frame]")) made++;
    });
    watch.observe(document, { childList: true, subtree: true });
    const { pager, settled } = startPager("shell/1.html", {}, false, {
      mayRender: () => false,
      render: { timeoutMs: 300 },
    });
    pager.attach();
    const end = await settled();
    watch.disconnect();
    expect(made).toBe(0);
    expect(end.reason ?? "").not.toMatch(/built no content/);
    // Not rendered, and not joined by a guess either: stopped, the switch named.
    expect(end).toMatchObject({ state: "stopped", pages: 1 });
    expect(end.reason).toMatch(/page 2 is built by its script and "Render script-built pages/);
    expect(document.querySelector(".tsugi-separator")).toBeNull();
  });
});

describe("Pager.restore", () => {
  it("joins the remembered pages in order at once, not spaced by the minimum interval", async () => {
    const before = requested("/chain/").length;
    const { pager } = startPager("chain/1.html", { minIntervalMs: 30_000 });
    const t0 = Date.now();
    const joined = await pager.restore([
      `${server.origin}/chain/2.html`,
      `${server.origin}/chain/3.html`,
    ]);
    expect(joined).toBe(2);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(requested("/chain/").slice(before)).toEqual(["/chain/2.html", "/chain/3.html"]);
    expect(Array.from(document.querySelectorAll(".tsugi-separator"), (e) => e.textContent)).toEqual(
      ["Page 2", "Page 3"],
    );
  });

  it("joins each page once, and a page that is gone ends joining with its reason", async () => {
    const { pager, states } = startPager("chain/1.html");
    const two = `${server.origin}/chain/2.html`;
    const joined = await pager.restore([two, two, `${server.origin}/chain/gone.html`]);
    expect(joined).toBe(1);
    expect(document.querySelectorAll("[data-tsugi-separator='2']")).toHaveLength(1);
    const last = states[states.length - 1];
    expect(last?.state).toBe("stopped");
    expect(last?.reason).toMatch(/404/);
  });
});

describe("contentHash", () => {
  const el = (html: string) => {
    const d = document.createElement("div");
    d.innerHTML = html;
    return d;
  };
  it("tells image-only pages apart by their images", () => {
    expect(contentHash([el('<img src="/a.jpg">')])).not.toBe(
      contentHash([el('<img src="/b.jpg">')]),
    );
  });
  it("tells lazy galleries apart by their real images, not the shared placeholder", () => {
    expect(contentHash([el('<img src="/blank.gif" data-src="/p/1.jpg">')])).not.toBe(
      contentHash([el('<img src="/blank.gif" data-src="/p/2.jpg">')]),
    );
  });
  it("ignores script text and whitespace, so per-request tokens do not hide a repeat", () => {
    expect(contentHash([el("<p>Same  text</p><script>var t=1</script>")])).toBe(
      contentHash([el("<p>Same text</p><script>var t=2</script>")]),
    );
  });
});

describe("Pager on a shifting list", () => {
  // Each fixture page starts with the 3 last stories of the page before (3 were published
  // in between): pages hold 40-33, 35-28, 30-23.
  const stories = () =>
    Array.from(document.querySelectorAll("li.story h2"), (h) =>
      Number(/\d+/.exec(h.textContent ?? "")?.[0]),
    );
  const expected = Array.from({ length: 18 }, (_, i) => 40 - i);

  it("shows every story once, in order, and says how many it skipped", async () => {
    const { pager, settled } = startPager("shifting/1.html");
    pager.attach();
    expect((await settled()).pages).toBe(3);
    expect(stories()).toEqual(expected);
    expect(Array.from(document.querySelectorAll(".tsugi-separator"), (e) => e.textContent)).toEqual(
      ["Page 23 items already shown", "Page 33 items already shown"],
    );
    expect(document.querySelector(".tsugi-skipped")?.textContent).toBe("3 items already shown");
  });

  it("appends whatever the pages hold with the option off", async () => {
    const { pager, settled } = startPager("shifting/1.html", { skipRepeats: false });
    pager.attach();
    expect((await settled()).pages).toBe(3);
    expect(stories().length).toBe(24);
    expect(document.querySelector(".tsugi-skipped")).toBeNull();
  });
});

describe("Pager on sibling pages in other markup", () => {
  it("a shifting list laid out as a table: every thread once, in order", async () => {
    // Pages hold threads 60-49, 50-39, 40-29 (written so in the fixtures): 2 repeat each
    // time. The table body is given as the page element: without layout, jsdom's
    // detector takes a varying part of the rows, a matter of the detector, not of this
    // feature (the e2e sibling-pages test runs the detector in Chromium).
    const tagged = () =>
      Array.from(document.querySelectorAll("tr[data-tsugi-page] td.t a"), (a) =>
        Number(/\d+/.exec(a.textContent ?? "")?.[0]),
      );
    const { pager, settled } = startPager(
      "shifting-table/1.html",
      {},
      false,
      {},
      "table.threads tbody",
    );
    pager.attach();
    expect((await settled()).pages).toBe(3);
    const threads = tagged();
    expect(new Set(threads).size).toBe(threads.length);
    expect(threads).toEqual([...threads].sort((a, b) => b - a));
    expect(threads).toEqual(Array.from({ length: 32 }, (_, i) => 60 - i));
    const notes = Array.from(
      document.querySelectorAll(".tsugi-separator"),
      (e) => e.querySelector(".tsugi-skipped")?.textContent ?? "",
    );
    expect(notes).toHaveLength(2);
    for (const n of notes) expect(n).toMatch(/^\d items? already shown$/);
  });

  it("a body split around inline boxes, only its second half chosen on page 1: page 2 widens the rule to both halves", async () => {
    // As if detection had left the one-paragraph first half out.
    const { pager, settled } = startPager(
      "split-inline/1.html",
      {},
      false,
      {},
      "#article > .articleBody ~ .articleBody",
    );
    pager.attach();
    const end = await settled();
    expect(end.pages).toBe(5);
    const paragraphs = [1, 2, 3, 4, 5].flatMap((n) => {
      const html = readFileSync(join(FIXTURES, "split-inline", `${n}.html`), "utf8");
      return [...html.matchAll(/<div class="articleBody">([\s\S]*?)<\/div>/g)].flatMap((m) =>
        [...(m[1] ?? "").matchAll(/<p>([^<]+)<\/p>/g)].map((p) => p[1] ?? ""),
      );
    });
    const text = (document.body.textContent ?? "").replace(/\s+/g, " ");
    let at = -1;
    for (const p of paragraphs) {
      const first = text.indexOf(p);
      expect(first, p).toBeGreaterThan(at);
      expect(text.indexOf(p, first + 1), `${p} twice`).toBe(-1);
      at = first;
    }
    // Page 1's first half is page 1's too now; no box came with a joined page.
    expect(document.querySelectorAll('.articleBody[data-tsugi-page="1"]')).toHaveLength(2);
    expect(document.querySelectorAll(".articleInline")).toHaveLength(2);
    expect(end.rule?.pageElement).toContain("articleBody");
    expect(end.rule?.pageElement).not.toMatch(/articleInline|\]\[\d\]/);
  }, 30_000);

  it("an article whose boilerplate is plain markup: every note once, each box once", async () => {
    const { pager, settled } = startPager("boilerplate/1.html");
    pager.attach();
    expect((await settled()).pages).toBe(3);
    const text = document.body.textContent ?? "";
    const count = (s: string) => text.split(s).length - 1;
    for (const day of [1, 2, 3])
      for (const note of [1, 2, 3, 4, 5]) expect(count(`Day ${day}, note ${note}:`)).toBe(1);
    expect(count("Support independent writing")).toBe(1);
    expect(count("Walks, day 2Walks, day 3")).toBe(1);
    expect(count("Share: mail")).toBe(1);
  });
});
