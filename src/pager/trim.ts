/**
 * Trimming far-away joined pages (an option): after many pages a tab holds every
 * image and node of each; pages well above the reader are replaced by one empty
 * block of the same height, so nothing moves on screen and the memory of their
 * nodes and decoded images is freed. The block links to the page's URL.
 */

/** A joined page's nodes in the document, by page number (page 1 is never trimmed). */
export function joinedPageNodes(doc: Document): Map<number, Element[]> {
  const pages = new Map<number, Element[]>();
  for (const el of Array.from(
    doc.querySelectorAll("[data-tsugi-page], [data-tsugi-separator]"),
  ) as HTMLElement[]) {
    const n = Number(el.dataset.tsugiPage ?? el.dataset.tsugiSeparator);
    if (!Number.isInteger(n) || n < 2) continue;
    // Only top-level tagged nodes: descendants go with their tagged ancestor.
    if (el.parentElement?.closest("[data-tsugi-page], [data-tsugi-separator]")) continue;
    pages.set(n, [...(pages.get(n) ?? []), el]);
  }
  return pages;
}

/**
 * Replace joined pages beyond the newest `keep` with placeholders, when the
 * whole page lies more than `margin` px above the viewport.
 * @param keep joined pages to keep in full (≥ 1)
 * @param margin distance above the viewport's top, px (e.g. two screen heights)
 * @returns the page numbers trimmed by this call
 */
export function trimFarPages(doc: Document, keep: number, margin: number): number[] {
  const pages = joinedPageNodes(doc);
  const numbers = Array.from(pages.keys()).sort((a, b) => a - b);
  const candidates = numbers.slice(0, Math.max(0, numbers.length - Math.max(1, keep)));
  const trimmed: number[] = [];
  for (const n of candidates) {
    const nodes = pages.get(n) ?? [];
    const first = nodes[0];
    if (!first || first.hasAttribute("data-tsugi-trimmed")) continue;
    const rects = nodes.map((e) => e.getBoundingClientRect());
    const top = Math.min(...rects.map((r) => r.top));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    if (bottom > -margin) continue;
    const url = (first as HTMLElement).dataset.tsugiUrl ?? "";
    const title = nodes.map((e) => e.getAttribute("data-tsugi-title")).find(Boolean);
    const holder = doc.createElement(
      first.localName === "tr" ? "tr" : first.localName === "li" ? "li" : "div",
    );
    holder.setAttribute("data-tsugi-page", String(n));
    holder.setAttribute("data-tsugi-trimmed", "");
    if (url) holder.setAttribute("data-tsugi-url", url);
    if (title) holder.setAttribute("data-tsugi-title", title);
    holder.style.cssText = `display:block;height:${Math.round(bottom - top)}px;list-style:none`;
    first.before(holder);
    for (const el of nodes) el.remove();
    trimmed.push(n);
  }
  return trimmed;
}
