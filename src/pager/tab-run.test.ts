import { describe, expect, it } from "vitest";
import type { LoadMoreTarget } from "../features/load-more";
import { INITIAL_STATUS, type PagerState, type TabStatus } from "../messaging/status";
import type { CachedRule } from "../rule/rule-cache";
import type { PagerStart } from "./pager";
import type { JoiningPager } from "./pager-base";
import { initialRunState, TabRun } from "./tab-run";

const start = { pageUrl: "https://a.test/1", nextUrl: "https://a.test/2" } as PagerStart;
const button = { target: { label: "Load more" } as LoadMoreTarget, detectMs: 3 };
const cached = { url: "^https://a\\.test/", nextLink: "//a[@rel='next']" } as CachedRule;

/** A pager that only says its state (the transitions never drive it). */
function fakePager(state: PagerState = "ready"): JoiningPager {
  const snapshot = (): TabStatus => ({ ...INITIAL_STATUS, state });
  return { snapshot } as unknown as JoiningPager;
}

describe("TabRun", () => {
  it("starts with nothing decided", () => {
    const run = new TabRun();
    expect(run.state).toEqual(initialRunState());
    expect(run.state.rule).toEqual({ name: null, source: "detected", cached: null, refused: null });
    expect(run.canJoin()).toBe(false);
  });

  it("replaces its state on every transition, never changing the old one", () => {
    const run = new TabRun();
    const before = run.state;
    run.beginFetchAll();
    expect(before.fetchingAll).toBe(false);
    expect(run.state.fetchingAll).toBe(true);
    run.endFetchAll();
    expect(run.state.fetchingAll).toBe(false);
  });

  it("startWithRule keeps the corrections and forgets a button and the site's own scrolling", () => {
    const run = new TabRun();
    const refused = () => true;
    run.readCorrections(refused);
    run.detected(null, button);
    run.stop("own-scroll");
    run.startWithRule(start, { name: null, source: "learned", cached });
    expect(run.state.start).toBe(start);
    expect(run.state.loadMore).toBeNull();
    expect(run.state.ownScroll).toBe(false);
    expect(run.state.rule).toEqual({ name: null, source: "learned", cached, refused });
    expect(run.canJoin()).toBe(true);
  });

  it("detected: a button without a next link can be joined; neither cannot", () => {
    const run = new TabRun();
    run.detected(null, button);
    expect(run.canJoin()).toBe(true);
    run.detected(null, null);
    expect(run.canJoin()).toBe(false);
  });

  it("stop('own-scroll') takes the joined pages back and keeps the pager; nothing is joined", () => {
    const run = new TabRun();
    const pager = fakePager();
    run.detected(start, null);
    run.pagerCreated(pager);
    run.pageJoined({ number: 2, url: "https://a.test/2", html: "<html></html>" });
    expect(run.stop("own-scroll")).toBeNull();
    expect(run.state.joined).toEqual([]);
    expect(run.state.pager).toBe(pager);
    expect(run.canJoin()).toBe(false);
  });

  it("stop('replaced') hands back the pager and drops what it started from", () => {
    const run = new TabRun();
    const pager = fakePager();
    run.startWithRule(start, { name: null, source: "learned", cached });
    run.pagerCreated(pager);
    run.pageJoined({ number: 2, url: "https://a.test/2", html: "" });
    expect(run.stop("replaced")).toBe(pager);
    expect(run.state.pager).toBeNull();
    expect(run.state.start).toBeNull();
    expect(run.state.rule.cached).toBeNull();
    // Taken back only by the caller that joins anew.
    expect(run.state.joined).toHaveLength(1);
    run.joinedTakenBack();
    expect(run.state.joined).toEqual([]);
  });

  it("startLoadMore: a picked button takes over from the next link", () => {
    const run = new TabRun();
    run.startWithRule(start, { name: "a.test", source: "user", cached: null });
    run.stop("own-scroll");
    run.startLoadMore(button);
    expect(run.state.start).toBeNull();
    expect(run.state.loadMore).toBe(button);
    expect(run.canJoin()).toBe(true);
  });

  it("joinDespiteOwnScroll drops a pager that yielded to the site, keeps any other", () => {
    const run = new TabRun();
    run.detected(start, null);
    run.pagerCreated(fakePager("own-scroll"));
    run.stop("own-scroll");
    run.joinDespiteOwnScroll();
    expect(run.state.ownScroll).toBe(false);
    expect(run.state.pager).toBeNull();
    const ready = fakePager("ready");
    run.pagerCreated(ready);
    run.joinDespiteOwnScroll();
    expect(run.state.pager).toBe(ready);
  });

  it("pagesRefused keeps the pages before the refused one and forgets the learned rule", () => {
    const run = new TabRun();
    run.startWithRule(start, { name: null, source: "learned", cached });
    for (const number of [2, 3, 4]) run.pageJoined({ number, url: `u${number}`, html: "" });
    run.pagesRefused(3);
    expect(run.state.joined.map((p) => p.number)).toEqual([2]);
    expect(run.state.rule.cached).toBeNull();
    expect(run.state.rule.source).toBe("learned");
  });

  it("teaching: picks, notes and pick mode", () => {
    const run = new TabRun();
    const mode = { stop() {} };
    run.picking(mode);
    run.picked({ nextLink: "//a" });
    run.said("Picked");
    expect(run.state.teaching).toEqual({ picked: { nextLink: "//a" }, mode, note: "Picked" });
    run.picking(null);
    run.picked({});
    expect(run.state.teaching).toEqual({ picked: {}, mode: null, note: "Picked" });
  });

  it("keeps the status, the restored pages, the list count and the gate's decision", () => {
    const run = new TabRun();
    const status = { ...INITIAL_STATUS, state: "ready" as const, pages: 3 };
    run.setStatus(status);
    run.restoredPages(2);
    run.listCounted(12);
    run.begin(null, "module");
    expect(run.state.status).toBe(status);
    expect(run.state.restored).toBe(2);
    expect(run.state.listCount).toBe(12);
    expect(run.state.loaded).toEqual({ gate: null, as: "module" });
  });
});

describe("TabRun, starting again", () => {
  it("startLoadMore with the reader's load-more rule names the rule as the reader's", () => {
    const run = new TabRun();
    const rule = { name: "a.test", url: "^https://a\\.test/", loadMoreButton: "//button" };
    run.startLoadMore({ ...button, rule } as never);
    expect(run.state.rule.name).toBe("a.test");
    expect(run.state.rule.source).toBe("user");
    expect(run.canJoin()).toBe(true);
  });

  it("restart forgets the run and hands back its pager and own-scroll watch", () => {
    const run = new TabRun();
    const pager = fakePager();
    const watch = () => {};
    const refused = () => true;
    run.readCorrections(refused);
    run.startWithRule(start, { name: "a.test", source: "user", cached: null });
    run.pagerCreated(pager);
    run.watchingOwnScroll(watch);
    run.pageJoined({ number: 2, url: "u2", html: "" });
    run.listCounted(5);
    run.said("Saved");
    run.beginFetchAll();
    expect(run.restart()).toEqual({ pager, ownScrollWatch: watch });
    const s = run.state;
    expect(s.rule).toEqual(initialRunState().rule);
    expect([s.pager, s.start, s.loadMore, s.ownScrollWatch]).toEqual([null, null, null, null]);
    expect(s.joined).toEqual([]);
    expect(s.listCount).toBeUndefined();
    expect(s.teaching.note).toBeNull();
    // What belongs to the tab, not the run, stays.
    expect(s.fetchingAll).toBe(true);
    expect(run.canJoin()).toBe(false);
  });

  it("keeps the serial's place keeper, the asked place and the late looks through a restart", () => {
    const run = new TabRun();
    const keeper = { save() {}, stop() {} };
    run.keepingSerialPlace(keeper);
    run.resumeAsked(420);
    run.lookedAgain();
    run.restart();
    expect(run.state.serial).toEqual({ keeper, resumeAt: 420 });
    expect(run.state.lateLooks).toBe(1);
    run.resumed();
    run.lookedAgain();
    expect(run.state.serial).toEqual({ keeper, resumeAt: null });
    expect(run.state.lateLooks).toBe(2);
  });
});
