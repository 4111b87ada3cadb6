/**
 * The reader's corrections: links a reader marked "Not the next page" on a joined page's
 * separator. Each remembers, for one site (host), the XPath of the next link the run used
 * (the site rule's `nextLink`) and the refused URL with its digit runs generalised, so that
 * on later visits the detector skips a candidate that either selects (the same link in the
 * same place) or looks like (the same kind of URL) the refused one. They live in
 * `storage.local` under {@link CORRECTIONS_KEY}, beside the reader's site rules, and travel
 * in the settings file.
 */
import { escapeRegExp } from "../features/letters";

/** `storage.local` key of the corrections. */
export const CORRECTIONS_KEY = "corrections";
/** Most corrections kept; the oldest go first. */
export const MAX_CORRECTIONS = 200;

/** One refused next link. */
export interface Correction {
  /** The site (host, port kept, lower case) where it applies. */
  site: string;
  /** XPath of the next link that led to the refused page (the run's rule), or null
   * when the run had none. */
  nextLink: string | null;
  /** Regular expression over a candidate's absolute URL: the refused URL, anchored, with
   * its path's and query's digit runs generalised to `\d+` ({@link urlPatternOf}). */
  urlPattern: string;
  /** The refused page's URL, as the reader saw it. */
  url: string;
  /** When the reader refused it, ms since the epoch. */
  at: number;
}

/**
 * The refused URL as a pattern: the origin literally, the path and query escaped with
 * each digit run generalised to `\d+`, the fragment dropped; anchored at both ends.
 * @param url an absolute URL
 * @returns e.g. `^https://ex\.com/story-\d+\.html\?p=\d+$`
 * @throws TypeError when `url` is not an absolute URL
 */
export function urlPatternOf(url: string): string {
  const u = new URL(url);
  const rest = `${u.pathname}${u.search}`.split(/\d+/).map(escapeRegExp).join("\\d+");
  return `^${escapeRegExp(u.origin)}${rest}$`;
}

const isString = (v: unknown): v is string => typeof v === "string" && v.length > 0;

/** Whether one stored entry is a well-formed correction (its pattern compiles). */
function isCorrection(c: unknown): c is Correction {
  const o = c as Record<string, unknown> | null;
  if (!o || !isString(o.site) || !isString(o.urlPattern) || !isString(o.url)) return false;
  if (o.nextLink !== null && !isString(o.nextLink)) return false;
  try {
    new RegExp(o.urlPattern);
  } catch {
    return false;
  }
  return typeof o.at === "number";
}

/**
 * Read stored corrections (or those of a settings file), dropping malformed entries.
 * @param stored whatever `storage.local` holds under {@link CORRECTIONS_KEY}
 * @returns the well-formed corrections, in the stored order
 */
export function parseCorrections(stored: unknown): Correction[] {
  return Array.isArray(stored)
    ? stored.filter(isCorrection).map((c) => ({
        site: c.site,
        nextLink: c.nextLink,
        urlPattern: c.urlPattern,
        url: c.url,
        at: c.at,
      }))
    : [];
}

/** Two corrections that refuse the same thing on the same site. */
const same = (a: Correction, b: Correction) =>
  a.site === b.site && a.nextLink === b.nextLink && a.urlPattern === b.urlPattern;

/**
 * The corrections after the reader refused one more link: a correction that refuses the
 * same thing is replaced (its date renewed); the newest come first and the oldest go past
 * {@link MAX_CORRECTIONS}.
 * @returns a new array; the input is not changed
 */
export function addCorrection(list: readonly Correction[], c: Correction): Correction[] {
  return [c, ...list.filter((o) => !same(o, c))].slice(0, MAX_CORRECTIONS);
}

/**
 * The corrections of one site, newest first.
 * @param site a host, as `siteOf` gives it
 */
export function correctionsFor(list: readonly Correction[], site: string): Correction[] {
  return list.filter((c) => c.site === site);
}

/** The corrections without those of one site (the popup's "Forget corrections"). */
export function forgetCorrections(list: readonly Correction[], site: string): Correction[] {
  return list.filter((c) => c.site !== site);
}

/**
 * Whether a change of the stored corrections took back one of a site's (the popup's
 * "Forget corrections for this site", the options page's remove button, an import): an
 * open tab of the site then detects again, at once. A correction added is no undo.
 * @param before what `storage.local` held under {@link CORRECTIONS_KEY} (a change's `oldValue`)
 * @param after what it holds now (the change's `newValue`)
 * @param site a host, as `siteOf` gives it
 */
export function correctionsUndone(before: unknown, after: unknown, site: string): boolean {
  const now = parseCorrections(after);
  return correctionsFor(parseCorrections(before), site).some((c) => !now.some((o) => same(o, c)));
}

/** The corrections without one (the options page's remove button). */
export function removeCorrection(list: readonly Correction[], c: Correction): Correction[] {
  return list.filter((o) => !same(o, c));
}

/**
 * Whether a candidate next link is one a correction refuses: its URL has the refused
 * URL's shape, or the correction's XPath selects its anchor on this page.
 * @param c a correction of the candidate's site
 * @param url the candidate's absolute URL
 * @param selectedByXPath whether the correction's `nextLink` selects the candidate's
 *   anchor (the caller evaluates it on the page: this module reads no DOM)
 */
export function correctionRefuses(c: Correction, url: string, selectedByXPath: boolean): boolean {
  if (selectedByXPath) return true;
  try {
    return new RegExp(c.urlPattern).test(url.replace(/#.*$/, ""));
  } catch {
    return false;
  }
}
