// @vitest-environment jsdom

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detect } from "../detect/detect";
import type { LearnedRule } from "../messaging/site-rule";
import type { TabStatus } from "../messaging/status";
import { DEFAULT_SETTINGS } from "../reader/settings";
import { type StaticServer, startStaticServer } from "../serve/static-server";
import { Pager, type PagerStart, pagerStart, type RuleCheck } from "./pager";

// The reader's controls on the pager: the per-site switch (setAuto), "load N more",
// "stop", the export hook and a user site rule's nextLink. Real static server and
// fetch; jsdom has no layout, so with auto on every page would join at once.
let server: StaticServer;
const FIXTURES = join(process.cwd(), "test/fixtures");

beforeAll(async () => {
  server = await startStaticServer(FIXTURES);
});
afterAll(async () => {
  await server.close();
});

function open(path: string): { start: PagerStart; pageUrl: string } {
  document.documentElement.innerHTML = readFileSync(join(FIXTURES, path), "utf8")
    .replace(/^<!doctype html>/i, "")
    .replace(/<\/?html[^>]*>/g, "");
  const pageUrl = `${server.origin}/${path}`;
  const start = pagerStart(detect(document, pageUrl), pageUrl);
  if (!start) throw new Error(`fixture ${path} has nothing to join`);
  return { start, pageUrl };
}

function make(start: PagerStart, hooks = {}) {
  const states: TabStatus[] = [];
  const pager = new Pager(
    document,
    start,
    { ...DEFAULT_SETTINGS, minIntervalMs: 0 },
    (s) => states.push(s),
    hooks,
  );
  return { pager, states, last: () => states[states.length - 1] as TabStatus };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const joinedPages = () =>
  new Set(
    Array.from(document.querySelectorAll("[data-tsugi-page]"), (e) =>
      e.getAttribute("data-tsugi-page"),
    ),
  );

describe("Pager reader controls", () => {
  it("with auto-join off, attaching joins nothing; loadMore(1) joins exactly one page", async () => {
    const { start } = open("chain/1.html");
    const { pager, last } = make(start);
    pager.setAuto(false);
    pager.attach();
    await pause(300);
    expect(last().pages).toBe(1);
    expect(await pager.loadMore(1)).toBe(1);
    await pause(200);
    expect(last().pages).toBe(2);
    expect(joinedPages()).toEqual(new Set(["1", "2"]));
  });

  it("loadMore(n) ends early at the last page and reports progress", async () => {
    const { start } = open("chain/1.html");
    const { pager, last } = make(start);
    pager.setAuto(false);
    const seen: number[] = [];
    expect(await pager.loadMore(10, (n) => seen.push(n))).toBe(2);
    expect(seen.slice(0, 2)).toEqual([2, 3]);
    expect(last().state).toBe("done");
  });

  it("stop() ends joining with the reader's reason; nothing loads after it", async () => {
    const { start } = open("chain/1.html");
    const { pager, last } = make(start);
    const before = server.requests.length;
    pager.setAuto(false);
    pager.stop();
    expect(last().state).toBe("stopped");
    expect(last().reason).toMatch(/Stopped by the reader/);
    await pager.loadMore(3);
    await pager.loadNext();
    expect(last().pages).toBe(1);
    expect(server.requests.length).toBe(before);
  });

  it("stop() during a request keeps the page from being inserted", async () => {
    const { start } = open("chain/1.html");
    const { pager, last } = make(start);
    pager.setAuto(false);
    const loading = pager.loadNext();
    pager.stop();
    await loading;
    await pause(100);
    expect(last().state).toBe("stopped");
    expect(last().reason).toMatch(/reader/);
    expect(document.querySelectorAll("[data-tsugi-page='2']").length).toBe(0);
  });

  it("hands every joined page to onPage, with its number, URL and document", async () => {
    const { start } = open("chain/1.html");
    const got: { number: number; url: string; title: string }[] = [];
    const { pager } = make(start, {
      onPage: (p: { number: number; url: string; doc: Document }) =>
        got.push({ number: p.number, url: p.url, title: p.doc.title }),
    });
    pager.setAuto(false);
    await pager.loadMore(5);
    expect(got.map((g) => g.number)).toEqual([2, 3]);
    expect(got[0]?.url).toBe(`${server.origin}/chain/2.html`);
    expect(got[1]?.title).toMatch(/part 3/);
  });

  it("follows the reader's rule's nextLink XPath on fetched pages instead of the detector", async () => {
    const { start } = open("chain/1.html");
    // A user rule whose nextLink matches nothing on page 2: joining must end there.
    const { pager, last } = make({
      ...start,
      rule: { ...(start.rule as LearnedRule), nextLink: "//a[@rel='no-such-rel']" },
      userRule: true,
    });
    pager.setAuto(false);
    await pager.loadMore(5);
    expect(last().pages).toBe(2);
    expect(last().state).toBe("done");
    expect(last().rule?.nextLink).toBe("//a[@rel='no-such-rel']");
  });

  it("falls back to the models when a learned rule's nextLink stops matching, and says so", async () => {
    const { start } = open("chain/1.html");
    const checks: RuleCheck[] = [];
    const { pager, last } = make(
      { ...start, rule: { ...(start.rule as LearnedRule), nextLink: "//a[@rel='no-such-rel']" } },
      { onRuleChecked: (c: RuleCheck) => checks.push(c) },
    );
    pager.setAuto(false);
    await pager.loadMore(5);
    expect(last().pages).toBe(3);
    expect(checks.map((c) => c.ok)).toEqual([false, true]);
    expect(checks[0]?.problems).toEqual(["nextLink matched nothing"]);
  });

  it("learns a rule from page 1 that alone carries the fetched pages", async () => {
    const { start } = open("chain/1.html");
    expect(start.rule?.nextLink).toBeTruthy();
    const checks: RuleCheck[] = [];
    const { pager, last } = make(start, { onRuleChecked: (c: RuleCheck) => checks.push(c) });
    pager.setAuto(false);
    await pager.loadMore(5);
    expect(last().pages).toBe(3);
    expect(checks.every((c) => c.ok)).toBe(true);
  });
});
