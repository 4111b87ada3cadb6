/**
 * Next post is not next page: signals of the links that lead from one article to another
 * one (the next post of a blog, the next story of a news site). A single article holds
 * them where a list holds its pager, often with the same words ("Next »") and in markup
 * that pager rules also match (WordPress' `.nav-links`, Joomla's `.pagenav`). With
 * {@link otherDocument} (./page-step.ts) they let the next-link forest tell the two apart.
 */

/** How many ancestors {@link postNavigation} climbs above the anchor. */
const POST_NAV_LEVELS = 5;

/** An item word next to a navigation word in one class or id token: `post-navigation`,
 * `single-post-nav`, `nextpost`, `next-article`, `story-nav`, `entry-navigation`,
 * `prev_next_post`. "posts" (the list pager `posts-navigation`) is left out. */
const ITEM_NAV =
  /(?:post(?!s)|article|story|entry|beitrag|artikel)[-_]?(?:nav|next|prev)|(?:nav(?:igation)?|next|prev(?:ious)?)[-_]?(?:post(?!s)|article|story|entry|beitrag|artikel)|adjacent[-_]?post|prev_next/;

/** WordPress' link wrappers: `.nav-next` / `.nav-previous`, in single-post navigation and
 * in the list pager `posts-navigation` alike. */
const WP_NAV_LINK = /^nav-(?:next|previous)$/;

/** A list pager's own name, which makes a `.nav-next` one of its links. */
const LIST_PAGER = /posts-nav|paging-nav|pagination|pager|page-nav|wp-pagenavi|nav-links-page/;

/** Joomla's article navigation (`ul.pagenav`): prev/next articles, never page numbers. */
const JOOMLA_PAGENAV = /^pagenav$/;

function tokensOf(e: Element): string[] {
  const out: string[] = [];
  for (const name of ["class", "id"]) {
    const v = e.getAttribute(name);
    if (v) for (const t of v.toLowerCase().split(/\s+/)) if (t !== "") out.push(t);
  }
  return out;
}

/** A page number as a pager's link shows it. */
const PAGE_NUMBER = /^\s*[0-9０-９]{1,4}\s*$/;

/** Whether an element holds a link whose text is a page number (a numbered pager). */
function holdsNumberedLink(e: Element): boolean {
  for (const a of e.querySelectorAll("a")) if (PAGE_NUMBER.test(a.textContent ?? "")) return true;
  return false;
}

/**
 * The anchor sits in a post navigation: it or one of its {@link POST_NAV_LEVELS} nearest
 * ancestors has a class or id that names the next or previous post, article, story or
 * entry (`post-navigation`, `nextpost`, `single-post-nav`, `next-article`), a WordPress
 * `nav-next` / `nav-previous` outside a list pager (`posts-navigation`, `pagination`), or
 * Joomla's `pagenav` list without page numbers. Themes write these around the links to the
 * neighbouring posts of a single post, the links an auto-pager must not join.
 *
 * @param a anchor
 * @returns 1 or 0
 */
export function postNavigation(a: Element): number {
  let wpLink = false;
  let e: Element | null = a;
  for (let level = 0; e !== null && level <= POST_NAV_LEVELS; level++, e = e.parentElement) {
    const tokens = tokensOf(e);
    for (const t of tokens) {
      if (LIST_PAGER.test(t)) return 0;
      if (ITEM_NAV.test(t)) return 1;
      if (WP_NAV_LINK.test(t)) wpLink = true;
      if (JOOMLA_PAGENAV.test(t) && !holdsNumberedLink(e)) return 1;
    }
  }
  return wpLink ? 1 : 0;
}

/** Words that label a pager control rather than name a document. */
const CONTROL_WORDS =
  /^(?:next|previous|prev|older|newer|more|page|pages|post|posts|entries|entry|article|story|go|to|the|read|continue|weiter|zurück|nächste[rs]?|vorherige[rs]?|beitrag|suivant|précédent|siguiente|anterior)$/;

/** Latin-script (and other spaced-script) words a headline has at least. */
const HEADLINE_WORDS = 4;
/** Letters of an unspaced script (Chinese, Japanese) a headline has at least. */
const HEADLINE_CJK_CHARS = 10;

/**
 * The link text reads as another document's headline: once pager words and arrows are
 * set aside, at least {@link HEADLINE_WORDS} words remain ("« Sometimes VC Just Ain't
 * Enough", "Next: How we rebuilt the search index"), or {@link HEADLINE_CJK_CHARS}
 * letters of an unspaced script. Post navigation shows the neighbouring posts' titles;
 * a pager shows "Next", "2" or "Older posts".
 *
 * @param text visible text of the anchor
 * @returns 1 or 0
 */
export function headlineText(text: string): number {
  const words = text
    .toLowerCase()
    .split(/[\s:|–—-]+/u)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((w) => /\p{L}/u.test(w) && !CONTROL_WORDS.test(w));
  if (words.length >= HEADLINE_WORDS) return 1;
  const unspaced = text.match(
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu,
  );
  return (unspaced?.length ?? 0) >= HEADLINE_CJK_CHARS ? 1 : 0;
}
