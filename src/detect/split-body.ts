/**
 * The whole article body when a template splits it: older news templates close the body's
 * container around an inline advertisement, a multimedia box or a reader-comments teaser
 * and open a second one of the same tag and class after it (`<div class="articleBody">…
 * </div><div class="articleInline">…</div><div class="articleBody">…</div>`). The forest's
 * choice takes the largest part, or a run of siblings with the boxes between the parts; a
 * hand-written SITEINFO takes the parts and nothing between them
 * (`//div[@class="articleBody"]`).
 */

import { visibleText } from "../features/text";

/** Media that carry an article's content without text. */
export const MEDIA = "img, picture, video, audio, svg, canvas, iframe, object, embed";

/**
 * Whether an element between two parts of a split body is a box of the template, not the
 * article's: no text of its own outside links (an empty box, a script, a slide-show teaser
 * whose words are all links) and no media but behind a `javascript:` link (a pop-up
 * thumbnail). A subheading, a figure or a photo between the parts is the article's.
 */
function isBox(e: Element): boolean {
  const inPopup = (m: Element) => m.closest('a[href^="javascript:" i]') !== null;
  const media = [...(e.matches(MEDIA) ? [e] : []), ...Array.from(e.querySelectorAll(MEDIA))];
  if (media.some((m) => !inPopup(m))) return false;
  const text = visibleText(e).replace(/\s+/g, "");
  if (text === "") return true;
  let inLinks = 0;
  for (const a of Array.from(e.querySelectorAll("a[href]")))
    inLinks += visibleText(a).replace(/\s+/g, "").length;
  return inLinks / text.length > 0.5;
}

/** Class tokens of layout grids and wrappers: siblings that share them are columns of a
 * page (main and sidebar), not parts of one body. */
export const LAYOUT_CLASS =
  /^(?:col|span\d|grid|row|column|container|wrapper|clearfix|left|right|pull-|float|flex|cell|box$)/;

/**
 * Whether an element holds prose: a paragraph with text at any depth. The first part of a
 * split body may hold a single paragraph, and templates wrap their parts' paragraphs in
 * elements of their own (`<div class="articleBody"><NYT_TEXT><p>…`), so one `<p>` with
 * text anywhere inside is enough.
 */
function holdsParagraphs(e: Element): boolean {
  for (const p of Array.from(e.getElementsByTagName("p")))
    if ((p.textContent ?? "").trim() !== "") return true;
  return false;
}

/** The class attribute that names parts of a split body, or "" for none: set, and no
 * token of a layout grid. */
function partClass(e: Element): string {
  const cls = e.getAttribute("class")?.trim() ?? "";
  if (cls === "" || cls.split(/\s+/).some((t) => LAYOUT_CLASS.test(t.toLowerCase()))) return "";
  return cls;
}

/**
 * The parts of a split body that `e` belongs to: `e` and its siblings of the same tag and
 * class attribute that hold paragraphs, in document order, without a sibling that holds
 * the next link (the pager). `e` itself when it has no class or a layout one.
 */
function partsOf(e: Element, nextLink: Element | null): Element[] {
  const cls = partClass(e);
  const parent = e.parentElement;
  if (cls === "" || !parent) return [e];
  const parts: Element[] = [];
  for (let c = parent.firstElementChild; c !== null; c = c.nextElementSibling) {
    if (c === e) parts.push(c);
    else if (
      c.localName === e.localName &&
      c.getAttribute("class")?.trim() === cls &&
      !(nextLink !== null && c.contains(nextLink)) &&
      holdsParagraphs(c)
    )
      parts.push(c);
  }
  return parts;
}

/**
 * Every part of a split article body, and nothing between them: when the page element
 * is one container of paragraphs with a class, or a run of siblings with one, that
 * container's siblings of the same tag and the same class attribute that hold
 * paragraphs too join it, however short ({@link holdsParagraphs}); the run's boxes
 * that stand between the parts ({@link isBox}: empty boxes, scripts, a slide-show teaser
 * behind `javascript:` links) leave it, while what is the article's between them (a
 * subheading, a figure) and what comes before the first part or after the last (a
 * headline, a byline) stay. A sibling that holds the next link (the pager) never joins, nor do
 * columns of a layout grid ({@link LAYOUT_CLASS}).
 *
 * @param elements the page element(s) chosen, document order
 * @param nextLink the next link's anchor, or null
 * @returns the page element(s) in document order; `elements` itself when no chosen
 *   container of paragraphs has such a sibling
 */
export function withSplitBody(elements: readonly Element[], nextLink: Element | null): Element[] {
  const parent = elements[0]?.parentElement;
  if (!parent || !elements.every((e) => e.parentElement === parent)) return [...elements];
  const seed = elements.find((e) => partClass(e) !== "" && holdsParagraphs(e));
  if (!seed) return [...elements];
  const parts = partsOf(seed, nextLink);
  if (parts.length < 2) return [...elements];
  const first = parts[0] as Element;
  const last = parts[parts.length - 1] as Element;
  const cls = partClass(seed);
  // A chosen sibling of the parts' tag and class is one of them, paragraphs or not.
  const isPart = (e: Element) =>
    parts.includes(e) || (e.localName === seed.localName && partClass(e) === cls);
  const before = (a: Element, b: Element) => (a.compareDocumentPosition(b) & 4) !== 0;
  const kept = elements.filter(
    (e) => isPart(e) || before(e, first) || before(last, e) || !isBox(e),
  );
  return [...new Set([...kept, ...parts])].sort((a, b) => (before(a, b) ? -1 : 1));
}
