/**
 * Keeps a rendering frame (./iframe-render.ts) out of the reader's tab history. A frame's
 * `history.pushState` adds an entry to the tab's joint session history, and the frame is
 * removed a moment later: the reader's Back button would then spend one press per such
 * entry doing nothing visible (measured in Chromium: a script-built page that pushes its
 * URL once cost one dead Back press per joined page). Run in the page's own world, at
 * document start, in every frame (content/frame-guard.ts); it acts only in a frame whose
 * element tsugi marked `data-tsugi-frame`, where it turns `pushState` into
 * `replaceState`: the site's router still sees its URL, and the tab gains no entry.
 */

/** The attribute that marks tsugi's rendering frames. */
export const FRAME_MARK = "data-tsugi-frame";

/**
 * Make `pushState` replace the current entry in `win`, when `win` is one of tsugi's
 * rendering frames.
 * @param win the window the script runs in
 * @returns whether `win` is a tsugi frame (and was guarded)
 */
export function keepHistoryFlat(win: Window): boolean {
  let el: Element | null = null;
  try {
    // frameElement is null in the top window and in frames of another origin.
    el = win.frameElement;
  } catch {
    return false;
  }
  if (!el?.hasAttribute(FRAME_MARK)) return false;
  const proto = (win as Window & typeof globalThis).History.prototype;
  const replace = proto.replaceState;
  proto.pushState = function pushState(
    this: History,
    data: unknown,
    unused: string,
    url?: string | URL | null,
  ) {
    return replace.call(this, data, unused, url);
  };
  return true;
}
