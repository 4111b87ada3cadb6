/**
 * Sites with their own infinite scroll: the page's script appends the
 * next items to its list as the reader nears the end. AutoPagerize-style joining there
 * shows every page twice (the site's copy and tsugi's), so tsugi recognises the site's
 * own growth and keeps out of its way. One signal per function, composed by
 * {@link watchOwnScroll}:
 *
 * - items were appended at the end of a list, after a run of items like them
 *   ({@link appendedItems});
 * - they are not tsugi's own ({@link isTsugiNode});
 * - they came soon after the reader scrolled ({@link soonAfterScroll}), not from a timer
 *   or a live ticker;
 * - they grew a list the caller cares about: page 1's page element or its list
 *   ({@link inScope}); anywhere in the body when tsugi has no pager on the page.
 *
 * The watch begins when tsugi wakes (content/entry.ts, {@link watchOwnScrollEarly}), before
 * page 1's page element is known, and is handed over to the detector's scoped watch
 * ({@link seenInScope}): a reader who scrolls to the end as the page loads gets the site's
 * answer while tsugi is still loading, and a watch begun with the detector alone would miss
 * it. A reader already down the page ({@link readerScrolled}) is watched from the start.
 * The site's own data requests ({@link isOwnDataRequest}, {@link watchOwnRequests}) tell
 * the first fetch's gate (../pager/own-scroll-gate.ts) that the site is loading.
 *
 * Method: the dynamic test Pagetual and uAutoPagerize lack; sites whose lists grow
 * without them are otherwise listed by hand in their rule databases (Pagetual's
 * "disabled" rules). Only structure is read, in the MutationObserver callback (no layout).
 */
import { itemSignature } from "./load-more";

/** New items in one batch that make growth a page, not a stray widget. */
export const MIN_NEW_ITEMS = 2;
/** Items of the same kind already in the list before the new ones. */
export const MIN_RUN = 3;
/** Longest time between the reader's scroll and the growth it caused, ms. */
export const SCROLL_WINDOW_MS = 5_000;

/**
 * Whether a node is tsugi's own: a joined page's node, a separator, the status line,
 * a rendering frame.
 * @param node any node
 */
export function isTsugiNode(node: Node): boolean {
  if (node.nodeType !== 1) return false;
  const el = node as Element;
  return (
    (el.hasAttribute("data-tsugi-page") && el.getAttribute("data-tsugi-page") !== "1") ||
    el.hasAttribute("data-tsugi-frame") ||
    el.classList.contains("tsugi-separator") ||
    el.classList.contains("tsugi-status")
  );
}

/**
 * The elements a batch of mutations added and that are still there, by parent: tsugi's
 * own nodes and empty ones (no text, no image) left out.
 * @param records one MutationObserver callback's records
 * @returns parent → its added children
 */
export function addedByParent(records: readonly MutationRecord[]): Map<Element, Set<Element>> {
  const out = new Map<Element, Set<Element>>();
  for (const r of records) {
    if (r.type !== "childList" || r.target.nodeType !== 1) continue;
    const parent = r.target as Element;
    for (const n of Array.from(r.addedNodes)) {
      if (n.nodeType !== 1 || isTsugiNode(n) || n.parentNode !== parent) continue;
      const el = n as Element;
      if ((el.textContent ?? "").trim() === "" && !el.querySelector("img")) continue;
      const set = out.get(parent) ?? new Set<Element>();
      set.add(el);
      out.set(parent, set);
    }
  }
  return out;
}

/**
 * Signal: the elements appended at the end of a list: of `added` (children of `parent`
 * that one batch of mutations added), those with at least {@link MIN_RUN} older siblings
 * of the same signature ({@link itemSignature}), none of which comes after them.
 * @param parent the element that gained children
 * @param added its new children
 * @returns the appended items, in document order ([] when the batch grew no list)
 */
export function appendedItems(parent: Element, added: ReadonlySet<Element>): Element[] {
  // One pass over the children (a feed may hold thousands): per signature, how many older
  // items there are and where the last of them stands.
  const children = Array.from(parent.children);
  const older = new Map<string, { count: number; last: number }>();
  children.forEach((c, i) => {
    if (added.has(c) || isTsugiNode(c)) return;
    const sig = itemSignature(c);
    const o = older.get(sig);
    older.set(sig, { count: (o?.count ?? 0) + 1, last: i });
  });
  return children.filter((c, i) => {
    if (!added.has(c)) return false;
    const o = older.get(itemSignature(c));
    return !!o && o.count >= MIN_RUN && o.last < i;
  });
}

/**
 * Signal: a change came within {@link SCROLL_WINDOW_MS} after the reader's last scroll.
 * @param lastScrollAt time of the last scroll event, ms (performance.now); -Infinity: none
 * @param now the change's time, ms
 */
export function soonAfterScroll(lastScrollAt: number, now: number): boolean {
  return now >= lastScrollAt && now - lastScrollAt <= SCROLL_WINDOW_MS;
}

/**
 * Signal: a list the watch cares about grew: its parent is one of `scope`, or inside one,
 * or the parent of one (items appended beside page 1's page elements).
 * @param parent the element that gained items
 * @param scope page 1's page elements; empty: any list of the page counts
 */
export function inScope(parent: Element, scope: readonly Element[]): boolean {
  if (scope.length === 0) return true;
  return scope.some((s) => s === parent || s.contains(parent) || s.parentElement === parent);
}

/**
 * Signal: the reader scrolled down the page before the watch began (the scroll that woke
 * tsugi, or one made while tsugi was loading): the site may be answering it already.
 * @param win the page's window
 * @returns true when the page is scrolled away from its top
 */
export function readerScrolled(win: Pick<Window, "scrollY">): boolean {
  return win.scrollY > 0;
}

/**
 * Signal: growth an earlier, unscoped watch saw ({@link watchOwnScrollEarly}) belongs to a
 * list the caller cares about: the items are still in the page and their list is in scope
 * ({@link inScope}).
 * @param items the items the earlier watch reported; null: it saw none
 * @param scope page 1's page elements; empty: any list of the page counts
 */
export function seenInScope(items: readonly Element[] | null, scope: readonly Element[]): boolean {
  const list = items?.find((i) => i.isConnected)?.parentElement;
  return !!list && inScope(list, scope);
}

/** Options of {@link watchOwnScroll}. */
export interface OwnScrollOptions {
  /** Page 1's page elements: only their growth counts; empty or absent: any list. */
  scope?: readonly Element[];
  /** A scroll of the reader's before the watch began, ms (performance.now): the DOM is
   * observed from the start and growth within {@link SCROLL_WINDOW_MS} of it counts.
   * Absent: from the first scroll event on. */
  scrolledAt?: number;
  /** Called once, with the items the site appended, when its own scroll is seen. */
  onFound(items: Element[]): void;
}

/**
 * Watch a page for a list that grows by itself after the reader scrolls: at least
 * {@link MIN_NEW_ITEMS} items appended to one list in one batch of mutations, within
 * {@link SCROLL_WINDOW_MS} of a scroll. The DOM is observed from the first scroll event
 * on (nothing before: every page without a pager runs this), or at once after a scroll
 * made before (`scrolledAt`). Reports once, then stops.
 * @param win the page's window
 * @param opts scope, an earlier scroll and callback
 * @returns a function that stops watching (again: harmless) and returns the time of the
 *   reader's last scroll it knows, ms (performance.now; -Infinity: none)
 */
export function watchOwnScroll(win: Window, opts: OwnScrollOptions): () => number {
  const doc = win.document;
  const scope = opts.scope ?? [];
  let lastScrollAt = opts.scrolledAt ?? Number.NEGATIVE_INFINITY;
  let observing = false;
  const Observer = (win as Window & typeof globalThis).MutationObserver;
  const observer = new Observer((records) => {
    if (!soonAfterScroll(lastScrollAt, win.performance.now())) return;
    for (const [list, added] of addedByParent(records)) {
      if (!inScope(list, scope)) continue;
      const items = appendedItems(list, added);
      if (items.length < MIN_NEW_ITEMS) continue;
      stop();
      opts.onFound(items);
      return;
    }
  });
  const observe = () => {
    if (observing) return;
    observing = true;
    observer.observe(doc.body ?? doc.documentElement, { childList: true, subtree: true });
  };
  // Observed from the first scroll on: a page the reader never scrolls costs nothing.
  const onScroll = () => {
    lastScrollAt = win.performance.now();
    observe();
  };
  const stop = () => {
    observer.disconnect();
    win.removeEventListener("scroll", onScroll);
    return lastScrollAt;
  };
  win.addEventListener("scroll", onScroll, { passive: true });
  if (opts.scrolledAt !== undefined) observe();
  return stop;
}

/** What an early watch saw when it was handed over ({@link watchOwnScrollEarly}). */
export interface OwnScrollSeen {
  /** The items of the first growth it saw, anywhere in the page; null: none. */
  items: Element[] | null;
  /** The reader's last scroll it knows, ms (performance.now); -Infinity: none. */
  lastScrollAt: number;
}

/** A watch begun before page 1's page element is known (see {@link watchOwnScrollEarly}). */
export interface EarlyOwnScroll {
  /** The items of the first growth seen so far, while still watching; null: none. */
  seen(): Element[] | null;
  /** Stop watching and say what was seen; later calls say the same. */
  handOver(): OwnScrollSeen;
}

/**
 * Watch any list of the page from the moment tsugi wakes, for the detector to take over
 * once it knows page 1's page element: the site's answer to a scroll made while tsugi was
 * still loading is otherwise lost. A reader already down the page ({@link readerScrolled})
 * is taken to have just scrolled. Reports the first growth once, like
 * {@link watchOwnScroll}.
 * @param win the page's window
 * @param onFound called once with the first items the site appended (optional)
 * @returns the handle that stops the watch and hands over what it saw
 */
export function watchOwnScrollEarly(
  win: Window,
  onFound?: (items: Element[]) => void,
): EarlyOwnScroll {
  let items: Element[] | null = null;
  const stop = watchOwnScroll(win, {
    ...(readerScrolled(win) ? { scrolledAt: win.performance.now() } : {}),
    onFound: (found) => {
      items = found;
      onFound?.(found);
    },
  });
  return { seen: () => items, handOver: () => ({ items, lastScrollAt: stop() }) };
}

/**
 * Signal: a Resource Timing entry is the site's own data request: a `fetch` or
 * XMLHttpRequest to the page's origin (what an infinite scroll asks its server for), not an
 * image, script or a third party's call.
 * @param entry a resource entry (its URL in `name`, `initiatorType`)
 * @param origin the page's origin, e.g. `https://example.com`
 */
export function isOwnDataRequest(
  entry: Pick<PerformanceResourceTiming, "name" | "initiatorType">,
  origin: string,
): boolean {
  if (entry.initiatorType !== "fetch" && entry.initiatorType !== "xmlhttprequest") return false;
  try {
    return new URL(entry.name).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Call `onRequest` whenever one of the site's own data requests is answered
 * ({@link isOwnDataRequest}), from now on (entries arrive once the response is in).
 * Method: PerformanceObserver on `resource` entries; where the browser has none, nothing.
 * @param win the page's window
 * @param onRequest called once per batch of entries holding one
 * @returns a function that stops watching
 */
export function watchOwnRequests(win: Window, onRequest: () => void): () => void {
  const Observer = (win as Window & typeof globalThis).PerformanceObserver;
  if (typeof Observer !== "function") return () => {};
  const origin = win.location.origin;
  const observer = new Observer((list) => {
    if (list.getEntries().some((e) => isOwnDataRequest(e as PerformanceResourceTiming, origin)))
      onRequest();
  });
  try {
    observer.observe({ type: "resource" });
  } catch {
    return () => {};
  }
  return () => observer.disconnect();
}
