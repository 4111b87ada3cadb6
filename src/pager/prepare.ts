import DOMPurify from "dompurify";

const URL_ATTRS = ["href", "src", "poster", "action", "cite", "data-src", "data-original"];
const SRCSET_ATTRS = ["srcset", "data-srcset"];

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
const UNSAFE_STYLE = /position\s*:\s*(fixed|sticky)|url\s*\(|expression\s*\(|@import/i;

/**
 * Sanitized copies of fetched page elements, owned by `target` and ready to
 * insert: no scripts, no event-handler attributes, no `javascript:` URLs, no
 * `<style>`/`<link>` that would restyle the reader's page, no inline style that
 * fixes an overlay or loads a URL (DOMPurify).
 * @param elements page elements of a fetched (DOMParser) document
 * @param baseUrl the fetched page's final URL
 * @param target the live document they will be inserted into
 */
export function prepareForInsertion(
  elements: readonly Element[],
  baseUrl: string,
  target: Document,
): Node[] {
  const purify = DOMPurify(target.defaultView ?? window);
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    if (data.attrName === "style" && UNSAFE_STYLE.test(data.attrValue)) data.keepAttr = false;
  });
  const out: Node[] = [];
  for (const el of elements) {
    absolutizeUrls(el, baseUrl);
    const fragment = purify.sanitize(el.outerHTML, {
      RETURN_DOM_FRAGMENT: true,
      FORBID_TAGS: ["style", "link", "meta", "base", "title"],
      ADD_ATTR: ["target"],
    });
    for (const node of Array.from(target.importNode(fragment, true).childNodes)) out.push(node);
  }
  return out;
}
