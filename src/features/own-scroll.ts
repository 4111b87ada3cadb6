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

/** Options of {@link watchOwnScroll}. */
export interface OwnScrollOptions {
  /** Page 1's page elements: only their growth counts; empty or absent: any list. */
  scope?: readonly Element[];
  /** Called once, with the items the site appended, when its own scroll is seen. */
  onFound(items: Element[]): void;
}

/**
 * Watch a page for a list that grows by itself after the reader scrolls: at least
 * {@link MIN_NEW_ITEMS} items appended to one list in one batch of mutations, within
 * {@link SCROLL_WINDOW_MS} of a scroll. The DOM is observed from the first scroll event
 * on (nothing before: every page without a pager runs this). Reports once, then stops.
 * @param win the page's window
 * @param opts scope and callback
 * @returns a function that stops watching
 */
export function watchOwnScroll(win: Window, opts: OwnScrollOptions): () => void {
  const doc = win.document;
  const scope = opts.scope ?? [];
  let lastScrollAt = Number.NEGATIVE_INFINITY;
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
  const onScroll = () => {
    lastScrollAt = win.performance.now();
    // Observed from the first scroll on: a page the reader never scrolls costs nothing.
    if (observing) return;
    observing = true;
    observer.observe(doc.body ?? doc.documentElement, { childList: true, subtree: true });
  };
  const stop = () => {
    observer.disconnect();
    win.removeEventListener("scroll", onScroll);
  };
  win.addEventListener("scroll", onScroll, { passive: true });
  return stop;
}
