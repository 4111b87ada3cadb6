/**
 * Detector script, the second stage of the staged detector: imported by the gate stage as
 * a module of the extension, or injected by the background where that fails
 * (../src/gate/load-detector.ts), only where the content entry's gate opened (or the
 * reader asked), it detects on the
 * live page at idle time (or applies the reader's site rule or a learned rule), then
 * hands over to the pager. It reports status to the background (badge) and answers the
 * popup and the keyboard commands through the entry: next page now, load N more, stop,
 * fetch all, export. Where page 1 has no next link but a "Load more" button after its
 * list, the load-more pager clicks the page's own button instead. A reader who
 * comes back by Back, Forward or Reload gets the pages joined before and the place they
 * were reading (src/place/). The per-site switch and the settings take effect at
 * once through `storage.onChanged`, without a reload; so does an undo of what the reader
 * taught the site (the rule in use removed, a correction taken back): detection runs
 * again on the page.
 */

import { SliceBudget } from "../src/budget/slices";
import type { Detection } from "../src/detect/detect";
import { pageElementModelLoaded } from "../src/detect/models";
import { detectPageElementSteps } from "../src/detect/page-element";
import { refusedLinks } from "../src/detect/refused-links";
import { detectStaged } from "../src/detect/staged";
import { type Exporter, installedExporter } from "../src/export/exporter-api";
import {
  type EarlyOwnScroll,
  type OwnScrollSeen,
  seenInScope,
  watchOwnScroll,
} from "../src/features/own-scroll";
import { numberStepOnly, readSerial, type SerialPage } from "../src/features/serial";
import { installDetector } from "../src/gate/detector-api";
import { samePageKey } from "../src/keys/page-url";
import { entryApi } from "../src/messaging/entry-api";
import type {
  BookFormat,
  BookOptions,
  ExportFormat,
  ItemsFormat,
} from "../src/messaging/export-formats";
import type { JoinedPlace, Recalled } from "../src/messaging/joined-place";
import type { ExportFile, Message, PickTarget, ThirdStageScript } from "../src/messaging/messages";
import type { ReaderRule } from "../src/messaging/site-rule";
import { INITIAL_STATUS, type TabStatus } from "../src/messaging/status";
import { followAddressBar } from "../src/pager/address-bar";
import { chapterHooks, chapterStart, chapterWords } from "../src/pager/chapter-mode";
import { LoadMorePager } from "../src/pager/load-more-pager";
import { ownScrollGate, waitForSite } from "../src/pager/own-scroll-gate";
import {
  Pager,
  type PagerHooks,
  type PagerStart,
  pagerStart,
  type RuleCheck,
} from "../src/pager/pager";
import type { JoiningPager } from "../src/pager/pager-base";
import { pagerWords } from "../src/pager/pager-words";
import { foreignRelNext } from "../src/pager/stop-conditions";
import { type ChapterRun, type LoadMoreFound, type RuleSource, TabRun } from "../src/pager/tab-run";
import { loadMoreFromRules, pickedLoadMoreXPath } from "../src/picker/load-more-rule";
import { checkLoadMoreButton, checkPageElement, controlOf } from "../src/picker/pick-checks";
import { PickMode, showPickNotice } from "../src/picker/pick-mode";
import { pickWords } from "../src/picker/pick-words";
import { linkOf, pickedNextLinkXPath, pickedPageElementXPath } from "../src/picker/pick-xpath";
import { pickedLoadMoreRule, withPickedRule } from "../src/picker/picked-rule";
import { contentBesideLink, type RuleParts, teachStep } from "../src/picker/teach";
import { scrollToAnchor } from "../src/place/anchor";
import { keepPlace } from "../src/place/keeper";
import { historyEntryKey } from "../src/place/navigation";
import { lastBookOf, lastChapterOfBook, rememberBook } from "../src/place/serial-books";
import { keepSerialPlace } from "../src/place/serial-keeper";
import { offerOnPage, resumeIfAsked, serialWork } from "../src/place/serial-offer";
import { scrollIntoChapter } from "../src/place/serial-reading";
import { chaptersOn } from "../src/reader/chapter-switch";
import {
  addCorrection,
  CORRECTIONS_KEY,
  parseCorrections,
  urlPatternOf,
} from "../src/reader/corrections";
import { mergeSettings, type Settings } from "../src/reader/settings";
import { siteModes } from "../src/reader/site-modes";
import { parseSiteRules, SITE_RULES_KEY } from "../src/reader/site-rules";
import { isSiteEnabled, siteOf, withSite } from "../src/reader/site-switch";
import { undoesRun } from "../src/reader/undo";
import { matchSiteRule, nextFromRule, type RuleMatch } from "../src/rule/match-rule";
import {
  type CachedRule,
  forgetRule,
  LEARNED_RULES_KEY,
  parseRuleCache,
  rememberRule,
} from "../src/rule/rule-cache";
import { xpathsForRun } from "../src/rule/xpath";
import { segmentRecords } from "../src/siblings/records";
import { MAX_REGATES, watchForLateLinks } from "../src/wake/regate";
import { whenIdle } from "./when-idle";

/** The browser's own namespace, as the entry uses it (src/messaging/entry-api.ts): the
 * detector needs no onMessage listener (the entry forwards), so not webextension-polyfill,
 * whose bindings cost about 1 ms of script on every page the detector loads on. */
const browser = entryApi();
const pageUrl = location.href;
const site = siteOf(pageUrl);
const settings: Settings = mergeSettings(undefined);
/** The tab's state: page 1's rule, the pager, the status… (../src/pager/tab-run.ts); every
 * handler below changes it through its named transitions only. */
const tab = new TabRun();
/** Holds tsugi's first fetch until the site's answer to the reader's scroll is known. */
const firstFetchGate = ownScrollGate();
/** The reader's language (browser.i18n), English when a message is missing. */
const t = (key: string, subs: string[], english: string) =>
  browser.i18n.getMessage(key, subs) || english;
const getMessage = (key: string, subs?: string[]) => browser.i18n.getMessage(key, subs);
const words = pagerWords(getMessage);
const teachWords = pickWords(getMessage);

/** The background's injections of third-stage scripts, each asked once per frame. */
const injections = new Map<ThirdStageScript, Promise<void>>();

/**
 * Have the background inject a third-stage script into this frame, once.
 *
 * @param script which script
 * @param loaded whether it has run in this world
 * @returns resolves once it has; rejects when the background could not inject it (a
 *   later call asks again)
 */
function inject(script: ThirdStageScript, loaded: () => boolean): Promise<void> {
  if (loaded()) return Promise.resolve();
  let p = injections.get(script);
  if (p === undefined) {
    p = browser.runtime
      .sendMessage({ type: "content→background:load-script", script })
      .then(() => {
        if (!loaded()) throw new Error(`the ${script} script did not load`);
      })
      .catch((e: unknown) => {
        injections.delete(script);
        throw e;
      });
    injections.set(script, p);
  }
  return p;
}

/**
 * Have the background inject the page-element forest (src/detect/injected-models.ts):
 * only pages with a next link, a rule or a load-more button need it.
 *
 * @returns resolves once the forest can load; rejects when the background could not
 *   inject it (the caller's failure then stops tsugi with that reason)
 */
function loadPageElementModel(): Promise<void> {
  return inject("page-element-model", pageElementModelLoaded);
}

/**
 * The export (src/export/exporter-api.ts), injected on the first export a reader asks for.
 *
 * @returns the installed export
 * @throws when the background could not inject its script
 */
async function exporter(): Promise<Exporter> {
  await inject("exporter", () => installedExporter() !== null);
  return installedExporter() as Exporter;
}

function enabled(): boolean {
  return isSiteEnabled(pageUrl, settings.disabledSites);
}

/** Whether the pager joins as the reader scrolls: the site is on, and, for a run that
 * joins chapters, so is "Join the next chapter". */
function autoOn(): boolean {
  return enabled() && (!tab.joinsChapters() || chaptersOn(pageUrl, settings.chapterSites));
}

/** The reader's per-site switches of the optional modes (load-more clicks, frames). */
function modes() {
  return siteModes(pageUrl, settings);
}

/** Why a pager waiting for the scroll does nothing: the site or its mode is switched
 * off; null when it is on. */
function pausedReason(): string | null {
  if (!enabled()) return t("reasonSiteOff", [], "Auto-join is off for this site.");
  if (tab.joinsChapters() && !chaptersOn(pageUrl, settings.chapterSites))
    return t("reasonChaptersOff", [], "Joining the next chapter is off for this site.");
  const { start, loadMore } = tab.state;
  if (!start && loadMore && !modes().loadMore)
    return t("reasonLoadMoreOff", [], 'Clicking "Load more" is off for this site.');
  return null;
}

function report(next: TabStatus): void {
  const on = enabled();
  const paused = next.state === "ready" ? pausedReason() : null;
  const { rule, fetchingAll, loaded, teaching, restored } = tab.state;
  const status: TabStatus = {
    ...next,
    // A pager waiting for the scroll is "off" while the site (or its mode) is switched off.
    state: paused ? "off" : next.state,
    reason: paused ?? next.reason,
    modes: modes(),
    ...(tab.state.chapter ? { serial: true } : {}),
    chapters: chaptersOn(pageUrl, settings.chapterSites),
    ruleName: rule.name,
    ruleSource: rule.source,
    site,
    siteEnabled: on,
    pageCap: settings.pageCap,
    fetchingAll,
    detector: true,
    ...(loaded.as ? { detectorLoad: loaded.as } : {}),
    ...(teaching.note ? { teach: teaching.note } : {}),
    ...(restored !== undefined ? { restored } : {}),
  };
  tab.setStatus(status);
  browser.runtime.sendMessage({ type: "content→background:status", status }).catch(() => {
    // The background may be asleep or reloading; the popup asks again anyway.
  });
}

/** The pager, created on first need (a switched-off site gets none until asked). */
function ensurePager(): JoiningPager | null {
  const { pager, ownScroll, start, loadMore } = tab.state;
  if (pager) return pager;
  if (ownScroll) return null;
  if (!start && !loadMore) return null;
  const made = start
    ? new Pager(document, start, settings, report, pagerHooks())
    : newLoadMorePager(loadMore as LoadMoreFound);
  tab.pagerCreated(made);
  made.setAuto(autoOn());
  made.attach();
  keepTrackOfPlace();
  if (tab.joinsChapters()) serialPlaceKeeper();
  return made;
}

function newLoadMorePager(found: LoadMoreFound): LoadMorePager {
  const rule = found.rule;
  return new LoadMorePager(document, found.target, settings, report, {
    words,
    detectMs: found.detectMs,
    mayClick: () => modes().loadMore,
    onPage: () => tab.state.place?.save(),
    // A button the site re-rendered is found again by the reader's rule, checked again.
    ...(rule
      ? { findAgain: () => loadMoreFromRules([rule], document, pageUrl)?.target ?? null }
      : {}),
  });
}

function pagerHooks(): PagerHooks {
  const { chapter } = tab.state;
  if (chapter && tab.joinsChapters()) {
    // A chapter's rule is no rule of the site's pages: it is neither cached nor dropped.
    const { onRuleChecked: _, ...hooks } = pageHooks();
    const page1 = { doc: document, url: pageUrl, elements: chapter.start.pageElements };
    const chapters = chapterHooks(page1, chapter.serial, chapterWords(getMessage));
    return {
      ...hooks,
      ...chapters,
      onPage: ({ number, url, doc }) => {
        const heading = chapters.separatorLabel({ number, url, doc, elements: [] });
        tab.pageJoined({ number, url, html: doc.documentElement.outerHTML, heading });
        tab.state.place?.save();
        const { resumeAt } = tab.state.serial;
        if (resumeAt !== null) {
          const work = serialWork(document, pageUrl, tab.state.chapter);
          if (!work || scrollIntoChapter(window, work.elements, resumeAt)) tab.resumed();
        }
        serialPlaceKeeper()?.save();
      },
    };
  }
  return pageHooks();
}

function pageHooks(): PagerHooks {
  return {
    words,
    mayRender: () => modes().frame,
    firstFetch: () =>
      modes().ownScroll ? waitForSite(window, firstFetchGate) : Promise.resolve(true),
    frameRequests: (on) =>
      browser.runtime.sendMessage({ type: "content→background:frame-requests", on, pageUrl }),
    onRuleChecked: (check) => void keepOrDropRule(check),
    onPage: ({ number, url, doc }) => {
      tab.pageJoined({ number, url, html: doc.documentElement.outerHTML });
      tab.state.place?.save();
    },
    onRefused: (r) => void rememberRefusal(r),
  };
}

/**
 * The reader pressed "Not the next page" on joined page `page` (the pager took it and
 * the later pages back): remember the refused link for the site (../src/reader/corrections.ts),
 * drop the learned rule that led there, and keep Back and Reload from joining it again.
 */
async function rememberRefusal(r: { page: number; url: string; nextLink: string | null }) {
  // The learned rule that led there is dropped below; read before the transition forgets it.
  const { rule: before, start } = tab.state;
  tab.pagesRefused(r.page);
  // Back and Reload must not join again what the reader refused: the place keeps the pages
  // before it, or, with none left (a place needs two pages), the site's places are forgotten.
  if (tab.state.joined.length > 0) tab.state.place?.save();
  else
    void browser.runtime
      .sendMessage({ type: "content→background:forget-site-places", site })
      .catch(() => {});
  const local = (await browser.storage.local
    .get([CORRECTIONS_KEY, LEARNED_RULES_KEY])
    .catch(() => ({}))) as Record<string, unknown>;
  const correction = {
    site,
    nextLink: r.nextLink,
    urlPattern: urlPatternOf(r.url),
    url: r.url,
    at: Date.now(),
  };
  const items: Record<string, unknown> = {
    [CORRECTIONS_KEY]: addCorrection(parseCorrections(local[CORRECTIONS_KEY]), correction),
  };
  // The reader's own rules stay theirs (the correction keeps them off that link).
  const rule = before.source === "user" ? null : (before.cached ?? start?.rule);
  if (rule)
    items[LEARNED_RULES_KEY] = forgetRule(parseRuleCache(local[LEARNED_RULES_KEY]), rule.url);
  await browser.storage.local.set(items).catch(() => {});
}

/** Whether a rule's match on this page follows a link the reader refused. */
function refusedMatch(match: RuleMatch): boolean {
  return tab.state.rule.refused?.(match.nextUrl, [match.nextAnchor]) === true;
}

/** Page 1 as a site rule reads it (the rule already matched there). */
function startWith(match: RuleMatch, userRule: boolean, detectMs: number): PagerStart {
  return {
    pageUrl,
    nextUrl: match.nextUrl,
    nextScore: 1,
    pageElements: match.pageElements,
    // One union XPath: splitting on " | " would cut a literal that holds one.
    pageElementXPaths: [match.rule.pageElement],
    detectMs,
    rule: match.rule,
    ...(userRule ? { userRule } : {}),
  };
}

/**
 * Keep out of the way of a page that lists more by itself as the reader scrolls
 * (../src/features/own-scroll.ts): watch page 1's page elements (any list of the page
 * when there is no pager), and when the site's own items arrive, take back what tsugi
 * joined and join nothing more.
 * @param scope page 1's page elements; empty: any list
 * @param seen what the entry's watch saw from waking until now (the site may have answered
 *   a scroll made while the detector loaded: then tsugi keeps out at once)
 */
function watchForOwnScroll(scope: readonly Element[], seen?: OwnScrollSeen): void {
  const onFound = () => {
    // The reader told tsugi to join on this site anyway.
    if (!modes().ownScroll) return;
    tab.stop("own-scroll");
    firstFetchGate.found();
    const reason = words.stop({ kind: "own-scroll" }, 1);
    const { pager, place, status } = tab.state;
    if (pager instanceof Pager) {
      pager.yieldToSite();
      // Back or Reload must not join again the pages just taken back.
      place?.save();
      report(pager.snapshot());
    } else if (!pager) report({ ...status, state: "own-scroll", reason, pages: 1 });
  };
  if (seen && seenInScope(seen.items, scope)) {
    onFound();
    return;
  }
  const stop = watchOwnScroll(window, {
    scope,
    // A scroll the entry saw may still be answered: watch from now on.
    ...(seen && seen.lastScrollAt > Number.NEGATIVE_INFINITY
      ? { scrolledAt: seen.lastScrollAt }
      : {}),
    onFound,
  });
  tab.watchingOwnScroll(stop);
}

/** The reader turned "leave it alone" off for this site after tsugi stepped aside:
 * start joining again from page 1 (a new pager: the old one took everything back). */
function joinDespiteOwnScroll(): void {
  tab.joinDespiteOwnScroll();
  // A page without a pager goes back to saying why it has none.
  if (!tab.canJoin()) report({ ...tab.state.status, state: "no-next", reason: noNextReason() });
}

/** Page 1 as a rule reads it, and that rule's name, source and learned rule. */
interface Ruled {
  start: PagerStart;
  rule: { name: string | null; source: RuleSource; cached: CachedRule | null };
}

/** Page 1 from the reader's site rule, when one applies. */
function startFromRule(rules: readonly ReaderRule[]): Ruled | null {
  const match = matchSiteRule(rules, document, pageUrl, (m) => !refusedMatch(m));
  if (!match) return null;
  return {
    start: startWith(match, true, 0),
    rule: { name: match.rule.name, source: "user", cached: null },
  };
}

/**
 * Page 1's "Load more" button from the reader's load-more rule, when one applies and
 * the button it names passes the load-more control check (../src/picker/load-more-rule.ts).
 */
function loadMoreFromRule(rules: readonly ReaderRule[]): LoadMoreFound | null {
  const t0 = performance.now();
  const match = loadMoreFromRules(rules, document, pageUrl);
  if (!match) return null;
  return { target: match.target, detectMs: performance.now() - t0, rule: match.rule };
}

/** Page 1 from a rule learned on an earlier visit, when one matches this page. */
function startFromCache(stored: unknown): Ruled | null {
  const t0 = performance.now();
  const match = matchSiteRule(
    parseRuleCache(stored),
    document,
    pageUrl,
    (m) => !m.pageElements.some((e) => e.contains(m.nextAnchor)) && !refusedMatch(m),
  );
  if (!match) return null;
  return {
    start: startWith(match, false, performance.now() - t0),
    rule: { name: null, source: "learned", cached: match.rule },
  };
}

/**
 * After each fetched page: a learned rule that carried the page (found its page
 * element and next link) is cached for the next visit; one that failed is dropped.
 * The reader's own rules are never touched.
 */
async function keepOrDropRule(check: RuleCheck): Promise<void> {
  if (tab.state.rule.source === "user" || !tab.state.start) return;
  const stored = await browser.storage.local.get(LEARNED_RULES_KEY).catch(() => ({}));
  const cache = parseRuleCache((stored as Record<string, unknown>)[LEARNED_RULES_KEY]);
  const { rule: runRule, start } = tab.state;
  if (!start) return;
  const cached = runRule.cached;
  // After a handover the pager reads with the rule of the link page 2 confirmed.
  const rule = cached ?? check.rule ?? start.rule;
  if (!rule) return;
  // Learn from page 2 (one write is enough); forget only the cached rule this page used,
  // never another rule of the same section that was not tried here.
  if (check.ok && check.page !== 2) return;
  if (!check.ok && !cached) return;
  const next = check.ok ? rememberRule(cache, rule, Date.now()) : forgetRule(cache, rule.url);
  // Once stored, this tab's rule is the cached one: a later failure must forget it.
  tab.ruleCached(check.ok ? (next.find((r) => r.url === rule.url) ?? null) : null);
  await browser.storage.local.set({ [LEARNED_RULES_KEY]: next }).catch(() => {});
}

const SERIAL_OFFER =
  'This looks like a serial. Turn on "Join the next chapter" in the popup to join its next chapter.';

/**
 * Page 1 as a chapter of a serial (../src/features/serial.ts), with what the chapter pager
 * starts from; null where the page reads as no chapter, or where its next page is another
 * page of this chapter (a long chapter's own pager joins as pages).
 * @param found page 1's detection
 * @param paged the pager's start from it (null: no next page)
 */
async function readChapter(found: Detection, paged: PagerStart | null): Promise<ChapterRun | null> {
  const serial = readSerial(document, pageUrl);
  if (!serial || refusedChapter(serial)) return null;
  if (paged && samePageKey(paged.nextUrl) !== samePageKey(serial.next.url)) return null;
  // "Part 2" and a next URL one number up: a multi-page article's page 2.
  if (serial.partOnly && numberStepOnly(pageUrl, serial.next.url)) return null;
  let elements = paged?.pageElements ?? [];
  let xpaths = paged?.pageElementXPaths ?? [];
  if (elements.length === 0) {
    await loadPageElementModel();
    elements = (await new SliceBudget().run(detectPageElementSteps(document, serial.next.anchor)))
      .elements;
    xpaths = xpathsForRun(elements);
  }
  const start = chapterStart(pageUrl, serial, elements, xpaths, found.ms);
  return start ? { serial, start } : null;
}

/** Why detection found no next link: none, or only one to another site (refused). */
function noNextReason(): string {
  const foreign = foreignRelNext(document, pageUrl);
  return foreign
    ? words.stop({ kind: "cross-origin", url: foreign }, 1)
    : t("reasonNoNext", [], "No next link on this page.");
}

/** Page 1 from the rule the pager used before the reader left, when it still matches. A
 * chapter whose next chapters were joined joins them again as chapters, and only while
 * "Join the next chapter" is on (else detection offers it again). */
function startFromPlace(back: Recalled): Ruled | null {
  const rule = back.place.rule;
  const match = rule ? matchSiteRule([rule], document, pageUrl, (m) => !refusedMatch(m)) : null;
  if (!match) return null;
  const detected = { name: null, source: "detected", cached: null } as const;
  const chapter = chapterFromPlace(back, match);
  if (chapter) {
    tab.serialFound(chapter);
    return chaptersOn(pageUrl, settings.chapterSites)
      ? { start: chapter.start, rule: detected }
      : null;
  }
  return { start: startWith(match, false, 0), rule: detected };
}

/** Whether the reader refused the serial's next-chapter link ("Not the next page"). */
function refusedChapter(serial: SerialPage): boolean {
  return tab.state.rule.refused?.(serial.next.url, [serial.next.anchor]) === true;
}

/**
 * The chapter run of a reader who comes back to a chapter whose next chapters were
 * joined: the page reads as a chapter, and the place's next page is its next chapter.
 * @param back the place kept
 * @param match the place's rule on this page
 */
function chapterFromPlace(back: Recalled, match: RuleMatch): ChapterRun | null {
  const next = back.place.pages[back.from + 1];
  const serial = next ? readSerial(document, pageUrl) : null;
  if (!serial || refusedChapter(serial)) return null;
  if (samePageKey(next as string) !== samePageKey(serial.next.url)) return null;
  const start = chapterStart(pageUrl, serial, match.pageElements, [match.rule.pageElement], 0);
  return start ? { serial, start } : null;
}

/** The keeper of the reader's place in this page's serial, started with the first
 * chapter joined; null where the page is no chapter or its work has no name. */
function serialPlaceKeeper(): { save(): void } | null {
  const kept = tab.state.serial.keeper;
  if (kept) return kept;
  const work = serialWork(document, pageUrl, tab.state.chapter);
  if (!work) return null;
  const keeper = keepSerialPlace(window, work, browser.storage.local);
  tab.keepingSerialPlace(keeper);
  return keeper;
}

/** What the place keeper records: the pages shown, while something is joined by URL on a
 * site that is on (a load-more page has no URLs to fetch again). */
function shownPages(): Pick<JoinedPlace, "pages" | "rule" | "clicks"> | null {
  if (!settings.restorePlace || !enabled()) return null;
  const { pager, joined, start } = tab.state;
  if (pager instanceof LoadMorePager)
    return { pages: [pageUrl], clicks: pager.snapshot().pages - 1 };
  if (!(pager instanceof Pager)) return null;
  return {
    pages: [pageUrl, ...joined.map((p) => p.url)],
    ...(start?.rule ? { rule: start.rule } : {}),
  };
}

function keepTrackOfPlace(): void {
  if (tab.state.place) return;
  tab.keepingPlace(
    keepPlace(
      window,
      shownPages,
      (p) =>
        void browser.runtime
          .sendMessage({ type: "content→background:remember-place", place: p })
          .catch(() => {}),
      historyEntryKey(window),
    ),
  );
}

/** The reader switched the site off: forget its remembered places in every tab. */
function forgetPlacesIfOff(): void {
  if (enabled()) return;
  void browser.runtime
    .sendMessage({ type: "content→background:forget-site-places", site })
    .catch(() => {});
}

/**
 * Join again the pages of a reader who came back, then put the element they were reading
 * where it was on screen, unless they scrolled meanwhile.
 */
async function restorePlace(p: Pager, back: Recalled): Promise<void> {
  const urls = back.place.pages.slice(back.from + 1);
  let moved = false;
  const onInput = () => {
    moved = true;
  };
  const inputs = ["wheel", "touchmove", "keydown"] as const;
  for (const type of inputs) window.addEventListener(type, onInput, { passive: true });
  const joining = p.restore(urls);
  p.setAuto(enabled());
  p.attach();
  const restored = await joining;
  tab.restoredPages(restored);
  for (const type of inputs) window.removeEventListener(type, onInput);
  const anchor = back.place.anchor;
  if (anchor && !moved) scrollToAnchor(window, anchor, back.from);
  const snap = p.snapshot();
  report(
    restored < urls.length && !snap.reason
      ? {
          ...snap,
          reason: t(
            "reasonRestoredPart",
            [String(restored), String(urls.length)],
            `Restored ${restored} of ${urls.length} pages: the others are gone or changed.`,
          ),
        }
      : snap,
  );
}

/**
 * Click the page's own "Load more" button again as many times as before the reader left
 * (Back, Reload), quietly and at the site's pace, then put the element they were reading
 * where it was on screen, unless they scrolled meanwhile.
 */
async function restoreClicks(back: Recalled, found: LoadMoreFound): Promise<void> {
  // Attached only once the clicks are back: its own scroll trigger must not click first.
  const p = newLoadMorePager(found);
  tab.pagerCreated(p);
  let moved = false;
  const onInput = () => {
    moved = true;
  };
  const inputs = ["wheel", "touchmove", "keydown"] as const;
  for (const type of inputs) window.addEventListener(type, onInput, { passive: true });
  await p.restore(back.place.clicks ?? 0);
  for (const type of inputs) window.removeEventListener(type, onInput);
  if (back.place.anchor && !moved) scrollToAnchor(window, back.place.anchor, 0);
  p.setAuto(enabled());
  p.attach();
  keepTrackOfPlace();
  report(p.snapshot());
}

function applyAddressBar(): void {
  const { pager, addressBar } = tab.state;
  if (settings.addressBar && pager && !addressBar)
    tab.followingAddressBar(followAddressBar(window, pageUrl));
  else if (!settings.addressBar && addressBar) {
    addressBar();
    tab.followingAddressBar(null);
  }
}

/**
 * Page 1's run: a site rule or detection, then the pager.
 * @param fromEntry the reader's settings as the entry read them
 * @param local the reader's and learned rules and corrections, as the entry read them
 * @param back the joined pages and place to restore (Back, Forward, Reload)
 * @param ownScroll the entry's watch for the site's own scrolling, taken over here
 */
async function main(
  fromEntry: Settings,
  local: Record<string, unknown>,
  back?: Recalled,
  ownScroll?: EarlyOwnScroll,
): Promise<void> {
  // The pager holds this object and storage.onChanged updates it in place.
  Object.assign(settings, fromEntry);
  if (!back) await whenIdle();
  const refused = refusedLinks(parseCorrections(local[CORRECTIONS_KEY]), document, pageUrl);
  tab.readCorrections(refused);
  const rules = parseSiteRules(local[SITE_RULES_KEY] ?? []).rules;
  const userRuled = startFromRule(rules);
  const ruleButton = userRuled ? null : loadMoreFromRule(rules);
  if (ruleButton) tab.startLoadMore(ruleButton);
  const ruled =
    userRuled ||
    (!ruleButton && ((back && startFromPlace(back)) || startFromCache(local[LEARNED_RULES_KEY])));
  if (ruled) {
    // A pager on a rule falls back to the page-element forest when the rule misses a page.
    await loadPageElementModel();
    tab.startWithRule(ruled.start, ruled.rule);
  } else if (!ruleButton) {
    // An unsure next link is kept for page 2 to confirm (the third stage); without a
    // next link, the page's own "Load more" button if it has a safe one that extends the
    // page's main list (the page element), not a river beside an article.
    const linksBefore = document.links.length;
    const { found, loadMore: button } = await detectStaged(document, pageUrl, {
      idle: whenIdle,
      beforePageElement: loadPageElementModel,
      refused,
    });
    // What this page load cost tsugi: the gate, then the detection it let through.
    found.ms += tab.state.loaded.gate?.ms ?? 0;
    const paged = pagerStart(found, pageUrl);
    // A chapter of a serial joins only with "Join the next chapter" on, whatever its URL.
    const chapter = await readChapter(found, paged);
    if (chapter) {
      tab.serialFound(chapter);
      const work = serialWork(document, pageUrl, chapter);
      if (work)
        tab.resumeAsked(await resumeIfAsked(browser.storage.local, window, work).catch(() => null));
      // The switch may have changed while the page loaded (the settings the entry read).
      const stored = await browser.storage.sync.get("chapterSites").catch(() => ({}));
      settings.chapterSites = mergeSettings(stored).chapterSites;
    }
    const detected = chapter
      ? chaptersOn(pageUrl, settings.chapterSites)
        ? chapter.start
        : null
      : paged;
    const loadMore = button && !chapter ? { target: button, detectMs: found.ms } : null;
    tab.detected(detected, loadMore);
    if (!detected && !loadMore) {
      report({
        ...INITIAL_STATUS,
        state: "no-next",
        reason: chapter
          ? t("reasonSerialOffer", [], SERIAL_OFFER)
          : found.next.url
            ? t("reasonNoElement", [], "No page element found on this page.")
            : noNextReason(),
        nextScore: found.next.score,
        detectMs: found.ms,
      });
      // After the report: growth seen while loading turns the status at once.
      watchForOwnScroll([], ownScroll?.handOver());
      watchForLateRendering(linksBefore);
      return;
    }
  }
  const { start, loadMore } = tab.state;
  const seen = ownScroll?.handOver();
  // A load-more pager's clicks grow the list by design: only next-link pages are watched.
  if (start) watchForOwnScroll(start.pageElements, seen);
  // The site answered the reader's scroll while tsugi loaded: nothing to join or restore.
  if (tab.state.ownScroll) return;
  if (!enabled()) {
    report(
      start
        ? {
            ...INITIAL_STATUS,
            state: "ready",
            nextUrl: start.nextUrl,
            nextScore: start.nextScore,
            detectMs: start.detectMs,
            rule: {
              pageElement:
                xpathsForRun(start.pageElements).join(" | ") || start.pageElementXPaths.join(" | "),
              nextLink: start.rule?.nextLink ?? null,
            },
          }
        : {
            ...INITIAL_STATUS,
            state: "ready",
            detectMs: loadMore?.detectMs ?? 0,
            loadMore: loadMore?.target.label ?? null,
          },
    );
    return;
  }
  if (back && start && back.place.pages.length > back.from + 1) {
    const p = new Pager(document, start, settings, report, pagerHooks());
    tab.pagerCreated(p);
    await restorePlace(p, back);
    keepTrackOfPlace();
  } else if (back?.place.clicks && !start && loadMore && modes().loadMore && !tab.state.ownScroll) {
    await restoreClicks(back, loadMore);
  } else {
    ensurePager();
    // Nothing to join again (the reader came back to the last joined page's own URL):
    // only the place.
    if (back?.place.anchor) scrollToAnchor(window, back.place.anchor, back.from);
  }
  applyAddressBar();
}

/**
 * Watch a page where detection found nothing to join for links its own script adds later,
 * and detect again once it has and the reader is near the end (../src/wake/regate.ts): an
 * app shell's page 1 is only a mount point until its script has fetched and rendered the
 * list and the pager, and a rule learned on an earlier visit loads this script at once,
 * before that, where the entry's own second look never runs. A few looks per page at most.
 * @param looked the page's number of links when the detection that found nothing began
 */
function watchForLateRendering(looked: number): void {
  if (tab.state.lateLooks >= MAX_REGATES) return;
  watchForLateLinks(
    window,
    () => {
      // The reader asked meanwhile, or the site scrolls by itself: nothing to look for.
      if (tab.canJoin() || tab.state.pager || tab.state.ownScroll) return true;
      tab.lookedAgain();
      detectAgain();
      return true;
    },
    looked,
  );
}

/**
 * Detect again on this page now, as on a fresh visit, with the rules and corrections
 * stored now: the reader undid a correction or removed the rule in use. The current run
 * ends without a word first (its pager takes back what it put into the page); runs after
 * the run in progress, never beside it.
 */
function detectAgain(): void {
  tab.running(
    tab.state.run.then(async () => {
      const ended = tab.restart();
      ended.pager?.discard();
      ended.ownScrollWatch?.();
      const local = (await browser.storage.local
        .get([SITE_RULES_KEY, LEARNED_RULES_KEY, CORRECTIONS_KEY])
        .catch(() => ({}))) as Record<string, unknown>;
      await main({ ...settings }, local).catch(reportFailure);
    }),
  );
}

/** Settings and the per-site switch changed in another context: apply them now. */
browser.storage.onChanged.addListener((changes, area) => {
  if (area === "local") {
    const { rule, pager } = tab.state;
    const ruleInUse = rule.source === "user" ? rule.name : null;
    if (undoesRun(changes, { site, ruleInUse, pages: pager?.snapshot().pages ?? 1 })) detectAgain();
    return;
  }
  if (area !== "sync") return;
  const fresh: Record<string, unknown> = { ...settings };
  for (const [key, change] of Object.entries(changes)) fresh[key] = change.newValue;
  // The pager holds this object: update it in place.
  Object.assign(settings, mergeSettings(fresh));
  if (tab.state.ownScroll && !modes().ownScroll) joinDespiteOwnScroll();
  if (chaptersOn(pageUrl, settings.chapterSites)) tab.joinChapters();
  if (!tab.state.pager && tab.canJoin() && enabled()) ensurePager();
  tab.state.pager?.setAuto(autoOn());
  applyAddressBar();
  if ("disabledSites" in changes) forgetPlacesIfOff();
  reportPagerOrReady();
});

/** Report the pager's status, else "ready" on a page with something to join; else
 * nothing. */
function reportPagerOrReady(): void {
  const { pager, status } = tab.state;
  if (pager) report(pager.snapshot());
  else if (tab.canJoin()) report({ ...status, state: "ready" });
}

/** How many items page 1's list holds (0: not a list), read once, when the popup opens. */
function listItemCount(): number {
  const { listCount, start } = tab.state;
  if (listCount === undefined && start)
    tab.listCounted(segmentRecords(start.pageElements)?.records.length ?? 0);
  return tab.state.listCount ?? 0;
}

/** The joined article, or the items of every page shown, in one format. */
async function exportFile(
  format: ExportFormat | ItemsFormat | BookFormat,
  book?: BookOptions,
): Promise<ExportFile> {
  const { joined, start, status, chapter } = tab.state;
  const heading = tab.joinsChapters() ? (chapter?.serial.heading ?? document.title) : null;
  const file = await (await exporter()).exportFile({
    ...(heading ? { heading } : {}),
    ...(book ? { book } : {}),
    format,
    doc: document,
    pageUrl,
    joined,
    pageElements: start?.pageElements ?? [],
    status: { state: status.state, reason: status.reason, detectMs: status.detectMs },
    getMessage,
  });
  const work = format === "epub" ? serialWork(document, pageUrl, chapter) : null;
  if (work) {
    const last = lastChapterOfBook(
      work,
      joined.map((p) => p.url),
      Date.now(),
    );
    await rememberBook(browser.storage.local, last).catch(() => {});
  }
  return file;
}

/** The "toggle on this site" shortcut: flip this host in `storage.sync`; the change
 * reaches every tab of the site through `storage.onChanged`. */
async function toggleSite(): Promise<TabStatus> {
  const stored = mergeSettings(await browser.storage.sync.get("disabledSites"));
  const on = !isSiteEnabled(pageUrl, stored.disabledSites);
  const disabledSites = withSite(stored.disabledSites, pageUrl, on);
  await browser.storage.sync.set({ disabledSites });
  settings.disabledSites = disabledSites;
  if (!tab.state.pager && tab.canJoin() && on) ensurePager();
  tab.state.pager?.setAuto(autoOn());
  if (tab.state.pager || tab.canJoin()) reportPagerOrReady();
  else report(tab.state.status);
  return tab.state.status;
}

async function fetchAll(): Promise<TabStatus> {
  const p = ensurePager();
  if (!p) return tab.state.status;
  tab.beginFetchAll();
  report(p.snapshot());
  try {
    await p.loadMore(settings.pageCap, () => report(p.snapshot()));
  } finally {
    tab.endFetchAll();
    report(p.snapshot());
  }
  return tab.state.status;
}

/** One popup or background message, as the entry forwards it. */
function handle(message: Message): Promise<unknown> | undefined {
  const status = () => tab.state.status;
  switch (message.type) {
    case "popup→content:get-status": {
      const listItems = listItemCount();
      const work = serialWork(document, pageUrl, tab.state.chapter);
      const store = browser.storage.local;
      return Promise.all([
        offerOnPage(store, document, pageUrl, work).catch(() => null),
        work ? lastBookOf(store, work.work).catch(() => null) : null,
      ]).then(([p, book]) => ({
        ...status(),
        ...(listItems > 0 ? { listItems } : {}),
        ...(p ? { continueAt: { url: p.url, number: p.number, title: p.title } } : {}),
        ...(book ? { lastBook: { url: book.url, number: book.number } } : {}),
      }));
    }
    case "popup→content:next-page":
    case "background→content:next-page":
      return (ensurePager()?.loadNext() ?? Promise.resolve()).then(status);
    case "popup→content:load-more":
      return (
        ensurePager()?.loadMore(Math.max(1, Math.min(100, message.count))) ?? Promise.resolve()
      ).then(status);
    case "background→content:toggle-site":
      return toggleSite();
    case "popup→content:stop":
      tab.state.pager?.stop();
      return Promise.resolve(status());
    case "popup→content:fetch-all":
      return fetchAll();
    case "popup→content:export":
      return exportFile(message.format, message.book);
    case "popup→content:pick":
      startPicking(message.target);
      return Promise.resolve(status());
    default:
      return undefined;
  }
}

/** Enter pick mode (../src/picker/pick-mode.ts) for one part of the site rule. */
function startPicking(target: PickTarget): void {
  tab.state.teaching.mode?.stop();
  const mode = new PickMode(window, {
    target,
    hint: teachWords.hint(target),
    onChoose: (el) => {
      tab.picking(null);
      void picked(target, el).catch((e: unknown) => say(String(e)));
    },
    onCancel: () => tab.picking(null),
  });
  tab.picking(mode);
  mode.start();
}

/** Say what became of a pick: at the top of the page for a while, and in the status. */
function say(text: string): void {
  tab.said(text);
  showPickNotice(document, text);
  report(tab.state.status);
}

/** The parts of a rule this page's run already knows: the run's next link, and its page
 * element, else the one detection finds around the next link. */
async function knownParts(): Promise<RuleParts> {
  const { start, teaching } = tab.state;
  const nextLink = start?.rule?.nextLink;
  const linkXPath = teaching.picked.nextLink ?? nextLink;
  const anchor = linkXPath
    ? (nextFromRule(document, linkXPath, pageUrl)?.nextAnchor ?? null)
    : null;
  let pageElement = start?.pageElementXPaths.join(" | ") || undefined;
  const holds = pageElement ? checkPageElement(document, pageElement, anchor).ok : false;
  if (!teaching.picked.pageElement && anchor && !holds) {
    await loadPageElementModel();
    const beside = await new SliceBudget().run(detectPageElementSteps(document, anchor));
    const found = contentBesideLink(beside.elements, anchor);
    pageElement = found.length > 0 ? xpathsForRun(found).join(" | ") : undefined;
  }
  return { ...(nextLink ? { nextLink } : {}), ...(pageElement ? { pageElement } : {}) };
}

/** A part picked: check it, then save the rule and join with it, or ask for the other part. */
async function picked(target: PickTarget, el: Element): Promise<void> {
  if (target === "load-more") return pickedLoadMore(el);
  const parts = tab.state.teaching.picked;
  if (target === "next-link") {
    const link = linkOf(el);
    if (!link) return say(teachWords.problem("not-link"));
    tab.picked({ ...parts, nextLink: pickedNextLinkXPath(link) });
  } else tab.picked({ ...parts, pageElement: pickedPageElementXPath(el) });
  const step = teachStep(document, pageUrl, tab.state.teaching.picked, await knownParts());
  if (step.kind === "problem") {
    const { [step.target === "next-link" ? "nextLink" : "pageElement"]: _, ...kept } =
      tab.state.teaching.picked;
    tab.picked(kept);
    return say(teachWords.problem(step.problem));
  }
  if (step.kind === "need") {
    say(teachWords.need(step.target));
    startPicking(step.target);
    return;
  }
  tab.picked({});
  await saveRule(step.rule);
  // Said first, so that the new pager's first status carries it.
  say(teachWords.saved(step.rule.name));
  await joinWithRule(step.rule);
}

/**
 * A "Load more" button picked on a list without a next link: checked as safe to click and
 * following a list, then clicked by the load-more pager as the reader nears the end. Its
 * XPath is saved as the site's picked rule (`loadMoreButton`), so later visits click it
 * too; a button no XPath singles out is clicked on this page only.
 */
async function pickedLoadMore(el: Element): Promise<void> {
  const checked = checkLoadMoreButton(controlOf(el));
  if (!checked.ok) return say(teachWords.problem(checked.problem));
  const xpath = pickedLoadMoreXPath(checked.target.control);
  const rule = xpath ? pickedLoadMoreRule(pageUrl, xpath) : null;
  if (rule) await saveRule(rule);
  tab.stop("replaced")?.discard();
  tab.startLoadMore({ target: checked.target, detectMs: 0, ...(rule ? { rule } : {}) });
  const label = checked.target.label;
  // Said first, so that the load-more pager's first status carries it.
  say(rule ? teachWords.loadMoreSaved(label, rule.name) : teachWords.loadMoreChosen(label));
  ensurePager();
}

/** Add a picked rule to the reader's site rules (replacing the site's earlier one). */
async function saveRule(rule: ReaderRule): Promise<void> {
  const stored = (await browser.storage.local.get(SITE_RULES_KEY).catch(() => ({}))) as Record<
    string,
    unknown
  >;
  const rules = parseSiteRules(stored[SITE_RULES_KEY] ?? []).rules;
  await browser.storage.local.set({ [SITE_RULES_KEY]: withPickedRule(rules, rule) });
}

/** Join with a rule from now on: whatever was joined before is taken back first. */
async function joinWithRule(rule: ReaderRule): Promise<void> {
  const match = matchSiteRule([rule], document, pageUrl);
  if (!match) return;
  tab.stop("replaced")?.discard();
  tab.joinedTakenBack();
  // A pager on a rule falls back to the page-element forest when the rule misses a page.
  await loadPageElementModel();
  tab.startWithRule(startWith(match, true, 0), { name: rule.name, source: "user", cached: null });
  ensurePager();
  applyAddressBar();
}

/** A run that threw: joining stops with the reason. */
function reportFailure(e: unknown): void {
  report({
    ...INITIAL_STATUS,
    state: "stopped",
    reason: t("reasonFailed", [String(e)], `tsugi failed: ${String(e)}`),
  });
}

installDetector({
  start: (ctx) => {
    tab.begin(ctx.gate, ctx.loadedAs);
    const run = main(mergeSettings(ctx.sync), ctx.local, ctx.restore, ctx.ownScroll).catch(
      reportFailure,
    );
    tab.running(run);
    return run;
  },
  handle,
});
