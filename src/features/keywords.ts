/**
 * Multilingual "next" / "previous" vocabulary and the predicates built on it.
 *
 * The thesis looks only for "次" and "NEXT" (seed 000 §3.2.2.1 (1)); these tables extend
 * that label to the languages a general-purpose pager meets. "newer" and "older" are left
 * out on purpose: blogs disagree on which of the two means the next page.
 */

import { escapeRegExp, isLetter, splitAtNonWords, trimEdgeMarks } from "./letters";
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
  "volgende pagina",
  "następna",
  "następna strona",
  "dalej",
  "trang sau",
  "trang tiếp",
  "tiếp theo",
  "наступна",
  "наступна сторінка",
  "далі",
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
  "⟶",
  "➔",
  "➜",
  "➡",
  "⇨",
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

// Pure: the entry script, which never reads the previous-page vocabulary, drops it.
const PREV_VOCAB: Vocabulary = {
  words: /* @__PURE__ */ new Set(PREV_WORDS),
  list: PREV_WORDS,
  arrows: /* @__PURE__ */ new Set(PREV_ARROWS),
  opposite: /* @__PURE__ */ new Set(NEXT_ARROWS),
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
  return mayNameItem(text) && nextItemExpression().test(normalizeSpace(text));
}

/** A word every alternative of {@link nextItemExpression} holds, lower-cased. */
const NEXT_ITEM_STEMS = [
  "next",
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
  "vorherige",
  "nachfolgend",
  "vorig",
  "ältere",
  "neuere",
  "suivant",
  "précédent",
  "siguiente",
  "anterior",
  "próxim",
  "следующ",
  "предыдущ",
];

/** Letters that the regex's case folding (`iu`) maps onto a stem's letter but
 * `toLowerCase` leaves alone: the long s, and the old Cyrillic letter forms. */
const FOLDS_APART = /[\u017f\u1c80-\u1c88]/;

/** A word every alternative of {@link nextItemExpression} holds besides its stem: the
 * item nouns, lower-cased (and the French nouns that come before "suivant"). */
const NEXT_ITEM_NOUNS = [
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

/**
 * Whether the text may match {@link nextItemExpression}: it holds one of the stems and
 * one of the item nouns. Nearly no link text does: a pager's "Next" or "次のページ" holds
 * a stem but no noun. This spares a page's first detection that long case-folding
 * expression: its parse, its compile to machine code and a second compile for the first
 * text beyond Latin-1, 1.4 + 0.5 + 0.6 ms on the first three texts in Node. Never false
 * where the expression matches (tested against it).
 */
function mayNameItem(text: string): boolean {
  if (FOLDS_APART.test(text)) return true;
  const t = text.toLowerCase();
  return (
    NEXT_ITEM_STEMS.some((stem) => t.includes(stem)) &&
    NEXT_ITEM_NOUNS.some((noun) => t.includes(noun))
  );
}

/**
 * {@link nextItemExpression} alone, without the pre-check of {@link matchesNextItemText}:
 * for the tests that hold the pre-check to it.
 *
 * @param text raw link text or title
 * @returns true when the expression matches the whitespace-collapsed text
 */
export function nextItemExpressionMatches(text: string): boolean {
  return nextItemExpression().test(normalizeSpace(text));
}

/** The next-item expression, built on first use: its case-folding parse costs the entry
 * script (which never asks it) and most detections (whose link texts hold no stem) for
 * nothing. */
let nextItem: RegExp | null = null;

function nextItemExpression(): RegExp {
  nextItem ??= new RegExp(
    [
      String.raw`\b(?:next|previous|prev|newer|older)\s+(?:thread|topic|post|article|story|entry|item|product|photo|image|picture|video|episode|week|month|day|year|event|question|review|news)\b(?!s)`,
      "次の(?:記事|投稿|エントリー?|スレッド|写真|動画|ニュース)",
      "前の(?:記事|投稿|エントリー?|スレッド)",
      "[上下]一(?:篇|条|條|主题|主題|帖|则|則|张|張)",
      "(?:다음|이전)\\s?(?:글|기사|게시물|포스트)",
      String.raw`(?<!\p{L})(?:nächste[rs]?|vorherige[rs]?|nachfolgende[rs]?|vorige[rs]?|ältere[rs]?|neuere[rs]?)\s+(?:beitrag|artikel|eintrag|thema|bild|woche|monat)\b`,
      String.raw`\b(?:article|billet|sujet|message)\s+(?:suivant|précédent)\b`,
      String.raw`\b(?:siguiente|anterior)\s+(?:artículo|entrada|tema|noticia)\b|\b(?:artículo|entrada|tema|noticia)\s+(?:siguiente|anterior)\b`,
      String.raw`\b(?:próxim[oa]|anterior)\s+(?:artigo|post|tópico|notícia|postagem)\b`,
      "(?:следующ|предыдущ)(?:ая|ий|ее)\\s+(?:статья|тема|запись|пост|новость)",
    ].join("|"),
    "iu",
  );
  return nextItem;
}

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
  const core = trimEdgeMarks(t);
  if (core === "") return arrowsOnly(t, vocab);
  if (vocab.words.has(core)) return true;
  if (core.length > MAX_LABEL_CHARS || core.split(" ").length > MAX_LABEL_WORDS) return false;
  const { byFirst, byLast } = wordEdges(vocab);
  const first = byFirst.get(core.charAt(0));
  if (first !== undefined)
    for (let i = 0; i < first.length; i++)
      if (startsWithWord(core, first[i] as string)) return true;
  const last = byLast.get(core.charAt(core.length - 1));
  if (last !== undefined)
    for (let i = 0; i < last.length; i++) if (endsWithWord(core, last[i] as string)) return true;
  return false;
}

/** A vocabulary's words by their first and by their last UTF-16 unit. */
interface WordEdges {
  byFirst: Map<string, string[]>;
  byLast: Map<string, string[]>;
}

const edgesOf = new WeakMap<Vocabulary, WordEdges>();

/**
 * The words of a vocabulary indexed by their first and last unit, built on first use: a
 * label can only start with a word that shares its first unit, or end with one that
 * shares its last, so each label is held against a few words instead of the whole list
 * (every link of a page asks, on the page's first, uncompiled detection).
 */
function wordEdges(vocab: Vocabulary): WordEdges {
  let e = edgesOf.get(vocab);
  if (e === undefined) {
    e = { byFirst: new Map(), byLast: new Map() };
    const add = (index: Map<string, string[]>, unit: string, w: string) => {
      const list = index.get(unit);
      if (list) list.push(w);
      else index.set(unit, [w]);
    };
    for (const w of vocab.list) {
      if (w === "") continue;
      add(e.byFirst, w.charAt(0), w);
      add(e.byLast, w.charAt(w.length - 1), w);
    }
    edgesOf.set(vocab, e);
  }
  return e;
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

// Digits may touch a word ("次の10件", "Next10"); letters may not ("vorige", "次世代").
function startsWithWord(s: string, w: string): boolean {
  return s.length > w.length && s.startsWith(w) && !isLetter(s.charAt(w.length));
}

function endsWithWord(s: string, w: string): boolean {
  return s.length > w.length && s.endsWith(w) && !isLetter(s.charAt(s.length - w.length - 1));
}

/** Class parts that negate the state word after them ("pagination_Not_Selected"). */
const NEGATING_PARTS: ReadonlySet<string> = new Set(["not", "non", "no", "un"]);

/**
 * Whether one of an element's class tokens names a state, also as a part of a compound
 * class: "is-active", "page-current" and "current_page_item" hold "active"/"current". A
 * part right after a negation ("not_selected", "non-active") names the opposite state:
 * pagers that class every other button "Not_Selected" mark none of them current.
 *
 * @param e element
 * @param words state words, lowercase ("current", "active", …)
 * @returns true when a class token or one of its `-`/`_` parts is among `words`
 */
export function classNamesState(e: Element, words: ReadonlySet<string>): boolean {
  const cls = e.getAttribute("class");
  if (cls === null) return false;
  return cls
    .toLowerCase()
    .split(/\s+/)
    .some((c) =>
      c
        .split(/[-_]/)
        .some((t, i, parts) => words.has(t) && !NEGATING_PARTS.has(parts[i - 1] ?? "")),
    );
}

/**
 * Splits an attribute value into lowercase tokens at whitespace, punctuation and camelCase
 * boundaries: "pagination-next nextPage" → ["pagination", "next", "next", "page"].
 *
 * @param value attribute value
 * @returns tokens, possibly empty
 */
export function attrTokens(value: string): string[] {
  return splitAtNonWords(value.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()).filter(
    (t) => t !== "",
  );
}

/** One expression per token set, made on first use: its tokens as literal alternatives. */
const tokenFragments = new WeakMap<ReadonlySet<string>, RegExp>();

/**
 * Whether a lowercased attribute value may hold one of `tokens` ({@link attrTokens} only
 * splits, so each token it yields is a substring of the lowercased value): one native scan
 * that spares most values the split, on every link of a page's first detection.
 */
function mayHoldToken(lower: string, tokens: ReadonlySet<string>): boolean {
  let re = tokenFragments.get(tokens);
  if (re === undefined) {
    re = new RegExp([...tokens].map(escapeRegExp).join("|"));
    tokenFragments.set(tokens, re);
  }
  return re.test(lower);
}

function attrHints(el: Element, tokens: ReadonlySet<string>, vocab: Vocabulary): boolean {
  if (!el.hasAttributes()) return false;
  // One walk over the attribute names instead of five getAttribute probes (el.attributes
  // is avoided: jsdom serves a NamedNodeMap through a slow Proxy).
  const names = el.getAttributeNames();
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    switch (name) {
      case "class":
      case "id":
      case "rel": {
        const value = el.getAttribute(name) ?? "";
        if (!mayHoldToken(value.toLowerCase(), tokens)) break;
        if (attrTokens(value).some((t) => tokens.has(t))) return true;
        break;
      }
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

/**
 * Labels of a "load more" control: a button that appends the next items to the list in
 * place, where a site has no next link. Matched lowercased, digits and
 * counts removed ("Show 20 more" → "show more"), as a whole word (Latin and Cyrillic) or
 * a substring (CJK) of a short label; see ../features/load-more.ts.
 */
export const LOAD_MORE_WORDS: readonly string[] = [
  "load more",
  "show more",
  "view more",
  "see more",
  "more results",
  "more items",
  "more posts",
  "more products",
  "more articles",
  "more stories",
  "もっと見る",
  "もっと表示",
  "もっと読み込む",
  "さらに表示",
  "さらに見る",
  "さらに読み込む",
  "続きを表示",
  "続きを読み込む",
  "더보기",
  "더 보기",
  "더 불러오기",
  "加载更多",
  "加載更多",
  "載入更多",
  "显示更多",
  "顯示更多",
  "查看更多",
  "更多结果",
  "mehr laden",
  "mehr anzeigen",
  "weitere laden",
  "weitere anzeigen",
  "mehr ergebnisse",
  "показать ещё",
  "показать еще",
  "показать больше",
  "загрузить ещё",
  "загрузить еще",
  "cargar más",
  "cargar mas",
  "ver más",
  "ver mas",
  "mostrar más",
  "más resultados",
  "charger plus",
  "voir plus",
  "afficher plus",
  "plus de résultats",
  "charger la suite",
  "carregar mais",
  "ver mais",
  "mostrar mais",
  "mais resultados",
  "mostra altri",
  "carica altri",
  "mostra di più",
  "carica di più",
  "vedi altri",
  "altri risultati",
  "meer laden",
  "toon meer",
  "meer tonen",
  "meer resultaten",
  "bekijk meer",
  "pokaż więcej",
  "załaduj więcej",
  "wczytaj więcej",
  "daha fazla yükle",
  "daha fazla göster",
  "muat lebih banyak",
  "lihat lebih banyak",
  "tampilkan lebih banyak",
  "xem thêm",
  "tải thêm",
  "načíst další",
  "načíst více",
  "zobrazit další",
  "zobrazit více",
  "načítať ďalšie",
  "zobraziť viac",
  "még több",
  "további betöltése",
];

/**
 * Labels of a blog's "older entries" link: on page 1 of a list shown newest first it leads
 * to the following page ("Older posts" → /page/2/), the direction an auto-pager reads.
 * Whether it steps forward is left to the URL features (a blog's page 3 also links
 * "Newer posts" back to page 2). Matched like {@link LOAD_MORE_WORDS}.
 */
export const OLDER_WORDS: readonly string[] = [
  "older",
  "older posts",
  "older entries",
  "older articles",
  "older stories",
  "earlier posts",
  "earlier entries",
  "過去の投稿",
  "過去の記事",
  "過去の記事へ",
  "古い記事",
  "古い投稿",
  "以前の投稿",
  "较早的文章",
  "較早的文章",
  "更早的文章",
  "旧文章",
  "舊文章",
  "ältere beiträge",
  "ältere einträge",
  "ältere artikel",
  "ältere posts",
  "ältere",
  "älter",
  "articles plus anciens",
  "messages plus anciens",
  "billets plus anciens",
  "anciens articles",
  "anciennes entrées",
  "entradas más antiguas",
  "entradas antiguas",
  "publicaciones más antiguas",
  "postagens mais antigas",
  "posts mais antigos",
  "artigos mais antigos",
  "articoli più vecchi",
  "post più vecchi",
  "articoli precedenti",
  "oudere berichten",
  "oudere artikelen",
  "oudere posts",
  "старые записи",
  "более старые записи",
  "старые статьи",
  "старые посты",
  "starsze wpisy",
  "starsze posty",
  "starší příspěvky",
  "starší články",
  "postingan lama",
  "posting lama",
  "artikel lama",
  "daha eski yazılar",
  "eski yazılar",
  "bài cũ hơn",
];

/**
 * Labels of a blog's "newer entries" link, the mirror of {@link OLDER_WORDS}: on page 2 of
 * a list shown newest first it leads back to page 1. Matched like {@link LOAD_MORE_WORDS}.
 */
export const NEWER_WORDS: readonly string[] = [
  "newer",
  "newer posts",
  "newer entries",
  "later posts",
  "新しい投稿",
  "新しい記事",
  "較新的文章",
  "较新的文章",
  "neuere beiträge",
  "neuere einträge",
  "articles plus récents",
  "messages plus récents",
  "entradas más recientes",
  "entradas recientes",
  "postagens mais recentes",
  "posts mais recentes",
  "articoli più recenti",
  "post più recenti",
  "nieuwere berichten",
  "новые записи",
  "более новые записи",
  "nowsze wpisy",
  "novější příspěvky",
  "postingan lebih baru",
  "posting lebih baru",
  "daha yeni yazılar",
  "yeni yazılar",
  "bài mới hơn",
];

/** Labels that say the list has nothing more ("No more results"): never a load-more. */
export const NO_MORE_WORDS: readonly string[] = [
  "no more",
  "nothing more",
  "これ以上",
  "没有更多",
  "沒有更多",
  "더 이상",
  "keine weiteren",
  "keine mehr",
  "больше нет",
  "no hay más",
  "plus de résultat",
  "não há mais",
  "geen meer",
];

/**
 * What a control that tsugi may click must never say, in its label or its attributes
 * (class, id, name, href, onclick… split into words): buying, account, destructive,
 * social and submitting actions. The deny list always wins over the load-more words
 * ("Log in to see more" is never clicked). Latin and Cyrillic entries match whole words
 * of the label or of the attribute tokens ("add-to-cart", "addToCart" → "add to cart");
 * CJK entries match as substrings.
 */
export const DENY_WORDS: readonly string[] = [
  // English
  "buy",
  "purchase",
  "add to cart",
  "add to basket",
  "add to bag",
  "cart",
  "basket",
  "checkout",
  "check out",
  "subscribe",
  "unsubscribe",
  "sign up",
  "signup",
  "register",
  "log in",
  "login",
  "log out",
  "logout",
  "sign in",
  "signin",
  "sign out",
  "signout",
  "delete",
  "remove",
  "vote",
  "upvote",
  "downvote",
  "like",
  "dislike",
  "share",
  "follow",
  "unfollow",
  "report",
  "download",
  "pay",
  "order",
  "submit",
  "send",
  "confirm",
  "donate",
  "install",
  "upload",
  // Japanese
  "購入",
  "買う",
  "カートに入れる",
  "カートに追加",
  "カート",
  "注文",
  "決済",
  "支払",
  "お支払い",
  "削除",
  "ログイン",
  "ログアウト",
  "登録",
  "購読",
  "送信",
  "確定",
  "投票",
  "いいね",
  "シェア",
  "共有",
  "フォロー",
  "通報",
  "ダウンロード",
  "退会",
  // Korean
  "구매",
  "구입",
  "장바구니",
  "주문",
  "결제",
  "삭제",
  "로그인",
  "로그아웃",
  "가입",
  "구독",
  "신고",
  "공유",
  "팔로우",
  "좋아요",
  "다운로드",
  "전송",
  "제출",
  // Chinese
  "购买",
  "購買",
  "购物车",
  "購物車",
  "下单",
  "订单",
  "訂單",
  "结算",
  "結帳",
  "支付",
  "付款",
  "删除",
  "刪除",
  "登录",
  "登錄",
  "登入",
  "登出",
  "注销",
  "注册",
  "註冊",
  "订阅",
  "訂閱",
  "举报",
  "舉報",
  "分享",
  "关注",
  "關注",
  "点赞",
  "下载",
  "下載",
  "提交",
  "发送",
  "發送",
  "确认",
  "確認",
  // German
  "kaufen",
  "jetzt kaufen",
  "in den warenkorb",
  "warenkorb",
  "kasse",
  "bestellen",
  "löschen",
  "entfernen",
  "anmelden",
  "abmelden",
  "registrieren",
  "abonnieren",
  "teilen",
  "melden",
  "herunterladen",
  "bezahlen",
  "absenden",
  "senden",
  "bestätigen",
  "folgen",
  "abstimmen",
  // Russian
  "купить",
  "в корзину",
  "корзина",
  "оформить",
  "заказать",
  "оплатить",
  "удалить",
  "войти",
  "выйти",
  "зарегистрироваться",
  "регистрация",
  "подписаться",
  "отписаться",
  "поделиться",
  "пожаловаться",
  "скачать",
  "отправить",
  "подтвердить",
  "голосовать",
  // Spanish
  "comprar",
  "carrito",
  "añadir al carrito",
  "agregar al carrito",
  "pagar",
  "eliminar",
  "borrar",
  "iniciar sesión",
  "cerrar sesión",
  "registrarse",
  "regístrate",
  "suscribirse",
  "suscríbete",
  "compartir",
  "seguir",
  "denunciar",
  "descargar",
  "enviar",
  "confirmar",
  "votar",
  // French
  "acheter",
  "panier",
  "ajouter au panier",
  "commander",
  "payer",
  "supprimer",
  "se connecter",
  "connexion",
  "se déconnecter",
  "déconnexion",
  "s'inscrire",
  "inscription",
  "s'abonner",
  "partager",
  "suivre",
  "signaler",
  "télécharger",
  "envoyer",
  "confirmer",
  "voter",
  // Portuguese
  "carrinho",
  "adicionar ao carrinho",
  "excluir",
  "apagar",
  "remover",
  "cadastrar",
  "inscrever",
  "assinar",
  "compartilhar",
  "baixar",
  // Italian
  "acquista",
  "carrello",
  "aggiungi al carrello",
  "paga",
  "ordina",
  "elimina",
  "rimuovi",
  "accedi",
  "registrati",
  "iscriviti",
  "abbonati",
  "condividi",
  "segui",
  "segnala",
  "scarica",
  "invia",
  "conferma",
  "vota",
  // Dutch
  "kopen",
  "winkelwagen",
  "betalen",
  "verwijderen",
  "inloggen",
  "uitloggen",
  "registreren",
  "aanmelden",
  "abonneren",
  "delen",
  "volgen",
  "downloaden",
  "verzenden",
  "versturen",
  "bevestigen",
];
