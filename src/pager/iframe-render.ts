/**
 * Script-rendered next pages. Some sites send every page as an app
 * shell: the list container is there but empty, and the page's own script fills it from
 * JSON. Fetched as HTML (./fetch-page.ts, where scripts never run) such a page has no
 * content to join. Here it is loaded once more in a hidden, sandboxed, same-origin iframe
 * where its scripts do run; once page 1's page element is filled there, a copy of the
 * frame's document is taken, parsed inertly like a fetched page, and the frame removed.
 * The pager then reads, checks and sanitizes that copy exactly as a fetched page.
 *
 * Method: Pagetual's "iframe" mode and Infy Scroll's "iframe" append mode load the next
 * page in a hidden iframe and wait for its page element; tsugi does the same, but only
 * when the fetched HTML shows it is needed (the signals below), only for the reader's own
 * origin, one frame at a time, with a time-out.
 *
 * The sandbox is `allow-scripts allow-same-origin`: scripts must run (that is the point)
 * and the frame must keep its origin, both so that the site's script may call its own API
 * with its cookies and so that tsugi can read the rendered document. Everything else stays
 * forbidden: navigating the reader's tab (a frame-buster's `top.location = …`), pop-ups,
 * form submission, modal dialogs, downloads. The sandbox is no wall against the site
 * itself (a same-origin script could lift it), and needs none: it is the site's own page,
 * which already runs on page 1; it keeps the frame from acting on the reader.
 */
import { visibleText } from "../features/text";
import { sameOrigin } from "../keys/normalize-url";
import { evaluateXPath, evaluateXPaths } from "../rule/xpath";
import { parseHtml } from "./fetch-page";
import { FRAME_MARK } from "./frame-guard";
import { type PageShape, placeholderOnly } from "./placeholder";
import { hasContent, type PageProfile, type ResolvedPage, structureAgrees } from "./verify-page";

/** Longest wait for a frame's page element to fill, ms. */
export const RENDER_TIMEOUT_MS = 10_000;
/** Quiet time after the page element first holds content, before the copy is taken, ms
 * (a script may append its items in several batches). */
export const RENDER_SETTLE_MS = 200;
/** Longest wait for that quiet once filled, ms: a page that never stops changing (a ticker,
 * a clock) is copied anyway. */
export const RENDER_SETTLE_MAX_MS = 1_000;
/** How often the frame is looked at for a new document, ms: its content may be there long
 * before its `load` event (which waits for every image, ad and embed). */
export const FRAME_POLL_MS = 200;
/** The frame's sandbox tokens (see the module comment for why these two). */
export const FRAME_SANDBOX = "allow-scripts allow-same-origin";

/** Why rendering in a frame gave no page. */
export type RenderProblem = "timeout" | "left-origin" | "aborted";

/** Rendering a page in a frame failed; `url` is the page asked for. */
export class RenderError extends Error {
  constructor(
    message: string,
    readonly problem: RenderProblem,
    readonly url: string,
  ) {
    super(message);
    this.name = "RenderError";
  }
}

/**
 * Signal: the site rule's page element is in the fetched page but holds nothing (the
 * container of an app shell).
 * @param read the fetched page as {@link resolvePage} read it
 */
export function ruleElementEmpty(read: ResolvedPage): boolean {
  return read.ruleProblems.includes("pageElement is empty");
}

/**
 * Signal: neither the rule nor the model found content on the fetched page.
 * @param read the fetched page as {@link resolvePage} read it
 */
export function nothingFound(read: ResolvedPage): boolean {
  return read.elements.length === 0;
}

/**
 * Signal: page 1's list container (the parent of its page elements, when those are the
 * items of a list) is in the fetched page, and empty.
 * @param doc the fetched page
 * @param containerXPath XPath of page 1's list container, or null when page 1 has none
 */
export function emptyListContainer(doc: Document, containerXPath: string | null): boolean {
  if (!containerXPath) return false;
  const [container] = evaluateXPath(doc, containerXPath);
  return !!container && visibleText(container).trim() === "" && !container.querySelector("img");
}

/**
 * Signal: the fetched page has a script that could fill it (inline or by `src`; JSON data
 * blocks alone render nothing).
 * @param doc the fetched page
 */
export function hasScripts(doc: Document): boolean {
  return Array.from(doc.querySelectorAll("script")).some((s) => {
    const type = (s.getAttribute("type") ?? "").trim().toLowerCase();
    return type === "" || type === "module" || /javascript|ecmascript/.test(type);
  });
}

/**
 * Signal: what the fetched page's page element holds is only a placeholder ("Loading…",
 * a spinner, a skeleton of empty cards; ./placeholder.ts), or page 1's list container is
 * there and holds only one.
 * @param read the fetched page as read by {@link resolvePage}
 * @param doc the fetched page
 * @param containerXPath XPath of page 1's list container, or null when page 1 has none
 * @param shape page 1's shape
 */
export function placeholderFound(
  read: ResolvedPage,
  doc: Document,
  containerXPath: string | null,
  shape: PageShape,
): boolean {
  if (placeholderOnly(read.elements, shape)) return true;
  if (!containerXPath) return false;
  const [container] = evaluateXPath(doc, containerXPath);
  return !!container && placeholderOnly([container], shape);
}

/**
 * Signal: page 1's page element is not what was read on the fetched page: the rule's
 * XPaths found nothing there, or something of another kind, and what was read (if
 * anything) is the page-element model's guess.
 * @param read the fetched page as read by {@link resolvePage}
 */
export function ruleMissed(read: ResolvedPage): boolean {
  return read.elementsBy !== "rule";
}

/**
 * Signal: one of several page elements the rule read is there but holds nothing (no
 * text, no image): the list of a rule like `//main/h1 | //ul[@class="items"]` emptied
 * under the page's heading, as a paywall or a shell leaves it.
 * @param read the fetched page as read by {@link resolvePage}
 */
export function partlyEmpty(read: ResolvedPage): boolean {
  return read.elements.length > 1 && read.elements.some((e) => !hasContent([e]));
}

/**
 * The kind (tag name) of page 1's page element that holds most of its visible text: its
 * list or body, where a rule reads a heading beside it (`//main/h1 | //ul[@class="items"]`).
 * @param page1 page 1's page elements
 * @returns the tag name, or null without page elements
 */
export function mainKind(page1: readonly Element[]): string | null {
  let best: Element | null = null;
  let most = -1;
  for (const e of page1) {
    const n = visibleText(e).length;
    if (n > most) {
      best = e;
      most = n;
    }
  }
  return best?.localName ?? null;
}

/**
 * Signal: the rule read page elements on the fetched page, but none of the kind that held
 * most of page 1's text ({@link mainKind}): the heading is there, the list is not (a
 * wall or a shell in the site's layout).
 * @param read the fetched page as read by {@link resolvePage}
 * @param main page 1's main kind (null: not looked for)
 */
export function mainKindMissing(read: ResolvedPage, main: string | null): boolean {
  return (
    main !== null && read.elements.length > 0 && !read.elements.some((e) => e.localName === main)
  );
}

/**
 * Whether page 1's list is missing from a fetched page: the rule found nothing there
 * ({@link ruleMissed}), its page element is empty (or one of several is, {@link partlyEmpty}),
 * or holds only a placeholder, or page
 * 1's list container is there but empty or only a placeholder. Such a page is a shell or
 * a wall (./walls.ts), never a page to join as it is.
 * @param read the fetched page as read by {@link resolvePage}
 * @param doc the fetched document
 * @param containerXPath page 1's list container ({@link emptyListContainer})
 * @param shape page 1's shape ({@link placeholderFound}); without it placeholders are not
 *   looked for
 * @param main page 1's main kind ({@link mainKindMissing}); null: not looked for
 */
export function listMissing(
  read: ResolvedPage,
  doc: Document,
  containerXPath: string | null,
  shape?: PageShape,
  main: string | null = null,
): boolean {
  return (
    ruleMissed(read) ||
    mainKindMissing(read, main) ||
    ruleElementEmpty(read) ||
    partlyEmpty(read) ||
    nothingFound(read) ||
    emptyListContainer(doc, containerXPath) ||
    (shape !== undefined && placeholderFound(read, doc, containerXPath, shape))
  );
}

/**
 * Whether a fetched page is a shell to render in a frame: page 1's list is missing from it
 * ({@link listMissing}) and it has scripts.
 * @param read the fetched page as read by {@link resolvePage}
 * @param doc the fetched document
 * @param containerXPath page 1's list container ({@link emptyListContainer})
 * @param shape page 1's shape ({@link placeholderFound})
 */
export function needsRendering(
  read: ResolvedPage,
  doc: Document,
  containerXPath: string | null,
  shape?: PageShape,
): boolean {
  return listMissing(read, doc, containerXPath, shape) && hasScripts(doc);
}

/** Most visible text a rendered page element must hold before it counts as filled, chars. */
export const MAX_LEAST_TEXT = 200;

/**
 * How much visible text a rendered page element must hold: a tenth of page 1's, at most
 * {@link MAX_LEAST_TEXT}; so a "Loading…" placeholder is not taken for the page, while a
 * last page with a single item of page 1's kind still is.
 * @param page1 page 1's page elements
 * @returns chars
 */
export function leastText(page1: readonly Element[]): number {
  const chars = page1.reduce((n, e) => n + visibleText(e).length, 0);
  return Math.min(MAX_LEAST_TEXT, Math.floor(chars / 10));
}

/**
 * Whether a live document holds page 1's page element with content, as the site rule
 * reads it (the frame is ready to copy): page 1's kind of element, with an image or
 * media, or at least `minText` characters of visible text.
 * @param doc the frame's document
 * @param profile page 1's rule and shape
 * @param minText least visible text, chars ({@link leastText}); 1 unless given
 * @param shape page 1's shape: when given, a page element holding only a placeholder
 *   (./placeholder.ts: a spinner image, a skeleton) is not filled yet
 */
export function pageElementFilled(
  doc: Document,
  profile: PageProfile,
  minText = 1,
  shape?: PageShape,
): boolean {
  const found = evaluateXPaths(doc, profile.pageElementXPaths);
  if (!structureAgrees(profile, found) || !hasContent(found)) return false;
  if (shape && placeholderOnly(found, shape)) return false;
  if (found.some((e) => e.querySelector("img, picture, video"))) return true;
  return found.reduce((n, e) => n + visibleText(e).length, 0) >= minText;
}

/** Options of {@link renderInFrame}. */
export interface RenderOptions {
  /** Page 1's rule and shape: the frame is ready once its page element has content. */
  profile: PageProfile;
  /** Least visible text of a filled page element, chars ({@link leastText}); 1 unless given. */
  minText?: number;
  /** Page 1's shape: a frame whose page element holds only a placeholder is not ready. */
  shape?: PageShape;
  /** The reader's page (page 1) URL, whose origin the frame must keep; default: the
   * document's own location. */
  pageUrl?: string;
  /** Aborts the wait and removes the frame (the reader stopped). */
  signal?: AbortSignal;
  /** {@link RENDER_TIMEOUT_MS} unless given. */
  timeoutMs?: number;
  /** {@link RENDER_SETTLE_MS} unless given. */
  settleMs?: number;
}

/** A rendered page: the frame's final URL and an inert copy of its document. */
export interface RenderedPage {
  /** The frame's final URL (after redirects and script navigations on the same origin). */
  url: string;
  /** Always 200: a frame exposes no HTTP status (the fetch before it had a 2xx one). */
  status: number;
  /** Parsed from the frame's serialized DOM: its scripts never run again. */
  doc: Document;
}

/** The hidden frame: as large as the reader's viewport (layout-dependent scripts and
 * intersection observers then behave as for a reader), invisible, never focused or hit. */
function createFrame(doc: Document, url: string): HTMLIFrameElement {
  const win = doc.defaultView;
  const frame = doc.createElement("iframe");
  frame.setAttribute("sandbox", FRAME_SANDBOX);
  // Features the page never needs to render a list.
  frame.setAttribute(
    "allow",
    "autoplay 'none'; camera 'none'; microphone 'none'; geolocation 'none'; fullscreen 'none'; payment 'none'",
  );
  frame.setAttribute("aria-hidden", "true");
  frame.setAttribute("tabindex", "-1");
  // Also what content/frame-guard.ts looks for to keep the frame out of the tab's history.
  frame.setAttribute(FRAME_MARK, "");
  frame.setAttribute("inert", "");
  frame.title = "tsugi";
  const w = win?.innerWidth ?? 1024;
  const h = win?.innerHeight ?? 800;
  // Not display:none nor off-screen: browsers skip layout, timers and observers there.
  frame.style.cssText = `position:fixed;top:0;left:0;width:${w}px;height:${h}px;border:0;opacity:0;pointer-events:none;z-index:-2147483647;`;
  frame.src = url;
  return frame;
}

/**
 * Load `url` in a hidden sandboxed iframe of `doc`, wait until page 1's page element is
 * filled there (checked on every DOM change of the frame's document, MutationObserver,
 * from the moment it exists, without waiting for its `load` event; again at `load`) and
 * quiet for `settleMs` (at most {@link RENDER_SETTLE_MAX_MS} after it first filled), then
 * copy the frame's document and remove the frame. One call, one frame; the frame is
 * removed however the call ends.
 * @param doc the reader's document (the frame is appended to it)
 * @param url absolute URL of the page; must share `doc`'s origin
 * @param opts the profile to wait for, the reader's abort signal, time-outs (ms)
 * @returns the frame's final URL and an inert copy of its rendered document
 * @throws RenderError "left-origin" when `url` is of another origin or the frame ends up
 *   on one (a redirect, a script's navigation); "timeout" when the page element is not
 *   filled within `timeoutMs`; "aborted" when `signal` aborts
 */
export function renderInFrame(
  doc: Document,
  url: string,
  opts: RenderOptions,
): Promise<RenderedPage> {
  const origin = opts.pageUrl ?? doc.location?.href ?? "";
  if (!sameOrigin(origin, url))
    return Promise.reject(new RenderError(`${url} is on another site`, "left-origin", url));
  const timeoutMs = opts.timeoutMs ?? RENDER_TIMEOUT_MS;
  const settleMs = opts.settleMs ?? RENDER_SETTLE_MS;
  const Observer = doc.defaultView?.MutationObserver ?? MutationObserver;
  return new Promise<RenderedPage>((resolve, reject) => {
    const frame = createFrame(doc, url);
    let observer: MutationObserver | null = null;
    /** The frame document being observed (a navigation replaces it). */
    let observed: Document | null = null;
    let settle: ReturnType<typeof setTimeout> | undefined;
    let filledAt = -1;
    const end = (result: RenderedPage | RenderError) => {
      observer?.disconnect();
      clearTimeout(timer);
      clearTimeout(settle);
      clearInterval(poll);
      opts.signal?.removeEventListener("abort", onAbort);
      frame.removeEventListener("load", onLoad);
      frame.remove();
      if (result instanceof RenderError) reject(result);
      else resolve(result);
    };
    /** The frame's document when it is the reader's origin, else null (cross-origin). */
    const frameDoc = (): Document | null => {
      try {
        const d = frame.contentDocument;
        return d && sameOrigin(origin, d.location.href) ? d : null;
      } catch {
        return null;
      }
    };
    const take = () => {
      const d = frameDoc();
      if (!d) return end(new RenderError(`${url} went to another site`, "left-origin", url));
      const finalUrl = d.location.href;
      const html = d.documentElement.outerHTML;
      end({ url: finalUrl, status: 200, doc: parseHtml(html, finalUrl) });
    };
    const check = () => {
      const d = frameDoc();
      if (!d || !pageElementFilled(d, opts.profile, opts.minText, opts.shape)) return;
      // Filled: wait for a quiet moment, restarted by every further change, but not for
      // longer than RENDER_SETTLE_MAX_MS in all.
      const now = Date.now();
      if (filledAt < 0) filledAt = now;
      clearTimeout(settle);
      settle = setTimeout(
        take,
        Math.min(settleMs, Math.max(0, filledAt + RENDER_SETTLE_MAX_MS - now)),
      );
    };
    /** Observe the frame's current document, once it is the page (not the initial
     * about:blank) and of the reader's origin. */
    const watch = () => {
      const d = frameDoc();
      if (!d || d === observed || d.location.href === "about:blank") return;
      observed = d;
      observer?.disconnect();
      observer = new Observer(check);
      observer.observe(d, { childList: true, subtree: true, characterData: true });
      check();
    };
    const onLoad = () => {
      let href = "";
      try {
        href = frame.contentWindow?.location.href ?? "";
      } catch {
        // Cross-origin: the frame left the site.
      }
      if (href === "about:blank") return;
      if (!frameDoc())
        return end(new RenderError(`${url} went to another site`, "left-origin", url));
      watch();
      check();
    };
    const onAbort = () => end(new RenderError("stopped", "aborted", url));
    const timer = setTimeout(() => {
      end(new RenderError(`${url} did not fill in time`, "timeout", url));
    }, timeoutMs);
    const poll = setInterval(watch, FRAME_POLL_MS);
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    frame.addEventListener("load", onLoad);
    (doc.body ?? doc.documentElement).append(frame);
  });
}
