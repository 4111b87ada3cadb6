/**
 * Letter and mark classes of any script, answered for ASCII without a Unicode-property
 * expression (issue 13). V8 builds the character table of `\p{L}`, `\p{P}` or
 * `\p{Script=Latin}` when such a literal is first evaluated and compiles it at its first
 * test: in a cold page that costs 0.05–0.5 ms per expression (Node 20: `/\p{L}/u` 0.05
 * to make and 0.04 to run once; the edge-mark expression below 0.17 and 0.35), and the
 * entry script, which runs on every page, made four of them at load. Here each
 * expression is made on its first use, and only for a character or label outside ASCII;
 * the answers are those of the expressions named in each docstring, for every string.
 */

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
const edgeMarks = onFirstUse(() => /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu);
const nonWordRun = onFirstUse(() => /[^\p{L}\p{N}]+/u);
const lettersOnly = onFirstUse(() => /^\p{L}+$/u);

const ASCII_ALNUM = /[a-z0-9]/i;
const NON_ASCII = /[^\0-\x7f]/;
const ASCII_NON_WORD_RUN = /[^a-z0-9]+/i;
const ASCII_LETTERS_ONLY = /^[a-z]+$/i;

/** ASCII letters, by UTF-16 unit. */
function isAsciiLetter(unit: number): boolean {
  return (unit >= 65 && unit <= 90) || (unit >= 97 && unit <= 122);
}

/** ASCII letters and digits, by UTF-16 unit. */
function isAsciiAlnum(unit: number): boolean {
  return (unit >= 48 && unit <= 57) || isAsciiLetter(unit);
}

/** One character's class: by its unit within ASCII, else by the Unicode expression. */
function classOf(ch: string, ascii: (unit: number) => boolean, unicode: () => RegExp): boolean {
  if (ch === "") return false;
  const unit = ch.charCodeAt(0);
  return ch.length === 1 && unit < 128 ? ascii(unit) : unicode().test(ch);
}

/**
 * Whether one character is a letter of any script: `/\p{L}/u.test(ch)`.
 *
 * @param ch a string of one UTF-16 unit (as `charAt` gives), or ""
 * @returns true for a letter
 */
export function isLetter(ch: string): boolean {
  return classOf(ch, isAsciiLetter, letter);
}

/**
 * Whether one character is a letter or a digit of any script: `/[\p{L}\p{N}]/u.test(ch)`.
 *
 * @param ch a string of one UTF-16 unit, or ""
 * @returns true for a letter or digit
 */
export function isLetterOrDigit(ch: string): boolean {
  return classOf(ch, isAsciiAlnum, letterOrDigit);
}

/**
 * Whether a text holds a letter or digit of any script anywhere: `/[\p{L}\p{N}]/u.test`.
 *
 * @param text any string
 * @returns true when one of its characters is a letter or digit
 */
export function hasLetterOrDigit(text: string): boolean {
  if (ASCII_ALNUM.test(text)) return true;
  return NON_ASCII.test(text) && letterOrDigit().test(text);
}

/**
 * Whether one character is a letter of an alphabet that separates words by spaces
 * (Latin, Greek, Cyrillic): `/[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u`.
 *
 * @param ch a string of one UTF-16 unit, or ""
 * @returns true for such a letter
 */
export function isSpacedLetter(ch: string): boolean {
  return classOf(ch, isAsciiLetter, spacedLetter);
}

/**
 * A label without the white space, punctuation and symbols at its two ends ("» Next »"
 * → "Next"): `t.replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, "")`.
 *
 * @param t any string
 * @returns t without its leading and trailing marks
 */
export function trimEdgeMarks(t: string): string {
  // An ASCII letter or digit at both ends leaves nothing to trim: most labels.
  if (t.length > 0 && isAsciiAlnum(t.charCodeAt(0)) && isAsciiAlnum(t.charCodeAt(t.length - 1)))
    return t;
  return t.replace(edgeMarks(), "");
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
