import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import manifest from "../../manifest.json";
import { latestStatusFor } from "../../src/messaging/tab-status";
import { type StaticServer, startStaticServer } from "../../src/serve/static-server";
import {
  PAGES as BLOG_PAGES,
  SHAPES as BLOG_SHAPES,
  writeBlogIndex,
} from "../support/blog-index-site";
import { DIST } from "../support/extension";
import { evaluateInBackground } from "../support/firefox-rdp";
import {
  ITEMS as SHOP_ITEMS,
  PAGES as SHOP_PAGES,
  SHOP_SHAPES,
  startShopServer,
} from "../support/head-next-shop";
import {
  LAST_PAGE,
  type LoadMoreServer,
  PER_PAGE,
  startLoadMoreServer,
} from "../support/load-more-server";
import { PAGES, type PlaceServer, startPlaceServer } from "../support/place-server";
import {
  type ScriptPagesServer,
  LAST_PAGE as SPA_LAST_PAGE,
  PER_PAGE as SPA_PER_PAGE,
  startScriptPagesServer,
  THREAD_PAGES,
  THREADS_PER_PAGE,
} from "../support/script-pages-server";
import {
  CHAPTERS,
  chapterPath,
  negativePath,
  SHAPES,
  startSerialServer,
} from "../support/serial-server";
import {
  BOARD_JOBS,
  BOARD_PAGES,
  boardPath,
  jobTitle,
  startBoardServer,
} from "../support/table-board";

/** Debian's Firefox ESR; CI installs it. Playwright cannot drive a stock Firefox, so the
 * test watches what the extension asks the server for instead of reading the DOM. */
const FIREFOX = process.env.TSUGI_FIREFOX ?? "/usr/bin/firefox-esr";

/** What this test reads of web-ext's runner: its exit, and Firefox's debugger port. */
interface Runner {
  exit(): Promise<void>;
  extensionRunners: { runningInfo?: { debuggerPort?: number } }[];
}

let runner: Runner | null = null;
let server: StaticServer | null = null;
let placeServer: PlaceServer | null = null;
let loadMoreServer: LoadMoreServer | null = null;
let scriptServer: ScriptPagesServer | null = null;

afterEach(async () => {
  await runner?.exit();
  runner = null;
  await server?.close();
  server = null;
  await placeServer?.close();
  placeServer = null;
  await loadMoreServer?.close();
  loadMoreServer = null;
  await scriptServer?.close();
  scriptServer = null;
});

async function until(cond: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return cond();
}

/** Start headless Firefox with the built extension on `url`, through web-ext's own API:
 * its runner's exit() closes Firefox too (killing the CLI does not). */
async function openInFirefox(url: string | string[]): Promise<void> {
  const webExt = (await import("web-ext")).default;
  runner = (await webExt.cmd.run(
    {
      sourceDir: DIST,
      firefox: FIREFOX,
      noInput: true,
      noReload: true,
      args: ["-headless"],
      startUrl: Array.isArray(url) ? url : [url],
    },
    { shouldExitProgram: false },
  )) as Runner;
}

/**
 * tsugi's status for the tab on `url`, as the background keeps it (storage.session), read
 * in the event page through Firefox's debugger (test/support/firefox-rdp.ts).
 */
async function firefoxTabStatus(url: string) {
  const port = runner?.extensionRunners[0]?.runningInfo?.debuggerPort;
  if (port === undefined) throw new Error("web-ext gave no Firefox debugger port");
  const id = manifest.browser_specific_settings.gecko.id;
  const items = await evaluateInBackground(port, id, "browser.storage.session.get(null)");
  return latestStatusFor(items as Record<string, unknown>, url);
}

/**
 * Open a script-pages fixture whose page 1 plays the reader (`?reader=1`), wait for its
 * report, and check that every item was shown once, in order.
 *
 * @param path the fixture's page 1, e.g. `/spa/1`
 * @returns the server (its requests) and the report's parameters (`items`, `inorder`, `pages`)
 */
async function readByPageScript(
  path: string,
  items = SPA_PER_PAGE * SPA_LAST_PAGE,
): Promise<{ srv: ScriptPagesServer; seen: URLSearchParams }> {
  const srv = await startScriptPagesServer();
  scriptServer = srv;
  await openInFirefox(`${srv.origin}${path}?reader=1`);
  const report = () => srv.requests.find((r) => r.path.startsWith("/report?"))?.path;
  expect(await until(() => report() !== undefined, 120_000)).toBe(true);
  const seen = new URL(report() as string, "http://x").searchParams;
  expect(seen.get("items")).toBe(String(items));
  expect(seen.get("inorder")).toBe("1");
  return { srv, seen };
}

describe("Firefox", () => {
  it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
    "the popup's 'Pick the next link' and a click on an unlabelled arrow: the page stays, pages 2 to 4 are joined with the rule saved",
    async () => {
      server = await startStaticServer(join(process.cwd(), "test/fixtures"));
      const url = `${server.origin}/teach/intro.html?reader=1`;
      await openInFirefox(url);
      const srv = server;
      const port = () => {
        const p = runner?.extensionRunners[0]?.runningInfo?.debuggerPort;
        if (p === undefined) throw new Error("web-ext gave no Firefox debugger port");
        return p;
      };
      expect(
        await until(
          () => srv.requests.some((r) => r.path === "/teach/intro.html?reader=1"),
          60_000,
        ),
      ).toBe(true);
      // What the popup's button sends, through the event page (waking the entry first).
      const message = { type: "popup→content:pick", target: "next-link" };
      const expression = `(async () => {
        const tab = (await browser.tabs.query({})).find((t) => t.url === ${JSON.stringify(url)});
        if (!tab) return "no tab";
        const send = () => browser.tabs.sendMessage(tab.id, ${JSON.stringify(message)});
        try { await send(); return "sent"; } catch {}
        await browser.scripting.executeScript({ target: { tabId: tab.id }, func: () => globalThis.tsugiWake?.() ?? false });
        await send();
        return "woke and sent";
      })()`;
      const id = manifest.browser_specific_settings.gecko.id;
      let sent: unknown = null;
      const end = Date.now() + 30_000;
      while (Date.now() < end && typeof sent !== "string") {
        sent = await evaluateInBackground(port(), id, expression).catch(() => null);
        if (sent === "no tab") sent = null;
        if (typeof sent !== "string") await new Promise((r) => setTimeout(r, 500));
      }
      expect(sent).toMatch(/sent/);
      // The page's own script points at the arrow and clicks it once pick mode is on.
      const report = () => srv.requests.find((r) => r.path.startsWith("/report?"))?.path;
      expect(await until(() => report() !== undefined, 60_000)).toBe(true);
      const seen = new URL(report() as string, srv.origin).searchParams;
      console.log(`teach (Firefox): ${seen.toString()}`);
      expect(seen.get("href")).toBe(url);
      expect(seen.get("clicked")).toBe("");
      expect(seen.get("separators")).toBe("3");
      // The arrow's page was fetched by tsugi, never navigated to: page 1 was asked once.
      expect(srv.requests.filter((r) => r.path === "/teach/intro.html?reader=1")).toHaveLength(1);
      expect(srv.requests.some((r) => r.path === "/teach/chapter-d.html")).toBe(true);
      let status = await firefoxTabStatus(url);
      for (let i = 0; i < 20 && status?.state !== "done"; i++) {
        await new Promise((r) => setTimeout(r, 500));
        status = await firefoxTabStatus(url);
      }
      expect(status).toMatchObject({ state: "done", pages: 4, ruleSource: "user" });
      const rules = (await evaluateInBackground(
        port(),
        id,
        'browser.storage.local.get("siteRules").then((o) => o.siteRules)',
      )) as { name: string; nextLink: string }[];
      expect(rules.map((r) => r.name)).toEqual([new URL(url).host]);
      expect(rules[0]?.nextLink).toContain("zz-q7");
    },
  );

  it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
    "loads dist/ and joins a short 3-part chain on its own (page 2 parsed, inserted, its next link followed), the detector imported as a module",
    async () => {
      server = await startStaticServer(join(process.cwd(), "test/fixtures/chain"));
      await openInFirefox(`${server.origin}/1.html`);
      const srv = server;
      const paths = () => srv.requests.map((r) => r.path).filter((p) => p.endsWith(".html"));
      // Part 3 is only requested after part 2 was fetched, parsed, inserted and its next link found.
      expect(await until(() => paths().includes("/3.html"), 90_000)).toBe(true);
      await new Promise((r) => setTimeout(r, 2_000));
      expect(paths()).toEqual(["/1.html", "/2.html", "/3.html"]);
      // The gate stage imported the detector as a module of the extension, not
      // through the background's injection, which is the fallback.
      const status = await firefoxTabStatus(`${srv.origin}/1.html`);
      expect(status?.state).toBe("done");
      expect(status?.pages).toBe(3);
      expect(status?.detectorLoad).toBe("module");
    },
  );

  it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
    "Reload keeps the reader's place: every page once, in order, the link on screen, cached pages not requested again",
    async () => {
      placeServer = await startPlaceServer();
      await openInFirefox(`${placeServer.origin}/scripted/article/1`);
      // Page 1's own script plays the reader (test/support/place-server.ts): it joins every
      // page, brings page 3's link to the middle, reloads, and reports what it then sees.
      const srv = placeServer;
      const report = () => [...srv.counts.keys()].find((p) => p.startsWith("/report?"));
      expect(await until(() => report() !== undefined, 120_000)).toBe(true);
      const seen = new URL(report() as string, srv.origin).searchParams;
      console.log(`keep-place (Firefox): ${seen.toString()}`);
      expect(seen.get("order")).toBe("1,2,3,4");
      expect(seen.get("counts")).toBe("1,1,1,1");
      expect(seen.get("onscreen")).toBe("1");
      // Each joined page was requested once: the reload read them from the HTTP cache.
      const pages = Array.from(
        { length: PAGES },
        (_, i) => srv.counts.get(`/scripted/article/${i + 1}`) ?? 0,
      );
      expect(pages.slice(1)).toEqual([1, 1, 1]);
    },
  );

  it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
    "clicks a list's own Load more button through every page: every item once, in order",
    async () => {
      loadMoreServer = await startLoadMoreServer();
      await openInFirefox(`${loadMoreServer.origin}/list?reader=1`);
      // The page's own script plays the reader: it scrolls to the end until the button is
      // gone, then reports what the list shows.
      const srv = loadMoreServer;
      const report = () => srv.requests.find((r) => r.path.startsWith("/report?"))?.path;
      expect(await until(() => report() !== undefined, 120_000)).toBe(true);
      const seen = new URL(report() as string, "http://x").searchParams;
      console.log(`load-more (Firefox): ${seen.toString()}`);
      expect(seen.get("items")).toBe(String(PER_PAGE * LAST_PAGE));
      expect(seen.get("inorder")).toBe("1");
      // Only tsugi clicked: each page of items was asked for once.
      const api = srv.requests.filter((r) => r.path.startsWith("/api/items")).map((r) => r.path);
      expect(api).toEqual(
        Array.from({ length: LAST_PAGE - 1 }, (_, i) => `/api/items?page=${i + 2}`),
      );
    },
  );

  it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
    "Reload after Load more: the button is clicked again as often as before, every item once, in order, the item being read on screen, and the status counts the clicks",
    async () => {
      loadMoreServer = await startLoadMoreServer();
      const url = `${loadMoreServer.origin}/list?reader=reload`;
      await openInFirefox(url);
      // The page's own script plays the reader: it clicks through by scrolling, reads an item
      // of the fourth batch (`READING_ITEM`), reloads, and reports what the reloaded page shows.
      const srv = loadMoreServer;
      const report = () => srv.requests.find((r) => r.path.startsWith("/report?"))?.path;
      expect(await until(() => report() !== undefined, 120_000)).toBe(true);
      const seen = new URL(report() as string, "http://x").searchParams;
      console.log(`load-more restore (Firefox): ${seen.toString()}`);
      expect(seen.get("items")).toBe(String(PER_PAGE * LAST_PAGE));
      expect(seen.get("inorder")).toBe("1");
      expect(seen.get("onscreen")).toBe("1");
      // The page was loaded twice (visit, reload); each JSON page once before the reload
      // and once after it: the clicks were repeated, each once.
      expect(srv.requests.filter((r) => r.path === "/list?reader=reload")).toHaveLength(2);
      const api = srv.requests.filter((r) => r.path.startsWith("/api/items")).map((r) => r.path);
      const once = Array.from({ length: LAST_PAGE - 1 }, (_, i) => `/api/items?page=${i + 2}`);
      expect(api).toEqual([...once, ...once]);
      // What the popup reads: the clicks repeated, from the load-more pager's status.
      let status = await firefoxTabStatus(url);
      for (let i = 0; i < 20 && status?.restoredClicks === undefined; i++) {
        await new Promise((r) => setTimeout(r, 500));
        status = await firefoxTabStatus(url);
      }
      expect(status).toMatchObject({ pages: LAST_PAGE, restoredClicks: LAST_PAGE - 1 });
    },
  );

  // spa: an empty list; loading: a "Loading…" placeholder; toolbar: only the "Sort by" row
  // page 1 also has.
  for (const kind of ["spa", "loading", "toolbar"]) {
    it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
      `renders app-shell pages (${kind}) in a hidden frame through every page: every item once, in order`,
      async () => {
        // Page 1's own script plays the reader and reports what the page shows.
        const { srv, seen } = await readByPageScript(`/${kind}/1`);
        console.log(`script pages, ${kind} (Firefox): ${seen.toString()}`);
        expect(seen.get("pages")).toBe(String(SPA_LAST_PAGE - 1));
        // The frames' scripts asked for each JSON page once.
        const api = srv.requests.filter((r) => r.path.startsWith("/spa/api")).map((r) => r.path);
        expect(api).toEqual(
          Array.from({ length: SPA_LAST_PAGE }, (_, i) => `/spa/api?page=${i + 1}`),
        );
      },
    );
  }

  // An app shell that replaces its whole mount point with the list and the pager, its API
  // answering after 100 ms (threads) or 300 ms (slowthreads); the forum shells also serve a
  // static header and footer around the mount point, their API answering at once (forum)
  // or after 300 ms (slowforum).
  for (const base of ["/threads", "/slowthreads", "/forum", "/slowforum"]) {
    it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
      `reads every page of an app shell that renders its whole list and pager (${base}): every thread once, in order`,
      async () => {
        // Page 1 as a reader finds it: the forum's address without a page number.
        const { srv, seen } = await readByPageScript(base, THREADS_PER_PAGE * THREAD_PAGES);
        console.log(`app shell, ${base} (Firefox): ${seen.toString()}`);
        const api = srv.requests
          .filter((r) => r.path.startsWith("/api/threads"))
          .map((r) => new URL(r.path, "http://x").searchParams.get("page"));
        expect(api).toEqual(Array.from({ length: THREAD_PAGES }, (_, i) => String(i + 1)));
      },
    );
  }

  it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
    "joins both halves of a body split around inline boxes on every page: every paragraph once, in order, no box",
    async () => {
      server = await startStaticServer(join(process.cwd(), "test/fixtures"));
      const srv = server;
      // Page 1's own script plays the reader and reports the body's paragraphs it shows.
      await openInFirefox(`${srv.origin}/split-inline/1.html?reader=1`);
      const report = () => srv.requests.find((r) => r.path.startsWith("/report?"))?.path;
      expect(await until(() => report() !== undefined, 90_000)).toBe(true);
      const seen = new URL(report() as string, srv.origin).searchParams;
      const expected = [1, 2, 3, 4, 5].flatMap((n) => {
        const html = readFileSync(
          join(process.cwd(), `test/fixtures/split-inline/${n}.html`),
          "utf8",
        );
        return [...html.matchAll(/<div class="articleBody">([\s\S]*?)<\/div>/g)].flatMap((m) =>
          [...(m[1] ?? "").matchAll(/<p>([^<]+)<\/p>/g)].map((p) =>
            (p[1] ?? "").trim().slice(0, 40),
          ),
        );
      });
      expect(expected.length).toBeGreaterThan(5 * 16 - 1);
      expect(seen.get("p")?.split("|")).toEqual(expected);
      // Page 1's own boxes only: the joined pages brought none.
      expect(seen.get("boxes")).toBe("2");
    },
  );

  it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
    "leaves a site's own infinite scroll alone: every item once, in order, from the site's own loads, and no page fetched by tsugi",
    async () => {
      const { srv, seen } = await readByPageScript("/own/1");
      // Nothing of tsugi's was joined, and tsugi asked the site for no page.
      expect(seen.get("pages")).toBe("0");
      const pages = srv.requests.map((r) => r.path).filter((p) => /^\/own\/\d+/.test(p));
      expect(pages).toEqual(["/own/1?reader=1"]);
    },
  );

  it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
    "joins blog indexes paged by Older / Newer links or numbers alone, each index page once, in order",
    async () => {
      const root = mkdtempSync(join(tmpdir(), "tsugi-blog-index-ff-"));
      const sites: { srv: StaticServer; paths: string[]; home: string }[] = [];
      try {
        for (const shape of BLOG_SHAPES) {
          const dir = join(root, shape.name.replace(/\W+/g, "-"));
          mkdirSync(dir, { recursive: true });
          const srv = await startStaticServer(dir);
          sites.push({ srv, paths: writeBlogIndex(dir, shape, srv.origin), home: shape.home });
        }
        await openInFirefox(sites.map((x) => `${x.srv.origin}${x.home}`));
        const asked = (x: (typeof sites)[number]) =>
          x.srv.requests.map((r) => r.path).filter((p) => p !== "/favicon.ico");
        const last = (x: (typeof sites)[number]) => x.paths[x.paths.length - 1] as string;
        expect(await until(() => sites.every((x) => asked(x).includes(last(x))), 120_000)).toBe(
          true,
        );
        await new Promise((r) => setTimeout(r, 2_000));
        for (const x of sites) {
          expect(asked(x)).toEqual(x.paths);
          expect((await firefoxTabStatus(`${x.srv.origin}${x.home}`))?.pages).toBe(BLOG_PAGES);
        }
      } finally {
        for (const x of sites) await x.srv.close();
        rmSync(root, { recursive: true, force: true });
      }
    },
  );

  // One tab each: a tab in the background scrolls no page of its own.
  for (const shape of SHOP_SHAPES) {
    it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
      `joins a list that names its next page only in the head, each page once, in order: ${shape.name}`,
      async () => {
        const srv = await startShopServer(shape);
        try {
          const paths = Array.from({ length: SHOP_PAGES }, (_, i) =>
            i === 0 ? shape.home : shape.path(i + 1),
          );
          await openInFirefox(`${srv.origin}${shape.home}#read`);
          const report = () => srv.requests.find((p) => p.startsWith("/report?"));
          expect(await until(() => report() !== undefined, 90_000)).toBe(true);
          const seen = Object.fromEntries(new URL(report() as string, srv.origin).searchParams);
          expect(seen).toEqual({
            items: String(SHOP_PAGES * SHOP_ITEMS),
            inorder: "1",
            headers: "1",
            footers: "1",
            clicked: "0",
          });
          // Each page asked for once, in order.
          const asked = srv.requests.filter((p) => p !== "/favicon.ico" && p !== report());
          expect(asked).toEqual(paths);
        } finally {
          await srv.close();
        }
      },
    );
  }

  it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
    "joins a job board laid out in one table, every job once and in order, the last page's one too",
    async () => {
      const srv = await startBoardServer();
      try {
        await openInFirefox(`${srv.origin}${boardPath(1)}#read`);
        const report = () => srv.requests.find((p) => p.startsWith("/report?"));
        expect(await until(() => report() !== undefined, 90_000)).toBe(true);
        const seen = Object.fromEntries(new URL(report() as string, srv.origin).searchParams);
        const ids = Array.from(
          { length: BOARD_JOBS },
          (_, k) => /no\. (\d+)/.exec(jobTitle(k))?.[1],
        );
        expect(seen).toEqual({ jobs: ids.join(","), titles: "1", feet: "2" });
        const asked = srv.requests.filter((p) => p !== "/favicon.ico" && p !== report());
        expect(asked).toEqual(Array.from({ length: BOARD_PAGES }, (_, i) => boardPath(i + 1)));
      } finally {
        await srv.close();
      }
    },
  );

  it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
    "blocks a framed page's requests to other sites (declarativeNetRequest session rule)",
    async () => {
      const { srv } = await readByPageScript("/ext/1");
      // The other host saw page 1's own request only, none of a frame's.
      const other = srv.requests.filter((r) => r.host.startsWith("localhost")).map((r) => r.path);
      expect(other).toEqual(["/ext.js?page=1"]);
    },
  );
});

describe("Firefox: Join the next chapter", () => {
  it.skipIf(!existsSync(FIREFOX) && !process.env.CI)(
    "turned on in open tabs: serials of the five shapes read chapter by chapter, once each and in order; news, blog and shop never joined",
    async () => {
      const srv = await startSerialServer();
      try {
        const serials = SHAPES.map((s) => `${srv.origin}${chapterPath(s, 1)}?reader=1`);
        const singles = (["news", "blog", "shop"] as const).map(
          (k) => `${srv.origin}${negativePath(k, 1)}?reader=1`,
        );
        await openInFirefox([...serials, ...singles]);
        const opened = () =>
          [...serials, ...singles].every((u) => srv.requests.some((r) => u.endsWith(r.path)));
        expect(await until(opened, 60_000)).toBe(true);
        // Switched on once the tabs are open: it reaches them through storage.onChanged.
        const port = runner?.extensionRunners[0]?.runningInfo?.debuggerPort;
        if (port === undefined) throw new Error("web-ext gave no Firefox debugger port");
        const id = manifest.browser_specific_settings.gecko.id;
        const host = new URL(srv.origin).host;
        await evaluateInBackground(
          port,
          id,
          `browser.storage.sync.set({ chapterSites: [${JSON.stringify(host)}] }).then(() => true)`,
        );
        const reports = () => srv.requests.filter((r) => r.path.startsWith("/report?"));
        expect(
          await until(() => reports().length >= serials.length + singles.length, 150_000),
        ).toBe(true);
        const byKind = new Map(
          reports().map((r) => {
            const q = new URL(r.path, "http://x").searchParams;
            return [q.get("kind"), q] as const;
          }),
        );
        for (const shape of SHAPES) {
          const q = byKind.get(shape);
          const url = `${srv.origin}${chapterPath(shape, 1)}?reader=1`;
          const said =
            q?.get("counts") === "1,1,1,1" ? "" : JSON.stringify(await firefoxTabStatus(url));
          expect(q?.get("counts"), `${shape} ${said}`).toBe("1,1,1,1");
          expect(q?.get("inorder"), shape).toBe("1");
          expect(q?.get("labels")?.split("|"), shape).toHaveLength(CHAPTERS - 1);
          for (let n = 2; n <= CHAPTERS; n++)
            expect(
              srv.requests.filter((r) => r.path === chapterPath(shape, n)),
              shape,
            ).toHaveLength(1);
        }
        for (const kind of ["news", "blog", "shop"]) {
          expect(byKind.get(kind)?.get("counts"), kind).toBe("1,0,0,0");
          expect(byKind.get(kind)?.get("labels"), kind).toBe("");
        }
      } finally {
        await srv.close();
      }
    },
    240_000,
  );
});
