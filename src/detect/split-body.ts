/**
 * The whole article body when a template splits it: older news templates close the body's
 * container around an inline advertisement or a reader-comments teaser and open a second
 * one of the same tag and class after it (`<div class="articleBody">…</div><div
 * class="ad">…</div><div class="articleBody">…</div>`). The forest's choice takes the
 * largest part; a hand-written SITEINFO takes them all (`//div[@class="articleBody"]`).
 */

/** Class tokens of layout grids and wrappers: siblings that share them are columns of a
 * page (main and sidebar), not parts of one body. */
const LAYOUT_CLASS =
  /^(?:col|span\d|grid|row|column|container|wrapper|clearfix|left|right|pull-|float|flex|cell|box$)/;

/** Whether an element holds prose directly: a `<p>` child with text. */
function holdsParagraphs(e: Element): boolean {
  for (let c = e.firstElementChild; c !== null; c = c.nextElementSibling)
    if (c.localName === "p" && (c.textContent ?? "").trim() !== "") return true;
  return false;
}

/**
 * Every part of a split article body: when the page element is one container of
 * paragraphs with a class, its siblings of the same tag and the same class attribute that
 * hold paragraphs too join it, in document order. A sibling that holds the next link (the
 * pager) never does, nor do columns of a layout grid ({@link LAYOUT_CLASS}).
 *
 * @param elements the page element(s) chosen, document order
 * @param nextLink the next link's anchor, or null
 * @returns the parts in document order; `elements` itself when it is not one such container
 */
export function withSplitBody(elements: readonly Element[], nextLink: Element | null): Element[] {
  const only = elements.length === 1 ? elements[0] : undefined;
  const cls = only?.getAttribute("class")?.trim() ?? "";
  const parent = only?.parentElement;
  if (!only || !parent || cls === "" || !holdsParagraphs(only)) return [...elements];
  if (cls.split(/\s+/).some((t) => LAYOUT_CLASS.test(t.toLowerCase()))) return [...elements];
  const parts: Element[] = [];
  for (let c = parent.firstElementChild; c !== null; c = c.nextElementSibling) {
    if (c === only) parts.push(c);
    else if (
      c.localName === only.localName &&
      c.getAttribute("class")?.trim() === cls &&
      !(nextLink !== null && c.contains(nextLink)) &&
      holdsParagraphs(c)
    )
      parts.push(c);
  }
  return parts;
}
