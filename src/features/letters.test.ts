import { describe, expect, it } from "vitest";
import { seededRandom } from "../train/random";
import {
  hasLetterOrDigit,
  isAscii,
  isLetter,
  isLetterOrDigit,
  isLettersOnly,
  isSpacedLetter,
  onFirstUse,
  spaceNonLabelRuns,
  splitAtNonWords,
  trimEdgeMarks,
} from "./letters";
import * as tables from "./unicode-ranges";

// The expressions each function stands for, held against every UTF-16 unit.
const LETTER = /\p{L}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const SPACED = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
const EDGES = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;

const NON_LABEL = /[^\p{L}\p{M}'’]+/gu;

const units = Array.from({ length: 0x10000 }, (_, i) => String.fromCharCode(i));

/** Every astral code point as a string (a surrogate pair), one at a time. */
function* astral(): Generator<string> {
  for (let cp = 0x10000; cp <= 0x10ffff; cp++) yield String.fromCodePoint(cp);
}

/**
 * The texts made of each character in each context on which a check fails.
 *
 * @param chars characters to place
 * @param contexts the texts made of one character
 * @param holds the check
 * @returns the failing texts, JSON-quoted
 */
function failures(
  chars: Iterable<string>,
  contexts: (c: string) => string[],
  holds: (t: string) => boolean,
): string[] {
  const out: string[] = [];
  for (const c of chars) for (const t of contexts(c)) if (!holds(t)) out.push(JSON.stringify(t));
  return out;
}

/** Astral symbols and letters (surrogate pairs), a lone high and a lone low surrogate,
 * combining marks, Unicode spaces, apostrophes, ASCII marks, letters and digits: every way
 * a scan over a label steps. */
const TRICKY = [
  ..."»«›‹→←…。、・！？「」【】♪★☆",
  "🔜",
  "👉",
  "𝐀",
  "𠀋",
  "\ud83d",
  "\udd1c",
  "\u0301",
  "\u00a0",
  "\u3000",
  "\ufeff",
  "\u2028",
  "’",
  ..." \t\n.,:;!?()[]{}<>|/-_*#@$%^&+=~`'\"",
  ..."aZ09é次ページもっと見るзагрузить",
  "\u0000",
  "\u007f",
];

/**
 * Random strings of {@link TRICKY} pieces.
 *
 * @param seed seed of the generator
 * @param count strings to make
 * @param pieces each string has 0 to `pieces - 1` pieces
 */
function randomTexts(seed: number, count: number, pieces: number): string[] {
  const random = seededRandom(seed);
  const texts: string[] = [];
  for (let k = 0; k < count; k++) {
    let t = "";
    const n = Math.floor(random() * pieces);
    for (let m = 0; m < n; m++) t += TRICKY[Math.floor(random() * TRICKY.length)];
    texts.push(t);
  }
  return texts;
}

describe("the generated Unicode tables", () => {
  it("hold ascending, disjoint, non-adjacent ranges of units from 0x80 to 0xffff", () => {
    for (const [name, table] of Object.entries(tables)) {
      const t = Array.from(table, (c) => c.charCodeAt(0));
      expect(t.length % 2, name).toBe(0);
      expect(t.length, name).toBeGreaterThan(0);
      expect(t[0], name).toBeGreaterThanOrEqual(0x80);
      const bad = t.filter((v, i) =>
        i % 2 === 1 ? v < (t[i - 1] as number) : i > 0 && v <= (t[i - 1] as number) + 1,
      );
      expect(bad, name).toEqual([]);
    }
  });
});

describe("single-character classes answer as their Unicode expressions", () => {
  it("isLetter, isLetterOrDigit, isSpacedLetter on every UTF-16 unit, on '' and on longer strings", () => {
    const longer = ["𝐀", "\ud835\udc00x", "ab", "a\u00e9", "\u00e9a", "-é", "12", "𝟘"];
    const differ = (f: (c: string) => boolean, re: RegExp) =>
      [...units, "", ...longer].filter((c) => f(c) !== re.test(c)).map((c) => JSON.stringify(c));
    expect(differ(isLetter, LETTER)).toEqual([]);
    expect(differ(isLetterOrDigit, LETTER_OR_DIGIT)).toEqual([]);
    expect(differ(isSpacedLetter, SPACED)).toEqual([]);
  });
});

describe("isAscii", () => {
  it("is true exactly when no unit is above 0x7f", () => {
    expect(isAscii("")).toBe(true);
    expect(isAscii("Next \u007f")).toBe(true);
    expect(isAscii("Next \u0080")).toBe(false);
    expect(isAscii("次へ")).toBe(false);
  });
});

describe("hasLetterOrDigit", () => {
  it("answers as the expression on ASCII, non-ASCII and astral texts", () => {
    const texts = [
      "",
      "  ",
      "»",
      "> >",
      "Next",
      "次へ",
      "→ ›",
      "🔜",
      "𝐀",
      "𝟘",
      "\u00a0\u3000",
      "--9",
      "、。",
      "ü",
      ...units.filter((_, i) => i % 97 === 0).map((c) => `‹${c}›`),
    ];
    for (const t of texts)
      expect(hasLetterOrDigit(t), JSON.stringify(t)).toBe(LETTER_OR_DIGIT.test(t));
  });

  const holds = (t: string) => hasLetterOrDigit(t) === LETTER_OR_DIGIT.test(t);

  it("answers as the expression with every UTF-16 unit and every astral code point", () => {
    const contexts = (c: string) => [c, `‹${c}›`, `-${c}`];
    expect(failures(units, contexts, holds)).toEqual([]);
    expect(failures(astral(), contexts, holds)).toEqual([]);
  });

  it("answers as the expression on random texts of marks, pairs and lone surrogates", () => {
    expect(failures(randomTexts(34, 20_000, 7), (t) => [t], holds)).toEqual([]);
  });
});

describe("spaceNonLabelRuns", () => {
  const holds = (t: string) => spaceNonLabelRuns(t) === t.replace(NON_LABEL, " ");

  it("replaces as the expression does around every UTF-16 unit and every astral code point", () => {
    const contexts = (c: string) => [c, `${c}${c}`, `a${c}b`, `${c}a`, `a${c}`, `» ${c} «`];
    expect(failures(units, contexts, holds)).toEqual([]);
    expect(failures(astral(), (c) => [c, `a${c}b`, `${c}-`], holds)).toEqual([]);
  });

  it("replaces as the expression does on random labels of letters, marks, pairs and lone surrogates", () => {
    expect(failures(randomTexts(21, 20_000, 9), (t) => [t], holds)).toEqual([]);
  });
});

describe("trimEdgeMarks", () => {
  it("strips what the expression strips, and keeps labels with letters at both ends", () => {
    const texts = [
      "",
      "Next",
      "» Next »",
      "next ›",
      "«前へ",
      "次へ→",
      "🔜 next 🔜",
      "»»",
      "page 2",
      "2",
      "(3)",
      "\u3000次のページ\u3000",
      "a!",
      "!a",
      ...units.filter((_, i) => i % 251 === 0).map((c) => `${c}x${c}`),
    ];
    for (const t of texts) expect(trimEdgeMarks(t), JSON.stringify(t)).toBe(t.replace(EDGES, ""));
  });

  it("strips as the expression does with every UTF-16 unit at either end, alone or doubled", () => {
    for (const c of units) {
      for (const t of [c, `${c}${c}`, `${c}a`, `a${c}`, `${c}a${c}`, `${c}\u00a0`]) {
        const want = t.replace(EDGES, "");
        if (trimEdgeMarks(t) !== want) expect(trimEdgeMarks(t), JSON.stringify(t)).toBe(want);
      }
    }
  });

  it("strips as the expression does on random strings of marks, letters, pairs and lone surrogates", () => {
    for (const t of randomTexts(13, 20_000, 7)) {
      const want = t.replace(EDGES, "");
      if (trimEdgeMarks(t) !== want) expect(trimEdgeMarks(t), JSON.stringify(t)).toBe(want);
    }
  });
});

describe("onFirstUse", () => {
  it("makes the value once, on the first call", () => {
    let calls = 0;
    const get = onFirstUse(() => {
      calls++;
      return { n: calls };
    });
    expect(calls).toBe(0);
    const a = get();
    expect(get()).toBe(a);
    expect(calls).toBe(1);
  });
});

describe("splitAtNonWords and isLettersOnly", () => {
  const texts = [
    "",
    "pagination-next nextpage",
    "btn__next",
    "next",
    "次へ-link",
    "page_2",
    "ü-next",
    "a\u00a0b",
    "Next Page",
    "--",
    "𝐀𝐁-x",
    "next1",
    "ﾅﾝﾊﾞｰ",
    ...units.filter((_, i) => i % 173 === 0).map((c) => `ab${c}cd`),
  ];
  it("splits as /[^\\p{L}\\p{N}]+/u", () => {
    for (const t of texts)
      expect(splitAtNonWords(t), JSON.stringify(t)).toEqual(t.split(/[^\p{L}\p{N}]+/u));
  });
  it("answers as /^\\p{L}+$/u", () => {
    for (const t of texts) expect(isLettersOnly(t), JSON.stringify(t)).toBe(/^\p{L}+$/u.test(t));
  });
});
