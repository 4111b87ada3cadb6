/**
 * A serial's work title, site name and each chapter's own title from its chapters'
 * `<title>`s, after seed 004 §6.1 (Table 2) extended from two sibling pages to all the
 * chapters joined: the run of segments every chapter shares at one end is the work's
 * (the work title and the site name), the rest is the chapter's title. Within the shared
 * run, the segment that names the site (og:site_name, the host) or else the outermost
 * one is the site name, the others the work title ("第1話 旅立ち - 星の旅人 - 小説の森":
 * chapter "第1話 旅立ち", work "星の旅人", site "小説の森").
 */
import { squash, type TitleSegment, titleSegments } from "../extract/site-title";

/** What the chapters' titles tell. */
export interface WorkTitles {
  /** The work's title, or null when the titles do not tell it. */
  work: string | null;
  /** The site name, or null when the titles do not tell it. */
  site: string | null;
  /** Each chapter's own title, in input order (its whole title when nothing is shared). */
  chapters: string[];
}

/** Segments of a title; "_" also divides (Chinese novel sites: "第一章_书名_站名"). */
function segments(title: string): TitleSegment[] {
  return titleSegments(title.replace(/\s*_\s*/g, " | "));
}

function joinSegments(s: readonly TitleSegment[]): string {
  return s
    .map((g, i) => (i === 0 ? g.text : `${g.delimiter}${g.text}`))
    .join("")
    .trim();
}

/** The words a series puts on each part ("part 2 of 4", "第2話", "(3)") dropped from the
 * end of a shared prefix. */
function trimPartWords(s: string): string {
  return s
    .replace(/[\s,:：\-–—(（[]*(?:part|pt\.?|chapter|episode|vol\.?|第)\s*$/i, "")
    .replace(/[\s,:：\-–—(（[]+$/, "")
    .trim();
}

/**
 * Work, site and chapter titles from the chapters' `<title>`s.
 *
 * @param titles each chapter's `<title>` (or heading), in order; two or more to compare
 * @param hints the site's name (og:site_name) and host, to tell the site's segment
 * @returns the work title and site name when the titles share a run, and the chapter titles
 */
export function workTitles(
  titles: readonly string[],
  hints: { siteName?: string | null; host?: string | null } = {},
): WorkTitles {
  const split = titles.map(segments);
  const whole = titles.map((t) => t.replace(/\s+/g, " ").trim());
  if (split.length < 2) return { work: null, site: null, chapters: whole };
  const min = Math.min(...split.map((s) => s.length));
  const shared = (k: number, fromEnd: boolean) =>
    split.every((s) => {
      const a = fromEnd ? s[s.length - 1 - k] : s[k];
      const b = fromEnd
        ? split[0]?.[(split[0]?.length ?? 0) - 1 - k]
        : (split[0] as TitleSegment[])[k];
      return a !== undefined && b !== undefined && a.text === b.text;
    });
  let suffix = 0;
  while (suffix < min - 1 && shared(suffix, true)) suffix++;
  let prefix = 0;
  if (suffix === 0) while (prefix < min - 1 && shared(prefix, false)) prefix++;
  const run =
    suffix > 0 ? (split[0] as TitleSegment[]).slice(-suffix) : (split[0] ?? []).slice(0, prefix);
  const chapters = split.map((s, i) => {
    const own = suffix > 0 ? s.slice(0, s.length - suffix) : s.slice(prefix);
    return own.length > 0 ? joinSegments(own) : (whole[i] ?? "");
  });
  let site: string | null = null;
  let work: string | null = null;
  if (run.length > 0) {
    const names = (t: string) =>
      (hints.siteName && squash(hints.siteName) === squash(t)) ||
      (hints.host && squash(hints.host).includes(squash(t)) && squash(t).length > 2);
    const at = run.findIndex((g) => names(g.text));
    // The site's name sits at the outer end of a title ("chapter - work - site").
    const siteAt = at >= 0 ? at : suffix > 0 ? run.length - 1 : 0;
    site = run[siteAt]?.text ?? null;
    const rest = run.filter((_, i) => i !== siteAt);
    work = rest.length > 0 ? joinSegments(rest) : null;
  }
  if (!work) {
    // A series whose titles share only their words ("Building a compiler, part 2 of 4").
    let common = chapters[0] ?? "";
    for (const c of chapters.slice(1)) {
      let n = 0;
      while (n < common.length && n < c.length && common[n] === c[n]) n++;
      common = common.slice(0, n);
    }
    const trimmed = trimPartWords(common);
    if (squash(trimmed).length >= 4) work = trimmed;
  }
  // Titles that share only the site's name ("The Keeper – Harbor Lights"): the site's
  // serial, a webcomic's name being its site's.
  if (!work && site) work = site;
  return { work, site, chapters };
}
