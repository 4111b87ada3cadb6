import { detectNextLink } from "../detect/next-link";
import { detectPageElement } from "../detect/page-element";
import { evaluateXPaths } from "../rule/xpath";
import type { Settings } from "../settings";
import type { PagerState, TabStatus } from "../status";
import { type FetchedPage, FetchPageError, fetchPage } from "./fetch-page";
import { containerFor, type InsertionPoint, insertionPointAfter, insertPage } from "./insert";
import { normalizeUrl } from "./normalize-url";
import { prepareForInsertion } from "./prepare";
import { checkNext, describeStop, isNormalEnd, type StopReason } from "./stop-conditions";

/** What page 1's detection hands the pager. */
export interface PagerStart {
  pageUrl: string;
  nextUrl: string;
  nextScore: number;
  pageElements: Element[];
  pageElementXPaths: string[];
  detectMs: number;
}

/** Cheap content fingerprint of a page's text (FNV-1a over normalized text). */
export function contentHash(text: string): string {
  let h = 0x811c9dc5;
  const s = text.replace(/\s+/g, " ").trim();
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${(h >>> 0).toString(16)}:${s.length}`;
}

/**
 * The auto-pager of one tab: watches the scroll position, fetches the next
 * page when the reader nears the end of the joined content, finds its page
 * element (page 1's XPath first, the detector as fallback) and inserts it
 * before the insertion point. One request in flight; stops with a visible
 * reason on the last page, an HTTP error, a visited URL or the page cap.
 */
export class Pager {
  private state: PagerState = "ready";
  private reason: StopReason | null = null;
  private nextUrl: string | null;
  private pages = 1;
  private readonly visited = new Set<string>();
  private readonly hashes = new Set<string>();
  private readonly status: HTMLElement;
  private readonly at: InsertionPoint;
  private lastRequestAt = 0;
  private abort: AbortController | null = null;
  private readonly onScroll = () => this.maybeLoad();

  constructor(
    private readonly doc: Document,
    private readonly start: PagerStart,
    private readonly settings: Settings,
    private readonly report: (status: TabStatus) => void,
  ) {
    this.nextUrl = start.nextUrl;
    this.visited.add(normalizeUrl(start.pageUrl));
    const last = start.pageElements[start.pageElements.length - 1];
    if (!last) throw new Error("Pager needs at least one page element");
    for (const el of start.pageElements) {
      el.setAttribute("data-tsugi-page", "1");
      el.setAttribute("data-tsugi-url", start.pageUrl);
    }
    this.hashes.add(contentHash(start.pageElements.map((e) => e.textContent ?? "").join(" ")));
    const point = insertionPointAfter(last);
    const { outer, inner } = containerFor(doc, point.parent);
    outer.className = "tsugi-status";
    inner.setAttribute("role", "status");
    inner.setAttribute("aria-live", "polite");
    inner.style.cssText +=
      ";display:block;clear:both;font:13px/1.4 sans-serif;color:#555;margin:.5em 0";
    this.status = outer;
    point.parent.insertBefore(outer, point.before);
    this.at = { parent: point.parent, before: outer };
  }

  /** Start watching the scroll position (and check once right away). */
  attach(): void {
    const win = this.doc.defaultView;
    win?.addEventListener("scroll", this.onScroll, { passive: true });
    win?.addEventListener("resize", this.onScroll, { passive: true });
    this.publish();
    this.maybeLoad();
  }

  /** Stop listening and cancel a request in flight. */
  detach(): void {
    const win = this.doc.defaultView;
    win?.removeEventListener("scroll", this.onScroll);
    win?.removeEventListener("resize", this.onScroll);
    this.abort?.abort();
  }

  /** Status for the popup and the badge. */
  snapshot(): TabStatus {
    return {
      state: this.state,
      reason: this.reason ? describeStop(this.reason, this.pages) : null,
      nextUrl: this.nextUrl,
      nextScore: this.start.nextScore,
      pages: this.pages,
      detectMs: this.start.detectMs,
      rule: { pageElement: this.start.pageElementXPaths.join(" | "), nextLink: null },
    };
  }

  /** Distance in px from the bottom of the viewport to the end of the joined content. */
  private remaining(): number {
    const win = this.doc.defaultView;
    if (!win) return Number.POSITIVE_INFINITY;
    return this.status.getBoundingClientRect().top - win.innerHeight;
  }

  private maybeLoad(): void {
    if (this.state !== "ready") return;
    const win = this.doc.defaultView;
    const trigger = this.settings.triggerScreens * (win?.innerHeight ?? 800);
    if (this.remaining() <= trigger) void this.loadNext();
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
    this.showStatus(`Loading page ${this.pages + 1}…`);
    const wait = this.lastRequestAt + this.settings.minIntervalMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    this.lastRequestAt = Date.now();
    this.abort = new AbortController();
    let page: FetchedPage;
    try {
      page = await fetchPage(url, this.abort.signal);
    } catch (e) {
      const err = e instanceof FetchPageError ? e : new FetchPageError(String(e), url, 0);
      return this.finish(
        err.status >= 400
          ? { kind: "http-error", status: err.status, url: err.url }
          : { kind: "fetch-failed", message: err.message, url: err.url },
      );
    }
    this.visited.add(normalizeUrl(url));
    const redirected = checkNext(
      { pageUrl: this.start.pageUrl, visited: this.visited, pages: 0, pageCap: 1 },
      page.url,
    );
    if (redirected && redirected.kind === "cross-origin") return this.finish(redirected);
    if (normalizeUrl(page.url) !== normalizeUrl(url)) {
      if (redirected?.kind === "visited") return this.finish(redirected);
      this.visited.add(normalizeUrl(page.url));
    }
    const next = detectNextLink(page.doc, page.url);
    const elements = this.findPageElements(page.doc, next.anchor);
    if (elements.length === 0) return this.finish({ kind: "no-page-element", url: page.url });
    const hash = contentHash(elements.map((e) => e.textContent ?? "").join(" "));
    if (this.hashes.has(hash)) return this.finish({ kind: "duplicate-content", url: page.url });
    this.hashes.add(hash);
    const nodes = prepareForInsertion(elements, page.url, this.doc);
    this.pages += 1;
    insertPage(this.doc, this.at, nodes, this.pages, page.url, this.settings.separators);
    this.nextUrl = next.url;
    this.hideStatus();
    this.setState("ready");
    // The new page may still leave the end within reach (short pages).
    this.doc.defaultView?.requestAnimationFrame(() => this.maybeLoad());
  }

  /** Page element(s) of a fetched page: page 1's site rule, else the detector. */
  private findPageElements(doc: Document, nextAnchor: Element | null): Element[] {
    const found = evaluateXPaths(doc, this.start.pageElementXPaths).filter(
      (e) => !nextAnchor || !e.contains(nextAnchor),
    );
    return found.length > 0 ? found : detectPageElement(doc, nextAnchor).elements;
  }

  private finish(reason: StopReason): void {
    this.reason = reason;
    this.abort = null;
    this.setState(isNormalEnd(reason) ? "done" : "stopped");
    // A page with nothing joined stays untouched unless something went wrong.
    if (this.pages > 1 || !isNormalEnd(reason))
      this.showStatus(describeStop(reason, this.pages), reason);
    else this.hideStatus();
  }

  private showStatus(text: string, reason?: StopReason): void {
    const inner = (this.status.querySelector("[role=status]") ?? this.status) as HTMLElement;
    inner.textContent = text;
    if (reason && (reason.kind === "http-error" || reason.kind === "fetch-failed")) {
      const retry = this.doc.createElement("button");
      retry.type = "button";
      retry.textContent = "Retry";
      retry.style.marginLeft = "1em";
      retry.addEventListener("click", () => {
        this.reason = null;
        this.setState("ready");
        void this.loadNext();
      });
      inner.append(retry);
    }
    this.status.hidden = false;
  }

  private hideStatus(): void {
    this.status.hidden = true;
  }

  private setState(state: PagerState): void {
    this.state = state;
    this.publish();
  }

  private publish(): void {
    const root = this.doc.documentElement;
    root.setAttribute("data-tsugi-state", this.state);
    root.setAttribute("data-tsugi-pages", String(this.pages));
    this.report(this.snapshot());
  }
}
