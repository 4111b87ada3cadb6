/** Where joined pages go: before `before` inside `parent` (AutoPagerize's insertBefore). */
export interface InsertionPoint {
  parent: Element;
  before: Node | null;
}

/**
 * The insertion point after the last page element of page 1: the node that
 * follows it, as AutoPagerize computes `insertBefore`.
 * @throws Error when the element is detached
 */
export function insertionPointAfter(last: Element): InsertionPoint {
  const parent = last.parentElement;
  if (!parent) throw new Error("page element is not attached to the document");
  return { parent, before: last.nextSibling };
}

/** An element that may sit in `parent` without breaking its content model
 * (a row in a table, an item in a list, a block elsewhere). */
export function containerFor(
  doc: Document,
  parent: Element,
): { outer: HTMLElement; inner: HTMLElement } {
  const tag = parent.localName;
  if (tag === "tbody" || tag === "thead" || tag === "tfoot" || tag === "table") {
    const tr = doc.createElement("tr");
    const td = doc.createElement("td");
    td.colSpan = 100;
    tr.append(td);
    return { outer: tr, inner: td };
  }
  if (tag === "ul" || tag === "ol") {
    const li = doc.createElement("li");
    li.style.listStyle = "none";
    return { outer: li, inner: li };
  }
  const div = doc.createElement("div");
  return { outer: div, inner: div };
}

/** The separator's "Not the next page" button: its words and what pressing it does. */
export interface RefuseButton {
  /** The button's text in the reader's language. */
  label: string;
  /** Called when the reader presses it. */
  onRefuse(): void;
}

/**
 * Build the visible "Page N" separator, linking to the page's own URL.
 * @param pageNumber 2 for the first joined page
 * @param label the link's text in the reader's language (default "Page N")
 * @param note said after the link, e.g. "3 items already shown" ("" for nothing)
 * @param refuse the "Not the next page" button, when the pager offers one
 */
export function makeSeparator(
  doc: Document,
  at: InsertionPoint,
  pageNumber: number,
  url: string,
  label = `Page ${pageNumber}`,
  note = "",
  refuse?: RefuseButton,
): HTMLElement {
  const { outer, inner } = containerFor(doc, at.parent);
  outer.className = "tsugi-separator";
  outer.dataset.tsugiSeparator = String(pageNumber);
  outer.dataset.tsugiUrl = url;
  // A <td> keeps its table display (display:block would break colSpan).
  if (inner.localName !== "td") inner.style.cssText += ";display:block;clear:both;margin:2em 0 1em";
  inner.style.cssText +=
    ";padding:.4em 0;border-top:2px solid #c33;font:bold 14px/1.4 sans-serif;color:#c33;text-align:left";
  const a = doc.createElement("a");
  a.href = url;
  a.textContent = label;
  a.style.color = "inherit";
  inner.append(a);
  if (note) {
    // Outside the link, in a lighter weight: it tells what is missing, not where to go.
    const span = doc.createElement("span");
    span.className = "tsugi-skipped";
    span.textContent = note;
    span.style.cssText = "margin-left:1em;font-weight:normal;color:#555";
    inner.append(span);
  }
  if (refuse) inner.append(refuseButton(doc, refuse));
  return outer;
}

/**
 * The small "Not the next page" button of a separator, in a shadow root of its own: the
 * separator's text stays "Page N" for whatever reads it (the page's scripts, a copy of the
 * text), the page's styles do not reach the button, and its click reaches the page's own
 * handlers no further (the page must not act on tsugi's button).
 * @returns the host element (class `tsugi-not-next`); the button is in its open shadow root
 */
function refuseButton(doc: Document, refuse: RefuseButton): HTMLElement {
  const host = doc.createElement("span");
  host.className = "tsugi-not-next";
  host.style.cssText = "margin-left:1em";
  const button = doc.createElement("button");
  button.type = "button";
  button.textContent = refuse.label;
  button.style.cssText =
    "padding:0 .5em;font:normal 12px/1.6 sans-serif;color:#555;background:#fff;border:1px solid #bbb;border-radius:3px;cursor:pointer";
  button.addEventListener("click", (e) => {
    e.preventDefault();
    e.stopPropagation();
    refuse.onRefuse();
  });
  host.attachShadow({ mode: "open" }).append(button);
  return host;
}

/**
 * Insert one joined page at the insertion point: the separator (optional) and
 * then the page's nodes, each element tagged `data-tsugi-page="N"`.
 * @param separator the separator's text ("Page N" in the reader's language), or null for none
 * @param title the page's own `<title>`, kept on its first element (`data-tsugi-title`)
 *   for the address-bar option
 * @param note said on the separator after its link ("3 items already shown"), "" for nothing
 * @param refuse the separator's "Not the next page" button, when the pager offers one
 * @returns the inserted nodes, separator first
 */
export function insertPage(
  doc: Document,
  at: InsertionPoint,
  nodes: readonly Node[],
  pageNumber: number,
  url: string,
  separator: string | null,
  title = "",
  note = "",
  refuse?: RefuseButton,
): Node[] {
  const inserted: Node[] = [];
  if (separator !== null)
    inserted.push(makeSeparator(doc, at, pageNumber, url, separator, note, refuse));
  for (const n of nodes) {
    if (n.nodeType === 1) {
      (n as Element).setAttribute("data-tsugi-page", String(pageNumber));
      (n as Element).setAttribute("data-tsugi-url", url);
    }
    inserted.push(n);
  }
  const first = inserted.find((n): n is Element => n.nodeType === 1);
  if (first && title.trim()) first.setAttribute("data-tsugi-title", title.trim());
  for (const n of inserted) at.parent.insertBefore(n, at.before);
  return inserted;
}
