/**
 * The chrome guard: whatever the site rule or the page-element model picked on a fetched
 * page, the site's chrome (its header, footer, navigation, sidebar) is never inserted as
 * that page's content. Checked on the elements to join, before they are copied
 * (./prepare.ts), on the fetched document where they stand.
 *
 * Method: seed 004 §3 (table 1) gives blocks a role from their words and where they stand:
 * a footer holds "Copyright" or such words and starts within 300 characters of the page's
 * end (ending within 100); a header links to the site's index and starts within 100
 * characters of the page's start (ending within 300). To those this adds page 1's own
 * chrome: an element with the tag path and the text of page 1's header, footer, nav or
 * aside (landmark roles too) is the same chrome on another page.
 */
import { normalizeSpace, visibleText } from "../features/text";

/** Page 1's chrome regions, as tag path and text keys ({@link chromeKey}). */
export interface SiteChrome {
  keys: ReadonlySet<string>;
}

/** The elements that are chrome by their tag or landmark role. */
export const CHROME_SELECTOR =
  'header, footer, nav, aside, [role="banner"], [role="contentinfo"], [role="navigation"], [role="complementary"]';

/** Words of a footer (seed 004, table 1: "Copyright" and such), in the pager languages. */
const FOOTER_WORDS =
  /©|\(c\)\s*\d{4}|copyright|all\s+rights\s+reserved|\bprivacy(?:\s+policy)?\b.*\bterms\b|\bterms\b.*\bprivacy\b|著作権|無断転載|利用規約|プライバシー|版权所有|版權所有|隐私政策|이용약관|개인정보|impressum|datenschutz|mentions\s+légales|aviso\s+legal|política\s+de\s+privacidad|todos\s+los\s+derechos|tous\s+droits|все\s+права\s+защищены/iu;

/** A footer starts within this many characters of the page's end (seed 004, table 1). */
export const FOOTER_START_CHARS = 300;
/** …and ends within this many. */
export const FOOTER_END_CHARS = 100;
/** A header starts within this many characters of the page's start (seed 004, table 1). */
export const HEADER_START_CHARS = 100;
/** …and ends within this many. */
export const HEADER_END_CHARS = 300;

/** Tag path of an element from its document's body, e.g. "body/div/footer". */
export function tagPath(el: Element): string {
  const parts: string[] = [];
  for (let e: Element | null = el; e && e.localName !== "html"; e = e.parentElement)
    parts.unshift(e.localName);
  return parts.join("/");
}

/** Key of a chrome region: its tag path and its visible text. */
export function chromeKey(el: Element): string {
  return `${tagPath(el)}\n${visibleText(el)}`;
}

/**
 * Page 1's chrome: the header, footer, nav and aside elements (and landmark roles) that
 * hold none of page 1's page elements and stand in none of them.
 * @param doc page 1
 * @param pageElements page 1's page elements
 */
export function siteChromeOf(doc: Document, pageElements: readonly Element[]): SiteChrome {
  const keys = new Set<string>();
  for (const el of Array.from(doc.querySelectorAll(CHROME_SELECTOR))) {
    if (pageElements.some((p) => p.contains(el) || el.contains(p))) continue;
    if (visibleText(el).trim() === "") continue;
    keys.add(chromeKey(el));
  }
  return { keys };
}

/**
 * Signal: the element, or the chrome region it stands in, has the tag path and text of
 * one of page 1's chrome regions.
 * @param el an element of a fetched page
 * @param chrome page 1's chrome
 */
export function twinOfPage1Chrome(el: Element, chrome: SiteChrome): boolean {
  if (chrome.keys.has(chromeKey(el))) return true;
  for (
    let r = el.closest(CHROME_SELECTOR);
    r;
    r = r.parentElement?.closest(CHROME_SELECTOR) ?? null
  )
    if (chrome.keys.has(chromeKey(r))) return true;
  return false;
}

/**
 * Where an element's text stands in its document's body: characters of visible text
 * before it and after it (whitespace collapsed per text node).
 * @param el an element inside a body
 * @returns chars before its start and after its end
 */
export function textPosition(el: Element): { before: number; after: number } {
  const body = el.ownerDocument.body;
  let before = 0;
  let inside = 0;
  let after = 0;
  const walk = (n: Node, state: { at: "before" | "inside" | "after" }) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c === el) {
        inside += visibleText(el).length;
        state.at = "after";
        continue;
      }
      if (c.nodeType === 3) {
        const len = normalizeSpace((c as Text).data).length;
        if (state.at === "before") before += len;
        else after += len;
      } else if (
        c.nodeType === 1 &&
        !/^(script|style|noscript|template)$/.test((c as Element).localName)
      )
        walk(c, state);
    }
  };
  if (body) walk(body, { at: "before" });
  return { before, after: inside === 0 ? 0 : after };
}

/**
 * Signal (seed 004, table 1, footer): the element holds footer words (©, Copyright, "All
 * rights reserved", Privacy and Terms, 利用規約) and is a footer region (a `footer` or
 * `contentinfo`, itself or around it) or stands at the page's end: it starts within
 * {@link FOOTER_START_CHARS} characters of the end and ends within {@link FOOTER_END_CHARS}.
 * @param el an element of a fetched page
 */
export function footerRegion(el: Element): boolean {
  const text = visibleText(el);
  if (!FOOTER_WORDS.test(text)) return false;
  if (el.closest('footer, [role="contentinfo"]')) return true;
  const { after } = textPosition(el);
  return after <= FOOTER_END_CHARS && after + text.length <= FOOTER_START_CHARS;
}

/**
 * Signal (seed 004, table 1, header): the element links to the site's index (`/`,
 * `index.*`) and is a header region (a `header` or `banner`, itself or around it) or
 * stands at the page's start: it starts within {@link HEADER_START_CHARS} characters of
 * the start and ends within {@link HEADER_END_CHARS}.
 * @param el an element of a fetched page
 */
export function headerRegion(el: Element): boolean {
  const home = Array.from(el.querySelectorAll("a[href]")).some((a) => {
    const href = a.getAttribute("href") ?? "";
    try {
      const u = new URL(href, el.ownerDocument.baseURI);
      return u.pathname === "/" || /\/index\.[a-z]+$/i.test(u.pathname);
    } catch {
      return false;
    }
  });
  if (!home) return false;
  if (el.closest('header, [role="banner"]')) return true;
  const { before } = textPosition(el);
  return before <= HEADER_START_CHARS && before + visibleText(el).length <= HEADER_END_CHARS;
}

/**
 * The guard: the elements to join less those that are site chrome ({@link twinOfPage1Chrome},
 * {@link footerRegion}, {@link headerRegion}).
 * @param elements the page elements read on a fetched page
 * @param chrome page 1's chrome
 * @returns the elements that may be inserted (possibly none)
 */
export function withoutChrome(elements: readonly Element[], chrome: SiteChrome): Element[] {
  return elements.filter(
    (e) => !twinOfPage1Chrome(e, chrome) && !footerRegion(e) && !headerRegion(e),
  );
}
