/**
 * The gate: decide cheaply whether a page may have a pager, before any model is loaded
 * (the first stage of the staged detector, docs/architecture.md). One pass over the
 * page's links, stopping at the first signal of ./signals.ts, then, where none is found,
 * one look for a "Load more" button after a list (../features/load-more.ts, without its deny
 * list). No layout read, no URL parsing: the cost is a bounded walk of the link's label and
 * a few regular expressions per link.
 */

import { runNow, type SliceBudget, type Steps } from "../budget/slices";
import { iconNext } from "../features/icon-next";
import { mayHaveLoadMore } from "../features/load-more";
import { pageNumberText } from "../features/page-number";
import { nextChapterWords } from "../features/serial";
import {
  anchorLabel,
  lastPageSignal,
  nextAttrSignal,
  nextTextSignal,
  numberedRunSignal,
  offSiteHref,
  olderTextSignal,
  pageParamSignal,
  type SequenceSeen,
  urlPageNumber,
} from "./signals";

/** `rel="next"` on a `<link>` or an `<a>` with an href, as relNextSignal (./signals.ts) reads it. */
const REL_NEXT = "link[rel~='next' i], a[href][rel~='next' i]";

/** Which signal opened the gate (the first one found), or null when none did. */
export type GateSignal =
  | "rel-next"
  | "next-text"
  /** A blog index's "Older posts" link (its next page, in a list shown newest first). */
  | "older-text"
  | "next-attr"
  | "next-icon"
  | "numbered-run"
  | "page-param"
  | "load-more"
  /** A next-chapter link (下一章, 다음화, "Next chapter"): the detector reads the page
   * as a serial's chapter, joined only with "Join the next chapter" on. */
  | "next-chapter";

/** What the gate decided on one page. */
export interface GateResult {
  /** true: load the detector and run it; false: stay idle. */
  pass: boolean;
  signal: GateSignal | null;
  /** Links read before the decision. */
  links: number;
  /** The page named itself the last of a numbered sequence ({@link lastPageSignal}), so
   * its numbered run and page parameters did not open the gate. */
  lastPage: boolean;
  /** Wall time of the decision, ms. */
  ms: number;
}

/**
 * Run the gate over a document's links. Links that can never be a next page of this site
 * (fragments, javascript:, other hosts: {@link offSiteHref}) give no signal, except
 * `rel="next"`, so that the detector can still say why it refuses a next link to another
 * site.
 *
 * A page whose URL names its page number, and whose links lead to no higher page, is the
 * last of its sequence: its pager alone does not open the gate ({@link lastPageSignal}).
 *
 * @param doc live or parsed document
 * @param pageHost the page's hostname (lowercase); "" reads every link as on-site
 * @param pageUrl the page's URL; "" reads no page number from it
 * @returns whether pagination is plausible, and the first signal that said so
 */
export function pagerGate(doc: Document, pageHost = "", pageUrl = ""): GateResult {
  return runNow(pagerGateSteps(doc, pageHost, pageUrl));
}

/** Links read between two yields of {@link pagerGateSteps}. */
const GATE_BATCH = 64;

/**
 * {@link pagerGate} as a loop that yields every {@link GATE_BATCH} links, for a
 * {@link SliceBudget}: the same decision on an unchanged document; its `ms` counts the
 * gate's own slices, not the page's tasks between them.
 *
 * @param doc live or parsed document
 * @param pageHost the page's hostname (lowercase)
 * @param pageUrl the page's URL
 * @returns as {@link pagerGate}
 */
export function* pagerGateSteps(doc: Document, pageHost = "", pageUrl = ""): Steps<GateResult> {
  let t0 = performance.now();
  let spent = 0;
  let lastPage = false;
  const done = (signal: GateSignal | null, links: number): GateResult => ({
    pass: signal !== null,
    signal,
    links,
    lastPage,
    ms: spent + performance.now() - t0,
  });
  // One native query instead of a test per link: rel tokens are whitespace-separated and
  // compared without regard to ASCII case, as relNextSignal reads them.
  if (doc.querySelector(REL_NEXT) !== null) return done("rel-next", 0);

  const numbers: number[] = [];
  let twoHasPageParam = false;
  let pageParam = false;
  let links = 0;
  const current = urlPageNumber(pageUrl);
  const seen: SequenceSeen = {
    highestNumber: 0,
    highestLinkedPage: 0,
    previousLinked: false,
    unread: false,
  };
  // Parents and grandparents of the numbered links, and of the links without text: an icon
  // there (li > a beside li > a) may be the next link by a URL that names no page.
  const numberNests = new Set<Element | null>();
  const blankNests = new Set<Element | null>();
  for (const a of doc.querySelectorAll("a[href]")) {
    if (++links % GATE_BATCH === 0) {
      spent += performance.now() - t0;
      yield;
      t0 = performance.now();
    }
    const href = a.getAttribute("href") ?? "";
    if (offSiteHref(href, pageHost)) continue;
    // A label longer than a control's (a card, a paragraph) is not read as one.
    const label = anchorLabel(a);
    const text = label.text ?? "";
    if (nextTextSignal(text)) return done("next-text", links);
    if (olderTextSignal(a, label.text, href)) return done("older-text", links);
    if (text.length <= 40 && nextChapterWords(text)) return done("next-chapter", links);
    if (nextAttrSignal(a, label.imgAlt)) return done("next-attr", links);
    // iconNext refuses a label with words at its first test, so most links cost one regex.
    if (label.text !== null && text.length <= 24 && iconNext(a, text) === 1)
      return done("next-icon", links);
    const n = pageNumberText(text);
    const param = pageParamSignal(href);
    if (n !== null) {
      numbers.push(n);
      if (n === 2 && param) twoHasPageParam = true;
    }
    pageParam ||= param;
    if (current !== null)
      readSequence(a, href, label.text, n, param, current, seen, numberNests, blankNests);
  }
  if (current !== null) {
    for (const n of numbers) {
      seen.highestNumber = Math.max(seen.highestNumber, n);
      if (n === current - 1) seen.previousLinked = true;
    }
    for (const nest of blankNests) if (nest !== null && numberNests.has(nest)) seen.unread = true;
  }
  lastPage = lastPageSignal(current, seen);
  if (!lastPage && numberedRunSignal(numbers, twoHasPageParam)) return done("numbered-run", links);
  if (!lastPage && pageParam) return done("page-param", links);
  // No next link in sight: a "Load more" button after a list lets the detector run too
  //, which applies the deny list and the form test before any click.
  return done(mayHaveLoadMore(doc) ? "load-more" : null, links);
}

/** Blank, or only spaces: a link drawn by an icon or an image. */
const BLANK = /^\s*$/;

/**
 * Read one on-site link for {@link lastPageSignal}: its page number by URL, and where it
 * sits when it is numbered or has no text (its number by text is read from the run of
 * numbers after the pass).
 */
function readSequence(
  a: Element,
  href: string,
  text: string | null,
  n: number | null,
  param: boolean,
  current: number,
  seen: SequenceSeen,
  numberNests: Set<Element | null>,
  blankNests: Set<Element | null>,
): void {
  const parent = a.parentElement;
  if (n !== null) numberNests.add(parent).add(parent?.parentElement ?? null);
  else if (text !== null && BLANK.test(text)) {
    blankNests.add(parent).add(parent?.parentElement ?? null);
  }
  if (!param) return;
  const linked = urlPageNumber(href);
  if (linked === null) seen.unread = true;
  else {
    seen.highestLinkedPage = Math.max(seen.highestLinkedPage, linked);
    if (linked === current - 1) seen.previousLinked = true;
  }
}
