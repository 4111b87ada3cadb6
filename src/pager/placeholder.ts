/**
 * Whether a page element holds only a placeholder: what an app shell's static HTML puts
 * in its list container until the page's script has rendered the list ("Loading…", a
 * spinner, a skeleton of empty cards). Such a fetched page is rendered in the hidden
 * frame (./iframe-render.ts) like an empty one, and a frame holding one is not copied yet.
 *
 * Method: the same loading indicators that Pagetual and Infy Scroll wait out in their
 * iframe modes (loading words, spinner/skeleton classes, `aria-busy`), measured against
 * page 1's page element: a placeholder holds far less text than page 1 and none of page
 * 1's filled items or paragraphs. A shell may also keep the parts of the list that its
 * template draws on every page (a header, a "Sort by" toolbar) and leave out the items
 * only: such an element is compared child by child with page 1's, and holds a
 * placeholder when it has nothing but page 1's boilerplate.
 */
import { itemSignature } from "../features/load-more";
import { visibleText } from "../features/text";

/**
 * Loading words in the languages of the pager's other word lists (../features/keywords.ts),
 * lowercased; matched as substrings of a short text.
 */
export const LOADING_WORDS: readonly string[] = [
  "loading",
  "please wait",
  "読み込み中",
  "読込中",
  "ロード中",
  "로딩",
  "로드 중",
  "불러오는 중",
  "加载中",
  "載入中",
  "加載中",
  "wird geladen",
  "lädt",
  "laden…",
  "загрузка",
  "cargando",
  "chargement",
  "carregando",
  "bezig met laden",
];

/** Class or id words of a loading indicator, matched as whole tokens or prefixes. */
const SPINNER_CLASS = /(^|[\s_-])(spinner|loader|loading|skeleton|shimmer)/i;

/** Largest image or svg that still counts as a spinner, px (either side). */
export const SPINNER_MAX_PX = 64;

/** Least length of a paragraph that counts as content, chars. */
export const PARAGRAPH_CHARS = 20;

/** What page 1's page element looks like, for {@link placeholderOnly}. */
export interface PageShape {
  /** Visible text below which a page element is "far less" than page 1's, chars. */
  leastText: number;
  /** Tag and first class of page 1's items ("li.entry", "article"), see {@link itemSignature}. */
  itemKinds: ReadonlySet<string>;
  /** Twin keys ({@link twinKey}) of the children of page 1's element that are not items:
   * the header or toolbar rows its template draws on every page. */
  boilerplate: ReadonlySet<string>;
}

/** Children that hold no content of the page: a shell's data and templates. */
const NON_CONTENT_TAGS: ReadonlySet<string> = new Set(["script", "style", "template", "noscript"]);

/**
 * What makes two children of a list the same block on two pages: their signature
 * ({@link itemSignature}) and visible text, whitespace collapsed and digit runs read as
 * one digit, so "Showing 1–8 of 48" on page 1 and "Showing 9–16 of 48" on page 2 are twins.
 * @param el a child of a page element (or of page 1's list container)
 * @returns "li.toolbar|Sort by: newest · oldest"
 */
export function twinKey(el: Element): string {
  return `${itemSignature(el)}|${visibleText(el).trim().replace(/\d+/g, "0")}`;
}

/** The element children of `el` that may hold content (not {@link NON_CONTENT_TAGS}). */
function contentChildren(el: Element): Element[] {
  return Array.from(el.children).filter((c) => !NON_CONTENT_TAGS.has(c.localName));
}

/**
 * The twin keys of page 1's boilerplate children: the children of page 1's one page
 * element whose signature is not its items' (the most frequent signature among them),
 * or, when page 1's page elements are several items of one list, the other children of
 * that list.
 * @param page1 page 1's page elements
 */
function boilerplateOf(page1: readonly Element[]): Set<string> {
  const [first] = page1;
  if (!first) return new Set();
  let element: Element | null = first;
  let items: ReadonlySet<string>;
  if (page1.length > 1) {
    element = first.parentElement;
    if (!element || page1.some((e) => e.parentElement !== element)) return new Set();
    items = new Set(page1.map(itemSignature));
  } else {
    const counts = new Map<string, number>();
    for (const c of contentChildren(first))
      counts.set(itemSignature(c), (counts.get(itemSignature(c)) ?? 0) + 1);
    const most = Math.max(0, ...counts.values());
    items = new Set([...counts].filter(([, n]) => n === most && n > 1).map(([sig]) => sig));
  }
  return new Set(
    contentChildren(element)
      .filter((c) => !items.has(itemSignature(c)) && !page1.includes(c))
      .map(twinKey),
  );
}

/**
 * Page 1's shape: its items are its page elements when there are several (each an
 * item), else the element children of its one page element (a list container).
 * @param page1 page 1's page elements
 * @param leastText chars below which a fetched element holds far less text than page 1's
 */
export function shapeOf(page1: readonly Element[], leastText: number): PageShape {
  const items = page1.length > 1 ? page1 : Array.from(page1[0]?.children ?? []);
  return {
    leastText,
    itemKinds: new Set(items.map(itemSignature)),
    boilerplate: boilerplateOf(page1),
  };
}

/**
 * Signal: the text says it is loading ("Loading…", "読み込み中…").
 * @param text visible text of the element(s)
 */
export function saysLoading(text: string): boolean {
  const t = text.toLowerCase();
  return LOADING_WORDS.some((w) => t.includes(w));
}

/**
 * Signal: a loading indicator: an element with a spinner/loader/skeleton class or id,
 * `aria-busy="true"`, `role="progressbar"`, or an image or svg that is the element's only
 * content and small (width/height attributes at most {@link SPINNER_MAX_PX}; missing ones
 * count as small).
 * @param elements the page element(s)
 */
export function hasSpinner(elements: readonly Element[]): boolean {
  for (const root of elements) {
    const all = [root, ...Array.from(root.querySelectorAll("*"))];
    if (
      all.some(
        (e) =>
          SPINNER_CLASS.test(e.getAttribute("class") ?? "") ||
          SPINNER_CLASS.test(e.id) ||
          e.getAttribute("aria-busy") === "true" ||
          e.getAttribute("role") === "progressbar",
      )
    )
      return true;
    const media = root.querySelectorAll("img, svg, picture, video");
    const [only] = media;
    if (media.length === 1 && only && visibleText(root).trim() === "" && small(only)) return true;
  }
  return false;
}

function small(e: Element): boolean {
  const side = (name: string) => Number.parseInt(e.getAttribute(name) ?? "", 10);
  const w = side("width");
  const h = side("height");
  return (Number.isNaN(w) || w <= SPINNER_MAX_PX) && (Number.isNaN(h) || h <= SPINNER_MAX_PX);
}

/**
 * Signal: one of page 1's kind of item with something in it (text or media), or a
 * paragraph of at least {@link PARAGRAPH_CHARS} chars.
 * @param elements the page element(s)
 * @param shape page 1's shape
 */
export function hasFilledItems(elements: readonly Element[], shape: PageShape): boolean {
  for (const root of elements) {
    const candidates = [root, ...Array.from(root.querySelectorAll("*"))];
    for (const e of candidates) {
      if (e.localName === "p" && visibleText(e).trim().length >= PARAGRAPH_CHARS) return true;
      if (!shape.itemKinds.has(itemSignature(e))) continue;
      if (visibleText(e).trim() !== "" || e.querySelector("img, picture, video")) return true;
    }
  }
  return false;
}

/**
 * Signal: each element holds only page 1's boilerplate: it has element children, no text
 * of its own beside them, and every child has a twin ({@link twinKey}) among the
 * children of page 1's element that are not items ({@link PageShape.boilerplate}): the
 * list container of an app shell that keeps its header or "Sort by" row and waits for
 * its script to draw the items after it.
 * @param elements the page element(s) of a fetched page or of a frame
 * @param shape page 1's shape ({@link shapeOf})
 * @returns false for no elements, or an element without children
 */
export function onlyBoilerplate(elements: readonly Element[], shape: PageShape): boolean {
  if (elements.length === 0 || shape.boilerplate.size === 0) return false;
  return elements.every((root) => {
    const children = contentChildren(root);
    const ownText = Array.from(root.childNodes).some(
      (n) => n.nodeType === 3 /* TEXT_NODE */ && (n.textContent ?? "").trim() !== "",
    );
    return (
      children.length > 0 && !ownText && children.every((c) => shape.boilerplate.has(twinKey(c)))
    );
  });
}

/**
 * Whether page elements hold only a placeholder: far less visible text than page 1's
 * ({@link PageShape.leastText}), and besides that either no filled item of page 1's kind
 * nor paragraph ({@link hasFilledItems}), or a loading word ({@link saysLoading}), or a
 * spinner ({@link hasSpinner}). An empty page element is one too, and so is one that
 * holds only page 1's boilerplate ({@link onlyBoilerplate}), whatever its length.
 * @param elements the page element(s) of a fetched page or of a frame
 * @param shape page 1's shape ({@link shapeOf})
 * @returns true: render (or wait) for the page's script; false: the content is there
 */
export function placeholderOnly(elements: readonly Element[], shape: PageShape): boolean {
  if (elements.length === 0) return false;
  if (onlyBoilerplate(elements, shape)) return true;
  const text = elements.map((e) => visibleText(e)).join(" ");
  if (text.trim().length >= Math.max(1, shape.leastText)) return false;
  if (!hasFilledItems(elements, shape)) return true;
  return saysLoading(text) || hasSpinner(elements);
}
