/**
 * Whether a page element holds only a placeholder: what an app shell's static HTML puts
 * in its list container until the page's script has rendered the list ("Loading…", a
 * spinner, a skeleton of empty cards). Such a fetched page is rendered in the hidden
 * frame (./iframe-render.ts) like an empty one, and a frame holding one is not copied yet.
 *
 * Method: the same loading indicators that Pagetual and Infy Scroll wait out in their
 * iframe modes (loading words, spinner/skeleton classes, `aria-busy`), measured against
 * page 1's page element: a placeholder holds far less text than page 1 and none of page
 * 1's filled items or paragraphs.
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
}

/**
 * Page 1's shape: its items are its page elements when there are several (each an
 * item), else the element children of its one page element (a list container).
 * @param page1 page 1's page elements
 * @param leastText chars below which a fetched element holds far less text than page 1's
 */
export function shapeOf(page1: readonly Element[], leastText: number): PageShape {
  const items = page1.length > 1 ? page1 : Array.from(page1[0]?.children ?? []);
  return { leastText, itemKinds: new Set(items.map(itemSignature)) };
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
 * Whether page elements hold only a placeholder: far less visible text than page 1's
 * ({@link PageShape.leastText}), and besides that either no filled item of page 1's kind
 * nor paragraph ({@link hasFilledItems}), or a loading word ({@link saysLoading}), or a
 * spinner ({@link hasSpinner}). An empty page element is one too.
 * @param elements the page element(s) of a fetched page or of a frame
 * @param shape page 1's shape ({@link shapeOf})
 * @returns true: render (or wait) for the page's script; false: the content is there
 */
export function placeholderOnly(elements: readonly Element[], shape: PageShape): boolean {
  if (elements.length === 0) return false;
  const text = elements.map((e) => visibleText(e)).join(" ");
  if (text.trim().length >= Math.max(1, shape.leastText)) return false;
  if (!hasFilledItems(elements, shape)) return true;
  return saysLoading(text) || hasSpinner(elements);
}
