/**
 * What both pagers (the next-link pager and the load-more pager) put into the page: one
 * status block at the end of the joined content, and a watch on the window's scroll.
 */
import { containerFor } from "./insert";

/**
 * The pager's status block ("Loading page 3…", why joining stopped). It stays in the
 * page, displayed, for the whole visit: its top is the end of the joined content, which
 * the scroll trigger measures; only its message comes and goes.
 */
export class StatusBlock {
  /** The block itself (a `div`, or an `li` / `tr` where the parent needs one). */
  readonly element: HTMLElement;
  /** The live region that says it, for screen readers too. */
  readonly message: HTMLElement;

  /**
   * @param doc the page
   * @param parent the element the block will be inserted into (its content model decides
   *   the block's tag); the caller inserts {@link element}
   */
  constructor(doc: Document, parent: Element) {
    const { outer, inner } = containerFor(doc, parent);
    outer.className = "tsugi-status";
    this.message = doc.createElement("span");
    this.message.setAttribute("role", "status");
    this.message.setAttribute("aria-live", "polite");
    this.message.style.cssText = "font:13px/1.4 sans-serif;color:#555";
    inner.append(this.message);
    this.element = outer;
    this.hide();
  }

  /** Say `text` (replacing what was said). */
  show(text: string): void {
    this.message.textContent = text;
    this.message.style.display = "";
  }

  /** Say nothing. */
  hide(): void {
    this.message.textContent = "";
    this.message.style.display = "none";
  }
}

/**
 * Call `handler` on every scroll and resize of `win` (passive listeners), or stop.
 * Adding the same handler twice adds it once, as `addEventListener` does.
 * @param on true to listen, false to stop listening
 */
export function watchScroll(win: Window | null, handler: () => void, on: boolean): void {
  for (const type of ["scroll", "resize"]) {
    if (on) win?.addEventListener(type, handler, { passive: true });
    else win?.removeEventListener(type, handler);
  }
}
