/**
 * Letter and mark classes of any script, answered without compiling a Unicode-property
 * expression where that can be avoided. In a cold Chromium page V8 spends
 * 0.4-1.5 ms on an expression such as `/\p{L}/u` or `/[^\p{L}\p{M}'’]+/gu` at its first
 * test (building the character table from ICU, then compiling it), and a detection met two
 * of them on the median corpus page (up to four). So ASCII is answered by unit, a BMP unit
 * by a binary search of a generated table (./unicode-ranges.ts: the classes' ranges read
 * from the same expressions, kept as strings of their bounds), and only an astral code
 * point, or a whole text that is rare on a page, still asks the expression, made on its
 * first use. The answers are those of the expressions named in each docstring, for every
 * string (tested unit by unit), in the Unicode version the tables were read from (named
 * in ./unicode-ranges.ts): a browser on another version may class the few characters
 * added between the two differently, as its own expressions would.
 */

import { EDGE_MARK, LETTER, MARK, NUMBER, SPACED_LETTER } from "./unicode-ranges";

/**
 * A value made on its first use, then kept.
 *
 * @param make builds the value (called at most once)
 * @returns a getter of the value
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

const letter = onFirstUse(() => /\p{L}/u);
const letterOrDigit = onFirstUse(() => /[\p{L}\p{N}]/u);
const spacedLetter = onFirstUse(() => /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u);
const edgeMark = onFirstUse(() => /^[\s\p{P}\p{S}]$/u);
const nonWordRun = onFirstUse(() => /[^\p{L}\p{N}]+/u);
const lettersOnly = onFirstUse(() => /^\p{L}+$/u);
const labelChar = onFirstUse(() => /[\p{L}\p{M}'’]/u);

const ASCII_ALNUM = /[a-z0-9]/i;
const NON_ASCII = /[^\0-\x7f]/;
const ASCII_NON_WORD_RUN = /[^a-z0-9]+/i;
const ASCII_LETTERS_ONLY = /^[a-z]+$/i;

/**
 * Whether a string is all ASCII (no UTF-16 unit above 0x7f).
 *
 * @param text any string
 * @returns true for an ASCII string, and for ""
 */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/** ASCII letters, by UTF-16 unit. */
function isAsciiLetter(unit: number): boolean {
  return (unit >= 65 && unit <= 90) || (unit >= 97 && unit <= 122);
}

/** ASCII letters and digits, by UTF-16 unit. */
function isAsciiAlnum(unit: number): boolean {
  return (unit >= 48 && unit <= 57) || isAsciiLetter(unit);
}

/**
 * Whether a UTF-16 unit lies in one of a table's ranges: a binary search of the bounds.
 *
 * @param ranges a table of ./unicode-ranges.ts: the bounds first, last, first, last, …
 *   as one unit each, ascending
 * @param unit a UTF-16 unit (0x80 to 0xffff: the tables hold nothing else)
 * @returns true when some first <= unit <= last
 */
function inRanges(ranges: string, unit: number): boolean {
  let lo = 0;
  let hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (unit < ranges.charCodeAt(2 * mid)) hi = mid - 1;
    else if (unit > ranges.charCodeAt(2 * mid + 1)) lo = mid + 1;
    else return true;
  }
  return false;
}

/** `\p{L}` for a unit beyond ASCII (a lone surrogate is none). */
function isBmpLetter(unit: number): boolean {
  return inRanges(LETTER, unit);
}

/** `[\p{L}\p{N}]` for a unit beyond ASCII. */
function isBmpLetterOrDigit(unit: number): boolean {
  return isBmpLetter(unit) || inRanges(NUMBER, unit);
}

/** Latin, Greek or Cyrillic for a unit beyond ASCII. */
function isBmpSpacedLetter(unit: number): boolean {
  return inRanges(SPACED_LETTER, unit);
}

/**
 * One character's class: by its unit within ASCII, by a table beyond it; the expression
 * only for a string longer than one unit, which the callers do not pass.
 *
 * @param ch "", one UTF-16 unit, or (answered by `unicode`) a longer string
 * @param ascii the class of a unit below 128
 * @param bmp the class of a unit from 128 to 0xffff
 * @param unicode the class's expression, made on its first use
 * @returns whether `ch` is in the class (as `unicode().test(ch)`)
 */
function classOf(
  ch: string,
  ascii: (unit: number) => boolean,
  bmp: (unit: number) => boolean,
  unicode: () => RegExp,
): boolean {
  if (ch.length !== 1) return ch !== "" && unicode().test(ch);
  const unit = ch.charCodeAt(0);
  return unit < 128 ? ascii(unit) : bmp(unit);
}

/**
 * Whether one character is a letter of any script: `/\p{L}/u.test(ch)`.
 *
 * @param ch a string of one UTF-16 unit (as `charAt` gives), or ""
 * @returns true for a letter
 */
export function isLetter(ch: string): boolean {
  return classOf(ch, isAsciiLetter, isBmpLetter, letter);
}

/**
 * Whether one character is a letter or a digit of any script: `/[\p{L}\p{N}]/u.test(ch)`.
 *
 * @param ch a string of one UTF-16 unit, or ""
 * @returns true for a letter or digit
 */
export function isLetterOrDigit(ch: string): boolean {
  return classOf(ch, isAsciiAlnum, isBmpLetterOrDigit, letterOrDigit);
}

/**
 * Whether a text holds a letter or digit of any script anywhere: `/[\p{L}\p{N}]/u.test`.
 *
 * @param text any string
 * @returns true when one of its characters is a letter or digit
 */
export function hasLetterOrDigit(text: string): boolean {
  if (ASCII_ALNUM.test(text)) return true;
  // No ASCII letter or digit: only the units beyond ASCII can be one.
  for (let i = 0; i < text.length; ) {
    const unit = text.charCodeAt(i);
    const units = unitsAt(text, i);
    if (units === 2) {
      if (letterOrDigit().test(text.slice(i, i + 2))) return true;
    } else if (unit >= 128 && isBmpLetterOrDigit(unit)) return true;
    i += units;
  }
  return false;
}

/**
 * Whether one character is a letter of an alphabet that separates words by spaces
 * (Latin, Greek, Cyrillic): `/[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u`.
 *
 * @param ch a string of one UTF-16 unit, or ""
 * @returns true for such a letter
 */
export function isSpacedLetter(ch: string): boolean {
  return classOf(ch, isAsciiLetter, isBmpSpacedLetter, spacedLetter);
}

/**
 * Whether a code point at `i` is kept by the label normalizer: `/[\p{L}\p{M}'’]/u`.
 *
 * @param t string
 * @param i index of a code point's first unit
 * @param units 1, or 2 for a surrogate pair starting at `i`
 * @returns true when the normalizer keeps the code point
 */
function labelCharAt(t: string, i: number, units: number): boolean {
  const unit = t.charCodeAt(i);
  if (unit < 128) return isAsciiLetter(unit) || unit === 39;
  if (units === 2) return labelChar().test(t.slice(i, i + 2));
  return unit === 0x2019 || isBmpLetter(unit) || inRanges(MARK, unit);
}

/**
 * Every run of characters that are not letters, marks or apostrophes turned into one
 * space: `text.replace(/[^\p{L}\p{M}'’]+/gu, " ")`, for every string (tested against
 * that expression). The label normalizer of ./load-more.ts, without the expression's
 * compile on a page whose labels are not ASCII.
 *
 * @param text any string
 * @returns the text with each such run replaced by " "
 */
export function spaceNonLabelRuns(text: string): string {
  let out = "";
  let kept = 0; // start of the current run of kept characters
  let inGap = false;
  for (let i = 0; i < text.length; ) {
    const units = unitsAt(text, i);
    if (labelCharAt(text, i, units)) {
      if (inGap) {
        out += " ";
        kept = i;
        inGap = false;
      }
    } else if (!inGap) {
      out += text.slice(kept, i);
      inGap = true;
    }
    i += units;
  }
  return inGap ? `${out} ` : out + text.slice(kept);
}

/** White space, punctuation or symbol within ASCII, by UTF-16 unit: `\s` is tab to carriage
 * return and the space, and every other printable ASCII character that is not a letter
 * or a digit is in `\p{P}` or `\p{S}`. */
function isAsciiEdgeMark(unit: number): boolean {
  if (unit === 32 || (unit >= 9 && unit <= 13)) return true;
  return unit > 32 && unit < 127 && !isAsciiAlnum(unit);
}

/**
 * UTF-16 units of the code point at `i` when it is an edge mark (`[\s\p{P}\p{S}]`), else 0.
 *
 * @param t string
 * @param i index of a code point's first unit
 * @param units 1, or 2 for a surrogate pair starting at `i`
 * @returns `units` for an edge mark, else 0
 */
function edgeMarkUnits(t: string, i: number, units: number): number {
  const unit = t.charCodeAt(i);
  if (unit < 128) return isAsciiEdgeMark(unit) ? 1 : 0;
  if (units === 1) return inRanges(EDGE_MARK, unit) ? 1 : 0;
  return edgeMark().test(t.slice(i, i + units)) ? units : 0;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/**
 * UTF-16 units of the code point starting at `i`, as a `u` expression steps over it.
 *
 * @param t string
 * @param i index of a unit of `t`
 * @returns 2 for a surrogate pair (a high surrogate followed by a low one), else 1
 */
function unitsAt(t: string, i: number): number {
  return isHighSurrogate(t.charCodeAt(i)) && isLowSurrogate(t.charCodeAt(i + 1)) ? 2 : 1;
}

/**
 * A label without the white space, punctuation and symbols at its two ends ("» Next »"
 * → "Next"): `t.replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, "")`, for every string
 * (tested against that expression). A scan from each end, code point by code point: ASCII
 * by unit, a BMP unit by the `EDGE_MARK` table, only an astral character by the
 * expression. The replace ran for every link text that begins or ends with a mark or a
 * non-ASCII letter (every Japanese or Chinese label), uncompiled, on a page's first
 * detection.
 *
 * @param t any string
 * @returns t without its leading and trailing marks
 */
export function trimEdgeMarks(t: string): string {
  const n = t.length;
  let i = 0;
  while (i < n) {
    const step = edgeMarkUnits(t, i, unitsAt(t, i));
    if (step === 0) break;
    i += step;
  }
  let j = n;
  while (j > i) {
    const pair =
      j - 2 >= i && isLowSurrogate(t.charCodeAt(j - 1)) && isHighSurrogate(t.charCodeAt(j - 2));
    const units = pair ? 2 : 1;
    if (edgeMarkUnits(t, j - units, units) === 0) break;
    j -= units;
  }
  return i === 0 && j === n ? t : t.slice(i, j);
}

/**
 * A text cut at every run of characters that are neither letters nor digits of any
 * script: `text.split(/[^\p{L}\p{N}]+/u)` (empty pieces at the ends kept, as `split` does).
 *
 * @param text any string
 * @returns the pieces
 */
export function splitAtNonWords(text: string): string[] {
  return text.split(NON_ASCII.test(text) ? nonWordRun() : ASCII_NON_WORD_RUN);
}

/**
 * Whether a text is one or more letters of any script and nothing else: `/^\p{L}+$/u`.
 *
 * @param text any string
 * @returns true for a non-empty run of letters
 */
export function isLettersOnly(text: string): boolean {
  return NON_ASCII.test(text) ? lettersOnly().test(text) : ASCII_LETTERS_ONLY.test(text);
}

/**
 * A text as a regular-expression source that matches it literally (every syntax
 * character escaped), for expressions built from word lists.
 *
 * @param text any text, e.g. "next page?"
 * @returns the escaped source, e.g. "next page\\?"
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
