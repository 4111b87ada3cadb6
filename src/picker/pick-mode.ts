/**
 * Pick mode: the reader points at an element of the page and clicks to choose it, as the
 * next link or the page element of a site rule they teach tsugi. The element under the
 * pointer is outlined, with a label of what it is, by an overlay in a closed shadow root
 * (fixed, out of the page's flow and out of the page's reach); keys widen and narrow the
 * choice; a click chooses without following the link or running the page's own handlers
 * (capture-phase listeners on the window, which see the events before the page's
 * listeners on the document and its elements do).
 */
import type { PickTarget } from "../messaging/messages";
import { controlOf } from "./pick-checks";
import { linkOf } from "./pick-xpath";

/** Options of {@link PickMode}. */
export interface PickModeOptions {
  /** What is picked: for the next link, pointing inside a link outlines the link; for
   * the "Load more" button, inside a button the button. */
  target: PickTarget;
  /** The line shown at the top of the window while picking (what to do, which keys). */
  hint: string;
  /** Called once with the chosen element; pick mode has ended. */
  onChoose(el: Element): void;
  /** Called once when the reader pressed Esc; pick mode has ended. */
  onCancel(): void;
}

/** The mouse and pointer events a click is made of: none reaches the page while picking. */
export const SWALLOWED = [
  "pointerdown",
  "mousedown",
  "pointerup",
  "mouseup",
  "click",
  "dblclick",
  "auxclick",
] as const;

/** Keys that widen the choice to the parent element, narrow it back toward the element
 * pointed at, choose it, or cancel. */
const WIDEN = new Set(["ArrowUp", "w", "W"]);
const NARROW = new Set(["ArrowDown", "n", "N"]);
const CHOOSE = new Set(["Enter"]);
const CANCEL = new Set(["Escape", "Esc"]);

/** Most characters of an element's text in its label. */
const LABEL_TEXT_CHARS = 40;

/**
 * What an element is, in a few words: its tag, its id or first class, and its text (or
 * its image's alt text) shortened.
 * @returns e.g. `a.zz-q7 "→"`, `div#story "It was a dark…"`, `a.next (image)`
 */
export function describeElement(el: Element): string {
  const id = el.getAttribute("id");
  const cls = el.classList[0];
  const name = `${el.localName}${id ? `#${id}` : cls ? `.${cls}` : ""}`;
  const text = (el.textContent ?? "").replace(/\s+/g, " ").trim();
  const alt = el.querySelector("img[alt]")?.getAttribute("alt")?.trim();
  const said = text || alt;
  if (said)
    return `${name} "${said.length > LABEL_TEXT_CHARS ? `${said.slice(0, LABEL_TEXT_CHARS)}…` : said}"`;
  return el.matches("img") || el.querySelector("img") ? `${name} (image)` : name;
}

const OVERLAY_CSS = `
:host { all: initial; }
.box { position: fixed; box-sizing: border-box; border: 2px solid #c33; background: rgba(204, 51, 51, .08); pointer-events: none; }
.label, .bar { position: fixed; font: 12px/1.5 sans-serif; color: #fff; background: #c33; padding: 1px 6px; border-radius: 3px; pointer-events: none; max-width: 90vw; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.bar { left: 50%; top: 8px; transform: translateX(-50%); background: #222; font-size: 13px; padding: 4px 10px; }
`;

/** A fixed, zero-size host element with a closed shadow root: nothing the page lays out
 * moves, and the page's scripts and styles cannot reach inside. */
function overlayHost(doc: Document): { host: HTMLElement; root: ShadowRoot } {
  const host = doc.createElement("div");
  host.setAttribute("data-tsugi-overlay", "");
  host.style.cssText =
    "all:initial;position:fixed;left:0;top:0;width:0;height:0;z-index:2147483647;pointer-events:none";
  const root = host.attachShadow({ mode: "closed" });
  const style = doc.createElement("style");
  style.textContent = OVERLAY_CSS;
  root.append(style);
  return { host, root };
}

/** Events that point at an element: the pointer's, and the keyboard focus moving. */
const POINTING = ["mousemove", "mouseover", "focusin"] as const;

/**
 * Pick mode on one window. Start it with {@link start}; it ends by itself when the reader
 * chooses or cancels, or when {@link stop} is called.
 */
export class PickMode {
  /** The choice, narrowest first: the element pointed at (or its link), then each parent
   * the reader widened to. */
  private trail: Element[] = [];
  private readonly host: HTMLElement;
  private readonly box: HTMLElement;
  private readonly labelEl: HTMLElement;
  private active = false;
  private readonly onMove = (e: Event) => this.moved(e);
  private readonly onSwallow = (e: Event) => this.swallow(e);
  private readonly onKey = (e: Event) => this.key(e as KeyboardEvent);
  private readonly onRedraw = () => this.draw();

  /**
   * @param win the page's window
   * @param opts what is picked and what to do with the choice
   */
  constructor(
    private readonly win: Window,
    private readonly opts: PickModeOptions,
  ) {
    const doc = win.document;
    const { host, root } = overlayHost(doc);
    this.host = host;
    this.box = doc.createElement("div");
    this.box.className = "box";
    this.labelEl = doc.createElement("div");
    this.labelEl.className = "label";
    const bar = doc.createElement("div");
    bar.className = "bar";
    bar.textContent = opts.hint;
    root.append(this.box, this.labelEl, bar);
    this.draw();
  }

  /** The element that a click or Enter would choose now, if any. */
  get current(): Element | null {
    return this.trail[this.trail.length - 1] ?? null;
  }

  /** The label shown beside the outline ("" when nothing is pointed at). */
  get label(): string {
    return this.labelEl.textContent ?? "";
  }

  /** Whether pick mode is on. */
  get isActive(): boolean {
    return this.active;
  }

  /** Show the overlay and start listening (capture phase, on the window). */
  start(): void {
    if (this.active) return;
    this.active = true;
    this.win.document.documentElement.append(this.host);
    // Keyboard only: Tab moves the choice with the focus (focusin), as the pointer does.
    for (const type of POINTING) this.win.addEventListener(type, this.onMove, true);
    for (const type of SWALLOWED) this.win.addEventListener(type, this.onSwallow, true);
    this.win.addEventListener("keydown", this.onKey, true);
    // A link already focused is the first choice; Enter then chooses without following it.
    const focused = this.win.document.activeElement;
    if (
      focused &&
      focused !== this.win.document.body &&
      focused !== this.win.document.documentElement
    )
      this.point(focused);
    this.win.addEventListener("scroll", this.onRedraw, { capture: true, passive: true });
    this.win.addEventListener("resize", this.onRedraw, { passive: true });
  }

  /** Remove the overlay and every listener; the page is as it was. */
  stop(): void {
    if (!this.active) return;
    this.active = false;
    this.host.remove();
    for (const type of POINTING) this.win.removeEventListener(type, this.onMove, true);
    for (const type of SWALLOWED) this.win.removeEventListener(type, this.onSwallow, true);
    this.win.removeEventListener("keydown", this.onKey, true);
    this.win.removeEventListener("scroll", this.onRedraw, true);
    this.win.removeEventListener("resize", this.onRedraw);
  }

  /**
   * Point at an element (what the pointer is over, or what has the keyboard focus): it
   * becomes the choice, or its link when the next link is picked.
   */
  point(el: Element): void {
    if (el === this.host) return;
    const target = this.opts.target;
    const start =
      target === "next-link" ? (linkOf(el) ?? el) : target === "load-more" ? controlOf(el) : el;
    if (this.trail[0] === start) return;
    this.trail = [start];
    this.draw();
  }

  /** Widen the choice to its parent element (not beyond `body`). */
  widen(): void {
    const cur = this.current;
    const parent = cur?.parentElement;
    if (!cur || !parent || cur.localName === "body" || parent === this.win.document.documentElement)
      return;
    this.trail.push(parent);
    this.draw();
  }

  /** Narrow the choice back toward the element pointed at. */
  narrow(): void {
    if (this.trail.length <= 1) return;
    this.trail.pop();
    this.draw();
  }

  private moved(e: Event): void {
    const target = e.target;
    if (target && (target as Node).nodeType === 1) this.point(target as Element);
  }

  private swallow(e: Event): void {
    e.preventDefault();
    e.stopImmediatePropagation();
    if (e.type !== "click") return;
    const target = e.target;
    if (!this.current && target && (target as Node).nodeType === 1) this.point(target as Element);
    this.choose();
  }

  private key(e: KeyboardEvent): void {
    // Keys typed with a modifier are the browser's or the page's (Ctrl+W, Alt+N).
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (!WIDEN.has(k) && !NARROW.has(k) && !CHOOSE.has(k) && !CANCEL.has(k)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (WIDEN.has(k)) this.widen();
    else if (NARROW.has(k)) this.narrow();
    else if (CHOOSE.has(k)) this.choose();
    else {
      this.stop();
      this.opts.onCancel();
    }
  }

  private choose(): void {
    const el = this.current;
    if (!el) return;
    this.stop();
    this.opts.onChoose(el);
  }

  /** Put the outline and the label over the current choice. */
  private draw(): void {
    const el = this.current;
    if (!el) {
      this.box.style.display = "none";
      this.labelEl.style.display = "none";
      this.labelEl.textContent = "";
      return;
    }
    const r = el.getBoundingClientRect();
    Object.assign(this.box.style, {
      display: "block",
      left: `${r.left}px`,
      top: `${r.top}px`,
      width: `${r.width}px`,
      height: `${r.height}px`,
    });
    this.labelEl.textContent = describeElement(el);
    Object.assign(this.labelEl.style, {
      display: "block",
      left: `${Math.max(0, r.left)}px`,
      top: `${r.top >= 22 ? r.top - 22 : r.bottom + 2}px`,
    });
  }
}

/**
 * A short message at the top of the window (what became of the pick), gone after `ms`.
 * In the same kind of overlay as pick mode: nothing of the page moves.
 * @param doc the page
 * @param text what to say
 * @param ms how long it stays, ms (default 6000)
 * @returns removes it at once
 */
export function showPickNotice(doc: Document, text: string, ms = 6000): () => void {
  const { host, root } = overlayHost(doc);
  const bar = doc.createElement("div");
  bar.className = "bar";
  bar.setAttribute("role", "status");
  bar.textContent = text;
  root.append(bar);
  doc.documentElement.append(host);
  const remove = () => host.remove();
  doc.defaultView?.setTimeout(remove, ms);
  return remove;
}
