/**
 * A chapter of an EPUB as an XHTML document: the joined page's HTML parsed by the
 * browser's own HTML parser (which closes what the page left open), reduced to elements
 * and attributes EPUB 3's content documents allow, then written by XMLSerializer, so the
 * file is well-formed XML whatever the page's markup was (`&nbsp;`, `<br>`, unclosed
 * tags). Scripts, forms, frames and styles go; an image the book does not hold becomes
 * its alt text (a remote image is an error in EPUB).
 */

export const XHTML_NS = "http://www.w3.org/1999/xhtml";
const EPUB_NS = "http://www.idpf.org/2007/ops";

/** Elements dropped with what they hold. */
const DROP = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "input",
  "button",
  "select",
  "textarea",
  "option",
  "link",
  "meta",
  "base",
  "svg",
  "math",
  "canvas",
  "video",
  "audio",
  "source",
  "track",
  "map",
  "area",
  "dialog",
  "head",
  "title",
]);

/** Elements kept as they are. */
const KEEP = new Set(
  (
    "a abbr b bdi bdo blockquote br caption cite code col colgroup dd del dfn div dl dt em " +
    "figcaption figure h1 h2 h3 h4 h5 h6 hr i img ins kbd li ol p pre q rp rt ruby s samp " +
    "small span strong sub sup table tbody td tfoot th thead time tr u ul var wbr section " +
    "article aside header footer nav main address mark"
  ).split(" "),
);

/** Inline elements: an unknown element inside one of these becomes a span, else a div. */
const INLINE = new Set(
  "a abbr b bdi bdo cite code dfn em i kbd mark q s samp small span strong sub sup time u var rt rp ruby"
    .split(" ")
    .concat(["font", "big", "tt", "strike", "blink", "nobr", "rb", "rtc", "label", "data"]),
);

/** Attributes kept, by element ("*": every element). */
const ATTRS: Record<string, readonly string[]> = {
  "*": ["lang", "dir", "title"],
  a: ["href"],
  img: ["src", "alt", "width", "height"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan", "scope"],
  col: ["span"],
  colgroup: ["span"],
  ol: ["start", "reversed"],
  li: ["value"],
  time: ["datetime"],
  blockquote: ["cite"],
  q: ["cite"],
};

/** Options of {@link chapterXhtml}. */
export interface ChapterXhtml {
  /** The chapter's title: the document's `<title>` and its first heading. */
  title: string;
  /** The chapter's HTML (a joined page's body). */
  html: string;
  /** The chapter's own URL: relative links resolve against it, and the file says it. */
  url: string;
  /** Language tag, e.g. "ja". */
  lang: string;
  /** The book's stylesheet, relative to the chapter file, e.g. "style.css". */
  stylesheet?: string;
  /**
   * The book's path of an image by absolute URL (e.g. "images/3.png"), or null when
   * the book does not hold it (the image is then replaced by its alt text).
   */
  imagePath?: (url: string) => string | null;
  /** The label before the chapter's URL in the file, "Source". */
  sourceLabel?: string;
}

/** Whether a string is safe as an XML attribute value's URL (no script, no data). */
function safeHref(url: string): boolean {
  return /^(?:https?:|mailto:|#)/i.test(url);
}

function absolute(url: string, base: string): string | null {
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

/**
 * Copy `from` (HTML nodes) into `to` (an element of the XHTML document `out`), keeping
 * allowed elements and attributes only.
 */
function copyInto(
  from: Node,
  to: Element,
  out: Document,
  opts: ChapterXhtml,
  inline: boolean,
): void {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === 3) {
      // Characters XML 1.0 does not allow (controls other than tab, LF, CR) go.
      const text = (node.nodeValue ?? "").replace(
        // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what XML forbids
        /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g,
        "",
      );
      if (text) to.append(out.createTextNode(text));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    const name = el.localName.toLowerCase();
    if (DROP.has(name)) continue;
    if (name === "img") {
      const src = absolute(el.getAttribute("src") ?? "", opts.url);
      const path = src ? (opts.imagePath?.(src) ?? null) : null;
      const alt = el.getAttribute("alt") ?? "";
      if (!path) {
        if (alt) to.append(out.createTextNode(alt));
        continue;
      }
      const img = out.createElementNS(XHTML_NS, "img");
      img.setAttribute("src", path);
      img.setAttribute("alt", alt);
      for (const a of ["width", "height"]) {
        const v = el.getAttribute(a);
        if (v && /^\d+$/.test(v)) img.setAttribute(a, v);
      }
      to.append(img);
      continue;
    }
    const kept = KEEP.has(name) ? name : inline || INLINE.has(name) ? "span" : "div";
    const copy = out.createElementNS(XHTML_NS, kept);
    for (const a of [...(ATTRS["*"] ?? []), ...(ATTRS[kept] ?? [])]) {
      const v = el.getAttribute(a);
      if (v === null) continue;
      if (a === "href" || a === "cite") {
        const abs = v.startsWith("#") ? null : absolute(v, opts.url);
        if (abs && safeHref(abs)) copy.setAttribute(a, abs);
        continue;
      }
      if ((a === "colspan" || a === "rowspan" || a === "span" || a === "start") && !/^\d+$/.test(v))
        continue;
      copy.setAttribute(a, v);
    }
    if (kept === "a" && !copy.hasAttribute("href") && el.getAttribute("href")?.startsWith("#"))
      // An in-page link leads nowhere in a chapter file of its own.
      copy.removeAttribute("href");
    to.append(copy);
    copyInto(el, copy, out, opts, inline || INLINE.has(kept));
  }
}

/**
 * One chapter as an XHTML content document of EPUB 3.
 *
 * @param opts the chapter's title, HTML, URL, language and the book's image paths
 * @param parser an HTML parser (the page's `DOMParser`)
 * @returns the file's text: XML declaration, `<!DOCTYPE html>`, UTF-8; well-formed
 */
export function chapterXhtml(opts: ChapterXhtml, parser: DOMParser = new DOMParser()): string {
  const source = parser.parseFromString(
    `<!doctype html><html><head><meta charset="utf-8"></head><body>${opts.html}</body></html>`,
    "text/html",
  );
  const out = source.implementation.createDocument(XHTML_NS, "html", null);
  const html = out.documentElement;
  html.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:epub", EPUB_NS);
  html.setAttribute("lang", opts.lang);
  html.setAttributeNS("http://www.w3.org/XML/1998/namespace", "xml:lang", opts.lang);
  const head = out.createElementNS(XHTML_NS, "head");
  const meta = out.createElementNS(XHTML_NS, "meta");
  meta.setAttribute("charset", "utf-8");
  const title = out.createElementNS(XHTML_NS, "title");
  title.textContent = opts.title;
  head.append(meta, title);
  if (opts.stylesheet) {
    const link = out.createElementNS(XHTML_NS, "link");
    link.setAttribute("rel", "stylesheet");
    link.setAttribute("type", "text/css");
    link.setAttribute("href", opts.stylesheet);
    head.append(link);
  }
  const body = out.createElementNS(XHTML_NS, "body");
  const section = out.createElementNS(XHTML_NS, "section");
  section.setAttributeNS(EPUB_NS, "epub:type", "chapter");
  const h = out.createElementNS(XHTML_NS, "h2");
  h.textContent = opts.title;
  section.append(h);
  const src = out.createElementNS(XHTML_NS, "p");
  src.setAttribute("class", "source");
  if (opts.sourceLabel) src.append(out.createTextNode(`${opts.sourceLabel}: `));
  const a = out.createElementNS(XHTML_NS, "a");
  if (safeHref(opts.url)) a.setAttribute("href", opts.url);
  a.textContent = opts.url;
  src.append(a);
  section.append(src);
  const content = out.createElementNS(XHTML_NS, "div");
  content.setAttribute("class", "chapter-text");
  copyInto(source.body, content, out, opts, false);
  section.append(content);
  body.append(section);
  html.append(head, body);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n${new XMLSerializer().serializeToString(out.documentElement)}\n`;
}

/**
 * Text as XML character data or an attribute value: `&`, `<`, `>`, `"`, `'` escaped.
 * @param s any string
 */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
