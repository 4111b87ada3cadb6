/**
 * Cleaning an article body for export: share buttons, related links, comments,
 * newsletter boxes, ads, media-player chrome and forms go; the text, headings,
 * lists, tables, figures and their captions stay.
 *
 * The patterns follow what article extractors agree on (Readability.js's
 * `unlikelyCandidates`/`negative` class hints, trafilatura's discard XPaths): they
 * match whole tokens of an element's class, id, role, aria-label and itemprop, never
 * page text. Pure DOM code, no layout.
 */
import { blockText } from "./text";

/** Words of class/id/role/aria-label/itemprop tokens that mark page furniture. */
const JUNK =
  /^(?:share|sharing|sharebar|sharetools|social|socials|sociable|addthis|shareaholic|sharedaddy|related|relatedposts|recommended|recommendations|comments?|commentlist|disqus|discussion|respond|newsletter|subscribe|subscription|signup|promo|promotion|advert|advertisement|advertising|ads|adslot|ad-slot|dfp|sponsored|sponsor|outbrain|taboola|zergnet|trending|popular|mostpopular|most-popular|most-read|mostread|most-watched|read-more|readmore|more-stories|more-from|morestories|next-article|breadcrumbs?|pagination|pager|toolbar|tools|print|follow|followus|rss|feedback|reactions?|rating|author-bio|authorbox|author-box|about-author|bio-box|jp-relatedposts|yarpp|crp_related|vjs|video-player|videoplayer|player-controls|mol-video|embed-code|cookie|consent|gdpr|paywall|modal|popup|overlay|skip-link|screen-reader-text|sr-only|visually-hidden)$/i;

/** Tokens of short blocks that restate metadata the export prints on its own
 * (byline, dates, "posted in"), removed only when under 200 characters. */
const META =
  /^(?:byline|author|authors|dateline|date|time|timestamp|published|updated|posted|entry-meta|post-meta|article-meta|meta|metadata)$/i;

/** Roles and tags that are never article text. */
const JUNK_ROLES = new Set([
  "button",
  "navigation",
  "toolbar",
  "menu",
  "menubar",
  "dialog",
  "alertdialog",
  "slider",
  "progressbar",
  "search",
  "complementary",
  "banner",
  "contentinfo",
]);
const JUNK_TAGS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "link",
  "meta",
  "button",
  "form",
  "input",
  "select",
  "textarea",
  "label",
  "nav",
  "iframe",
  "object",
  "embed",
  "dialog",
]);

/**
 * Whether one of the words of a hint token matches `pattern`. A token is split at
 * "-" and "_" (and camelCase); tokens of more than 3 words are names made from
 * text (a section id from its heading, "sharing-with-a-single-developer"), not
 * furniture hints, and never match.
 */
export function hintMatches(hints: string, pattern: RegExp): boolean {
  for (const token of hints.split(/\s+/)) {
    if (!token) continue;
    if (pattern.test(token)) return true;
    const words = token
      .replace(/([a-z])([A-Z])/g, "$1-$2")
      .split(/[-_]+/)
      .filter(Boolean);
    if (words.length > 3) continue;
    if (words.some((w) => pattern.test(w))) return true;
    // Two-word names such as "most-read", "read-more", "ad-slot".
    for (let i = 0; i + 1 < words.length; i++)
      if (pattern.test(`${words[i]}-${words[i + 1]}`)) return true;
  }
  return false;
}

/** The attribute text of an element that junk patterns are tested on. */
export function hintText(el: Element): string {
  return [
    el.getAttribute("class"),
    el.getAttribute("id"),
    el.getAttribute("role"),
    el.getAttribute("aria-label"),
    el.getAttribute("itemprop"),
    el.getAttribute("data-component"),
  ]
    .filter((v): v is string => Boolean(v))
    .join(" ");
}

/**
 * Whether an element is page furniture by its markup alone: a junk tag or role,
 * a junk class/id token, `hidden`/`aria-hidden="true"`, or an inline `display:none`.
 * Body-like hints (`articleBody`, `entry-content`, `post-content`) never count as junk.
 */
export function isJunk(el: Element): boolean {
  const tag = el.localName;
  if (JUNK_TAGS.has(tag)) return true;
  const role = el.getAttribute("role");
  if (role && JUNK_ROLES.has(role.toLowerCase())) return true;
  if (el.hasAttribute("hidden") || el.getAttribute("aria-hidden") === "true") return true;
  const style = el.getAttribute("style");
  if (style && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)) return true;
  const hints = hintText(el);
  if (!hints) return false;
  if (/articlebody|article-body|entry-content|post-content|story-body/i.test(hints)) return false;
  return hintMatches(hints, JUNK);
}

/** Share of an element's text that sits inside links, 0..1 (0 when it has no text). */
export function linkDensity(el: Element): number {
  const text = blockText(el).replace(/\s+/g, "").length;
  if (text === 0) return 0;
  let inLinks = 0;
  for (const a of Array.from(el.querySelectorAll("a")))
    inLinks += (a.textContent ?? "").replace(/\s+/g, "").length;
  return Math.min(1, inLinks / text);
}

/**
 * Remove furniture from an article body in place: junk elements (see {@link isJunk}),
 * lists and blocks that are nearly all links (related-story lists, tag clouds:
 * link density ≥ 0.7 with under 400 characters of text, or ≥ 0.9 at any length),
 * short blocks that restate the byline or dates (the export prints those itself),
 * and elements left with neither text nor media. An element holding more than
 * `keepShare` of the body's text is never removed, so a mislabelled wrapper cannot
 * empty the article.
 * @param root the body element (its own tag is never removed)
 * @param keepShare 0..1, default 0.6
 * @returns the number of elements removed
 */
export function cleanBody(root: Element, keepShare = 0.6): number {
  const total = Math.max(1, blockText(root).length);
  let removed = 0;
  const big = (el: Element) => blockText(el).length > keepShare * total;
  for (const el of Array.from(root.querySelectorAll("*"))) {
    if (!root.contains(el)) continue;
    if (isJunk(el) && !big(el)) {
      el.remove();
      removed++;
    }
  }
  for (const el of Array.from(root.querySelectorAll("*"))) {
    if (!root.contains(el) || el.localName === "time") continue;
    const hints = hintText(el);
    if (hints && hintMatches(hints, META) && blockText(el).length < 200) {
      el.remove();
      removed++;
    }
  }
  const linky: Element[] = [];
  let linkyChars = 0;
  for (const el of Array.from(root.querySelectorAll("ul, ol, dl, div, section, aside, p, table"))) {
    if (linky.some((o) => o.contains(el))) continue;
    const len = blockText(el).length;
    if (len === 0 || len > keepShare * total) continue;
    const d = linkDensity(el);
    if ((d >= 0.7 && len < 400) || d >= 0.9) {
      // A paragraph that is one link inside running text is still text.
      if (el.localName === "p" && len > 80 && d < 0.9) continue;
      linky.push(el);
      linkyChars += len;
    }
  }
  // When links are most of the body, they are the content (a list page), not furniture.
  if (
    linkyChars <= 0.5 * total &&
    !(globalThis as { process?: { env: Record<string, string> } }).process?.env.TSUGI_NO_LINKY
  ) {
    for (const el of linky) el.remove();
    removed += linky.length;
  }
  removed += removeEmpty(root);
  return removed;
}

const MEDIA = "img, picture, video, audio, svg, math, canvas, table, hr, br";

/** Remove elements with no text and no media, innermost first. */
function removeEmpty(root: Element): number {
  let removed = 0;
  const all = Array.from(root.querySelectorAll("*")).reverse();
  for (const el of all) {
    if (el.matches(MEDIA) || el.querySelector(MEDIA)) continue;
    if ((el.textContent ?? "").trim() === "") {
      el.remove();
      removed++;
    }
  }
  return removed;
}
