// @vitest-environment jsdom
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../train/random";
import {
  attrHintsNext,
  attrHintsPrev,
  attrTokens,
  classNamesState,
  matchesNextItemText,
  matchesNextText,
  matchesPrevText,
  NEXT_WORDS,
  nextItemExpressionMatches,
  PREV_WORDS,
} from "./keywords";

const el = (html: string): Element => {
  const e = new JSDOM(`<body>${html}</body>`).window.document.body.firstElementChild;
  if (e === null) throw new Error(html);
  return e;
};

describe("matchesNextText", () => {
  it("reads the next words of the pairs' languages and long arrows", () => {
    for (const t of [
      "Następna",
      "Następna strona »",
      "Trang sau",
      "Tiếp theo",
      "Далі",
      "Volgende pagina",
      "⟶",
      "➜",
    ])
      expect(matchesNextText(t), t).toBe(true);
    expect(matchesNextText("Trang chủ")).toBe(false);
  });
  it("matches a label's first or last word as a scan of the whole list does", () => {
    // The matcher holds a label only against the words sharing its first or last unit;
    // this is the plain scan over every word it replaced.
    const letter = /\p{L}/u;
    const scan = (core: string, words: readonly string[]) =>
      words.some(
        (w) =>
          (core.length > w.length && core.startsWith(w) && !letter.test(core.charAt(w.length))) ||
          (core.length > w.length &&
            core.endsWith(w) &&
            !letter.test(core.charAt(core.length - w.length - 1))),
      );
    for (const [match, words] of [
      [matchesNextText, NEXT_WORDS],
      [matchesPrevText, PREV_WORDS],
    ] as const) {
      expect(words.every((w) => w !== "")).toBe(true);
      for (const w of [...NEXT_WORDS, ...PREV_WORDS]) {
        for (const label of [`${w} page`, `go ${w}`, `${w}2`, `${w}x`, `x${w}`, `1 ${w} 2`]) {
          const core = label.toLowerCase();
          const whole = words.includes(core);
          if (!whole) expect(match(label), label).toBe(scan(core, words));
        }
      }
    }
  });

  it.each([
    "Next",
    "next",
    "Next >",
    "Next »",
    "次へ »",
    "次のページ",
    "Next page",
    "»",
    ">>",
    "→",
    "下一页",
    "다음",
    "Weiter",
    "Suivant ›",
    "Siguiente",
    "Далее",
    "[next]",
    "Go to next page",
    "Page suivante",
    "次の10件",
    "Next 20 results",
  ])("accepts %j", (t) => {
    expect(matchesNextText(t)).toBe(true);
  });

  it.each([
    "The next slide",
    "What comes next in the long story of the operating system",
    "Newer posts",
    "Older posts",
    "context",
    "次世代",
    "次の記事",
    "vorige",
    "« Prev",
    "<",
    "< >",
    "",
    "2",
    "»|",
    ">|",
  ])("rejects %j", (t) => {
    expect(matchesNextText(t)).toBe(false);
  });
});

describe("matchesPrevText", () => {
  it.each(["Prev", "« Previous", "‹", "前へ", "上一页", "이전", "Zurück", "Précédent"])(
    "accepts %j",
    (t) => {
      expect(matchesPrevText(t)).toBe(true);
    },
  );

  it.each(["Next »", "The previous chapter was about memory management", "»"])(
    "rejects %j",
    (t) => {
      expect(matchesPrevText(t)).toBe(false);
    },
  );
});

describe("attrTokens", () => {
  it("splits at separators and camelCase, lowercased", () => {
    expect(attrTokens("pagination-next nextPage nav_links")).toEqual([
      "pagination",
      "next",
      "next",
      "page",
      "nav",
      "links",
    ]);
  });
});

describe("attrHintsNext", () => {
  it.each([
    '<a class="next">x</a>',
    '<a class="nav-next">x</a>',
    '<a class="pagination-next">x</a>',
    '<a id="next-page">x</a>',
    '<a class="nextPage">x</a>',
    '<a rel="next">x</a>',
    '<a class="nextpostslink">x</a>',
    '<a aria-label="Next page">x</a>',
    '<a title="次へ">x</a>',
  ])("accepts %s", (html) => {
    expect(attrHintsNext(el(html))).toBe(true);
  });

  it.each(['<a class="context">x</a>', '<a class="prev">x</a>', '<a title="The next slide">x</a>'])(
    "rejects %s",
    (html) => {
      expect(attrHintsNext(el(html))).toBe(false);
    },
  );
});

describe("attrHintsPrev", () => {
  it("accepts prev tokens and labels, rejects next", () => {
    expect(attrHintsPrev(el('<a class="nav-previous">x</a>'))).toBe(true);
    expect(attrHintsPrev(el('<a rel="prev">x</a>'))).toBe(true);
    expect(attrHintsPrev(el('<a aria-label="Previous page">x</a>'))).toBe(true);
    expect(attrHintsPrev(el('<a class="next">x</a>'))).toBe(false);
  });
});

describe("matchesNextItemText", () => {
  it("names the next single item in several languages", () => {
    for (const t of [
      "Next Thread »",
      "Older Post",
      "« Previous article",
      "次の記事",
      "下一篇",
      "다음 글",
      "Nächster Beitrag",
      "Nachfolgender Beitrag »",
      "« Vorheriger Beitrag",
      "Article suivant →",
      "Siguiente entrada",
      "Следующая статья",
    ]) {
      expect(matchesNextItemText(t), t).toBe(true);
    }
  });
  it("matches whatever the case, including letters that only case folding maps", () => {
    for (const t of [
      "NEXT THREAD",
      "ПРЕДЫДУЩАЯ СТАТЬЯ",
      "SIGUIENTE ARTÍCULO",
      "PRÓXIMO ARTIGO",
      "ARTICLE PRÉCÉDENT",
      "Nächſter Beitrag",
      "пре\u1c81ыдущая статья",
    ]) {
      expect(matchesNextItemText(t), t).toBe(true);
    }
  });
  it("answers as its expression alone on every stem and noun, in both orders and cases", () => {
    // Every word of the expression's alternatives, joined each way, with the cases and
    // letters that only case folding maps: the pre-check must never turn a match away.
    // The words are written out from the expression here, not imported from the
    // pre-check's lists: a word missing there must show as a failure.
    const stems = [
      "next",
      "previous",
      "prev",
      "newer",
      "older",
      "次の",
      "前の",
      "上一",
      "下一",
      "다음",
      "이전",
      "nächste",
      "nächster",
      "vorherige",
      "nachfolgender",
      "voriger",
      "ältere",
      "neuerer",
      "suivant",
      "précédent",
      "siguiente",
      "anterior",
      "próximo",
      "próxima",
      "следующая",
      "предыдущий",
      "следующее",
    ];
    const nouns = [
      "thread",
      "topic",
      "post",
      "article",
      "story",
      "entry",
      "item",
      "product",
      "photo",
      "image",
      "picture",
      "video",
      "episode",
      "week",
      "month",
      "day",
      "year",
      "event",
      "question",
      "review",
      "news",
      "記事",
      "投稿",
      "エントリー",
      "エントリ",
      "スレッド",
      "写真",
      "動画",
      "ニュース",
      "篇",
      "条",
      "條",
      "主题",
      "主題",
      "帖",
      "则",
      "則",
      "张",
      "張",
      "글",
      "기사",
      "게시물",
      "포스트",
      "beitrag",
      "artikel",
      "eintrag",
      "thema",
      "bild",
      "woche",
      "monat",
      "billet",
      "sujet",
      "message",
      "artículo",
      "entrada",
      "tema",
      "noticia",
      "artigo",
      "tópico",
      "notícia",
      "postagem",
      "статья",
      "тема",
      "запись",
      "пост",
      "новость",
    ];
    const variants = (t: string) => [
      t,
      t.toUpperCase(),
      `« ${t} »`,
      t.replace(/s/g, "\u017f"),
      t.replace(/k/g, "\u212a"),
      t.replace(/д/g, "\u1c81"),
    ];
    let matched = 0;
    for (const a of stems)
      for (const b of nouns)
        for (const joined of [`${a} ${b}`, `${b} ${a}`, `${a}${b}`, `${a}  ${b}s`])
          for (const t of variants(joined)) {
            const expected = nextItemExpressionMatches(t);
            if (expected) matched++;
            expect(matchesNextItemText(t), t).toBe(expected);
          }
    expect(matched).toBeGreaterThan(500);
    // Random texts made of the words' letters, a space and a few foreign units.
    const letters = [...new Set(`${[...stems, ...nouns].join("")} \u017f\u212a\u1c81X`)];
    const random = seededRandom(7);
    for (let i = 0; i < 5000; i++) {
      const n = 1 + Math.floor(random() * 24);
      let t = "";
      for (let k = 0; k < n; k++) t += letters[Math.floor(random() * letters.length)];
      expect(matchesNextItemText(t), t).toBe(nextItemExpressionMatches(t));
    }
  });
  it("leaves page navigation alone", () => {
    for (const t of [
      "Next",
      "Next page",
      "Older posts",
      "Newer posts →",
      "次のページ",
      "下一页",
      "다음",
      "weiter",
      "Suivant",
      "2",
    ]) {
      expect(matchesNextItemText(t), t).toBe(false);
    }
  });
});

describe("classNamesState", () => {
  it("reads a state word in a class token or in one of its parts", () => {
    const el = (cls: string) => {
      const e = document.createElement("li");
      e.className = cls;
      return e;
    };
    const words = new Set(["current", "active"]);
    expect(classNamesState(el("page-item is-active"), words)).toBe(true);
    expect(classNamesState(el("current_page_item"), words)).toBe(true);
    expect(classNamesState(el("inactive-link"), words)).toBe(false);
  });

  it("reads a negated part as the opposite state", () => {
    const el = (cls: string) => {
      const e = document.createElement("a");
      e.className = cls;
      return e;
    };
    const words = new Set(["selected"]);
    expect(classNamesState(el("pagination_Not_Selected"), words)).toBe(false);
    expect(classNamesState(el("non-selected"), words)).toBe(false);
    expect(classNamesState(el("pagination_Selected"), words)).toBe(true);
    expect(classNamesState(document.createElement("li"), words)).toBe(false);
  });
});
