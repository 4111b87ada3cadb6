/**
 * A site rule learned from page 1's detection, in the shape of an AutoPagerize
 * SITEINFO item (`url`, `nextLink`, `pageElement`, `insertBefore`). Fetched pages
 * have no layout, so the layout features the models use are missing there; the
 * rule carries page 1's decision to pages 2, 3, … by ids, classes and link texts,
 * which survive between pages of one template far more often than positions do.
 * The models stay the fallback when the rule stops matching (./verify-page.ts).
 */
import { escapeRegExp } from "../features/letters";
import { relNextSignal } from "../gate/signals";
import type { LearnedRule } from "../messaging/site-rule";
import {
  classPredicate,
  evaluateXPath,
  isStableToken,
  stableClass,
  stableClasses,
  xpathFor,
  xpathString,
  xpathsForRun,
} from "./xpath";

const NEXTISH = /next|older|forward|more/i;

/**
 * The rule's `url`: a regular expression over the page URL matching the pages of
 * this site that share page 1's first path segment (`/forum/…`, `/news/…`), the
 * unit where one page template usually holds.
 * @param pageUrl absolute URL of page 1
 * @returns e.g. `^https://example\.com/news/` (or `^https://example\.com/` at the root)
 * @throws TypeError when `pageUrl` is not an absolute URL
 */
export function urlPatternFor(pageUrl: string): string {
  const u = new URL(pageUrl);
  const segments = u.pathname.split("/").filter(Boolean);
  // A lone segment is the page itself (/my-article), not a section, unless it is a
  // script (/forumdisplay.php, /list.asp), which names a template.
  const lone = segments.length === 1 ? (segments[0] as string) : "";
  const section =
    segments.length >= 2
      ? `${segments[0]}/`
      : /\.(php|aspx?|jsp|cgi|pl|do|cfm)$/i.test(lone)
        ? lone
        : "";
  return `^${escapeRegExp(`${u.origin}/${section}`)}`;
}

/** The text a next link says, whitespace collapsed as XPath's `normalize-space` does
 * (ASCII whitespace only), when it is short and not a bare number. */
function stableLinkText(a: Element): string | null {
  const t = (a.textContent ?? "").replace(/[ \t\n\r]+/g, " ").trim();
  if (t.length === 0 || t.length > 40 || /^\d+$/.test(t)) return null;
  return t;
}

/** The nearest ancestor named by a unique id or a stable class, as an XPath scope. */
function scopeFor(a: Element): string {
  for (let cur = a.parentElement; cur && cur.localName !== "body"; cur = cur.parentElement) {
    const id = cur.getAttribute("id");
    if (id && isStableToken(id)) return xpathFor(cur);
    const cls = stableClass(cur);
    if (cls) return `//${cur.localName}[${classPredicate(cls)}]`;
  }
  return "";
}

/**
 * "The link after the current page": for numbered pagers whose next link is a
 * page number (its text changes from page to page), the element marking the
 * current page (a `span`, `strong`, `em` or `li` without a link) followed by the link.
 */
function afterCurrentMarker(a: Element, scope: string): string | null {
  const item = a.parentElement?.localName === "li" ? a.parentElement : a;
  const marker = item.previousElementSibling;
  if (!marker || marker.querySelector("a") || marker.localName === "a") return null;
  if (!/\d/.test(marker.textContent ?? "")) return null;
  const cls = stableClass(marker);
  // The marker holds no link: in a list pager every item is an `li` (often of one class),
  // and without this the step names each of them, so that on a later page the item after
  // page 1's link, a page already shown, comes first.
  const step = `${marker.localName}[${cls ? `${classPredicate(cls)} and ` : ""}not(.//a)]`;
  const tail =
    item === a ? `following-sibling::*[1][self::a]` : `following-sibling::${item.localName}[1]/a`;
  return `${scope}//${step}/${tail}`;
}

/**
 * Candidate `nextLink` XPaths for a next link, most durable first: `rel="next"`,
 * a unique id, its text inside its pager, the link after the current-page
 * marker, its image's alt text, a stable class, and last its position.
 * @param a the next link's anchor on page 1
 */
export function nextLinkXPathCandidates(a: Element): string[] {
  const out: string[] = [];
  const tag = a.localName;
  if (relNextSignal(a))
    out.push(`//${tag}[contains(concat(" ", normalize-space(@rel), " "), " next ")]`);
  const id = a.getAttribute("id");
  if (id && isStableToken(id)) out.push(`//${tag}[@id=${xpathString(id)}]`);
  const scope = scopeFor(a);
  const text = stableLinkText(a);
  if (text) {
    // A no-break space ("Next&nbsp;>") is not whitespace to normalize-space: map it first.
    const textOf = text.includes("\u00a0")
      ? `normalize-space(translate(., "\u00a0", " "))`
      : "normalize-space(.)";
    const said = text
      .replace(/\u00a0/g, " ")
      .replace(/ +/g, " ")
      .trim();
    const byText = `${tag}[${textOf}=${xpathString(said)}]`;
    if (scope) out.push(`${scope}//${byText}`);
    out.push(`//${byText}`);
  }
  const marker = afterCurrentMarker(a, scope);
  if (marker) out.push(marker);
  const alt = a.querySelector("img[alt]")?.getAttribute("alt")?.trim();
  if (alt && alt.length <= 40) out.push(`//${tag}[.//img[@alt=${xpathString(alt)}]]`);
  // Every stable class, next-like ones first (`a.btn.next`, `paging--next`).
  const classes = stableClasses(a).sort(
    (x, y) => Number(NEXTISH.test(y)) - Number(NEXTISH.test(x)),
  );
  for (const cls of classes) {
    if (scope) out.push(`${scope}//${tag}[${classPredicate(cls)}]`);
    out.push(`//${tag}[${classPredicate(cls)}]`);
  }
  out.push(xpathFor(a));
  return out;
}

/**
 * The first candidate whose first match on page 1 is the next link itself, as
 * AutoPagerize follows the first node a `nextLink` selects.
 * @param a the next link's anchor on page 1
 * @returns an XPath; the positional path when nothing else singles it out
 */
export function nextLinkXPath(a: Element): string {
  const doc = a.ownerDocument;
  const candidates = nextLinkXPathCandidates(a);
  for (const xp of candidates) if (evaluateXPath(doc, xp)[0] === a) return xp;
  return xpathFor(a);
}

/**
 * The site's pagination bar: the smallest ancestor of the next link holding at
 * least one other link, outside the page elements and below `body`.
 * @returns its XPath, or undefined when the next link stands alone
 */
export function pagerBarXPath(a: Element, pageElements: readonly Element[]): string | undefined {
  for (let cur = a.parentElement; cur && cur.localName !== "body"; cur = cur.parentElement) {
    if (pageElements.some((p) => p.contains(cur) || cur.contains(p))) return undefined;
    if (cur.querySelectorAll("a[href]").length >= 2) return xpathFor(cur);
  }
  return undefined;
}

/**
 * Generalize page 1's detection into a site rule.
 * @param pageUrl page 1's URL
 * @param nextAnchor the detected next link
 * @param pageElements the detected page element(s), in document order (not empty)
 * @param pageElementXPaths their XPaths when already built (default: {@link xpathsForRun})
 * @throws Error when `pageElements` is empty or detached
 */
export function learnSiteRule(
  pageUrl: string,
  nextAnchor: Element,
  pageElements: readonly Element[],
  pageElementXPaths: readonly string[] = xpathsForRun(pageElements),
): LearnedRule {
  const last = pageElements[pageElements.length - 1];
  if (!last?.parentElement) throw new Error("learnSiteRule needs attached page elements");
  const following = last.nextElementSibling;
  const pagerBar = pagerBarXPath(nextAnchor, pageElements);
  return {
    name: `learned: ${new URL(pageUrl).host}`,
    url: urlPatternFor(pageUrl),
    nextLink: nextLinkXPath(nextAnchor),
    pageElement: pageElementXPaths.join(" | "),
    ...(following ? { insertBefore: xpathFor(following) } : {}),
    ...(pagerBar ? { pagerBar } : {}),
  };
}
