/**
 * Serial reading: whether a page reads as one chapter of a serial (a web novel's episode,
 * a webcomic's page, one part of a multi-part essay), and which of its links leads to the
 * next chapter. A chapter is another document, which the pager joins only where the
 * reader switched "Join the next chapter" on for the site; these signals let tsugi find
 * the link it otherwise holds back (the `nextItem` / `postNavigation` / `otherDocument`
 * links of ./next-item.ts, ./next-post.ts, ./page-step.ts) and offer the switch.
 *
 * The words and markup are those the AutoPagerize SITEINFO database's serial rules name
 * (`id("contentMain-nextEpisode")/a`, `//div[@class='novel_bn']/a[contains(.,'次の話')]`,
 * `//a[.='下一章']`) and the WordPress comic themes' `comic-nav-next`. Pure DOM functions.
 */

import { sameOrigin } from "../keys/normalize-url";

/** Kanji digits of chapter numbers (第十二話, 第三百五章). */
const KANJI_DIGITS: Readonly<Record<string, number>> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const KANJI_UNITS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };

/**
 * A number written in ASCII or full-width digits, or in kanji numerals (十二, 三百五,
 * 一〇五).
 * @param s the digits
 * @returns the number, or null when `s` is no number
 */
export function parseChapterNumber(s: string): number | null {
  const ascii = s.replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10));
  if (/^\d+$/.test(ascii)) return Number(ascii);
  let total = 0;
  let digit = -1;
  let positional = "";
  for (const ch of s) {
    const d = KANJI_DIGITS[ch];
    const unit = KANJI_UNITS[ch];
    if (d !== undefined) {
      digit = d;
      positional += String(d);
    } else if (unit !== undefined) {
      total += (digit < 0 ? 1 : digit) * unit;
      digit = -1;
      positional = "";
    } else return null;
  }
  // 一〇五 is written digit by digit; 三百五 by units.
  if (total === 0 && positional.length > 1) return Number(positional);
  return total + (digit < 0 ? 0 : digit);
}

const CJK_NUMBER = "[0-9０-９〇零一二两三四五六七八九十百千]+";

/** A chapter marker and its number: 第5話, 第十二章, 第3回, 5화, Chapter 5, Ch. 5, Episode 5,
 * Ep 5, Part 2 (of 5), Vol. 2 Chapter 5 (the chapter wins), a comic's issue number. */
const CHAPTER_MARKERS: readonly RegExp[] = [
  new RegExp(`第\\s*(${CJK_NUMBER})\\s*[話话章回節节幕篇集]`, "u"),
  /(?:^|[^\p{L}])(?:제\s*)?([0-9]+)\s*(?:화|장)(?![\p{L}])/u,
  /\b(?:chapter|chap\.?|ch\.|episode|ep\.?|part|issue|comic)\s*#?\s*([0-9]+)\b/iu,
  /\b(?:kapitel|chapitre|cap[ií]tulo|capitolo|rozdział|глава)\s*([0-9]+)\b/iu,
];

/**
 * The next URL differs from the page's in one number only, one up (`/series/1` →
 * `/series/2`, `…?part=2` → `…?part=3`): the shape of a multi-page article's pages.
 * @param pageUrl the page's URL
 * @param nextUrl the next link's URL
 */
export function numberStepOnly(pageUrl: string, nextUrl: string): boolean {
  const a = pageUrl.replace(/#.*$/, "").split(/(\d+)/);
  const b = nextUrl.replace(/#.*$/, "").split(/(\d+)/);
  if (a.length !== b.length) return false;
  let steps = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (i % 2 === 0 || Number(b[i]) !== Number(a[i]) + 1) return false;
    steps += 1;
  }
  return steps === 1;
}

/** A part number, the marker multi-page articles use too. */
const PART_ONLY = /\bpart\s*#?\s*[0-9]+\b/iu;

/** Whether the text names a chapter by another marker than "part" (第5話, Chapter 5). */
function otherMarker(text: string): boolean {
  return CHAPTER_MARKERS.some((re) => {
    const m = re.exec(text);
    return m !== null && !/^\W?part/i.test(m[0].trim());
  });
}

/**
 * The chapter, episode or part number a text names (a page's title or heading): 第5話,
 * 第十二章, 5화, "Chapter 5", "Episode 12", "Part 2 of 5".
 * @param text the title or heading
 * @returns the number, or null when the text names none
 */
export function chapterNumber(text: string): number | null {
  for (const re of CHAPTER_MARKERS) {
    const m = re.exec(text);
    const n = m?.[1] !== undefined ? parseChapterNumber(m[1]) : null;
    if (n !== null) return n;
  }
  return null;
}

/** Words of a link to the next chapter, in the languages of the serial sites. */
const NEXT_CHAPTER_WORDS =
  /次の話|次話|次のエピソード|次の章|次章|次へ|下一章|下一[话話节節回集篇]|下章|다음\s*화|다음\s*편|다음\s*장|다음\s*에피소드|\bnext\s+(?:chapter|episode|part|issue|comic|page\s+of\s+the\s+comic)\b|\bnext\s*(?:chap|ep)\b|\b(?:continue|go)\s+to\s+part\s+\d+|nächstes\s+kapitel|chapitre\s+suivant|siguiente\s+cap[ií]tulo|capitolo\s+successivo/iu;

/**
 * The link text asks for the next chapter: 次の話, 次へ, 下一章, 다음화, "Next chapter",
 * "Next episode", "Continue to part 3".
 * @param text visible text (or label) of the link
 * @returns true when it does
 */
export function nextChapterWords(text: string): boolean {
  return NEXT_CHAPTER_WORDS.test(text);
}

/** Words of a link back to the previous chapter, never the next one. */
const PREVIOUS_WORDS =
  /前の話|前話|前へ|上一[章话話节節回集篇页頁]|이전|\b(?:prev|previous|back|first|last|latest|newest|oldest)\b|«|‹|←/iu;

/**
 * The link text leads back (上一章, 前へ, "Previous chapter") or to an end of the run
 * ("First", "Latest").
 * @param text visible text of the link
 */
export function previousWords(text: string): boolean {
  return PREVIOUS_WORDS.test(text);
}

/** Class or id tokens of a next-chapter link or its wrapper: WordPress comic themes'
 * `comic-nav-next`, カクヨム's `contentMain-nextEpisode`, `next-chapter`, `nextEpisode`,
 * `chapter-next`, `episode_next`, `next_chap`. */
const NEXT_CHAPTER_MARKUP =
  /comic-nav-next|next[-_]?(?:chapter|chap|episode|ep|part|comic)(?![a-z])|(?:chapter|episode|comic)[-_]?next/i;

/** How many ancestors {@link nextChapterMarkup} climbs above the anchor. */
const MARKUP_LEVELS = 2;

/**
 * The anchor, or one of its two nearest ancestors, is marked as the next-chapter link by
 * its class or id (`comic-nav-next`, `contentMain-nextEpisode`, `next-chapter`).
 * @param a the anchor
 */
export function nextChapterMarkup(a: Element): boolean {
  let e: Element | null = a;
  for (let level = 0; e !== null && level <= MARKUP_LEVELS; level++, e = e.parentElement) {
    const tokens = `${e.getAttribute("class") ?? ""} ${e.getAttribute("id") ?? ""}`;
    if (NEXT_CHAPTER_MARKUP.test(tokens)) return true;
  }
  return false;
}

/** Words and markup of a link to the work's table of contents. */
const TOC_WORDS =
  /^(?:目次|目录|目錄|章节目录|章節目錄|作品目录|目次へ|목록|목차|table\s+of\s+contents|contents|index|chapter\s+list|chapters|all\s+chapters|episode\s+list|all\s+episodes|archive|series\s+index|all\s+parts|back\s+to\s+(?:the\s+)?(?:index|series|contents))$/iu;
const TOC_MARKUP =
  /comic-nav-archive|(?:^|[-_\s])toc(?:$|[-_\s])|table-of-contents|chapter-?list|episode-?list|series-?index/i;

/**
 * The link leads to the work's table of contents: its text is 目次 / 目录 / 목록 /
 * "Table of contents" / "Index" / "All chapters", or its class names one
 * (`comic-nav-archive`, `toc`).
 * @param a the anchor
 * @param text its visible text, trimmed
 */
export function tocLink(a: Element, text: string): boolean {
  const t = text.replace(/[\s<>«»‹›【】[\]|]+/g, " ").trim();
  if (TOC_WORDS.test(t)) return true;
  const tokens = `${a.getAttribute("class") ?? ""} ${a.getAttribute("id") ?? ""} ${a.parentElement?.getAttribute("class") ?? ""}`;
  return TOC_MARKUP.test(tokens);
}

/** A link of a page, as the serial signals read it. */
interface PageLink {
  anchor: HTMLAnchorElement;
  url: string;
  text: string;
}

/** The page's same-origin links that lead off the page (no fragment-only, no self). */
function pageLinks(doc: Document, pageUrl: string): PageLink[] {
  const self = pageUrl.replace(/#.*$/, "");
  const out: PageLink[] = [];
  for (const a of Array.from(doc.querySelectorAll<HTMLAnchorElement>("a[href]"))) {
    const href = a.getAttribute("href") ?? "";
    if (href.startsWith("#") || /^(?:javascript|mailto|tel):/i.test(href)) continue;
    let url: string;
    try {
      url = new URL(href, pageUrl).href;
    } catch {
      continue;
    }
    if (!/^https?:/.test(url) || !sameOrigin(pageUrl, url)) continue;
    if (url.replace(/#.*$/, "") === self) continue;
    const text = (a.textContent ?? a.getAttribute("title") ?? "").replace(/\s+/g, " ").trim();
    out.push({
      anchor: a,
      url: url.replace(/#.*$/, ""),
      text: text || (a.getAttribute("aria-label") ?? a.getAttribute("title") ?? ""),
    });
  }
  return out;
}

/** Headings a chapter page names itself by, first to last: the page's title, then its
 * h1 to h3. */
function headings(doc: Document): string[] {
  const out = [doc.title];
  for (const h of Array.from(doc.querySelectorAll("h1, h2, h3")).slice(0, 8))
    out.push((h.textContent ?? "").replace(/\s+/g, " ").trim());
  return out;
}

/**
 * The page's own chapter heading: the first h1–h3 whose text names a chapter number,
 * else the title when it names one.
 * @param doc the page
 * @returns the heading text and its number, or null when no heading names a chapter
 */
export function chapterHeading(doc: Document): { text: string; number: number } | null {
  const [title = "", ...rest] = headings(doc);
  for (const text of [...rest, title]) {
    const number = chapterNumber(text);
    if (number !== null && text.length <= 200) return { text, number };
  }
  return null;
}

/**
 * The link that leads to the next chapter, by how strongly it says so: its class or id
 * (`comic-nav-next`, `nextEpisode`), its words (次の話, 下一章, "Next chapter"), or its
 * text naming the chapter after this one ("Part 3", "第6話" on chapter 5). Links back
 * (上一章, "Previous") never are.
 * @param doc the page
 * @param pageUrl its URL
 * @param current the page's chapter number, when its heading names one
 * @returns the link's URL (fragment removed) and anchor, or null
 */
export function nextChapterLink(
  doc: Document,
  pageUrl: string,
  current: number | null,
): { url: string; anchor: HTMLAnchorElement } | null {
  let best: PageLink | null = null;
  let bestScore = 0;
  for (const link of pageLinks(doc, pageUrl)) {
    if (previousWords(link.text)) continue;
    let score = 0;
    if (nextChapterMarkup(link.anchor)) score = 3;
    else if (nextChapterWords(link.text)) score = 2;
    else if (current !== null && link.text.length <= 80 && chapterNumber(link.text) === current + 1)
      score = 1;
    if (score > bestScore) {
      best = link;
      bestScore = score;
    }
  }
  return best ? { url: best.url, anchor: best.anchor } : null;
}

/**
 * The next chapter's link, unless it leads to the work's table of contents (the last
 * chapter's 下一章 of many sites): the end of the serial, not a chapter.
 * @param doc the page
 * @param pageUrl its URL
 * @returns the next chapter's URL, or null
 */
export function nextChapterUrl(doc: Document, pageUrl: string): string | null {
  const found = nextChapterLink(doc, pageUrl, chapterHeading(doc)?.number ?? null);
  return found && found.url !== tocUrl(doc, pageUrl) ? found.url : null;
}

/**
 * The URL of the work's table of contents that the page links to ({@link tocLink}).
 * @param doc the page
 * @param pageUrl its URL
 * @returns the URL (fragment removed), or null
 */
export function tocUrl(doc: Document, pageUrl: string): string | null {
  for (const link of pageLinks(doc, pageUrl)) if (tocLink(link.anchor, link.text)) return link.url;
  return null;
}

/** What reads a page as a chapter of a serial. */
export interface SerialPage {
  /** The chapter number its heading or title names (null: none named). */
  chapter: number | null;
  /** Its own chapter heading (null: none names a chapter). */
  heading: string | null;
  /** The next chapter's URL and link. */
  next: { url: string; anchor: HTMLAnchorElement };
  /** The work's table of contents, when the page links to it. */
  toc: string | null;
  /** The only sign besides the next-chapter link is a part number ("Part 2 of 5"): no
   * chapter or episode word, no contents link, no next-chapter markup. A multi-page
   * article names its pages so too, so where its next URL steps only that number
   * ({@link numberStepOnly}) it is joined as pages. */
  partOnly: boolean;
}

/**
 * Whether the page reads as a chapter of a serial: it has a next-chapter link
 * ({@link nextChapterLink}) and at least one more sign of a serial: a chapter number in
 * its title or heading, a link to the work's table of contents, or next-chapter markup
 * (`comic-nav-next`). A single post's "Next post" or "Next story", a shop's "Next
 * product" carry none of these.
 * @param doc the page
 * @param pageUrl its URL
 * @returns the serial's signals, or null when the page is no chapter
 */
export function readSerial(doc: Document, pageUrl: string): SerialPage | null {
  const heading = chapterHeading(doc);
  const chapter = heading?.number ?? null;
  const found = nextChapterLink(doc, pageUrl, chapter);
  const toc = tocUrl(doc, pageUrl);
  const next = found && found.url !== toc ? found : null;
  if (!next) return null;
  const markup = nextChapterMarkup(next.anchor);
  if (chapter === null && toc === null && !markup) return null;
  // Words alone ("次へ") on a page that names no chapter and links to no contents: a pager.
  if (chapter === null && !markup && !nextChapterWords(next.anchor.textContent ?? "")) return null;
  const partOnly =
    toc === null &&
    !markup &&
    heading !== null &&
    PART_ONLY.test(heading.text) &&
    !otherMarker(heading.text);
  return { chapter, heading: heading?.text ?? null, next, toc, partOnly };
}
