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

/** Most elements DOMPurify walks in one call: a fetched list's one page element of 2,300
 * elements took it 60 ms in one task (`npm run bench`, joined pages); a few hundred take a
 * few ms. A larger element is sanitized as its tag and then its children, a run at a time. */
export const SANITIZE_CHUNK = 300;

/** Subtrees never split: their children parse in another namespace or content model. */
const WHOLE_ONLY: ReadonlySet<string> = new Set(["svg", "math", "template", "select"]);

/** The number of elements in a subtree, itself included. */
function size(el: Element): number {
  return el.getElementsByTagName("*").length + 1;
}

type Purify = ReturnType<typeof DOMPurify>;

/** DOMPurify's copy of `html` parsed where a `tag` element parses ({@link CONTEXT}): its
 * top nodes. */
function sanitizeIn(purify: Purify, tag: string, html: string): Node[] {
  const [open, close, wrapper] = CONTEXT[tag] ?? ["", "", ""];
  const fragment = purify.sanitize(`${open}${html}${close}`, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS,
    ADD_ATTR: ["target"],
  });
  const holder = wrapper ? fragment.querySelector(wrapper) : fragment;
  return holder ? Array.from(holder.childNodes) : [];
}

/**
 * DOMPurify's copy of an element's tag alone (its attributes, no children), when it keeps
 * it as one element of that tag; null for a tag it drops or unwraps, or one whose
 * children parse in another content model ({@link WHOLE_ONLY}, SVG, MathML): such an
 * element is sanitized with its children, in its parent's context.
 */
function shellOf(purify: Purify, el: Element): Element | null {
  if (WHOLE_ONLY.has(el.localName) || el.namespaceURI !== HTML_NS) return null;
  const nodes = sanitizeIn(purify, el.localName, (el.cloneNode(false) as Element).outerHTML);
  const [only] = nodes;
  return nodes.length === 1 && only?.nodeType === 1 && (only as Element).localName === el.localName
    ? (only as Element)
    : null;
}

/**
 * Fill a sanitized tag with the sanitized copies of `el`'s child nodes: runs of siblings
 * of at most `chunk` elements each, sanitized inside a bare copy of `el` (so each parses
 * in its place), a yield between runs; a child larger than `chunk` whose tag DOMPurify
 * keeps is filled the same way in turn.
 */
function* fillSteps(purify: Purify, el: Element, out: Element, chunk: number): Steps<void> {
  let run: Node[] = [];
  let runSize = 0;
  const flush = () => {
    if (run.length === 0) return;
    const holder = el.cloneNode(false) as Element;
    for (const n of run) holder.appendChild(n.cloneNode(true));
    const [copy] = sanitizeIn(purify, el.localName, holder.outerHTML);
    if (copy) for (const n of Array.from(copy.childNodes)) out.appendChild(n);
    run = [];
    runSize = 0;
  };
  for (const node of Array.from(el.childNodes)) {
    const n = node.nodeType === 1 ? size(node as Element) : 0;
    const shell = n > chunk ? shellOf(purify, node as Element) : null;
    if (shell) {
      flush();
      yield;
      yield* fillSteps(purify, node as Element, shell, chunk);
      out.appendChild(shell);
      continue;
    }
    if (run.length > 0 && runSize + n > chunk) {
      flush();
      yield;
    }
    run.push(node);
    runSize += n;
  }
  flush();
}

/**
 * The sanitized copy of one page element, as DOMPurify makes it of the whole element, with
 * a yield between runs of at most `chunk` elements: one larger than that is sanitized as
 * its tag ({@link shellOf}), then its children a run at a time ({@link fillSteps}).
 * DOMPurify decides each element and attribute by itself, so the pieces make the same
 * copy (tested on saved list pages).
 *
 * @returns the copy's top nodes (owned by DOMPurify's document)
 */
function* sanitizeSteps(purify: Purify, el: Element, chunk: number): Steps<Node[]> {
  const shell = size(el) > chunk ? shellOf(purify, el) : null;
  if (!shell) return sanitizeIn(purify, el.localName, el.outerHTML);
  yield* fillSteps(purify, el, shell, chunk);
  return [shell];
}

const HTML_NS = "http://www.w3.org/1999/xhtml";

/**
 * {@link prepareForInsertion} as a loop that yields after each element, and within an
 * element larger than {@link SANITIZE_CHUNK} elements between runs of its children, for a
 * {@link SliceBudget}: the same copies.
 * @param elements page elements of a fetched (DOMParser) document; changed in place
 * @param baseUrl the fetched page's final URL
 * @param target the live document they will be inserted into
 * @param chunk most elements sanitized in one call (default {@link SANITIZE_CHUNK})
 * @returns top-level nodes in the order of `elements`
 */
export function* prepareForInsertionSteps(
  elements: readonly Element[],
  baseUrl: string,
  target: Document,
  chunk = SANITIZE_CHUNK,
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
    for (const node of yield* sanitizeSteps(purify, el, chunk))
      out.push(target.importNode(node, true));
  }
  return out;
}
