/**
 * Multilingual "next" / "previous" vocabulary and the predicates built on it.
 *
 * The thesis looks only for "次" and "NEXT" (seed 000 §3.2.2.1 (1)); these tables extend
 * that label to the languages a general-purpose pager meets. "newer" and "older" are left
 * out on purpose: blogs disagree on which of the two means the next page.
 */

import { normalizeSpace } from "./text";

/** Words that name the next page; matched lowercased against whole link texts. */
export const NEXT_WORDS: readonly string[] = [
  "next",
  "next page",
  "次",
  "次へ",
  "次の",
  "次のページ",
  "次のページへ",
  "次ページ",
  "次ページへ",
  "次頁",
  "下一页",
  "下一頁",
  "下页",
  "下頁",
  "后页",
  "後頁",
  "다음",
  "다음 페이지",
  "weiter",
  "nächste",
  "nächste seite",
  "vor",
  "suivant",
  "suivante",
  "page suivante",
  "siguiente",
  "página siguiente",
  "próxima",
  "próximo",
  "próxima página",
  "successivo",
  "successiva",
  "pagina successiva",
  "avanti",
  "volgende",
  "далее",
  "следующая",
  "следующая страница",
  "вперёд",
  "вперед",
  "sonraki",
  "berikutnya",
  "selanjutnya",
  "بعدی",
  "التالي",
];

/** Arrow and chevron characters that stand for "next" when a link shows nothing else. */
export const NEXT_ARROWS: readonly string[] = [
  "›",
  "»",
  ">",
  "→",
  "≫",
  "⟩",
  "〉",
  "》",
  "＞",
  "▶",
  "►",
  "⇒",
];

/** Words that name the previous page. */
export const PREV_WORDS: readonly string[] = [
  "prev",
  "previous",
  "previous page",
  "back",
  "前",
  "前へ",
  "前の",
  "前のページ",
  "前のページへ",
  "前ページ",
  "前頁",
  "戻る",
  "上一页",
  "上一頁",
  "上页",
  "上頁",
  "前页",
  "이전",
  "이전 페이지",
  "zurück",
  "vorherige",
  "vorige",
  "précédent",
  "précédente",
  "page précédente",
  "anterior",
  "página anterior",
  "precedente",
  "pagina precedente",
  "indietro",
  "vorige pagina",
  "назад",
  "предыдущая",
  "önceki",
  "sebelumnya",
  "قبلی",
  "السابق",
];

/** Arrow and chevron characters that stand for "previous". */
export const PREV_ARROWS: readonly string[] = [
  "‹",
  "«",
  "<",
  "←",
  "≪",
  "⟨",
  "〈",
  "《",
  "＜",
  "◀",
  "◄",
  "⇐",
];

/** class/id/rel tokens (after splitting on separators and camelCase) that mean "next". */
const NEXT_ATTR_TOKENS: ReadonlySet<string> = new Set([
  "next",
  "nxt",
  "pnnext",
  "nextpage",
  "nextlink",
  "nextpostslink",
]);

/** class/id/rel tokens that mean "previous". */
const PREV_ATTR_TOKENS: ReadonlySet<string> = new Set([
  "prev",
  "previous",
  "prv",
  "pnprev",
  "prevpage",
  "prevlink",
  "previouspostslink",
]);

/** A label longer than this is prose, not a navigation control. */
const MAX_LABEL_CHARS = 40;
const MAX_LABEL_WORDS = 6;

const EDGE_MARKS = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;
// Digits may touch a word ("次の10件", "Next10"); letters may not ("vorige", "次世代").
const WORD_CHAR = /\p{L}/u;

/** "»|", ">|", "⇥": jump to the last page, not the next one. */
const LAST_PAGE_MARKS = /[|⇥⏭]/;

interface Vocabulary {
  words: ReadonlySet<string>;
  list: readonly string[];
  arrows: ReadonlySet<string>;
  opposite: ReadonlySet<string>;
}

const NEXT_VOCAB: Vocabulary = {
  words: new Set(NEXT_WORDS),
  list: NEXT_WORDS,
  arrows: new Set(NEXT_ARROWS),
  opposite: new Set(PREV_ARROWS),
};

const PREV_VOCAB: Vocabulary = {
  words: new Set(PREV_WORDS),
  list: PREV_WORDS,
  arrows: new Set(PREV_ARROWS),
  opposite: new Set(NEXT_ARROWS),
};

/**
 * Whether a link text reads as "next page": after lowercasing, collapsing whitespace and
 * stripping punctuation/symbols at both ends (so "Next >", "次へ »", "[next]" all reduce to
 * the word), the text IS a next word; or it is made only of arrows with at least one next
 * arrow and no previous arrow ("»", ">>"; not the last-page mark "»|"); or it is a short label (≤ 40 chars, ≤ 6 words)
 * that starts or ends with a next word as a whole word ("Next page", "Go to next").
 * A sentence merely containing "next" ("The next slide") does not match, nor does a word
 * that only begins with one ("vorige", "次世代").
 * Extends seed 000 §3.2.2.1 (1) with multilingual words and arrows.
 *
 * @param text raw link text (any whitespace, any case)
 * @returns true when the text names the next page
 */
export function matchesNextText(text: string): boolean {
  return matchesVocabulary(text, NEXT_VOCAB);
}

/**
 * "Next <thing>" where the thing is one item rather than a page of a list: the next
 * thread, post, article, story, photo, week… ("Next Thread »", "Older Post", "次の記事",
 * "下一篇", "다음 글", "nächster Beitrag", "article suivant", "следующая статья"). Such links
 * move along a sequence of items, not through the pages of one list or article, so an
 * auto-pager must not follow them (a negative hint next to {@link matchesNextText}).
 *
 * @param text raw link text or title
 * @returns true when the text names the next (or previous) single item
 */
export function matchesNextItemText(text: string): boolean {
  return NEXT_ITEM.test(normalizeSpace(text));
}

const NEXT_ITEM = new RegExp(
  [
    String.raw`\b(?:next|previous|prev|newer|older)\s+(?:thread|topic|post|article|story|entry|item|product|photo|image|picture|video|episode|week|month|day|year|event|question|review|news)\b(?!s)`,
    "次の(?:記事|投稿|エントリー?|スレッド|写真|動画|ニュース)",
    "前の(?:記事|投稿|エントリー?|スレッド)",
    "[上下]一(?:篇|条|條|主题|主題|帖|则|則|张|張)",
    "(?:다음|이전)\\s?(?:글|기사|게시물|포스트)",
    String.raw`\b(?:nächste[rs]?|vorherige[rs]?)\s+(?:beitrag|artikel|eintrag|thema|bild|woche|monat)\b`,
    String.raw`\b(?:article|billet|sujet|message)\s+(?:suivant|précédent)\b`,
    String.raw`\b(?:siguiente|anterior)\s+(?:artículo|entrada|tema|noticia)\b|\b(?:artículo|entrada|tema|noticia)\s+(?:siguiente|anterior)\b`,
    String.raw`\b(?:próxim[oa]|anterior)\s+(?:artigo|post|tópico|notícia|postagem)\b`,
    "(?:следующ|предыдущ)(?:ая|ий|ее)\\s+(?:статья|тема|запись|пост|новость)",
  ].join("|"),
  "iu",
);

/**
 * Mirror of {@link matchesNextText} for "previous page" ("« Prev", "前へ", "‹", "zurück").
 *
 * @param text raw link text
 * @returns true when the text names the previous page
 */
export function matchesPrevText(text: string): boolean {
  return matchesVocabulary(text, PREV_VOCAB);
}

function matchesVocabulary(text: string, vocab: Vocabulary): boolean {
  const t = normalizeSpace(text).toLowerCase();
  if (t === "") return false;
  const core = t.replace(EDGE_MARKS, "");
  if (core === "") return arrowsOnly(t, vocab);
  if (vocab.words.has(core)) return true;
  if (core.length > MAX_LABEL_CHARS || core.split(" ").length > MAX_LABEL_WORDS) return false;
  return vocab.list.some((w) => startsWithWord(core, w) || endsWithWord(core, w));
}

function arrowsOnly(t: string, vocab: Vocabulary): boolean {
  if (LAST_PAGE_MARKS.test(t)) return false;
  let forward = false;
  for (const ch of t) {
    if (vocab.opposite.has(ch)) return false;
    if (vocab.arrows.has(ch)) forward = true;
  }
  return forward;
}

function startsWithWord(s: string, w: string): boolean {
  return s.length > w.length && s.startsWith(w) && !WORD_CHAR.test(s.charAt(w.length));
}

function endsWithWord(s: string, w: string): boolean {
  return s.length > w.length && s.endsWith(w) && !WORD_CHAR.test(s.charAt(s.length - w.length - 1));
}

/**
 * Splits an attribute value into lowercase tokens at whitespace, punctuation and camelCase
 * boundaries: "pagination-next nextPage" → ["pagination", "next", "next", "page"].
 *
 * @param value attribute value
 * @returns tokens, possibly empty
 */
export function attrTokens(value: string): string[] {
  return value
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t !== "");
}

function attrHints(el: Element, tokens: ReadonlySet<string>, vocab: Vocabulary): boolean {
  if (!el.hasAttributes()) return false;
  // One walk over the attribute names instead of five getAttribute probes (el.attributes
  // is avoided: jsdom serves a NamedNodeMap through a slow Proxy).
  for (const name of el.getAttributeNames()) {
    switch (name) {
      case "class":
      case "id":
      case "rel":
        if (attrTokens(el.getAttribute(name) ?? "").some((t) => tokens.has(t))) return true;
        break;
      case "title":
      case "aria-label":
        if (matchesVocabulary(el.getAttribute(name) ?? "", vocab)) return true;
        break;
    }
  }
  return false;
}

/**
 * Whether an element's attributes mark it as a next control: a class, id or rel token
 * (split at separators and camelCase) is one of next, nxt, pnnext, nextpage, nextlink,
 * nextpostslink (so "nav-next", "pagination-next", "next-page", "nextPage" match and
 * "context" does not), or its title/aria-label passes {@link matchesNextText}.
 * Extends the attribute half of seed 000 §3.2.2.1 (1) (Fig. 3.5: rel="next").
 *
 * @param el element to inspect (usually the anchor or its list item)
 * @returns true on a next hint
 */
export function attrHintsNext(el: Element): boolean {
  return attrHints(el, NEXT_ATTR_TOKENS, NEXT_VOCAB);
}

/**
 * Mirror of {@link attrHintsNext} for previous controls (prev, previous, prv, pnprev,
 * prevpage, prevlink, previouspostslink; title/aria-label via {@link matchesPrevText}).
 *
 * @param el element to inspect
 * @returns true on a previous hint
 */
export function attrHintsPrev(el: Element): boolean {
  return attrHints(el, PREV_ATTR_TOKENS, PREV_VOCAB);
}
