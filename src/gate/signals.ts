/**
 * Cheap pager signals: the first stage of the staged detector (ARCHITECTURE.md, "Staged
 * detection"). Each function reads one signal from one anchor (or the document head)
 * without layout, URL parsing or the models, so the entry script can ask them on every
 * page for well under a millisecond per hundred links. They are deliberately generous:
 * a signal only lets the learned detector run, which then decides (seed 000 §3.2); a
 * missed signal is a missed next link, a spurious one costs one detection.
 */

import { olderText } from "../features/continuation";
import {
  attrHintsNext,
  matchesNextItemText,
  matchesNextText,
  NEXT_ARROWS,
  NEXT_WORDS,
} from "../features/keywords";
import { escapeRegExp } from "../features/letters";

/** A label longer than this is prose or a card, not a pager control (chars). */
const MAX_CONTROL_CHARS = 60;

/** Every whitespace run, NBSP and the ideographic space included. */

/**
 * Everything that can start a next signal in a label or an attribute, in one expression:
 * the next words and arrows of the pager vocabulary and the next class tokens ("nxt").
 * A link whose label and attributes miss it cannot pass {@link nextTextSignal} or
 * {@link nextAttrSignal}, so the exact tests (dozens of word comparisons, class
 * tokenizing) run only on the few links that hit it.
 */
const NEXT_HINT = new RegExp(
  [...NEXT_WORDS, ...NEXT_ARROWS, "nxt"].map(escapeRegExp).join("|"),
  "i",
);

/**
 * Whether a label or attribute text may hold a next signal (a cheap pre-test).
 *
 * @param text any text: a link label, or attribute values joined with spaces
 * @returns false when no next word, arrow or token occurs anywhere in it
 */
export function mayHintNext(text: string): boolean {
  return NEXT_HINT.test(text);
}

/**
 * The attribute values that {@link nextAttrSignal} reads on one element, joined.
 *
 * @param el element
 * @returns class, id, rel, title and aria-label values separated by spaces
 */
export function hintAttributes(el: Element): string {
  if (!el.hasAttributes()) return "";
  return [
    el.getAttribute("class"),
    el.getAttribute("id"),
    el.getAttribute("rel"),
    el.getAttribute("title"),
    el.getAttribute("aria-label"),
  ].join(" ");
}

/**
 * `rel="next"` on an `<a>` or `<link>`: the HTML way to name the next page (seed 000
 * Fig. 3.5). Tokens are compared case-insensitively, as browsers do.
 *
 * @param el anchor or link element
 * @returns true when one of its rel tokens is "next"
 */
export function relNextSignal(el: Element): boolean {
  const rel = el.getAttribute("rel");
  return rel !== null && /(?:^|\s)next(?:\s|$)/i.test(rel);
}

/**
 * A short link text that reads as "next page" in one of the pager languages, or as a
 * next arrow ("Next", "次へ", "下一页", "weiter", "»", "›"): {@link matchesNextText}.
 *
 * @param text the anchor's textContent (raw)
 * @returns true when the text names the next page
 */
export function nextTextSignal(text: string): boolean {
  return text.length <= MAX_CONTROL_CHARS && mayHintNext(text) && matchesNextText(text);
}

/** An href that ends in a page number: `/blog/2`, `page/2/index.html`, `/seite/2/`,
 * `index2.html` (1 to 4 digits: a post id or a date is longer, or followed by a slug). */
const NUMBERED_END = /(?:\/|[a-z_-])\d{1,4}(?:\/(?:index\.s?html?)?|\.s?html?)?(?:[?#]|$)/i;

/**
 * A blog index's "older entries" link ("« Older posts", "Older Posts", "Ältere Ausgaben →",
 * "Articoli precedenti"): on page 1 of a list shown newest first it is the next page, though
 * it says no "next" ({@link olderText}, the continuation words of the next-link forest). The
 * label may be the link's text, or its aria-label or title when the link shows only an
 * icon. Its href must lead into a paged sequence ({@link pageParamSignal}) or end in a
 * page number: "Older" also names a category ("Older adults") or sits in a headline, whose
 * links lead to slugs. A single post's link to one older post ("Older post", "Ältere
 * Beitrag": {@link matchesNextItemText}) is not one, so a post's own navigation leaves the
 * gate as it was; which link of an index is the next page, and whether it steps forward,
 * stays the detector's (seed 000 §3.2: the gate only lets it run).
 *
 * @param a anchor element
 * @param text its label ({@link anchorLabel}), null when longer than a control's
 * @param href its raw href
 * @returns true when the link reads as the list's older entries
 */
export function olderTextSignal(a: Element, text: string | null, href: string): boolean {
  if (text === null) return false;
  const label =
    text.trim() !== "" ? text : (a.getAttribute("aria-label") ?? a.getAttribute("title") ?? "");
  if (label.length > MAX_CONTROL_CHARS || olderText(label, []) === 0) return false;
  if (!pageParamSignal(href) && !NUMBERED_END.test(href)) return false;
  return !matchesNextItemText(label);
}

/** What a pager control shows: its text and the alt of its first image. */
export interface AnchorLabel {
  /** Text of the anchor, or null when it is longer than a control's label. */
  text: string | null;
  /** alt of the first `<img>` inside, or null. */
  imgAlt: string | null;
}

/**
 * Read an anchor's label with a bounded walk: at most `maxNodes` descendants and
 * `maxChars` characters of text. Malformed pages nest whole sections inside an unclosed
 * `<a>`; `textContent` or `querySelector` on such an anchor reads the whole section, and
 * on some pages that made the gate cost 200 ms.
 *
 * @param a anchor element
 * @param maxChars longest label read, chars
 * @param maxNodes most descendants visited
 * @returns the label; text null when the anchor holds more than a control would
 */
export function anchorLabel(a: Element, maxChars = 200, maxNodes = 64): AnchorLabel {
  let text = "";
  let imgAlt: string | null = null;
  let visited = 0;
  const stack: Node[] = [];
  for (let c = a.lastChild; c; c = c.previousSibling) stack.push(c);
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (++visited > maxNodes) return { text: null, imgAlt };
    if (node.nodeType === 3) {
      text += (node as Text).data;
      if (text.length > maxChars) return { text: null, imgAlt };
    } else if (node.nodeType === 1) {
      const el = node as Element;
      if (imgAlt === null && el.localName === "img") imgAlt = el.getAttribute("alt");
      for (let c = el.lastChild; c; c = c.previousSibling) stack.push(c);
    }
  }
  return { text, imgAlt };
}

/**
 * An icon-only or attribute-marked next control: a next token in the class, id or rel of
 * the anchor or its parent ("pagination-next", `li.next > a`), a next title/aria-label,
 * or an image whose alt says next. See {@link attrHintsNext}.
 *
 * @param a anchor element
 * @param imgAlt alt of the anchor's first image ({@link anchorLabel}), or null
 * @returns true on a next hint in attributes
 */
export function nextAttrSignal(a: Element, imgAlt: string | null = null): boolean {
  const parent = a.parentElement;
  const item = parent && parent.tagName !== "BODY" ? parent : null;
  // Most links carry no next word anywhere in these attributes: one test settles them.
  if (!mayHintNext(`${hintAttributes(a)} ${item ? hintAttributes(item) : ""} ${imgAlt ?? ""}`))
    return false;
  if (attrHintsNext(a)) return true;
  if (item && attrHintsNext(item)) return true;
  return imgAlt !== null && matchesNextText(imgAlt);
}

/**
 * Whether lone page numbers form a numbered pager: two consecutive numbers among the
 * links ("2" and "3" on page 1 of "1 2 3 … Next", where "1" is not a link), or a "2"
 * whose link carries a page parameter (a two-page pager).
 *
 * @param numbers page numbers read by `pageNumberText` (src/features/page-number.ts), in
 *   document order
 * @param twoHasPageParam whether a link showing "2" has a page parameter in its href
 * @returns true for a numbered pager
 */
export function numberedRunSignal(numbers: readonly number[], twoHasPageParam: boolean): boolean {
  if (twoHasPageParam) return true;
  const seen = new Set(numbers);
  for (const n of seen) if (seen.has(n + 1)) return true;
  return false;
}

/** `//host` or `scheme://host` at the start of an href: the host, lowercased by the caller. */
const ABSOLUTE_HOST = /^\s*(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#:\s]+)/i;

/**
 * Whether an href can never lead to a next page of this site: a fragment of the page
 * itself (`#`, `#slide-2`: carousels and tabs), a `javascript:` or `mailto:` link, or an
 * absolute URL to another host (when `pageHost` is known). The detector drops the same links (its candidate test,
 * seed 000 §3.2.1) and the pager never follows them, so they are no signal.
 *
 * @param href the raw href attribute
 * @param pageHost the page's hostname, lowercase; "" reads every absolute link as on-site
 * @returns true when the link is not a candidate
 */
export function offSiteHref(href: string, pageHost: string): boolean {
  const h = href.trimStart();
  if (h === "" || h.startsWith("#")) return true;
  if (/^(?:javascript|mailto|tel|data):/i.test(h)) return true;
  if (pageHost === "") return false;
  const host = ABSOLUTE_HOST.exec(h)?.[1];
  return host !== undefined && host.toLowerCase() !== pageHost;
}

/** Query names whose value is a page number (`page=4`, `paged=4`, `pageNumber=4`). */
const PAGE_NUMBER_NAMES = "page|pg|paged|pagenum|pageno|page_?num(?:ber)?|pagina|seite";

/** Query names that page by an offset, a cursor or an index of their own, not by the
 * page number a pager shows. */
const OFFSET_CURSOR_NAMES =
  "pn|pageindex|offset|start|from|skip|after|before|cursor|continue|updated-max|max_id|until|since";

/**
 * Query names and path forms that carry a page, an item offset or a cursor: `page=2`,
 * `paged=3`, `pn=2`, `offset=20`, `start=40`, `after=t3_x`, `before=…`, `updated-max=…`,
 * `max_id=…`, `cursor=…`, `/page/2`, `/page-2`, `/p2/`, `-p2/`, `_p3.html`, `index_2.html`. `p=` alone is left
 * out: it is a post id on every WordPress site.
 */
const PAGE_PARAM = new RegExp(
  `[?&;](?:${PAGE_NUMBER_NAMES}|${OFFSET_CURSOR_NAMES})=[^&#]|[/_-]page[/_-]?\\d+|[/_-]p\\d{1,4}(?:\\.\\w+)?\\/?(?:$|[?#])|index_\\d+\\.s?html?`,
  "i",
);

/**
 * Whether a link's href (as written) carries a page, offset or cursor parameter.
 *
 * @param href the raw href attribute
 * @returns true when it looks like a link into a paged sequence
 */
export function pageParamSignal(href: string): boolean {
  return PAGE_PARAM.test(href);
}

/**
 * Page numbers in a URL: a page-number parameter (`page=4`, `paged=12`, `pageNumber=3`) or
 * a page path (`/page/7/`, `/page-243`), from 1 to 9999 as a pager shows them. Offsets,
 * cursors, a bare `p=` (a WordPress post id) and `/p27` (a product as often as a page) are
 * not read as page numbers.
 */
const URL_PAGE_NUMBER = new RegExp(
  `[?&;](?:${PAGE_NUMBER_NAMES})=(\\d{1,4})(?=[&;]|$)|[/_-]page[/_-]?(\\d{1,4})(?=[/?.]|$)`,
  "gi",
);

/** An offset or cursor parameter ({@link OFFSET_CURSOR_NAMES}) in a URL. */
const OFFSET_OR_CURSOR = new RegExp(`[?&;](?:${OFFSET_CURSOR_NAMES})=[^&#]`, "i");

/**
 * The page number a URL names, for a page that says which page of a sequence it is. The
 * last page-number form in the URL counts (`/tag/front-page-2019/page/2/` is page 2), the
 * fragment never does, and a URL that also pages by an offset or a cursor
 * (`?page=42&start=40`) names no page number this reading can trust.
 *
 * @param url a page URL or a raw href
 * @returns the number, or null when the URL names none (page 1 often names none)
 */
export function urlPageNumber(url: string): number | null {
  const hash = url.indexOf("#");
  const u = hash < 0 ? url : url.slice(0, hash);
  if (OFFSET_OR_CURSOR.test(u)) return null;
  let n: number | null = null;
  for (const m of u.matchAll(URL_PAGE_NUMBER)) n = Number(m[1] ?? m[2]);
  return n !== null && n >= 1 ? n : null;
}

/** What the gate's pass over the links saw of a numbered sequence, for {@link lastPageSignal}. */
export interface SequenceSeen {
  /** The highest lone page number among the links' texts (0: none). */
  highestNumber: number;
  /** The highest page number among the links' URLs (0: none). */
  highestLinkedPage: number;
  /** Whether a link leads to page `current - 1`, by its text or its URL. */
  previousLinked: boolean;
  /** Whether a link might lead further unseen: a page, offset or cursor parameter that
   * {@link urlPageNumber} cannot read, or a link without text (an icon) beside the
   * pager's numbers. */
  unread: boolean;
}

/**
 * The page shows itself as the last of its sequence: its URL names page `current`, a link
 * leads back to page `current - 1` (so the number in the URL is this pager's), and no link
 * goes further, neither by its text (a lone page number) nor by its URL (a page number
 * above `current`), nor might (see {@link SequenceSeen.unread}). Such a page has a pager
 * but no next page, so the gate need not load the detector for its numbered run or page
 * parameters. The early signals (rel=next, a next word, attribute or icon) are read
 * before and still open it.
 *
 * @param current the page's own number ({@link urlPageNumber} of its URL), or null
 * @param seen what the pass over the links saw
 * @returns true when nothing on the page leads past it
 */
export function lastPageSignal(current: number | null, seen: SequenceSeen): boolean {
  return (
    current !== null &&
    current >= 2 &&
    seen.previousLinked &&
    !seen.unread &&
    seen.highestNumber <= current &&
    seen.highestLinkedPage <= current
  );
}
