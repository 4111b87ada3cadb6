/**
 * The reader's place as the content script and the background exchange it
 * (`content→background:remember-place`, `recall-place`, ./messages.ts): the joined pages of
 * one history entry and where the reader was in them. How places are kept is
 * src/place/places.ts; how an anchor is taken and found again is src/place/anchor.ts.
 */
import type { LearnedRule } from "./site-rule";

/** Where the reader was, independent of layout. */
export interface ReadingAnchor {
  /** The joined page holding the element: 1 for the page as served, 2 for the first
   * joined page, … */
  page: number;
  /** The element's tag name, lower case (e.g. "p", "a"). */
  tag: string;
  /** Its whitespace-collapsed text, at most `SNIPPET_CHARS` (120, src/place/anchor.ts)
   * chars; for an element without text (an image), its `src` or `href`. */
  text: string;
  /** Which of the page's elements with the same tag and text it is, 0-based. */
  nth: number;
  /** Distance of the element's top from the top of the viewport, px (negative when its
   * top is scrolled past). */
  offset: number;
}

/** The joined pages of one history entry and where the reader was in them. */
export interface JoinedPlace {
  /** URLs of the pages shown, in order: the page as served first, then each joined page
   * as fetched (final URLs, after redirects). */
  pages: string[];
  /** The site rule the pager used (SITEINFO shape), when it had one. */
  rule?: LearnedRule;
  /** Clicks of the page's own "Load more" button that added items (a load-more page has
   * one URL in `pages`); absent for pages joined by URL. */
  clicks?: number;
  /** The reader's place; null when nothing on screen could be named. */
  anchor: ReadingAnchor | null;
  /** The history entry's key (Navigation API `currentEntry.key`), where the browser has
   * one: it survives reloads and traversals, so two visits to the same URL in one tab
   * stay apart. */
  entryKey?: string;
  /** When it was last written, ms since the epoch. */
  at: number;
}

/** A place found for a page being opened again. */
export interface Recalled {
  place: JoinedPlace;
  /** Index in `place.pages` of the page now open: 0 for page 1, k when the reader comes
   * back to joined page k + 1's own URL (the address-bar option showed it). */
  from: number;
}
