/**
 * What makes two records "the same item" across the pages of a list: its
 * permalink when it has one, else its text. Seed 002 §5.2 takes each record out of the
 * page to treat it on its own; a shifting list (new items pushed in at the top while the
 * reader pages) then shows the same record on page N and N+1, and the identity is how the
 * joiner knows.
 */
import { visibleText } from "../features/text";
import { fnv1a } from "../keys/hash";
import { samePageKey } from "../keys/page-url";

/** A link that names a record: in a heading (the title link of a result, post or
 * product), or marked as the permalink by microformats / schema.org. */
const TITLE_LINK = "h1 a[href], h2 a[href], h3 a[href], h4 a[href], h5 a[href], h6 a[href]";
const MARKED_LINK = 'a[rel~="bookmark"][href], a[itemprop="url"][href], a.permalink[href]';

/** Least text of a record's first link for it to be taken as the title link when no heading
 * or marker says so ("<li><a>Council approves the new bridge</a> · 3 min ago</li>"): a
 * title is a phrase, an author's name or "Reply" is a word or two. */
export const TITLE_TEXT = 16;

/** Where a link goes, absolute and normalized, or null for links that name no page
 * (same-page fragments, scripts, mail). */
function target(a: Element, baseUrl: string): string | null {
  const href = (a.getAttribute("href") ?? "").trim();
  if (!href || href.startsWith("#") || /^(javascript|mailto|tel|data):/i.test(href)) return null;
  try {
    return samePageKey(new URL(href, baseUrl).href);
  } catch {
    return null;
  }
}

/** The record's first link with text, when that text is as long as a title. */
function titleLike(record: Element): Element | null {
  for (const a of Array.from(record.querySelectorAll("a[href]"))) {
    const text = visibleText(a);
    if (text) return text.length >= TITLE_TEXT ? a : null;
  }
  return null;
}

/** Hash of a record's text for identity: case and whitespace folded. */
export function textIdentity(record: Element): string {
  const text = visibleText(record).toLowerCase();
  return `text:${fnv1a(text).toString(16)}:${text.length}`;
}

/**
 * The identity of each record of one page: "url:<normalized URL>" from its permalink,
 * else "text:<hash>:<length>" from its normalized text. The permalink is the first title
 * link ({@link TITLE_LINK}), else the marked permalink ({@link MARKED_LINK}), else the
 * record's first link with text when that text is a title's length ({@link TITLE_TEXT}),
 * and only when no other record of the same page links there too (a heading linking to a
 * category is not a permalink). Other links are never taken: the first link of a forum
 * post or comment is usually its author's profile, and two posts by one author are not
 * "the same item". The text is the fallback because it changes when a counter or a
 * relative date in the record does ("5 min ago"), which shows the item again rather than
 * hiding another.
 * @param records one page's records (./records.ts), in document order
 * @param baseUrl the page's URL, against which relative links resolve
 * @returns one identity per record, in the same order
 */
export function recordIdentities(records: readonly Element[], baseUrl: string): string[] {
  const named = records.map((r) => {
    const a = r.querySelector(TITLE_LINK) ?? r.querySelector(MARKED_LINK) ?? titleLike(r);
    return a ? target(a, baseUrl) : null;
  });
  const holders = new Map<string, number>();
  for (const t of named) if (t) holders.set(t, (holders.get(t) ?? 0) + 1);
  return records.map((r, i) => {
    const t = named[i];
    return t && holders.get(t) === 1 ? `url:${t}` : textIdentity(r);
  });
}
