/**
 * Address-bar update (an option, off by default): while the reader is inside a
 * joined page, the address bar shows that page's URL (`history.replaceState`, so
 * no history entries pile up) and the tab its title, so a reload or a bookmark
 * returns to the page being read; page 1's URL and title come back above the
 * first join.
 */

/** Where one page of the joined article starts on screen. */
export interface PageStart {
  /** Distance from the top of the viewport, px (negative when scrolled past). */
  top: number;
  url: string;
  /** The page's own title, when known. */
  title?: string;
}

/**
 * The URL of the page being read: the last page start at or above the reading line.
 * @param starts joined pages' starts, in page order (page 1 excluded)
 * @param line reading line, px from the top of the viewport (e.g. a third of its height)
 * @param pageOneUrl the URL shown above the first joined page
 */
export function urlAtLine(starts: readonly PageStart[], line: number, pageOneUrl: string): string {
  return startAtLine(starts, line)?.url ?? pageOneUrl;
}

/** The joined page being read (the last start at or above `line`), or null above the first. */
export function startAtLine(starts: readonly PageStart[], line: number): PageStart | null {
  let at: PageStart | null = null;
  for (const s of starts) if (s.top <= line) at = s;
  return at;
}

/**
 * Where each joined page starts in a live page: the first element tsugi tagged
 * with that page's number (its separator when separators are on).
 */
export function joinedPageStarts(doc: Document): PageStart[] {
  const seen = new Map<string, PageStart>();
  for (const el of Array.from(
    doc.querySelectorAll("[data-tsugi-separator], [data-tsugi-page]:not([data-tsugi-page='1'])"),
  )) {
    const h = el as HTMLElement;
    const n = h.dataset.tsugiSeparator ?? h.dataset.tsugiPage ?? "";
    const url = h.dataset.tsugiUrl;
    if (!n || !url || seen.has(n)) continue;
    const title = h.dataset.tsugiTitle;
    seen.set(n, { top: h.getBoundingClientRect().top, url, ...(title ? { title } : {}) });
  }
  return Array.from(seen.values());
}

/**
 * Keep the address bar in step with the page being read, until the returned
 * function is called. Only same-origin URLs are ever shown (replaceState refuses others).
 * @param pageOneUrl the URL the reader opened
 * @returns stop: restores page 1's URL and removes the listener
 */
export function followAddressBar(win: Window, pageOneUrl: string): () => void {
  let queued = false;
  const pageOneTitle = win.document.title;
  /** The title tsugi last set, so the site's own title changes are left alone. */
  let shownTitle: string | null = null;
  let shownUrl = pageOneUrl;
  const update = () => {
    queued = false;
    const at = startAtLine(joinedPageStarts(win.document), win.innerHeight / 3);
    const url = at?.url ?? pageOneUrl;
    if (url === shownUrl) return;
    shownUrl = url;
    const title = at ? (at.title ?? pageOneTitle) : pageOneTitle;
    win.document.title = title;
    shownTitle = title;
    if (url !== win.location.href) {
      try {
        win.history.replaceState(win.history.state, "", url);
      } catch {
        /* another origin: leave the address bar alone */
      }
    }
  };
  const onScroll = () => {
    if (!queued) {
      queued = true;
      win.requestAnimationFrame(update);
    }
  };
  win.addEventListener("scroll", onScroll, { passive: true });
  return () => {
    win.removeEventListener("scroll", onScroll);
    if (shownTitle !== null && win.document.title === shownTitle) win.document.title = pageOneTitle;
    if (win.location.href !== pageOneUrl) {
      try {
        win.history.replaceState(win.history.state, "", pageOneUrl);
      } catch {
        /* ignore */
      }
    }
  };
}
