import { SliceBudget, yieldToPage } from "../budget/slices";
import type { BodyExtent } from "../detect/body-extent";
import type { Detection } from "../detect/detect";
import { judgePage2Steps } from "../detect/page2-judge";
import { chapterWall } from "../detect/same-work";
import { visibleText } from "../features/text";
import { fnv1a } from "../keys/hash";
import { sameOrigin } from "../keys/normalize-url";
import { samePageKey } from "../keys/page-url";
import type { LearnedRule } from "../messaging/site-rule";
import type { TabStatus } from "../messaging/status";
import type { Settings } from "../reader/settings";
import { learnSiteRule } from "../rule/learn-rule";
import { evaluateXPath, xpathFor } from "../rule/xpath";
import { type Filtered, SiblingFilter } from "../siblings/sibling-filter";
import { type SiteChrome, siteChromeOf, withoutChrome } from "./chrome-guard";
import { announceJoinedPage } from "./events";
import { type FetchedPage, FetchPageError, fetchPage } from "./fetch-page";
import {
  hasScripts,
  leastText,
  listMissing,
  mainKind,
  RENDER_TIMEOUT_MS,
  RenderError,
  renderInFrame,
  ruleMissed,
} from "./iframe-render";
import { type InsertionPoint, insertionPointAfter, insertPage } from "./insert";
import { effectiveSrc } from "./lazy-images";
import { ENGLISH, PagerBase, type PagerWords, sleep } from "./pager-base";
import { type PageShape, shapeOf } from "./placeholder";
import { prepareForInsertion, prepareForInsertionSteps } from "./prepare";
import { pageShingles, REPEAT_SHARE, ShownText } from "./repeat-check";
import { StatusBlock } from "./status-block";
import { checkNext, isNormalEnd, type StopReason } from "./stop-conditions";
import { tableRows } from "./table-rows";
import { trimFarPages } from "./trim";
import {
  type PageProfile,
  profileOf,
  type ResolvedPage,
  resolvePageSteps,
  visitedIn,
} from "./verify-page";
import { wallOf, wallStop } from "./walls";

/** Automatic retries after a 5xx, 429 or network error, before stopping with "Retry". */
export const MAX_RETRIES = 2;

/** What page 1's detection hands the pager. */
export interface PagerStart {
  pageUrl: string;
  nextUrl: string;
  nextScore: number;
  pageElements: Element[];
  pageElementXPaths: string[];
  detectMs: number;
  /** The site rule (SITEINFO shape): learned from this detection, cached from an
   * earlier visit, or the reader's own. Its `nextLink` reads fetched pages' next links
   * (the model being the fallback), its `insertBefore` places joined pages (else right
   * after the last page element), its `pagerBar` serves the "replace the pagination
   * bar" option. */
  rule?: LearnedRule;
  /** The rule is the reader's own: no model fallback for fetched pages' next links. */
  userRule?: boolean;
  /** The next link is unsure: page 2 must confirm it (../detect/confirm-next.ts) before
   * anything is joined, and until then the pager shows nothing on the page. */
  confirm?: boolean;
  /** The links tried, each through the page-2 judge, when page 2 refuses `nextUrl` (best
   * first): each with the site rule learned from its own anchor. */
  alternatives?: Handover[];
}

/** A next link the pager hands over to after a refused page 2. */
export interface Handover {
  url: string;
  /** the rule learned with this link as the next link (none without an anchor) */
  rule?: LearnedRule;
}

/** How the site rule fared on one fetched page. */
export interface RuleCheck {
  /** The joined page's number. */
  page: number;
  /** True when the rule found both the page element and the next link (or the end). */
  ok: boolean;
  /** What failed, e.g. "pageElement matched nothing"; empty when ok. */
  problems: string[];
  /** The rule the page was read with (after a handover, the rule of the link page 2
   * confirmed, not page 1's first pick). */
  rule?: LearnedRule;
}

/** Optional callbacks for the content script (export keeps every joined page). */
export interface PagerHooks {
  /** Called once a fetched page is inserted: its number (2 for the first joined page),
   * final URL and parsed document. */
  onPage?(page: { number: number; url: string; doc: Document }): void;
  /** Called after each fetched page is read: whether the site rule held there. */
  onRuleChecked?(check: RuleCheck): void;
  /** Words for the reader (localized by the content script); English by default. */
  words?: PagerWords;
  /** Whether a fetched page that is an empty app shell may be rendered in a hidden
   * same-origin iframe (./iframe-render.ts); asked before each such page, so the
   * reader's per-site switch applies at once. Default: always. */
  mayRender?(): boolean;
  /** Options of the frame rendering (tests shorten the time-out). */
  render?: { timeoutMs?: number; settleMs?: number };
  /** Called after the reader pressed "Not the next page" on the separator of joined page
   * `page` (fetched from `url`) and the pager took that page and every later one back;
   * `nextLink` is the XPath of the rule's next link that led there (null: none). Without
   * this hook the separators carry no such button. */
  onRefused?(refused: { page: number; url: string; nextLink: string | null }): void;
  /** Called just before a hidden frame is created (on: true) and once it is removed (on:
   * false), so the background can block other sites' requests meanwhile
   * (./frame-requests.ts); the frame waits for the first call, whose failure it ignores. */
  frameRequests?(on: boolean): Promise<unknown>;
  /** Asked before the first fetch the reader's scroll sets off: resolves true when tsugi
   * may fetch, false when the site appends its own items (./own-scroll-gate.ts). Default:
   * fetch at once. */
  firstFetch?(): Promise<boolean>;
  /** Asked of each fetched page once its page element is read, before it is joined (the
   * same-work check of serial reading, ./chapter-mode.ts): a stop reason ends joining
   * there; null joins it. Default: every page may be joined. */
  checkPage?(page: FetchedChapter): StopReason | null;
  /** The separator's words for a joined page (serial reading: its chapter heading).
   * Default: the pager's "Page N". */
  separatorLabel?(page: FetchedChapter): string;
  /** The next URL to follow from a fetched page, given the one its rule read (serial
   * reading: the next-chapter link). Default: the rule's. */
  nextUrl?(page: FetchedChapter, ruled: string | null): string | null;
}

/** A fetched page as the serial reading hooks read it. */
export interface FetchedChapter {
  /** Its number among the pages shown (2 for the first joined page). */
  number: number;
  doc: Document;
  /** Its final URL. */
  url: string;
  /** Its page elements, as the rule read them. */
  elements: readonly Element[];
}

/**
 * What the pager needs from page 1's detection, or null when there is nothing
 * to join (no next link, or no page element to insert after). The detection is
 * generalized into a site rule (SITEINFO shape, ../rule/learn-rule.ts) that
 * reads the fetched pages.
 * @param found the detection on page 1
 * @param pageUrl page 1's URL
 */
export function pagerStart(found: Detection, pageUrl: string): PagerStart | null {
  if (!found.next.url || found.pageElements.length === 0) return null;
  // A list laid out as a table joins row by row, inside the table.
  const rows = tableRows(found.pageElements);
  const pageElements = rows?.rows ?? found.pageElements;
  const xpaths = rows ? [rows.xpath] : found.pageElementXPaths;
  const learn = (anchor: Element | null) =>
    anchor ? learnSiteRule(pageUrl, anchor, pageElements, xpaths) : null;
  const rule = learn(found.next.anchor ?? found.next.headLink ?? null);
  // Only a link page 2 must confirm hands over: a certain one that fails stops as always.
  const alternatives: Handover[] = found.next.unsure
    ? found.next.alternatives.map((a) => {
        const r = learn(a.anchor);
        return { url: a.url, ...(r ? { rule: r } : {}) };
      })
    : [];
  return {
    pageUrl,
    nextUrl: found.next.url,
    nextScore: found.next.score,
    ...(found.next.unsure ? { confirm: true } : {}),
    ...(alternatives.length > 0 ? { alternatives } : {}),
    pageElements,
    pageElementXPaths: xpaths,
    detectMs: found.ms,
    ...(rule ? { rule } : {}),
  };
}

/** The stop for a failed request. */
export function stopForFetchError(err: FetchPageError): StopReason {
  if (err.problem === "too-large") return { kind: "too-large", bytes: err.bytes, url: err.url };
  if (err.problem === "not-html") return { kind: "not-html", message: err.message, url: err.url };
  if (err.status >= 400) return { kind: "http-error", status: err.status, url: err.url };
  return { kind: "fetch-failed", message: err.message, url: err.url };
}

/**
 * Delay before automatic retry `attempt` (0-based): the server's `Retry-After`
 * when it sent one, else `base` × 2^attempt; at most 60 s.
 */
export function backoffDelay(attempt: number, base: number, retryAfter: number | null): number {
  return Math.min(60_000, retryAfter ?? base * 2 ** attempt);
}

/**
 * Fingerprint of what a reader sees in some page elements: their visible text
 * (no script or style text, which may carry per-request tokens) and their image
 * sources (lazy ones by their real URL), so image-only pages (galleries, comics) are
 * not all "the same page".
 * @returns an FNV-1a hash with the input length, e.g. "9a1f03c2:5120"
 */
export function contentHash(elements: readonly Element[]): string {
  const images = elements.flatMap((e) => Array.from(e.querySelectorAll("img"), effectiveSrc));
  const s = [...elements.map(visibleText), ...images].join("\n");
  return `${fnv1a(s).toString(16)}:${s.length}`;
}

/**
 * The auto-pager of one tab: watches the scroll position, fetches the next
 * page when the reader nears the end of the joined content, finds its page
 * element (page 1's XPath first, the detector as fallback) and inserts it
 * before the insertion point. One request in flight; stops with a visible
 * reason on the last page, an HTTP error, a visited URL or the page cap.
 */
export class Pager extends PagerBase {
  private nextUrl: string | null;
  private readonly visited = new Set<string>();
  private readonly hashes = new Set<string>();
  private readonly shown = new ShownText();
  /** Items and template blocks the joined pages showed (null with the option off). */
  private readonly siblings: SiblingFilter | null;
  /** The status block; its element marks the end of the joined content. */
  private readonly block: StatusBlock;
  private readonly at: InsertionPoint;
  private profile: PageProfile;
  /** The site rule fetched pages are read with: page 1's, or after a handover the rule of
   * the link page 2 confirmed. */
  private rule: LearnedRule | undefined;
  /** Links still to try when page 2 refuses the one followed (./page2-judge.ts). */
  private readonly handovers: Handover[];
  /** Pages the judge refused as page 2, by requested URL: read again from here, not
   * fetched again, should the sequence reach them. */
  private readonly judged = new Map<string, FetchedPage>();
  /** Page 1's own pagination bar(s), replaced by the last page's when that option is on. */
  private readonly bars: Element[];
  private lastRequestAt = 0;
  private abort: AbortController | null = null;
  /** The next load comes from the reader's Retry: one attempt, no automatic retries. */
  private manualRetry = false;
  /** Page 2 has yet to confirm an unsure next link: load quietly, join only if it does. */
  private confirmPending: boolean;
  /** The first scroll-triggered fetch: not asked yet, waiting for {@link PagerHooks.firstFetch},
   * allowed, or refused (the site scrolls by itself). */
  private firstFetch: "ask" | "waiting" | "go" | "no" = "ask";
  /** XPath of the list that holds page 1's page elements (null: they are not items of
   * one list); an empty copy of it marks a fetched page as an app shell. */
  private readonly container: string | null;
  /** Pages rendered in a hidden frame (./iframe-render.ts) so far. */
  private rendered = 0;
  /** Least visible text of a page element filled in a frame (./iframe-render.ts), chars. */
  private readonly leastText: number;
  /** Page 1's page element as a placeholder is measured against (./placeholder.ts). */
  private readonly shape: PageShape;
  /** Page 1's header, footer, nav and aside: never inserted as a page (./chrome-guard.ts). */
  private readonly chrome: SiteChrome;

  constructor(
    doc: Document,
    private readonly start: PagerStart,
    settings: Settings,
    report: (status: TabStatus) => void,
    private readonly hooks: PagerHooks = {},
  ) {
    super(doc, settings, report, hooks.words ?? ENGLISH, 20);
    this.nextUrl = start.nextUrl;
    this.confirmPending = start.confirm === true;
    this.rule = start.rule;
    this.handovers = [...(start.alternatives ?? [])];
    this.visited.add(samePageKey(start.pageUrl));
    const last = start.pageElements[start.pageElements.length - 1];
    if (!last) throw new Error("Pager needs at least one page element");
    for (const el of start.pageElements) {
      el.setAttribute("data-tsugi-page", "1");
      el.setAttribute("data-tsugi-url", start.pageUrl);
    }
    this.hashes.add(contentHash(start.pageElements));
    this.shown.add(pageShingles(start.pageElements));
    this.siblings = settings.skipRepeats
      ? new SiblingFilter(start.pageElements, start.pageUrl)
      : null;
    this.profile = profileOf(
      start.pageElements,
      start.pageElementXPaths,
      start.rule?.nextLink,
      start.userRule,
    );
    const pagerBar = start.rule?.pagerBar;
    this.bars = pagerBar
      ? evaluateXPath(doc, pagerBar).filter(
          (b) => !start.pageElements.some((p) => p.contains(b) || b.contains(p)),
        )
      : [];
    this.leastText = leastText(start.pageElements);
    this.shape = shapeOf(start.pageElements, this.leastText);
    this.chrome = siteChromeOf(doc, start.pageElements);
    const parent = last.parentElement;
    this.container =
      start.pageElements.length > 1 &&
      parent &&
      start.pageElements.every((e) => e.parentElement === parent)
        ? xpathFor(parent)
        : null;
    const point = this.insertionPoint(start, last);
    this.block = new StatusBlock(doc, point.parent);
    point.parent.insertBefore(this.block.element, point.before);
    this.at = { parent: point.parent, before: this.block.element };
  }

  /** Before the rule's `insertBefore` node when it is found after the page elements,
   * else right after the last page element (AutoPagerize's default). */
  private insertionPoint(start: PagerStart, last: Element): InsertionPoint {
    const xpath = start.rule?.insertBefore;
    const node = xpath ? evaluateXPath(this.doc, xpath)[0] : undefined;
    const after = node && last.compareDocumentPosition(node) & 4; /* FOLLOWING */
    // A learned rule's node must stand beside the content, as where it was learned
    // (another page of the section may have a match in its footer); the reader's own
    // rule is taken at its word.
    const beside = node?.parentElement === last.parentElement || start.userRule === true;
    if (node?.parentElement && after && beside && !last.contains(node))
      return { parent: node.parentElement, before: node };
    return insertionPointAfter(last);
  }

  protected inFlight(): (() => void) | null {
    const inFlight = this.abort;
    this.abort = null;
    return inFlight ? () => inFlight.abort() : null;
  }

  /**
   * Join again, in order, the pages a reader had joined before leaving by a link and
   * coming back (Back, Forward, Reload). They are read from the browser's HTTP
   * cache where it holds them (`force-cache`: no revalidation, no request), else fetched;
   * requests are not spaced by the minimum interval, since these are pages the reader
   * already had, and the scroll trigger waits until all are in. A page already shown is
   * skipped; a page that fails or repeats another ends joining with its reason, as always.
   * @param urls the joined pages' URLs, page 2 first
   * @returns how many pages were joined
   */
  async restore(urls: readonly string[]): Promise<number> {
    const before = this.pages;
    this.restoring = true;
    try {
      for (const url of urls) {
        await this.settled();
        if (this.state !== "ready") break;
        if (this.visited.has(samePageKey(url))) continue;
        this.nextUrl = url;
        await this.loadNext();
      }
    } finally {
      this.restoring = false;
    }
    // As after any join: the end may still be within reach.
    setTimeout(() => this.maybeLoad(), 0);
    return this.pages - before;
  }

  /** Stop listening and cancel a request in flight. */
  override detach(): void {
    super.detach();
    this.abort?.abort();
  }

  /** Status for the popup and the badge. */
  snapshot(): TabStatus {
    return {
      state: this.state,
      reason: this.reasonText(),
      nextUrl: this.nextUrl,
      nextScore: this.start.nextScore,
      pages: this.pages,
      detectMs: this.start.detectMs,
      rule: {
        pageElement: this.start.pageElementXPaths.join(" | "),
        nextLink: this.rule?.nextLink ?? null,
      },
      ...(this.rendered > 0 ? { framePages: this.rendered } : {}),
    };
  }

  /** Distance in px from the bottom of the viewport to the end of the joined content. */
  protected remaining(): number {
    const win = this.doc.defaultView;
    if (!win) return Number.POSITIVE_INFINITY;
    return this.block.element.getBoundingClientRect().top - win.innerHeight;
  }

  /** The scroll trigger; the first fetch waits for {@link PagerHooks.firstFetch}. */
  protected override maybeLoad(): void {
    if (!this.nearEnd()) return;
    if (this.pages === 1 && this.hooks.firstFetch && this.firstFetch !== "go") {
      if (this.firstFetch !== "ask") return;
      this.firstFetch = "waiting";
      void this.hooks.firstFetch().then((ok) => {
        this.firstFetch = ok ? "go" : "no";
        if (ok) this.maybeLoad();
      });
      return;
    }
    void this.loadNext();
  }

  /**
   * Fetch and join the next page now (also used by "next page now").
   * Resolves when the page is inserted or joining stopped; never rejects.
   */
  async loadNext(): Promise<void> {
    if (this.state !== "ready") return;
    const stop = checkNext(
      {
        pageUrl: this.start.pageUrl,
        visited: this.visited,
        pages: this.pages,
        pageCap: this.settings.pageCap,
      },
      this.nextUrl,
    );
    if (stop) return this.finish(stop);
    const url = this.nextUrl as string;
    this.setState("loading");
    let page: FetchedPage | null = null;
    const retries = this.manualRetry ? 0 : MAX_RETRIES;
    this.manualRetry = false;
    const judged = this.judged.get(samePageKey(url));
    if (judged) {
      this.judged.delete(samePageKey(url));
      page = judged;
    }
    for (let attempt = 0; !page; attempt++) {
      if (!this.confirmPending) this.showStatus(this.words.loading(this.pages + 1));
      const interval = this.restoring ? 0 : this.settings.minIntervalMs;
      const wait = this.lastRequestAt + interval - Date.now();
      if (wait > 0) await sleep(wait);
      if (this.isFinished()) return;
      this.lastRequestAt = Date.now();
      this.abort = new AbortController();
      try {
        page = await fetchPage(
          url,
          this.abort.signal,
          undefined,
          this.restoring ? "force-cache" : "default",
        );
      } catch (e) {
        if (this.isFinished()) return; // the reader stopped while it loaded
        const err = e instanceof FetchPageError ? e : new FetchPageError(String(e), url, 0);
        if (!err.retryable || attempt >= retries) return this.finish(stopForFetchError(err));
        const delay = backoffDelay(attempt, this.settings.backoffMs, err.retryAfterMs);
        if (!this.confirmPending)
          this.showStatus(this.words.retrying(this.pages + 1, Math.ceil(delay / 1000)));
        await sleep(delay);
        if (this.isFinished()) return;
      }
    }
    // The fetched page was parsed in the task that received it; reading it takes the next.
    await yieldToPage();
    if (this.isFinished()) return;
    const ready = await this.renderIfShell(url, page);
    if (this.isFinished() || ready === null) return;
    page = ready.page;
    try {
      await this.join(url, page, ready.read);
    } catch (e) {
      // The host page may have removed our insertion point, or a rule may misfire:
      // stop with a reason instead of staying "loading".
      this.finish({
        kind: "insert-failed",
        message: e instanceof Error ? e.message : String(e),
        url: page.url,
      });
    }
  }

  /**
   * Page 1's body to its full extent, as the page-2 judge read it from the first page
   * fetched (../detect/body-extent.ts): the parts of a body its template splits whose text
   * differs from page to page join page 1's page element, and the rule reads them on every
   * page. The reader's own rule is taken as it is (the judge is not asked for it).
   * @param wider the extent
   * @returns true when page 1's page element changed
   */
  private widenBody(wider: BodyExtent): boolean {
    const oldLast = this.start.pageElements[this.start.pageElements.length - 1];
    for (const el of wider.elements) {
      el.setAttribute("data-tsugi-page", "1");
      el.setAttribute("data-tsugi-url", this.start.pageUrl);
    }
    this.start.pageElements = wider.elements;
    this.start.pageElementXPaths = wider.xpaths;
    if (this.start.rule) this.start.rule.pageElement = wider.xpaths.join(" | ");
    this.profile = { ...this.profile, pageElementXPaths: wider.xpaths };
    // Joined pages follow the body's last part.
    const last = wider.elements[wider.elements.length - 1];
    if (last && oldLast && last !== oldLast && last.parentElement === this.at.parent)
      last.after(this.block.element);
    return true;
  }

  /**
   * The fetched page, or, when it is an app shell (page 1's list is missing from it until
   * its script runs), the same page rendered in a hidden same-origin frame
   * (./iframe-render.ts), with the read of the fetched page when it was taken as it is.
   * Null when joining stopped: the page is a wall or does not hold the list
   * ({@link missingListStop}), the frame timed out ("render-timeout") or left the site
   * ("render-left").
   */
  private async renderIfShell(
    url: string,
    page: FetchedPage,
  ): Promise<{ page: FetchedPage; read: ResolvedPage | null } | null> {
    const asFetched = { page, read: null };
    // Another site or a page already shown: join() refuses it with its own reason.
    if (!sameOrigin(this.start.pageUrl, page.url)) return asFetched;
    if (this.visited.has(samePageKey(page.url))) return asFetched;
    // As join() reads it: the requested and the landed URL count as shown.
    const shown = new Set(this.visited).add(samePageKey(url)).add(samePageKey(page.url));
    const read = await new SliceBudget().run(
      resolvePageSteps(page.doc, page.url, this.profile, visitedIn(shown)),
    );
    if (this.isFinished()) return null;
    const main = mainKind(this.start.pageElements);
    if (!listMissing(read, page.doc, this.container, this.shape, main)) return { page, read };
    const stop = this.missingListStop(url, page);
    if (stop) {
      this.finish(stop);
      return null;
    }
    await this.hooks.frameRequests?.(true).catch(() => {});
    try {
      if (this.isFinished()) return null;
      const out = await renderInFrame(this.doc, page.url, {
        profile: this.profile,
        pageUrl: this.start.pageUrl,
        minText: this.leastText,
        shape: this.shape,
        ...(this.abort ? { signal: this.abort.signal } : {}),
        ...this.hooks.render,
      });
      this.rendered += 1;
      return { page: out, read: null };
    } catch (e) {
      if (this.isFinished()) return null;
      const err = e instanceof RenderError ? e : new RenderError(String(e), "timeout", page.url);
      if (err.problem === "left-origin") {
        this.finish({ kind: "render-left", url: page.url });
        return null;
      }
      // No falling back on what the model picks in the shell: with the page's own list
      // there and empty, that pick is its navigation or footer, not its content.
      const seconds = Math.ceil((this.hooks.render?.timeoutMs ?? RENDER_TIMEOUT_MS) / 1000);
      this.finish({ kind: "render-timeout", seconds, url: page.url });
      return null;
    } finally {
      // Lifted before the copy is joined: its images from other hosts load in the tab.
      await this.hooks.frameRequests?.(false).catch(() => {});
    }
  }

  /**
   * Why a fetched page without page 1's list is not joined, or null when it is a shell to
   * render: a wall (./walls.ts; in serial reading the chapter check names it first), a page
   * without scripts ("not-list"), or a shell while the site's rendering switch is off
   * ("render-off"). Never a guess of the page-element model.
   * @param url the URL asked for
   * @param page the fetched page
   */
  private missingListStop(url: string, page: FetchedPage): StopReason | null {
    const number = this.pages + 1;
    const wall = wallOf({ doc: page.doc, requested: url, url: page.url }, this.doc);
    // Serial reading also knows age walls, and names its walls in its own words.
    const chapterWalled = this.hooks.checkPage !== undefined && chapterWall(page.doc);
    if (wall || chapterWalled) {
      const chapter = { number, doc: page.doc, url: page.url, elements: [] };
      return this.hooks.checkPage?.(chapter) ?? wallStop(wall ?? "sign-in", number, page.url);
    }
    if (!hasScripts(page.doc)) return { kind: "not-list", page: number, url: page.url };
    if (!(this.hooks.mayRender?.() ?? true))
      return { kind: "render-off", page: number, url: page.url };
    return null;
  }

  /** Insert a fetched page (or stop), then look again whether the end is within reach.
   * Its reading and sanitizing run in slices that yield to the page (../budget/slices.ts). */
  private async join(
    url: string,
    page: FetchedPage,
    known: ResolvedPage | null = null,
  ): Promise<void> {
    const budget = new SliceBudget();
    // A redirect may land on another site or on a page already shown.
    if (!sameOrigin(this.start.pageUrl, page.url)) {
      this.finish({ kind: "cross-origin", url: page.url });
      return;
    }
    const requested = samePageKey(url);
    const landed = samePageKey(page.url);
    // Ending at the address of a page already shown is no repeat by itself: a shop's
    // script writes its canonical URL, which names page 1 on every page, into the address
    // a rendered frame reports. Such a page is read at the address asked for, and repeats
    // an earlier one only by its content (the hash and shingles below).
    if (landed !== requested && this.visited.has(landed)) page = { ...page, url };
    const landedKey = samePageKey(page.url);
    this.visited.add(requested).add(landedKey);
    if (!this.block.element.isConnected)
      throw new Error("the page removed tsugi's insertion point");
    // The page-2 judge reads the first page fetched once: does it continue page 1 (asked
    // only when page 1 left the link in doubt), which link when not, the body's extent.
    let read0 = known;
    if (this.pages === 1) {
      const verdict = await budget.run(
        judgePage2Steps(
          {
            doc: this.doc,
            url: this.start.pageUrl,
            candidates: this.handovers.map((h) => h.url),
            ...(this.start.userRule
              ? {}
              : { elements: this.start.pageElements, xpaths: this.profile.pageElementXPaths }),
          },
          { doc: page.doc, url: page.url },
          this.confirmPending,
        ),
      );
      // The reader may have stopped the pager while the judge yielded to the page.
      if (this.isFinished()) return;
      if (!verdict.continues) {
        // Not page 2, but maybe a later page of this very sequence (page 3 of a pager
        // counted from 0): kept, unshown, for when the pager gets there.
        this.visited.delete(requested);
        this.visited.delete(landedKey);
        this.judged.set(requested, page);
        if (!this.handOver(verdict.candidate)) this.finish({ kind: "unconfirmed", url: page.url });
        return;
      }
      this.confirmPending = false;
      // A wider body reads page 2 again with the wider rule.
      if (verdict.extent && this.widenBody(verdict.extent)) read0 = null;
    }
    // Read once: the shell test before joining may have read this very page already.
    const read =
      read0 ??
      (await budget.run(
        resolvePageSteps(page.doc, page.url, this.profile, visitedIn(this.visited)),
      ));
    if (this.isFinished()) return;
    this.hooks.onRuleChecked?.({
      page: this.pages + 1,
      ok: read.ruleProblems.length === 0,
      problems: read.ruleProblems,
      ...(this.rule ? { rule: this.rule } : {}),
    });
    // Before the page element's own stop: a wall in front of a chapter has none either.
    const fetched = {
      number: this.pages + 1,
      doc: page.doc,
      url: page.url,
      elements: read.elements,
    };
    const refusal = this.hooks.checkPage?.(fetched) ?? null;
    if (refusal) {
      this.finish(refusal);
      return;
    }
    if (read.elements.length === 0) {
      this.finish({ kind: "no-page-element", url: page.url });
      return;
    }
    // A wall inside page 1's page element (a sign-in form in its `main`) is no page either.
    const inside = ruleMissed(read)
      ? null
      : wallOf(
          { doc: page.doc, requested: url, url: page.url },
          this.start.pageElements,
          read.elements,
        );
    if (inside) {
      this.finish(this.hooks.checkPage?.(fetched) ?? wallStop(inside, fetched.number, page.url));
      return;
    }
    // Page 1's list is not there (the rule found nothing, the model guessed): no guess is
    // joined; and never the site's chrome, whatever the rule matched.
    const elements = ruleMissed(read) ? [] : withoutChrome(read.elements, this.chrome);
    if (elements.length === 0) {
      this.finish(
        this.missingListStop(url, page) ?? {
          kind: "not-list",
          page: fetched.number,
          url: page.url,
        },
      );
      return;
    }
    const hash = contentHash(elements);
    const shingles = pageShingles(elements);
    if (this.hashes.has(hash) || this.shown.repeatShare(shingles) >= REPEAT_SHARE) {
      this.finish({ kind: "duplicate-content", url: page.url });
      return;
    }
    this.hashes.add(hash);
    this.shown.add(shingles);
    // Items and boilerplate already shown leave the fetched document before it is copied in.
    const kept = this.skipRepeats(elements, page.url);
    if (budget.due()) await budget.pause();
    const nodes = await budget.run(
      prepareForInsertionSteps(kept?.elements ?? elements, page.url, this.doc),
    );
    if (this.isFinished()) return;
    if (!this.block.element.isConnected)
      throw new Error("the page removed tsugi's insertion point");
    this.pages += 1;
    const skipped = kept?.skippedItems ?? 0;
    const number = this.pages;
    const onRefused = this.hooks.onRefused;
    const inserted = insertPage(
      this.doc,
      this.at,
      nodes,
      this.pages,
      page.url,
      this.settings.separators
        ? (this.hooks.separatorLabel?.(fetched) ?? this.words.page(this.pages))
        : null,
      page.doc.title,
      skipped > 0 ? this.words.skipped(skipped) : "",
      onRefused
        ? { label: this.words.notNext, onRefuse: () => this.refuse(number, page.url) }
        : undefined,
    );
    if (this.settings.replacePagerBar) this.replacePagerBars(page.doc, page.url);
    this.hooks.onPage?.({ number: this.pages, url: page.url, doc: page.doc });
    this.nextUrl = this.hooks.nextUrl ? this.hooks.nextUrl(fetched, read.nextUrl) : read.nextUrl;
    this.block.hide();
    this.setState("ready");
    // As AutoPagerize: the page's own nodes, not tsugi's separator.
    const own = inserted.filter((n) => !(n as Element).classList?.contains("tsugi-separator"));
    announceJoinedPage(this.doc, own, this.at.parent, page.url);
    if (this.settings.keepPages > 0) {
      trimFarPages(
        this.doc,
        this.settings.keepPages,
        2 * (this.doc.defaultView?.innerHeight ?? 800),
      );
    }
    // The new page may still leave the end within reach (short pages).
    setTimeout(() => this.maybeLoad(), 0);
  }

  /**
   * Page 2 refused the link followed: try the next link, quietly, through the same judge
   * (the one page 2 itself named as page 1's successor first, else the next-best), with
   * the rule learned from that link's own anchor. At most the handovers page 1's decision
   * listed (two), each a page already shown never.
   * @param named the candidate page 2 named (./page2-judge.ts), if any
   * @returns false when no link is left to try
   */
  private handOver(named: string | null): boolean {
    const at = this.handovers.findIndex((h) => h.url === named);
    const [next] = this.handovers.splice(at >= 0 ? at : 0, 1);
    if (!next || this.visited.has(samePageKey(next.url))) {
      return next !== undefined && this.handOver(null);
    }
    this.nextUrl = next.url;
    this.rule = next.rule;
    this.profile = profileOf(
      this.start.pageElements,
      this.start.pageElementXPaths,
      next.rule?.nextLink,
      this.start.userRule,
    );
    this.setState("ready");
    setTimeout(() => void this.loadNext(), 0);
    return true;
  }

  /** The fetched page's elements less what earlier pages showed; the page
   * as fetched when the option is off, or when the filter fails on an odd page (a
   * repeat shown is better than joining stopped). */
  private skipRepeats(elements: Element[], url: string): Filtered | null {
    if (!this.siblings) return null;
    try {
      return this.siblings.filter(elements, url, this.pages + 1);
    } catch {
      return null;
    }
  }

  /** Show the fetched page's pagination bar in place of page 1's (sanitized copies). */
  private replacePagerBars(doc: Document, url: string): void {
    const xpath = this.start.rule?.pagerBar;
    const fresh = xpath ? evaluateXPath(doc, xpath)[0] : undefined;
    if (!fresh) return;
    const [copy] = prepareForInsertion([fresh], url, this.doc);
    if (copy?.nodeType !== 1) return;
    for (const bar of this.bars) {
      if (!bar.isConnected) continue;
      bar.replaceChildren(...Array.from(copy.cloneNode(true).childNodes));
      bar.setAttribute("data-tsugi-pager-bar", String(this.pages));
    }
  }

  protected override finish(stop: StopReason): void {
    // Whatever ends an unconfirmed link (a refusal, a 404, a redirect elsewhere), it was
    // not shown as a next page: the page simply has none.
    const reason: StopReason =
      this.confirmPending && stop.kind !== "reader-stop"
        ? { kind: "unconfirmed", url: "url" in stop ? stop.url : (this.nextUrl ?? "") }
        : stop;
    // The request that ended is over: finishing must not abort it.
    this.abort = null;
    super.finish(reason);
    // A page with nothing joined stays untouched unless something went wrong with a
    // next link tsugi was sure of; an unsure one fails quietly and leaves no trace.
    if (this.confirmPending) this.withdraw();
    else if (this.pages > 1 || !isNormalEnd(reason))
      this.showStatus(this.words.stop(reason, this.pages), reason);
    else this.block.hide();
  }

  /**
   * The page lists more by itself as the reader scrolls (../features/own-scroll.ts):
   * cancel a request in flight, take back every page joined so far (the site shows its
   * own copies) and join nothing more; the state becomes "own-scroll".
   * @returns how many joined pages were taken back
   */
  yieldToSite(): number {
    if (this.state === "own-scroll") return 0;
    const inFlight = this.abort;
    this.abort = null;
    this.detach();
    inFlight?.abort();
    const taken = this.pages - 1;
    for (const el of Array.from(
      this.doc.querySelectorAll(
        '[data-tsugi-page]:not([data-tsugi-page="1"]), .tsugi-separator, [data-tsugi-frame]',
      ),
    ))
      el.remove();
    for (const bar of this.bars) bar.removeAttribute("data-tsugi-pager-bar");
    this.withdraw();
    this.pages = 1;
    this.reason = { kind: "own-scroll" };
    this.setState("own-scroll");
    return taken;
  }

  /**
   * The reader pressed "Not the next page" on joined page `page`'s separator: cancel a
   * request in flight, take that page and every later one out of the document, and stop
   * with the reason "not-next"; then tell the hook ({@link PagerHooks.onRefused}).
   * @param page the refused page's number (2 for the first joined page)
   * @param url the refused page's URL
   */
  refuse(page: number, url: string): void {
    if (page < 2 || page > this.pages) return;
    const inFlight = this.abort;
    this.abort = null;
    inFlight?.abort();
    this.removePagesFrom(page);
    this.pages = page - 1;
    this.nextUrl = null;
    this.finish({ kind: "not-next", url });
    this.hooks.onRefused?.({ page, url, nextLink: this.rule?.nextLink ?? null });
  }

  /** Remove joined page `page` and every later one: each page's separator and everything
   * after it up to the status block (text nodes too), and any page's nodes that were
   * placed elsewhere. */
  private removePagesFrom(page: number): void {
    const separator = Array.from(
      this.doc.querySelectorAll<HTMLElement>(".tsugi-separator[data-tsugi-separator]"),
    ).find((s) => Number(s.dataset.tsugiSeparator) >= page);
    if (separator?.parentElement === this.at.parent) {
      for (let n: ChildNode | null = separator; n && n !== this.block.element; ) {
        const next: ChildNode | null = n.nextSibling;
        n.remove();
        n = next;
      }
    }
    for (const el of Array.from(this.doc.querySelectorAll("[data-tsugi-page], .tsugi-separator"))) {
      const n = Number(
        el.getAttribute("data-tsugi-page") ?? el.getAttribute("data-tsugi-separator") ?? 0,
      );
      if (n >= page) el.remove();
    }
  }

  /**
   * Take back everything this pager put into the page, joined pages included, without a
   * word in the page or the status: another pager takes over (the reader taught the site
   * a rule).
   */
  discard(): void {
    this.halt();
    this.removePagesFrom(2);
    for (const bar of this.bars) bar.removeAttribute("data-tsugi-pager-bar");
    this.withdraw();
  }

  /** Take back everything the pager put into page 1 (nothing was joined). */
  private withdraw(): void {
    this.block.element.remove();
    for (const el of this.start.pageElements) {
      el.removeAttribute("data-tsugi-page");
      el.removeAttribute("data-tsugi-url");
    }
  }

  private showStatus(text: string, reason?: StopReason): void {
    this.block.show(text);
    if (reason && (reason.kind === "http-error" || reason.kind === "fetch-failed")) {
      const retry = this.doc.createElement("button");
      retry.type = "button";
      retry.textContent = this.words.retry;
      retry.style.marginLeft = "1em";
      retry.addEventListener("click", () => {
        this.reason = null;
        this.manualRetry = true;
        this.block.hide();
        this.setState("ready");
        this.attach();
        void this.loadNext();
      });
      this.block.message.append(retry);
    }
  }
}
