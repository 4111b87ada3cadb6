import DOMPurify from "dompurify";
import { runNow, type SliceBudget, type Steps } from "../budget/slices";
import { revealLazyImages } from "./lazy-images";

const URL_ATTRS = [
  "href",
  "src",
  "poster",
  "action",
  "cite",
  "data-src",
  "data-original",
  "data-lazy-src",
];
const SRCSET_ATTRS = ["srcset", "data-srcset", "data-lazy-srcset"];

/**
 * Make every URL inside `root` absolute against `baseUrl` (the fetched page's
 * URL), so links and images keep working once moved into page 1.
 * Unparseable URLs are left as they are.
 */
export function absolutizeUrls(root: Element, baseUrl: string): void {
  const els = [root, ...Array.from(root.querySelectorAll("*"))];
  for (const el of els) {
    for (const attr of URL_ATTRS) {
      const v = el.getAttribute(attr);
      if (v === null || v.startsWith("#") || /^(data|javascript|mailto|tel):/i.test(v.trim()))
        continue;
      try {
        el.setAttribute(attr, new URL(v.trim(), baseUrl).href);
      } catch {
        /* keep as is */
      }
    }
    for (const attr of SRCSET_ATTRS) {
      const v = el.getAttribute(attr);
      if (!v) continue;
      const parts = v.split(",").map((part) => {
        const [u, ...desc] = part.trim().split(/\s+/);
        if (!u) return part;
        try {
          return [new URL(u, baseUrl).href, ...desc].join(" ");
        } catch {
          return part.trim();
        }
      });
      el.setAttribute(attr, parts.join(", "));
    }
  }
}

/** Inline styles that would lift joined content out of the page flow (overlays) or
 * load resources from elsewhere; the rest of an inline style is kept. */
const UNSAFE_STYLE =
  /position\s*:\s*(fixed|sticky)|url\s*\(|image-set\s*\(|expression\s*\(|@import/i;

/**
 * Whether an inline style is safe to keep: checked as written and as the browser's CSS
 * parser reads it (escapes such as `f\69xed` and comments undone), on a detached
 * element, which loads nothing.
 */
function safeStyle(probe: HTMLElement, value: string): boolean {
  if (UNSAFE_STYLE.test(value)) return false;
  probe.setAttribute("style", value);
  const parsed = probe.style;
  return (
    parsed.position !== "fixed" &&
    parsed.position !== "sticky" &&
    !UNSAFE_STYLE.test(parsed.cssText)
  );
}

/** Table and list parts the HTML parser drops outside their parent: markup to parse
 * them in, and the wrapper element whose children they become. */
const CONTEXT: Readonly<Record<string, readonly [string, string, string]>> = {
  tr: ["<table><tbody>", "</tbody></table>", "tbody"],
  td: ["<table><tbody><tr>", "</tr></tbody></table>", "tr"],
  th: ["<table><tbody><tr>", "</tr></tbody></table>", "tr"],
  tbody: ["<table>", "</table>", "table"],
  thead: ["<table>", "</table>", "table"],
  tfoot: ["<table>", "</table>", "table"],
  caption: ["<table>", "</table>", "table"],
  colgroup: ["<table>", "</table>", "table"],
  option: ["<select>", "</select>", "select"],
  optgroup: ["<select>", "</select>", "select"],
};

/** Tags never inserted: scripts and frames, and what would restyle or redirect the reader's page. */
const FORBID_TAGS = [
  "style",
  "link",
  "meta",
  "base",
  "title",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "noscript",
];

/**
 * Sanitized copies of fetched page elements, owned by `target` and ready to
 * insert: no scripts, no event-handler attributes, no `javascript:` URLs, no
 * frames or plugins, no `<style>`/`<link>`/`<meta>` that would restyle or
 * redirect the reader's page, no inline style that fixes an overlay or loads a
 * URL (DOMPurify). Lazy images are revealed and URLs made absolute first; table
 * rows and cells are parsed inside a table so they survive sanitizing.
 * @param elements page elements of a fetched (DOMParser) document; changed in place
 * @param baseUrl the fetched page's final URL
 * @param target the live document they will be inserted into
 * @returns top-level nodes in the order of `elements`
 */
export function prepareForInsertion(
  elements: readonly Element[],
  baseUrl: string,
  target: Document,
): Node[] {
  return runNow(prepareForInsertionSteps(elements, baseUrl, target));
}

/**
 * {@link prepareForInsertion} as a loop that yields after each element, for a
 * {@link SliceBudget}: the same copies (each element is sanitized whole).
 * @param elements page elements of a fetched (DOMParser) document; changed in place
 * @param baseUrl the fetched page's final URL
 * @param target the live document they will be inserted into
 * @returns top-level nodes in the order of `elements`
 */
export function* prepareForInsertionSteps(
  elements: readonly Element[],
  baseUrl: string,
  target: Document,
): Steps<Node[]> {
  const purify = DOMPurify(target.defaultView ?? window);
  const probe = target.createElement("div");
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    if (data.attrName === "style" && !safeStyle(probe, data.attrValue)) data.keepAttr = false;
    // tsugi's own markers come only from tsugi: a fetched page must not fake a separator,
    // a page URL or a title for the address bar.
    if (data.attrName.startsWith("data-tsugi")) data.keepAttr = false;
    if (data.attrName === "class" && /(^|\s)tsugi-/.test(data.attrValue)) {
      data.attrValue = data.attrValue
        .split(/\s+/)
        .filter((c) => !c.startsWith("tsugi-"))
        .join(" ");
    }
  });
  const out: Node[] = [];
  for (const [i, el] of elements.entries()) {
    if (i > 0) yield;
    revealLazyImages(el);
    absolutizeUrls(el, baseUrl);
    const [open, close, wrapper] = CONTEXT[el.localName] ?? ["", "", ""];
    const fragment = purify.sanitize(`${open}${el.outerHTML}${close}`, {
      RETURN_DOM_FRAGMENT: true,
      FORBID_TAGS,
      ADD_ATTR: ["target"],
    });
    const holder = wrapper ? fragment.querySelector(wrapper) : fragment;
    if (!holder) continue;
    for (const node of Array.from(target.importNode(holder, true).childNodes)) out.push(node);
  }
  return out;
}
