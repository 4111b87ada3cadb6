/**
 * Text measures shared by the link and node feature extractors.
 *
 * Pure DOM code: it runs in a live page, in a DOMParser document and in jsdom alike,
 * so it reads only `Node` properties (never globals such as `Node.TEXT_NODE` or
 * `NodeFilter`, which a DOMParser document in a worker or a bare jsdom instance lacks).
 */

/** Tags whose text is never shown to a reader (seed 000 §3.3.2.1 (6), Table 3.4). */
export const NON_TEXT_TAGS: ReadonlySet<string> = new Set([
  "script",
  "style",
  "noscript",
  "template",
]);

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/**
 * The whitespace runs that collapsing changes: two or more characters, or one that is not
 * the ASCII space. Replacing these with one space gives what replacing every `\s+` run
 * does, but a text already collapsed has no match and is returned as it is, without a
 * copy: link texts and text nodes mostly hold single spaces, and every one was copied on
 * each page's first detection.
 */
export const SPACE_TO_COLLAPSE = /\s{2,}|[^\S ]/g;

/**
 * Collapses every whitespace run (JS `\s`, which includes NBSP and the ideographic space)
 * to one ASCII space and trims both ends.
 *
 * @param s any string
 * @returns the collapsed string; its `.length` is what this module calls "chars"
 */
export function normalizeSpace(s: string): string {
  return s.replace(SPACE_TO_COLLAPSE, " ").trim();
}

/**
 * Visible text of an element: its `textContent` without the text of script, style,
 * noscript and template descendants, whitespace-collapsed with {@link normalizeSpace}.
 * Like `textContent` (and unlike `innerText`) it needs no layout, so it gives the same
 * answer in a live page and in a DOMParser document; block boundaries add no space.
 * The "text" of seed 000 §3.2.2.1 (5) and §3.3.2.2 (7).
 *
 * @param el element to read
 * @returns collapsed visible text ("" for an element in {@link NON_TEXT_TAGS})
 */
export function visibleText(el: Element): string {
  if (NON_TEXT_TAGS.has(el.localName)) return "";
  const parts: string[] = [];
  collectText(el, parts);
  return normalizeSpace(parts.join(""));
}

function collectText(parent: Node, parts: string[]): void {
  for (let n = parent.firstChild; n !== null; n = n.nextSibling) {
    if (n.nodeType === TEXT_NODE || n.nodeType === CDATA_SECTION_NODE) {
      parts.push((n as CharacterData).data);
    } else if (n.nodeType === ELEMENT_NODE && !NON_TEXT_TAGS.has((n as Element).localName)) {
      collectText(n, parts);
    }
  }
}

/**
 * Sentence and clause punctuation: ASCII `. , ! ? ; :`, the CJK full-width and
 * half-width forms (`。 、 ！ ？ ， ； ： ． ｡ ､`) and the Arabic comma, semicolon and
 * question mark. Brackets, quotes and dashes are left out because navigation and
 * boilerplate use them as decoration, while running prose needs the listed marks.
 */
const PUNCTUATION = /[.,!?;:。、！？，；：．｡､،؛؟]/g;

/**
 * Number of punctuation marks in a string (the punctuation count of seed 000 §3.3.2.2 (9),
 * eq. 3.6).
 *
 * @param s any string
 * @returns count of characters from the punctuation set above
 */
export function countPunctuation(s: string): number {
  // Every mark is one UTF-16 unit, so the marks removed are the length lost: one string
  // made natively instead of an array of one-mark strings per text node of the page.
  return s.length - s.replace(PUNCTUATION, "").length;
}

/**
 * Length of the page's visible text: {@link visibleText} of `<body>` (of the root element
 * when the document has no body), in chars. The denominator of seed 000 §3.2.2.1 (6),
 * eq. 3.1.
 *
 * @param doc any document
 * @returns chars; 0 for an empty document
 */
export function pageTextLength(doc: Document): number {
  const root = doc.body ?? doc.documentElement;
  return root === null ? 0 : visibleText(root).length;
}
