/**
 * The gate: decide cheaply whether a page may have a pager, before any model is loaded
 * (issue 13; the first stage of ARCHITECTURE.md's staged detector). One pass over the
 * page's links, stopping at the first signal of ./signals.ts. No layout read, no URL
 * parsing: the cost is a textContent read and a few regular expressions per link.
 */

import {
  nextAttrSignal,
  nextTextSignal,
  numberedRunSignal,
  pageNumberText,
  pageParamSignal,
  relNextSignal,
} from "./signals";

/** Which signal opened the gate (the first one found), or null when none did. */
export type GateSignal = "rel-next" | "next-text" | "next-attr" | "numbered-run" | "page-param";

/** What the gate decided on one page. */
export interface GateResult {
  /** true: load the detector and run it; false: stay idle. */
  pass: boolean;
  signal: GateSignal | null;
  /** Links read before the decision. */
  links: number;
  /** Wall time of the decision, ms. */
  ms: number;
}

/** An anchor this long in text is a card or a paragraph, not a pager control (chars). */
const MAX_TEXT_READ = 200;

/**
 * Run the gate over a document's links.
 *
 * @param doc live or parsed document
 * @returns whether pagination is plausible, and the first signal that said so
 */
export function pagerGate(doc: Document): GateResult {
  const t0 = performance.now();
  const done = (signal: GateSignal | null, links: number): GateResult => ({
    pass: signal !== null,
    signal,
    links,
    ms: performance.now() - t0,
  });
  for (const link of doc.querySelectorAll("link[rel]"))
    if (relNextSignal(link)) return done("rel-next", 0);

  const numbers: number[] = [];
  let twoHasPageParam = false;
  let pageParam = false;
  let links = 0;
  for (const a of doc.querySelectorAll("a[href]")) {
    links++;
    if (relNextSignal(a)) return done("rel-next", links);
    const raw = a.textContent ?? "";
    const text = raw.length > MAX_TEXT_READ ? "" : raw;
    if (nextTextSignal(text)) return done("next-text", links);
    if (nextAttrSignal(a)) return done("next-attr", links);
    const n = pageNumberText(text);
    const href = a.getAttribute("href") ?? "";
    const param = pageParamSignal(href);
    if (n !== null) {
      numbers.push(n);
      if (n === 2 && param) twoHasPageParam = true;
    }
    pageParam ||= param;
  }
  if (numberedRunSignal(numbers, twoHasPageParam)) return done("numbered-run", links);
  return done(pageParam ? "page-param" : null, links);
}
