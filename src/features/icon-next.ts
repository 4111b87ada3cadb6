/**
 * Icon-only next controls: a link that shows no word, only an icon that the
 * stylesheet or an icon font draws. Kept apart from the other pager-structure signals
 * because the gate (src/gate/, on every page) asks it too, and must stay small.
 */

import { matchesNextText } from "./keywords";
import { hasLetterOrDigit } from "./letters";

/** Icon names that point forward: Font Awesome, Material, Bootstrap, Ionicons, … */
const FORWARD_ICON =
  /(?:chevron|arrow|angle|caret|triangle|carat|navigate|keyboard_arrow)[-_ ]?(?:right|forward|next)|(?:^|[^a-z])(?:icon|ico|fa|glyphicon|bi|ion|mdi)[-_](?:next|forward|right)(?![a-z])|arrow_forward|navigate_next|chevron_right|(?:^|[^a-z])next[-_ ]?(?:icon|arrow)/i;

/** The same names shown as text by icon fonts that render ligatures ("chevron_right"). */
const LIGATURE_TEXT =
  /^(?:chevron_right|navigate_next|arrow_forward(?:_ios)?|keyboard_arrow_right)$/;

/** Most descendants of an anchor read for its icon. */
const ICON_SCAN_NODES = 16;

function iconAttributes(e: Element): string {
  return [
    e.getAttribute("class"),
    e.getAttribute("data-icon"),
    e.getAttribute("href"),
    e.getAttribute("xlink:href"),
  ].join(" ");
}

/**
 * Whether an element's icon attributes name a forward icon ({@link FORWARD_ICON}). Every
 * name the expression knows holds "right", "next" or "forward", so a lowercase substring
 * test settles most elements without it: the entry runs this on every page, where the
 * first test of that expression alone cost 0.6 ms in a fresh tab.
 */
function namesForwardIcon(e: Element): boolean {
  const attrs = iconAttributes(e);
  const lower = attrs.toLowerCase();
  if (!lower.includes("right") && !lower.includes("next") && !lower.includes("forward"))
    return false;
  return FORWARD_ICON.test(attrs);
}

/**
 * Whether an icon inside the link names the next page in its own accessible label: an
 * `<svg aria-label="Next page">` or `<i title="Siguiente">`, the way icon components label
 * themselves when the anchor carries no label ({@link matchesNextText}).
 */
function labelsNext(e: Element): boolean {
  const label = e.getAttribute("aria-label") ?? e.getAttribute("title");
  return label !== null && label.length <= 40 && matchesNextText(label);
}

/**
 * The element after `e` in document order among `root`'s descendants, or null: the walk
 * of a `TreeWalker` over elements, without one (the first `TreeWalker` a page's content
 * script makes cost 0.8 ms in a fresh tab).
 */
function nextElementWithin(e: Element, root: Element): Element | null {
  if (e.firstElementChild) return e.firstElementChild;
  for (let n: Element | null = e; n !== null && n !== root; n = n.parentElement) {
    if (n.nextElementSibling) return n.nextElementSibling;
  }
  return null;
}

/**
 * An icon-only next control: the anchor shows no letters or digits, and it or one of its
 * first {@link ICON_SCAN_NODES} descendant elements carries a forward icon name in its
 * class, `data-icon` or an SVG `<use href>` ("fa-chevron-right", "icon-arrow-right",
 * "#chevron-right"), or one of those descendants labels itself next (`aria-label` or
 * `title`: an `<svg aria-label="Next page">`), or the anchor's text is a ligature icon name
 * ("navigate_next").
 * Words ("Next") and arrow glyphs ("»") are `nextText`'s; this catches what only the
 * stylesheet draws.
 *
 * @param a anchor
 * @param text its visible text
 * @returns 1 or 0
 */
export function iconNext(a: Element, text: string): number {
  const t = text.trim();
  if (LIGATURE_TEXT.test(t)) return 1;
  if (hasLetterOrDigit(t)) return 0;
  if (namesForwardIcon(a)) return 1;
  let seen = 0;
  for (
    let n = a.firstElementChild;
    n !== null && seen < ICON_SCAN_NODES;
    n = nextElementWithin(n, a)
  ) {
    seen++;
    if (namesForwardIcon(n) || labelsNext(n)) return 1;
  }
  return 0;
}
