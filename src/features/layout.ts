/**
 * Layout probes for the features the thesis left as future work (seed 000 §4.5, §5.2: rendered
 * size, position and visibility). They must give a stable answer in three worlds:
 * a live page (real boxes), a DOMParser document (no window, no boxes) and jsdom
 * (a window whose boxes are all zero). Without layout every box is reported as zero and
 * visibility falls back to what the markup says. Nothing here throws.
 */

/** A box in page coordinates (CSS px, scroll offset added). */
export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const EMPTY_BOX: Box = { top: 0, left: 0, width: 0, height: 0 };

const INLINE_HIDDEN = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))/i;

/**
 * Whether the document has been laid out: it has a window and its root element has a
 * non-empty box. False for DOMParser documents (no window) and for jsdom (zero boxes).
 *
 * @param doc document to probe
 * @returns true when bounding boxes and computed styles are meaningful
 */
export function hasLayout(doc: Document): boolean {
  const root = doc.documentElement;
  if (doc.defaultView === null || root === null) return false;
  const r = rectOf(root);
  return r !== null && (r.width > 0 || r.height > 0);
}

function rectOf(el: Element): DOMRect | null {
  try {
    return typeof el.getBoundingClientRect === "function" ? el.getBoundingClientRect() : null;
  } catch {
    return null;
  }
}

/**
 * Border box of an element in page coordinates.
 *
 * @param el element to measure
 * @param layout result of {@link hasLayout} for its document
 * @returns px box; all zeros without layout
 */
export function elementBox(el: Element, layout: boolean): Box {
  if (!layout) return EMPTY_BOX;
  const r = rectOf(el);
  if (r === null) return EMPTY_BOX;
  const view = el.ownerDocument.defaultView;
  return {
    top: r.top + (view?.scrollY ?? 0),
    left: r.left + (view?.scrollX ?? 0),
    width: r.width,
    height: r.height,
  };
}

/** An element's box and visibility, from one layout read. */
export interface Measure {
  box: Box;
  visible: boolean;
}

/**
 * {@link elementBox} and {@link isVisible} together, reading the element's rect once
 * (layout reads are most of the cost of feature extraction on a live page).
 *
 * @param el element to measure
 * @param layout result of {@link hasLayout} for its document
 * @param scroll the window's scroll offsets, px (read once per extraction by the caller)
 * @returns the same box and visibility the two functions give
 */
export function measure(el: Element, layout: boolean, scroll: { x: number; y: number }): Measure {
  if (!layout) return { box: EMPTY_BOX, visible: !hiddenByMarkup(el) };
  const r = rectOf(el);
  if (r === null) return { box: EMPTY_BOX, visible: false };
  return {
    box: { top: r.top + scroll.y, left: r.left + scroll.x, width: r.width, height: r.height },
    visible: visibleWithRect(el, r),
  };
}

/** An element's size and visibility, as {@link measureSize} writes them. */
export interface SizeReading {
  /** border-box width, px */
  width: number;
  /** border-box height, px */
  height: number;
  /** {@link isVisible} with layout */
  visible: boolean;
}

/**
 * The width, height and visibility {@link measure} gives a page with layout, from one
 * rect read, written into `out`: the page-element features read every element with text,
 * and two objects per element were garbage on each page's cold first detection.
 *
 * @param el element to measure (its document has layout: {@link hasLayout})
 * @param out the reading to overwrite
 * @returns `out`
 */
export function measureSize(el: Element, out: SizeReading): SizeReading {
  const r = rectOf(el);
  out.width = r === null ? 0 : r.width;
  out.height = r === null ? 0 : r.height;
  out.visible = r !== null && visibleWithRect(el, r);
  return out;
}

/** The window's scroll offsets, px (zeros without a window). */
export function scrollOffsets(doc: Document): { x: number; y: number } {
  const view = doc.defaultView;
  return { x: view?.scrollX ?? 0, y: view?.scrollY ?? 0 };
}

/**
 * Scrollable size of the whole document.
 *
 * @param doc document to measure
 * @param layout result of {@link hasLayout}
 * @returns px width and height; zeros without layout
 */
export function documentSize(doc: Document, layout: boolean): { width: number; height: number } {
  const root = doc.documentElement;
  if (!layout || root === null) return { width: 0, height: 0 };
  const body = doc.body;
  return {
    width: Math.max(root.scrollWidth, body?.scrollWidth ?? 0),
    height: Math.max(root.scrollHeight, body?.scrollHeight ?? 0),
  };
}

/**
 * Whether the element itself is hidden by its markup: a `hidden` attribute or an inline
 * style with display:none or visibility:hidden/collapse. Needs no layout.
 *
 * @param el element to inspect (ancestors are not considered)
 * @returns true when the markup hides it
 */
export function hiddenByOwnMarkup(el: Element): boolean {
  if (el.hasAttribute("hidden")) return true;
  const style = el.getAttribute("style");
  return style !== null && INLINE_HIDDEN.test(style);
}

/**
 * Whether the element or any ancestor is hidden by markup ({@link hiddenByOwnMarkup}).
 *
 * @param el element to inspect
 * @returns true when something on the ancestor chain hides it
 */
export function hiddenByMarkup(el: Element): boolean {
  for (let e: Element | null = el; e !== null; e = e.parentElement) {
    if (hiddenByOwnMarkup(e)) return true;
  }
  return false;
}

/**
 * Whether a reader can see the element. With layout: a non-empty box and not hidden by
 * display/visibility (via `checkVisibility` where the browser has it, else computed
 * style). Without layout: true unless {@link hiddenByMarkup}.
 *
 * @param el element to test
 * @param layout result of {@link hasLayout} for its document
 * @returns true when visible
 */
export function isVisible(el: Element, layout: boolean): boolean {
  if (!layout) return !hiddenByMarkup(el);
  return visibleWithRect(el, rectOf(el));
}

/** The options of `checkVisibility`, made once (it is asked of every element with text). */
const VISIBILITY_CHECK = { visibilityProperty: true, checkVisibilityCSS: true };

/** {@link isVisible} with layout, given the element's rect (read once by the caller). */
function visibleWithRect(el: Element, r: DOMRect | null): boolean {
  if (r === null || r.width <= 0 || r.height <= 0) return false;
  const check = (el as Element & { checkVisibility?: (o?: object) => boolean }).checkVisibility;
  if (typeof check === "function") {
    try {
      return check.call(el, VISIBILITY_CHECK);
    } catch {
      // fall through to computed style
    }
  }
  const view = el.ownerDocument.defaultView;
  if (view === null || typeof view.getComputedStyle !== "function") return !hiddenByMarkup(el);
  try {
    const cs = view.getComputedStyle(el);
    return cs.display !== "none" && cs.visibility !== "hidden" && cs.visibility !== "collapse";
  } catch {
    return !hiddenByMarkup(el);
  }
}
