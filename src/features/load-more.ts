/**
 * "Load more" controls: a button under a list that makes the page's own script
 * append the next items in place, where a site has no next link. One signal per function,
 * composed by {@link findLoadMore}:
 *
 * - the label reads "load more" in one of the pager languages ({@link loadMoreText});
 * - nothing about it reads as a dangerous action: buy, delete, log in, subscribe…
 *   ({@link deniedControl}); the deny list always wins;
 * - it submits no form ({@link submitsForm});
 * - it does not navigate: an `<a>` with a real href is a next link, left to the pager
 *   ({@link navigatesAway});
 * - it is no disclosure widget: a menu or panel toggle ({@link disclosureControl});
 * - it can be clicked now ({@link clickable});
 * - it stands right after a run of similar items ({@link listBefore}).
 *
 * Pure DOM code, no layout and no URL parsing: the gate runs it on every page without a
 * pager signal, and the detector and the load-more pager run it again.
 */

import { attrTokens, DENY_WORDS, LOAD_MORE_WORDS, NO_MORE_WORDS } from "./keywords";
import {
  escapeRegExp,
  isAscii,
  isLetterOrDigit,
  isSpacedLetter,
  spaceNonLabelRuns,
} from "./letters";

/** A label longer than this is a card or prose, not a button's label (chars). */
const MAX_LABEL_CHARS = 40;
/** …nor one of more words than this. */
const MAX_LABEL_WORDS = 6;

/**
 * A matcher for a vocabulary: entries that begin or end with a letter of a spaced
 * alphabet match only as whole words ("pay" does not match "display"); CJK entries match
 * anywhere ("カートに入れる" in "今すぐカートに入れる"). A loop of `indexOf`, not one big
 * alternation: such an expression costs tens of milliseconds to compile in every page,
 * and the gate runs this on every page.
 *
 * @param words lowercase entries, e.g. {@link LOAD_MORE_WORDS}
 * @returns a test of a {@link normalizeLabel}ed text: true when an entry occurs in it
 */
export function vocabulary(words: readonly string[]): (text: string) => boolean {
  // Built on first use: the entry script loads this module on every page.
  let entries: { w: string; start: boolean; end: boolean }[] | null = null;
  return (text) => {
    entries ??= words.map((w) => ({
      w,
      start: isSpacedLetter(w.charAt(0)),
      end: isSpacedLetter(w.charAt(w.length - 1)),
    }));
    for (let k = 0; k < entries.length; k++) {
      const { w, start, end } = entries[k] as { w: string; start: boolean; end: boolean };
      for (let i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + 1)) {
        if (start && i > 0 && isLetterOrDigit(text.charAt(i - 1))) continue;
        if (end && isLetterOrDigit(text.charAt(i + w.length))) continue;
        return true;
      }
    }
    return false;
  };
}

// Marked pure so that a bundle that never asks a vocabulary (the entry script has no use
// for the deny list) leaves it and its words out.
const LOAD_MORE = /* @__PURE__ */ vocabulary(LOAD_MORE_WORDS);
const NO_MORE = /* @__PURE__ */ vocabulary(NO_MORE_WORDS);
const DENY = /* @__PURE__ */ vocabulary(DENY_WORDS);

/**
 * A label as the vocabularies read it: lowercase, digits, punctuation and symbols turned
 * into spaces (apostrophes kept: "s'inscrire"), whitespace collapsed.
 *
 * @param text raw label, e.g. "Show 20 more ›"
 * @returns normalized label, e.g. "show more"
 */
export function normalizeLabel(text: string): string {
  // An ASCII label has no marks and no '’', and its letters are a-z once lower-cased: one
  // native replace. Beyond ASCII, ./letters.ts's tables instead of a Unicode-property
  // expression, whose compile costs a cold page up to 1.5 ms.
  const t = text.toLowerCase();
  return (isAscii(text) ? t.replace(ASCII_NON_LABEL, " ") : spaceNonLabelRuns(t)).trim();
}

const ASCII_NON_LABEL = /[^a-z']+/g;

/**
 * A cheap pre-test for a vocabulary: whether the raw label, lower-cased, holds the longest
 * space-free piece of some entry ("more" of "load more", "もっと見る"). Normalizing only
 * lower-cases and turns what is not a letter into spaces, so a label the vocabulary
 * matches always holds such a piece verbatim; most labels of a page hold none and skip
 * the normalizing and the vocabulary's scan, a page's first, uncompiled run of both.
 *
 * @param words lowercase entries
 * @returns a test of a raw label: false when no entry can match it
 */
export function mayHoldWord(words: readonly string[]): (text: string) => boolean {
  // One expression of literal alternatives, made on first use: the same answer as a
  // substring test per fragment, in one native scan. The gate asks it of every control
  // of every page, where some 40 interpreted substring tests per label cost up to 4 ms
  // on pages with hundreds of controls.
  let fragments: RegExp | null = null;
  return (text) => {
    fragments ??= new RegExp(
      [
        ...new Set(
          words.map((w) => w.split(" ").reduce((a, b) => (b.length > a.length ? b : a), "")),
        ),
      ]
        .map(escapeRegExp)
        .join("|"),
    );
    return fragments.test(text.toLowerCase());
  };
}

/**
 * {@link mayHoldWord} for {@link LOAD_MORE_WORDS}: the pre-test of {@link loadMoreText}.
 *
 * @param text raw label
 * @returns false when the label cannot read as "load more"
 */
export const mayAskForMore: (text: string) => boolean = mayHoldWord(LOAD_MORE_WORDS);

/**
 * Whether a label reads "load more / show more / more results / view more" in one of the
 * pager languages ({@link LOAD_MORE_WORDS}): a short label (≤ 40 chars, ≤ 6 words once
 * digits and punctuation are removed) holding one of the phrases, and not saying that
 * there is nothing more ("No more results").
 *
 * @param text raw label (text, aria-label, title or value), e.g. "Load 20 more (240)"
 * @returns true when the label asks for more items
 */
export function loadMoreText(text: string): boolean {
  if (!mayAskForMore(text)) return false;
  const t = normalizeLabel(text);
  if (t === "" || t.length > MAX_LABEL_CHARS || t.split(" ").length > MAX_LABEL_WORDS) return false;
  return LOAD_MORE(t) && !NO_MORE(t);
}

/**
 * Whether a text names an action tsugi must never trigger ({@link DENY_WORDS}: buy, add
 * to cart, checkout, subscribe, sign up, log in/out, delete, remove, vote, like, share,
 * follow, report, download, pay, order, submit, send, confirm… in many languages).
 *
 * @param text raw label or attribute words, e.g. "Log in to see more"
 * @returns true when any deny word occurs as a word (CJK: as a substring)
 */
export function denyText(text: string): boolean {
  return DENY(normalizeLabel(text));
}

/** Attributes whose values name what a control does, read as words by {@link deniedControl}. */
const ACTION_ATTRIBUTES = [
  "id",
  "name",
  "href",
  "onclick",
  "formaction",
  "data-action",
  "data-testid",
] as const;

/** Class tokens of CSS frameworks that read like a deny word ("order-1", "order-last"). */
const CSS_UTILITY_TOKENS: ReadonlySet<string> = new Set(["order"]);

/**
 * The labels a control shows: its text (read by a bounded walk, null when longer than a
 * label), aria-label, title, value (inputs) and the alt of its first image.
 *
 * @param el control element
 * @param maxNodes most descendants visited before the text counts as too long
 * @returns the non-empty labels, text first, e.g. ["Load more", "Load more articles"]
 */
export function controlLabels(el: Element, maxNodes = 32): string[] {
  const labels: string[] = [];
  let text = "";
  let alt: string | null = null;
  let visited = 0;
  let tooLong = false;
  const stack: Node[] = [];
  for (let c = el.lastChild; c; c = c.previousSibling) stack.push(c);
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (++visited > maxNodes) {
      tooLong = true;
      break;
    }
    if (node.nodeType === 3) {
      text += (node as Text).data;
      if (text.length > 4 * MAX_LABEL_CHARS) {
        tooLong = true;
        break;
      }
    } else if (node.nodeType === 1) {
      const child = node as Element;
      if (child.localName === "script" || child.localName === "style") continue;
      if (alt === null && child.localName === "img") alt = child.getAttribute("alt");
      for (let c = child.lastChild; c; c = c.previousSibling) stack.push(c);
    }
  }
  if (!tooLong && text.trim() !== "") labels.push(text.replace(/\s+/g, " ").trim());
  for (const name of ["aria-label", "title"]) {
    const v = el.getAttribute(name);
    if (v?.trim()) labels.push(v.trim());
  }
  if (el.localName === "input") {
    const v = el.getAttribute("value");
    if (v?.trim()) labels.push(v.trim());
  }
  if (alt?.trim()) labels.push(alt.trim());
  return labels;
}

/**
 * The deny list, on everything a control says about itself: its labels (including text
 * too long to be a load-more label) and the words of its class, id, name, href, onclick,
 * formaction, data-action and data-testid ("btn-buy", "addToCart", "/cart/add",
 * "deleteItem()"). Any hit refuses the control, whatever its label and position.
 *
 * @param el control element
 * @returns true when tsugi must never click it
 */
export function deniedControl(el: Element): boolean {
  const texts = [...controlLabels(el, 256), (el.textContent ?? "").slice(0, 400)];
  if (texts.some(denyText)) return true;
  const words: string[] = attrTokens(el.getAttribute("class") ?? "").filter(
    (t) => !CSS_UTILITY_TOKENS.has(t),
  );
  for (const name of ACTION_ATTRIBUTES) {
    const v = el.getAttribute(name);
    if (v) words.push(...attrTokens(v));
  }
  return words.length > 0 && DENY(words.join(" "));
}

/**
 * Whether clicking the control would submit (or reset) a form: a submit button or image
 * input anywhere, or a `<button>` inside (or owned by) a form without `type="button"`.
 * Links and role=button elements inside a form submit nothing.
 *
 * @param el control element
 * @returns true when the control is refused as a form submitter
 */
export function submitsForm(el: Element): boolean {
  const type = (el.getAttribute("type") ?? "").trim().toLowerCase();
  if (el.localName === "input") return type === "submit" || type === "image" || type === "reset";
  if (el.localName !== "button") return false;
  if (type === "submit" || type === "reset") return true;
  const owner = (el as HTMLButtonElement).form ?? el.closest("form");
  return owner !== null && type !== "button";
}

/** An inline handler that leaves the page: `location…`, `window.open(`, `.submit(`. */
const NAVIGATING_HANDLER = /\blocation\b|\bopen\s*\(|\.submit\s*\(|\bhref\s*=/i;

/**
 * Whether the control navigates to another page: an `<a>` or `<area>` whose href is a real
 * URL (anything but empty, a fragment or `javascript:`), or any control whose inline
 * `onclick` (or `javascript:` href) sets `location`, opens a window or submits a form.
 * Such a link is a next link for the pager, not a load-more button.
 *
 * @param el control element
 * @returns true when clicking it would leave the page
 */
export function navigatesAway(el: Element): boolean {
  const onclick = el.getAttribute("onclick");
  if (onclick && NAVIGATING_HANDLER.test(onclick)) return true;
  if (el.localName !== "a" && el.localName !== "area") return false;
  const href = el.getAttribute("href");
  if (href === null) return false;
  const h = href.trim();
  if (/^javascript:/i.test(h)) return NAVIGATING_HANDLER.test(h);
  return !(h === "" || h.startsWith("#"));
}

/**
 * Whether the control opens or closes something rather than loading: `aria-expanded`
 * (a menu toggle, a "show more / show less" panel), `aria-haspopup` other than "false",
 * or `aria-pressed` (a toggle). Clicking such a control twice undoes the first click, and
 * it grows no list.
 *
 * @param el control element
 * @returns true for a disclosure or toggle widget
 */
export function disclosureControl(el: Element): boolean {
  if (el.hasAttribute("aria-expanded") || el.hasAttribute("aria-pressed")) return true;
  const popup = el.getAttribute("aria-haspopup");
  return popup !== null && popup.trim().toLowerCase() !== "false";
}

/**
 * Whether the control can be clicked now: connected, not disabled (attribute, `disabled`
 * fieldset or `aria-disabled="true"`), not `hidden`, and not `display: none` or
 * `visibility: hidden` by style (read only where the document has a window).
 *
 * @param el control element
 * @returns true when a click would reach it
 */
export function clickable(el: Element): boolean {
  if (!el.isConnected) return false;
  if (el.hasAttribute("disabled") || el.getAttribute("aria-disabled") === "true") return false;
  if (el.closest("[hidden], fieldset[disabled]")) return false;
  const win = el.ownerDocument.defaultView;
  if (!win) return true;
  for (let e: Element | null = el; e && e.localName !== "body"; e = e.parentElement) {
    const style = win.getComputedStyle(e);
    if (style.display === "none" || (e === el && style.visibility === "hidden")) return false;
  }
  return true;
}

/** Elements that hold text inside a block, never list items. */
const TEXT_LEVEL: ReadonlySet<string> = new Set([
  "p",
  "span",
  "br",
  "b",
  "i",
  "em",
  "strong",
  "small",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "label",
  "option",
  "script",
  "style",
  "template",
  "input",
  "button",
]);

/** Tags that make list items even without a class; a run of bare `<div>`s is the blocks
 * of an article body as often as a list. */
const ITEM_TAGS: ReadonlySet<string> = new Set(["li", "tr", "article", "dt", "dd", "figure"]);

/**
 * An item's signature: its tag and its first class token ("li.item", "article.card",
 * "div."), so "card" and "card featured" are the same kind of item.
 *
 * @param el element
 * @returns signature string
 */
export function itemSignature(el: Element): string {
  const cls = (el.getAttribute("class") ?? "").trim().split(/\s+/, 1)[0] ?? "";
  return `${el.localName}.${cls}`;
}

/** A run of similar items: the list a load-more control grows. */
export interface ItemRun {
  /** The element before the control that holds the list (the list itself, or a wrapper). */
  scope: Element;
  /** The items' signature ({@link itemSignature}). */
  signature: string;
  /** Depth of the items below `scope` (1: its children). */
  depth: number;
}

/**
 * The items of a run as the page shows them now: descendants of `run.scope` at the run's
 * depth with its signature, in document order. A page that appends each batch in a new
 * wrapper (a second `<ul>` beside the first) counts too.
 *
 * @param run the run
 * @returns the items
 */
export function runItems(run: ItemRun): Element[] {
  let level: Element[] = [run.scope];
  for (let d = 0; d < run.depth; d++) level = level.flatMap((e) => Array.from(e.children));
  return level.filter((e) => itemSignature(e) === run.signature);
}

/**
 * Whether an element holds a run of similar items: itself or a descendant at most two
 * levels down has at least 3 children of one signature, making at least half of its
 * children, and not text-level elements (paragraphs of an article are no list), nor
 * classless blocks other than list tags ({@link ITEM_TAGS}).
 *
 * @param el candidate list or wrapper
 * @returns the run (with `el` as its scope), or null
 */
export function itemRun(el: Element): ItemRun | null {
  let level: { e: Element; depth: number }[] = [{ e: el, depth: 0 }];
  let examined = 0;
  while (level.length > 0) {
    const next: { e: Element; depth: number }[] = [];
    for (const { e, depth } of level) {
      if (++examined > 64) return null;
      const counts = new Map<string, number>();
      for (const c of e.children) {
        const s = itemSignature(c);
        counts.set(s, (counts.get(s) ?? 0) + 1);
      }
      for (const [signature, n] of counts) {
        const tag = signature.slice(0, signature.indexOf("."));
        const classless = signature.endsWith(".") && !ITEM_TAGS.has(tag);
        if (n >= 3 && 2 * n >= e.children.length && !TEXT_LEVEL.has(tag) && !classless)
          return { scope: el, signature, depth: depth + 1 };
      }
      if (depth < 2) for (const c of e.children) next.push({ e: c, depth: depth + 1 });
    }
    level = next;
  }
  return null;
}

/**
 * The list a control follows: the run of similar items ({@link itemRun}) in its previous
 * element sibling (or the one before), or in that of its parent or grandparent (the
 * control wrapped in a `<div class="more">`). Only structure is read.
 *
 * @param control control element
 * @returns the run, or null when the control follows no list
 */
export function listBefore(control: Element): ItemRun | null {
  let node: Element | null = control;
  for (let level = 0; level < 3 && node && node.localName !== "body"; level++) {
    let prev = node.previousElementSibling;
    for (let k = 0; k < 2 && prev; k++, prev = prev.previousElementSibling) {
      const run = itemRun(prev);
      if (run) return run;
    }
    node = node.parentElement;
  }
  return null;
}

/** A load-more control found on a page. */
export interface LoadMoreTarget extends ItemRun {
  /** The page's own control, clicked as it is. */
  control: Element;
  /** The label that read "load more". */
  label: string;
}

/**
 * Every element that may be a load-more control. Links with a real href are left out by
 * the selector itself (the browser filters them natively): on a page of 2,000 links, that
 * is what keeps this second look of the gate cheap. {@link navigatesAway} still judges
 * what the selector lets through (an href with leading spaces).
 */
const CONTROLS = [
  "button",
  "a:not([href])",
  "a[href='']",
  "a[href^='#']",
  "a[href^='javascript:' i]",
  "[role='button' i]",
  "input[type='button' i]",
  "input[type='submit' i]",
  "input[type='image' i]",
].join(", ");

/** Class or id words of the lists beside a page's main content. */
const SECONDARY_HINT =
  /comment|repl(?:y|ies)|review|related|recommend|sidebar|discussion|disqus|respond|trending|popular|widget/i;

/**
 * The control belongs to a list beside the page's main content: it, or an ancestor below
 * `<body>`, is an `<aside>` or has a class or id naming comments, replies, reviews,
 * related or recommended stories, a sidebar or a widget. "Show more comments" under an
 * article is a load-more control, but not the reader's list: an auto-pager that clicked
 * it as the reader reached the end of the story would fill the page with comments.
 *
 * @param el control element
 * @returns true when the control serves a secondary list
 */
export function secondaryListControl(el: Element): boolean {
  for (let e: Element | null = el; e !== null && e.localName !== "body"; e = e.parentElement) {
    if (e.localName === "aside") return true;
    if (!e.hasAttributes()) continue;
    const hint = `${e.getAttribute("class") ?? ""} ${e.getAttribute("id") ?? ""}`;
    if (SECONDARY_HINT.test(hint)) return true;
  }
  return false;
}

/**
 * The control's list is the page's main content: the page element found by the
 * page-element forest (seed 000 §3.3) lies inside the list, or holds it and the list is
 * most of its text (more than half: a plain majority). A "More stories" river beside an
 * article, or a "more products" strip under a product page, serves another list than the
 * one the reader reads, and an auto-pager must not click it.
 *
 * @param target a control found by {@link findLoadMore}
 * @param pageElements the page element(s) detected on the page (none: not main)
 * @returns true when the control extends the main list
 */
export function mainListControl(target: ItemRun, pageElements: readonly Element[]): boolean {
  // The items' own container, not the wrapper the search started from (that may be a
  // whole article holding a small list of links).
  const list = runItems(target)[0]?.parentElement ?? target.scope;
  const chars = (e: Element) => (e.textContent ?? "").replace(/\s+/g, "").length;
  return pageElements.some(
    (p) => list.contains(p) || (p.contains(list) && chars(list) > chars(p) / 2),
  );
}

/**
 * Whether a control may be clicked at all, whatever it says: it navigates nowhere
 * ({@link navigatesAway}), nothing in the deny list names it ({@link deniedControl}), it
 * submits no form ({@link submitsForm}), it is no menu or panel toggle
 * ({@link disclosureControl}), and it is enabled and shown ({@link clickable}). Asked
 * when a control is found and again before every click.
 *
 * @param el control element
 * @returns true when clicking it is safe
 */
export function safeToClick(el: Element): boolean {
  return (
    !navigatesAway(el) &&
    !deniedControl(el) &&
    !submitsForm(el) &&
    !disclosureControl(el) &&
    clickable(el)
  );
}

/**
 * Every load-more signal but the deny list and the form test, the most selective first:
 * of the page's controls ({@link CONTROLS}: no link with a real URL among them) most say
 * something else, and the label's vocabulary pre-test settles those before any other
 * test (the gate runs this on every control of every page). Shared by
 * {@link loadMoreControl} and the gate's {@link mayBeLoadMore}.
 */
function beforeDenyList(el: Element): LoadMoreTarget | null {
  const label = controlLabels(el).find(loadMoreText);
  if (label === undefined || navigatesAway(el)) return null;
  if (disclosureControl(el) || !clickable(el) || secondaryListControl(el)) return null;
  const run = listBefore(el);
  return run ? { ...run, control: el, label } : null;
}

/**
 * Judge one control with every signal; the deny list, the form and the navigation tests
 * refuse it whatever its label and position (with the tests of its first step, every test
 * of {@link safeToClick}).
 *
 * @param el control element
 * @returns the target, or null when it is no (safe) load-more control
 */
export function loadMoreControl(el: Element): LoadMoreTarget | null {
  const target = beforeDenyList(el);
  return target && !deniedControl(el) && !submitsForm(el) ? target : null;
}

/**
 * The gate's form of {@link loadMoreControl}: every signal but the deny list
 * ({@link deniedControl}) and the form test ({@link submitsForm}), whose vocabulary of
 * some 250 entries would otherwise ride in the entry script on every page. It passes every
 * control that {@link loadMoreControl} passes, and a few more (a "Load more" that also
 * says "buy"): such a page loads the detector, which judges the control with every signal
 * before anything is clicked.
 *
 * @param el control element
 * @returns true when the control may be a load-more control
 */
export function mayBeLoadMore(el: Element): boolean {
  return beforeDenyList(el) !== null;
}

/**
 * Whether some control of the page may be a load-more control ({@link mayBeLoadMore}):
 * the gate's question (cheap: no layout).
 *
 * @param doc live or parsed document
 * @returns true when the detector should look for one
 */
export function mayHaveLoadMore(doc: Document): boolean {
  for (const el of doc.querySelectorAll(CONTROLS)) if (mayBeLoadMore(el)) return true;
  return false;
}

/**
 * The page's load-more control, if it has one: the first control that passes
 * {@link loadMoreControl}. Used by the detector when page 1 has no next link, and by the
 * load-more pager when the page replaced its button.
 *
 * @param doc live or parsed document
 * @returns the target `{ control, label, scope, signature, depth }`, or null
 */
export function findLoadMore(doc: Document): LoadMoreTarget | null {
  for (const el of doc.querySelectorAll(CONTROLS)) {
    const found = loadMoreControl(el);
    if (found) return found;
  }
  return null;
}
