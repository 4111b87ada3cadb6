/**
 * The detector script's state for one tab (content/detector.ts), as one object with named
 * transitions, the way content/entry.ts is a short state machine: page 1's rule (its
 * name, where it came from, the learned rule it was read from, the reader's refused
 * links), what the pager starts from (a next link, `start`, or a "Load more" button,
 * `loadMore`), the pager itself, the status last reported, "fetch all" in progress, the
 * site's own scrolling, the pages joined, and teaching a site.
 *
 * Every transition replaces {@link TabRun.state} with a new object and touches nothing
 * else: no DOM, no storage, no messages. What a transition drops (a pager to discard, a
 * watch to end) it returns, and the detector script does the rest; so each one can be
 * checked in a unit test with plain objects.
 */
import type { RefusedLink } from "../detect/refused-links";
import type { LoadMoreTarget } from "../features/load-more";
import type { SerialPage } from "../features/serial";
import type { GateResult } from "../gate/gate";
import type { LoadMoreRule } from "../messaging/site-rule";
import { type DetectorLoad, INITIAL_STATUS, type TabStatus } from "../messaging/status";
import type { RuleParts } from "../picker/teach";
import type { CachedRule } from "../rule/rule-cache";
import type { PagerStart } from "./pager";
import type { JoiningPager } from "./pager-base";

/** Where page 1's rule came from: the reader's rules, the learned-rule cache, or detection. */
/** Page 1 read as a chapter of a serial: its signals and the chapter pager's start. */
export interface ChapterRun {
  serial: SerialPage;
  start: PagerStart;
}

export type RuleSource = "user" | "learned" | "detected";

/** Page 1's "Load more" button, when it has no next link, the detection time, ms, and
 * the reader's rule that names it, when one does. */
export interface LoadMoreFound {
  target: LoadMoreTarget;
  detectMs: number;
  rule?: LoadMoreRule;
}

/** One joined page as fetched, for the export: its number (2 for the first), URL, HTML. */
export interface JoinedPage {
  number: number;
  url: string;
  html: string;
  /** A joined chapter's heading (serial reading), which the export heads it with. */
  heading?: string;
}

/** Page 1's rule and the reader's corrections on this page. */
export interface RunRule {
  /** The reader's rule's name (null: none, or a learned or detected one). */
  name: string | null;
  source: RuleSource;
  /** The learned rule read from the cache for this page, if one was used (and, once page
   * 2 carried a rule, the one stored). */
  cached: CachedRule | null;
  /** The reader's corrections on this page ("Not the next page"); null when the site has
   * none. */
  refused: RefusedLink | null;
}

/** What the state holds of the keeper of the reader's place (../place/keeper.ts). */
export interface PlaceKeeper {
  save(): void;
}

/** Teaching the site a rule: the parts picked on this page, pick mode while it is on,
 * and what became of the last pick (said in the status). */
export interface Teaching {
  picked: RuleParts;
  mode: { stop(): void } | null;
  note: string | null;
}

/** The tab's state in the detector script. */
export interface RunState {
  /** The status last reported to the background (and answered to the popup). */
  status: TabStatus;
  rule: RunRule;
  /** Page 1's next link and page element, when the pager joins by next link. */
  start: PagerStart | null;
  /** Where page 1 reads as a chapter of a serial (../features/serial.ts): what the
   * chapter pager starts from (./chapter-mode.ts), joined only while "Join the next
   * chapter" is on for the site; `start` is this very object while it joins. */
  chapter: ChapterRun | null;
  /** Page 1's "Load more" button, when it has no next link. */
  loadMore: LoadMoreFound | null;
  /** The pager, created on first need (a switched-off site gets none until asked). */
  pager: JoiningPager | null;
  /** "Fetch all" is under way (the status says so). */
  fetchingAll: boolean;
  /** The page lists more by itself as the reader scrolls: tsugi joins nothing. */
  ownScroll: boolean;
  /** Ends the watch for the site's own scrolling of the current run (null: none). */
  ownScrollWatch: (() => void) | null;
  /** The run now on the page (the first, or the last one started again): the next
   * starts after it, never beside it. */
  run: Promise<void>;
  /** Pages joined again by next link when the reader came back; undefined on a fresh
   * visit (the load-more pager counts its repeated clicks in its own status). */
  restored: number | undefined;
  /** Joined pages as fetched, for the export. */
  joined: readonly JoinedPage[];
  /** How many items page 1's list holds (0: not a list), read once, when the popup asks. */
  listCount: number | undefined;
  teaching: Teaching;
  /** Keeps the background's record of the joined pages and the reader's place. */
  place: PlaceKeeper | null;
  /** Ends following the address bar (null: not following). */
  addressBar: (() => void) | null;
  /** The gate's decision on this page (shown beside the detection time) and how the entry
   * loaded the detector script. */
  loaded: { gate: GateResult | null; as: DetectorLoad | undefined };
  /** The reader's place in this page's serial: its keeper, started with the first chapter
   * joined (null: none yet), and the place in this chapter "Continue at" asked for while
   * the page is too short to scroll there (null: none). Kept through a restart. */
  serial: { keeper: SerialKeeper | null; resumeAt: number | null };
  /** Detections run again because the page's own script added links after one found
   * nothing to join; kept through a restart, so a page gets a few such looks at most. */
  lateLooks: number;
}

/** Saves the reader's place in a serial (../place/serial-keeper.ts). */
export interface SerialKeeper {
  save(): void;
  stop(): void;
}

/** Why the run stops joining. */
export type StopReason =
  /** The site appends its own items: what was joined is taken back (by the pager). */
  | "own-scroll"
  /** The reader taught the site a rule or picked a button: another pager takes over. */
  | "replaced";

/** The state before anything is decided on the page. */
export function initialRunState(): RunState {
  return {
    status: { ...INITIAL_STATUS },
    rule: { name: null, source: "detected", cached: null, refused: null },
    start: null,
    chapter: null,
    loadMore: null,
    pager: null,
    fetchingAll: false,
    ownScroll: false,
    ownScrollWatch: null,
    run: Promise.resolve(),
    restored: undefined,
    joined: [],
    listCount: undefined,
    teaching: { picked: {}, mode: null, note: null },
    place: null,
    addressBar: null,
    loaded: { gate: null, as: undefined },
    serial: { keeper: null, resumeAt: null },
    lateLooks: 0,
  };
}

/**
 * The detector script's one tab, with its transitions. Methods named for what happened
 * on the page; each replaces {@link state} (never mutates it in place).
 */
export class TabRun {
  /** The current state; read freely, replaced by every transition. */
  state: RunState = initialRunState();

  private set(change: Partial<RunState>): void {
    this.state = { ...this.state, ...change };
  }

  /** The entry handed the detector its start: the gate's decision and how it loaded. */
  begin(gate: GateResult | null, as: DetectorLoad | undefined): void {
    this.set({ loaded: { gate, as } });
  }

  /** The status just reported (the detector composes it; see content/detector.ts `report`). */
  setStatus(status: TabStatus): void {
    this.set({ status });
  }

  /** The reader's corrections read for this page. */
  readCorrections(refused: RefusedLink | null): void {
    this.set({ rule: { ...this.state.rule, refused } });
  }

  /**
   * Page 1 is read with a site rule (the reader's, a learned one, the one remembered with
   * the place, or a picked one): the pager joins by next link from `start`; a button
   * found before and the site's own scrolling are forgotten.
   * @param rule the rule's name (the reader's rules only), source and learned rule
   */
  startWithRule(start: PagerStart, rule: Pick<RunRule, "name" | "source" | "cached">): void {
    this.set({
      start,
      loadMore: null,
      ownScroll: false,
      rule: { ...this.state.rule, ...rule },
    });
  }

  /**
   * Detection decided page 1 (no rule applied): a next link (`start`), else a "Load
   * more" button, else neither (the page has nothing to join).
   */
  detected(start: PagerStart | null, loadMore: LoadMoreFound | null): void {
    this.set({ start, loadMore });
  }

  /**
   * Page 1 reads as a chapter of a serial: `chapter` is what the chapter pager starts
   * from, kept (not joined) until the reader's switch lets it join ({@link joinChapters}).
   */
  serialFound(chapter: ChapterRun): void {
    this.set({ chapter });
  }

  /** "Join the next chapter" is on: the pager starts from the chapter, unless a pager
   * already runs. */
  joinChapters(): void {
    const { chapter, pager } = this.state;
    if (chapter && !pager) this.set({ start: chapter.start, loadMore: null });
  }

  /** Whether the run joins chapters (its start is the serial's next chapter). */
  joinsChapters(): boolean {
    return this.state.chapter !== null && this.state.start === this.state.chapter.start;
  }

  /**
   * Page 1's "Load more" button is clicked from now on: one the reader picked, or the one
   * the reader's load-more rule names (`found.rule`, whose name the status then shows, as
   * the reader's own). It takes over from any next link, and joining is no longer kept
   * off by the site's own scrolling.
   */
  startLoadMore(found: LoadMoreFound): void {
    const rule = found.rule
      ? { ...this.state.rule, name: found.rule.name, source: "user" as const }
      : this.state.rule;
    this.set({ start: null, loadMore: found, ownScroll: false, rule });
  }

  /**
   * The run ends without a word, so that detection can run again as on a fresh visit:
   * the pager, page 1's rule, what detection decided, the reader's corrections, the pages
   * joined and the note of the last pick are forgotten. The status, "fetch all", the
   * place keeper and the address bar stay.
   * @returns the pager to discard and the watch of the site's own scrolling to end
   */
  restart(): { pager: JoiningPager | null; ownScrollWatch: (() => void) | null } {
    const { pager, ownScrollWatch } = this.state;
    const fresh = initialRunState();
    this.set({
      pager: null,
      start: null,
      chapter: null,
      loadMore: null,
      joined: [],
      rule: fresh.rule,
      ownScroll: false,
      ownScrollWatch: null,
      listCount: undefined,
      // What the last pick became no longer holds.
      teaching: { ...this.state.teaching, note: null },
    });
    return { pager, ownScrollWatch };
  }

  /** A run (page 1's detection and the pager's start) is under way. */
  running(run: Promise<void>): void {
    this.set({ run });
  }

  /** The watch of the site's own scrolling started (`stop` ends it). */
  watchingOwnScroll(stop: () => void): void {
    this.set({ ownScrollWatch: stop });
  }

  /** A pager was made for what page 1 gave. */
  pagerCreated(pager: JoiningPager): void {
    this.set({ pager });
  }

  /**
   * Joining stops for `reason`. "own-scroll": the site lists more by itself; the pages
   * joined are taken back (the pager stays, holding the state `own-scroll`). "replaced":
   * the pager is dropped for another, with what it started from (next link or button)
   * and the learned rule; the pages joined stay listed until the caller takes them back.
   * @returns the pager dropped ("replaced"), for the caller to discard; else null
   */
  stop(reason: StopReason): JoiningPager | null {
    if (reason === "own-scroll") {
      this.set({ ownScroll: true, joined: [] });
      return null;
    }
    const dropped = this.state.pager;
    this.set({
      pager: null,
      start: null,
      loadMore: null,
      ownScroll: false,
      rule: { ...this.state.rule, cached: null },
    });
    return dropped;
  }

  /**
   * The reader turned "leave it alone" off after tsugi stepped aside: joining may start
   * again from page 1, with a new pager where the old one had taken everything back.
   */
  joinDespiteOwnScroll(): void {
    const pager = this.state.pager;
    const yielded = pager?.snapshot().state === "own-scroll";
    this.set({ ownScroll: false, ...(yielded ? { pager: null } : {}) });
  }

  /** Whether page 1 gave the pager something to follow: a next link or a load-more
   * button, on a page that does not scroll by itself. */
  canJoin(): boolean {
    const s = this.state;
    return !s.ownScroll && (s.start !== null || s.loadMore !== null);
  }

  /** "Fetch all" starts. */
  beginFetchAll(): void {
    this.set({ fetchingAll: true });
  }

  /** "Fetch all" ended (done, stopped or failed). */
  endFetchAll(): void {
    this.set({ fetchingAll: false });
  }

  /** The reader came back and `pages` pages were joined again. */
  restoredPages(pages: number): void {
    this.set({ restored: pages });
  }

  /** After a fetched page, the learned rule stored for the next visit (null: forgotten). */
  ruleCached(cached: CachedRule | null): void {
    this.set({ rule: { ...this.state.rule, cached } });
  }

  /** A page was joined. */
  pageJoined(page: JoinedPage): void {
    this.set({ joined: [...this.state.joined, page] });
  }

  /** The reader refused joined page `from` ("Not the next page"): it and the later ones
   * are gone, and the learned rule that led there is no longer this tab's. */
  pagesRefused(from: number): void {
    this.set({
      joined: this.state.joined.filter((p) => p.number < from),
      rule: { ...this.state.rule, cached: null },
    });
  }

  /** Everything joined was taken back (a new rule joins from page 1). */
  joinedTakenBack(): void {
    this.set({ joined: [] });
  }

  /** Page 1's list was counted. */
  listCounted(count: number): void {
    this.set({ listCount: count });
  }

  /** The place keeper started. */
  keepingPlace(place: PlaceKeeper): void {
    this.set({ place });
  }

  /** The address bar follows the page being read (`stop` ends it) or no longer does
   * (null). */
  followingAddressBar(stop: (() => void) | null): void {
    this.set({ addressBar: stop });
  }

  /** Pick mode started (or ended: null). */
  picking(mode: Teaching["mode"]): void {
    this.set({ teaching: { ...this.state.teaching, mode } });
  }

  /** A part of the rule was picked (a value) or refused (undefined); `{}` forgets both. */
  picked(parts: RuleParts): void {
    this.set({ teaching: { ...this.state.teaching, picked: parts } });
  }

  /** What became of the last pick, said in the status from now on. */
  said(note: string): void {
    this.set({ teaching: { ...this.state.teaching, note } });
  }

  /** The keeper of the reader's place in the serial started. */
  keepingSerialPlace(keeper: SerialKeeper): void {
    this.set({ serial: { ...this.state.serial, keeper } });
  }

  /** "Continue at" asked for a place in this chapter (null: it asked for none, or the
   * page scrolled there at once). */
  resumeAsked(at: number | null): void {
    this.set({ serial: { ...this.state.serial, resumeAt: at } });
  }

  /** The page scrolled to the place "Continue at" asked for (or the chapter is gone). */
  resumed(): void {
    this.set({ serial: { ...this.state.serial, resumeAt: null } });
  }

  /** Detection runs again for links the page's own script added. */
  lookedAgain(): void {
    this.set({ lateLooks: this.state.lateLooks + 1 });
  }
}
