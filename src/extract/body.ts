/**
 * Finding the article body container by the markup sites use for it: schema.org
 * `itemprop="articleBody"`, then the class and id names blog and news systems
 * give the body (`entry-content`, `post-content`, `article-body`, …). The list follows trafilatura's BODY_XPATH (Barbaresi 2021),
 * in its order of precedence. Pure DOM code, no layout.
 */
import { blockText } from "./text";

/** Body-container selectors, most specific first. */
export const BODY_SELECTORS: readonly string[] = [
  '[itemprop="articleBody"]',
  '[itemprop="articlebody"]',
  ":is(article, div, main, section):is([class~='post-text'], [class~='post_text'], [class~='post-body'], [class~='post-entry'], [class~='postentry'], [class~='post-content'], [class~='post_content'], [class~='postcontent'], [class~='postContent'], [class~='article-text'], [class~='articletext'], [class~='articleText'], [class~='entry-content'], [id='entry-content'], [class~='article-content'], [id='article-content'], [class~='article__content'], [class~='article-body'], [id='article-body'], [class~='article__body'], [class~='articleBody'], [id='articleBody'], [id='articlebody'], [id='articleContent'], [class~='ArticleContent'], [class~='story-body'], [class~='story-content'], [class~='storytext'], [class~='body-text'], [id='body-text'], [class~='text-content'], [class~='art-content'])",
  // MediaWiki (Wikipedia, Fandom and other wikis) names its body so.
  "#mw-content-text",
];

/** Least text the containers need together to count as the body, in characters. */
export const MIN_BODY_CHARS = 250;

/**
 * The elements that hold the article body by their markup, in document order, or
 * [] when the page names none (or those it names hold under {@link MIN_BODY_CHARS}
 * characters together). All matches of the first selector that matches are kept,
 * minus those nested in another match, since some sites split one article over
 * several body blocks (between ads or embeds); but a `<h1>` between two matches
 * starts another article (pages that append the next stories as you scroll), and a
 * match inside another `<article>` element than the first match's is another story's
 * (a teaser card): only the first article's blocks are kept. A bare `<article>` or `<main>` is no
 * evidence here: Readability.js already weighs those.
 * @param doc the page (not modified)
 */
export function markedBody(doc: Document): Element[] {
  for (const selector of BODY_SELECTORS) {
    const all = Array.from(doc.querySelectorAll(selector));
    const outer = firstArticle(all.filter((el) => !all.some((o) => o !== el && o.contains(el))));
    const chars = outer.reduce((n, el) => n + blockText(el).length, 0);
    if (chars >= MIN_BODY_CHARS) return outer;
  }
  return [];
}

/** The matches that belong to the first match's article: those inside the same
 * `<article>` element as the first (all of them when it is in none), up to the first
 * `<h1>` that follows the first match outside all matches. */
function firstArticle(matches: readonly Element[]): Element[] {
  const [first] = matches;
  if (!first) return [];
  const doc = first.ownerDocument;
  const headings = Array.from(doc.getElementsByTagName("h1")).filter(
    (h) => !matches.some((m) => m.contains(h)),
  );
  // Teaser cards ("more stories", related coverage) are <article> elements of their own,
  // each with its excerpt block: those excerpts are not the article's, even where the
  // cards sit between two blocks of it.
  const story = first.closest("article");
  const own = story ? matches.filter((m) => m.closest("article") === story) : matches;
  const out: Element[] = [first];
  for (let i = 1; i < own.length; i++) {
    const prev = own[i - 1] as Element;
    const cur = own[i] as Element;
    const between = headings.some(
      (h) =>
        prev.compareDocumentPosition(h) & 4 /* FOLLOWING */ &&
        cur.compareDocumentPosition(h) & 2 /* PRECEDING */,
    );
    if (between) break;
    out.push(cur);
  }
  return out;
}
