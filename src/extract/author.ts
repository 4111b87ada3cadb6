/**
 * The author of a page (its 発信者), after Funayama, Shibuta, Shibata, Kurohashi,
 * "Webページの構造解析とメタデータ候補の抽出" (seed 004, §7): candidate strings are
 * gathered from where an author is written (byline markup, `meta[name=author]`, JSON-LD,
 * and the regions the seed reads: header, footer, a profile box, the lines near the
 * title), filtered as §7.2 does (a string judged the title is no candidate; strings that
 * read as a sentence rather than a name go), and one is chosen by a rule
 * ({@link AuthorRule}): the candidates' sources in an order measured on site-disjoint
 * training folds of the Readability test pages (scripts/eval-author.ts, docs/export.md).
 * The seed's named-entity step needs a morphological analyser; the length and sentence
 * filters stand in for it.
 */

/** Where a candidate was read. */
export type AuthorSource =
  | "jsonld"
  | "meta"
  | "rel"
  | "itemprop"
  | "byline"
  | "author-class"
  | "pattern"
  | "label";

/** Every source, in the order candidates are gathered. */
export const AUTHOR_SOURCES: readonly AuthorSource[] = [
  "jsonld",
  "meta",
  "rel",
  "itemprop",
  "byline",
  "author-class",
  "pattern",
  "label",
];

/** One candidate string and where it was read. */
export interface AuthorCandidate {
  text: string;
  source: AuthorSource;
}

/** The chosen rule: sources in the order they are trusted; sources left out are not used. */
export interface AuthorRule {
  order: readonly AuthorSource[];
}

/**
 * The rule tsugi ships, chosen by scripts/eval-author.ts on all the Readability test
 * pages with the same procedure its held-out folds use (sources ordered by their
 * precision on the training pages, a source kept when right on at least half the pages
 * where it speaks).
 */
export const AUTHOR_RULE: AuthorRule = {
  order: ["meta", "jsonld", "byline", "itemprop", "author-class", "rel", "label"],
};

/** "By ", "Written by", "作者：", "著：", "文：" before a name. */
const LEAD =
  /^(?:(?:(?:posted|written|words|story|text|reported|published)\s+by|by|von|par|por|door|di|author|authors|autor|auteur)(?:\s*[:：]\s*|\s+)|(?:作者|著者|筆者|投稿者|著|文|作)\s*[:：︰]?\s*)/i;
/** A date, "on DATE", "| DATE" or "— 3 min read" after a name. */
const TAIL =
  /\s*(?:[|·•—–,]\s*|\bon\s+|\bupdated\b|\bpublished\b).*?(?:\d{4}|\d{1,2}:\d{2}|\bmin(?:ute)?s?\b|ago).*$/i;
/** Strings that say something rather than name someone (seed §7.2's filter). */
const SENTENCE =
  /[!?。！？]|\p{L}{3,}[.]\s+\S+\s+\S|\bhttps?:\/\/|@\w|^[^\p{L}\p{N}]*$|^follow\b|\d{4}|\d{1,2}:\d{2}/iu;

/**
 * A candidate string made a name: whitespace collapsed, a "By"/"作者：" lead and a
 * trailing date dropped, and refused when it reads as a sentence, a URL or a date, or is
 * longer than a byline (80 characters, 10 words).
 *
 * @param raw the text as written on the page
 * @param title the page's title (seed §7.2: a string judged the title is no candidate)
 * @returns the name, or null when the string is not one
 */
export function cleanAuthor(raw: string, title = ""): string | null {
  let s = raw.replace(/\s+/g, " ").trim();
  for (let i = 0; i < 2; i++) s = s.replace(LEAD, "").trim();
  s = s.replace(TAIL, "").replace(/^[\s,:;|·•—–-]+|[\s,:;|·•—–-]+$/g, "");
  if (!s || s.length > 80 || s.split(" ").length > 10) return null;
  if (SENTENCE.test(s) || /^\d[\d\s/.:-]*$/.test(s)) return null;
  if (!/\p{L}/u.test(s)) return null;
  if (title && s.toLowerCase() === title.replace(/\s+/g, " ").trim().toLowerCase()) return null;
  return s;
}

/** Names under JSON-LD's `author` (a string, an object with `name`, or a list of them). */
function ldNames(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(ldNames);
  if (value && typeof value === "object") {
    const name = (value as { name?: unknown }).name;
    if (typeof name === "string") return [name];
  }
  return [];
}

/**
 * The `author` of the page's JSON-LD items (the first item that names one; `@graph`
 * walked), its names joined by ", ".
 *
 * @param doc the page
 * @returns the raw string, or null when no item names an author or the JSON is broken
 */
export function jsonLdAuthor(doc: Document): string | null {
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json" i]'))) {
    let data: unknown;
    try {
      data = JSON.parse(script.textContent ?? "");
    } catch {
      continue;
    }
    const stack: unknown[] = [data];
    while (stack.length > 0) {
      const item = stack.shift();
      if (Array.isArray(item)) stack.push(...item);
      else if (item && typeof item === "object") {
        const o = item as Record<string, unknown>;
        const names = ldNames(o.author).filter((n) => n.trim());
        if (names.length > 0) return names.join(", ");
        if (o["@graph"]) stack.push(o["@graph"]);
      }
    }
  }
  return null;
}

/** Text of an element without the scripts, styles and hidden parts it holds. */
function shownText(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const x of Array.from(copy.querySelectorAll("script, style, noscript, [hidden]")))
    x.remove();
  return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** "作者：NAME", "著者：NAME", "By NAME" on a short line of its own. */
const PATTERN = /^(?:作者|著者|筆者|投稿者|written by|posted by|by)\s*[:：]?\s*([^\n|·•]{2,60})$/i;

/** Parts of a page where other people's names stand: comments, related stories, ads. */
const ELSEWHERE =
  "[id*='comment' i], [class*='comment' i], [class*='related' i], [class*='recommend' i], [class*='sponsor' i], [class*='promo' i], aside";

/** A name after a label that says "author" (作者：NAME, 著者：NAME, 作：NAME), anywhere on a
 * short line: Japanese and Chinese serial sites write it so in the header or near the
 * title, the regions seed §7.2 reads. */
const LABEL =
  /(?:^|\s|[|｜/])(?:作者|著者|筆者|原作|作)\s*[:：]\s*([^\s|｜/][^|｜/\n]{0,40}?)\s*(?:$|[|｜/]|\s{2})/;

/**
 * Every author candidate of the page, in {@link AUTHOR_SOURCES} order, cleaned by
 * {@link cleanAuthor} (duplicates from one source dropped).
 *
 * @param doc the page (not modified)
 * @param title the page's title, refused as a candidate (seed §7.2)
 * @returns the candidates, possibly none
 */
export function authorCandidates(doc: Document, title = ""): AuthorCandidate[] {
  const out: AuthorCandidate[] = [];
  const add = (raw: string | null | undefined, source: AuthorSource, el?: Element): void => {
    if (!raw || el?.closest(ELSEWHERE)) return;
    const text = cleanAuthor(raw, title);
    if (text && !out.some((c) => c.source === source && c.text === text))
      out.push({ text, source });
  };
  add(jsonLdAuthor(doc), "jsonld");
  for (const m of Array.from(
    doc.querySelectorAll(
      'meta[name="author" i], meta[property="author" i], meta[property="article:author" i], meta[name="dc.creator" i], meta[name="sailthru.author" i], meta[name="parsely-author" i]',
    ),
  )) {
    const v = m.getAttribute("content") ?? "";
    if (!/^https?:/i.test(v)) add(v, "meta");
  }
  for (const a of Array.from(doc.querySelectorAll('[rel~="author" i]')))
    if (a.tagName !== "LINK") add(shownText(a), "rel", a);
  for (const el of Array.from(doc.querySelectorAll('[itemprop~="author" i]'))) {
    const name = el.querySelector('[itemprop~="name" i]');
    add(
      name ? (name.getAttribute("content") ?? shownText(name)) : el.getAttribute("content"),
      "itemprop",
      el,
    );
    if (!name && !el.getAttribute("content")) add(shownText(el), "itemprop", el);
  }
  for (const el of Array.from(doc.querySelectorAll(".byline, [class*='byline' i]")))
    add(shownText(el), "byline", el);
  for (const el of Array.from(
    doc.querySelectorAll(".author, [class*='author' i]:not([class*='authority' i])"),
  )) {
    if (el.querySelector(".author, [class*='author' i]")) continue;
    add(shownText(el), "author-class", el);
  }
  for (const el of Array.from(doc.querySelectorAll("p, div, span, li, dd, address"))) {
    if (el.children.length > 3) continue;
    const text = shownText(el);
    if (text.length > 80) continue;
    const m = text.match(PATTERN);
    if (m?.[1]) add(m[1], "pattern", el);
  }
  for (const el of Array.from(doc.querySelectorAll("p, div, span, li, dd, td, header, address"))) {
    if (el.querySelector("p, div, li")) continue;
    const text = shownText(el);
    const m = text.length <= 120 ? text.match(LABEL) : null;
    if (m?.[1]) add(m[1], "label", el);
  }
  return out;
}

/**
 * The author by `rule`: the first candidate of the first trusted source that has one.
 *
 * @param candidates from {@link authorCandidates}
 * @param rule the sources in trusted order ({@link AUTHOR_RULE} by default)
 * @returns the name, or null when no trusted source has a candidate
 */
export function chooseAuthor(
  candidates: readonly AuthorCandidate[],
  rule: AuthorRule = AUTHOR_RULE,
): string | null {
  for (const source of rule.order) {
    const c = candidates.find((x) => x.source === source);
    if (c) return c.text;
  }
  return null;
}

/**
 * The page's author (seed 004 §7 candidates, {@link AUTHOR_RULE}).
 *
 * @param doc the page (not modified)
 * @param title its title, which is never taken as the author
 * @returns the name, or null when the page names none
 */
export function pageAuthor(doc: Document, title = ""): string | null {
  return chooseAuthor(authorCandidates(doc, title));
}

/**
 * Seed 004 §8's measure of an extracted name against the gold one: twice the longest
 * common substring's length over the sum of both lengths (case and spacing ignored),
 * counted right above 0.7. Both absent is right; one absent is wrong.
 *
 * @param got the extracted name or null
 * @param gold the expected name or null
 * @returns whether the extraction counts as right
 */
export function authorMatches(got: string | null, gold: string | null): boolean {
  const norm = (s: string | null) => (s ?? "").toLowerCase().replace(/\s+/g, " ").trim();
  const a = norm(got);
  const b = norm(gold);
  if (!a || !b) return !a && !b;
  let best = 0;
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++)
      if (a[i - 1] === b[j - 1]) {
        row[j] = (prev[j - 1] as number) + 1;
        if ((row[j] as number) > best) best = row[j] as number;
      }
    prev = row;
  }
  return (2 * best) / (a.length + b.length) > 0.7;
}
