/**
 * Keep a tab on the page it was opened for. The first main-frame navigation loads the page
 * (from saved bytes, or from the network for a live URL); every later one (a meta refresh,
 * a refresh inside <noscript> when scripts are off, a frame navigating the top) is refused
 * with net::ERR_ABORTED, which Chromium answers by keeping the current document and
 * showing no error page. So the DOM measured is the page as loaded, and a self-refreshing
 * page cannot destroy the execution context under the detector.
 */
import type { Page, Route } from "playwright-core";

/** A saved page's bytes, served at the URL the tab opens. */
export interface SavedBytes {
  bytes: Buffer;
  /** charset to declare ("" lets Chromium sniff `<meta>` and the BOM) */
  charset: string;
  /** Content-Security-Policy to serve it with (default {@link SAVED_PAGE_CSP}) */
  csp?: string;
}

/**
 * Content-Security-Policy a saved page is served with: Chromium itself refuses every
 * http(s) subresource and frame (as the route would, but without a round trip to Node per
 * image and style sheet); inline styles and data: URLs load as they did.
 */
export const SAVED_PAGE_CSP = "default-src data: 'unsafe-inline'";

/** What the guard does with one request. */
export type RouteAction = "serve" | "continue" | "abort" | "refuse";

/**
 * Decide one request's fate (pure).
 * @param req whether it navigates the main frame or a subframe
 * @param loaded whether the main frame's first navigation was already let through
 * @param saved whether the page is served from saved bytes (else it is live)
 * @returns "serve" the saved bytes, "continue" to the network, "abort" a subresource or
 *   frame, "refuse" a later navigation of the tab (reported as a refresh)
 */
export function routeAction(
  req: { navigation: boolean; mainFrame: boolean },
  loaded: boolean,
  saved: boolean,
): RouteAction {
  if (req.navigation && req.mainFrame) {
    if (loaded) return "refuse";
    return saved ? "serve" : "continue";
  }
  // A saved page is inert: nothing else it names is fetched. A live page loads as usual.
  return saved ? "abort" : "continue";
}

/** The guard on one tab, armed afresh for each page the tab opens. */
export interface NavigationGuard {
  /**
   * Let the tab's next main-frame navigation load (from `saved`, or from the network when
   * null) and refuse every one after it. Call before each `goto`, on a blank tab.
   */
  arm(saved: SavedBytes | null): void;
  /** URL of the first later navigation the page attempted (a refresh), or null */
  refresh(): string | null;
}

/**
 * Route a tab through {@link routeAction}. Call once, before the tab's first `goto`; then
 * {@link NavigationGuard.arm} before each page.
 * @param tab a fresh tab
 */
export async function guardTab(tab: Page): Promise<NavigationGuard> {
  let saved: SavedBytes | null = null;
  let loaded = true;
  let refresh: string | null = null;
  const main = tab.mainFrame();
  await tab.route("**/*", async (route: Route) => {
    const req = route.request();
    let mainFrame = false;
    try {
      mainFrame = req.frame() === main;
    } catch {
      /* a request with no frame (a worker's): not a navigation of this tab */
    }
    const page = saved;
    const action = routeAction(
      { navigation: req.isNavigationRequest(), mainFrame },
      loaded,
      page !== null,
    );
    if (action === "serve" || action === "continue") {
      if (req.isNavigationRequest() && mainFrame) loaded = true;
    }
    try {
      if (action === "serve" && page) {
        await route.fulfill({
          status: 200,
          contentType: page.charset ? `text/html; charset=${page.charset}` : "text/html",
          headers: { "content-security-policy": page.csp ?? SAVED_PAGE_CSP },
          body: page.bytes,
        });
      } else if (action === "continue") {
        await route.continue();
      } else if (action === "refuse") {
        refresh ??= req.url();
        await route.abort("aborted");
      } else {
        await route.abort();
      }
    } catch {
      /* the tab closed meanwhile (timeout, crash): nothing to answer */
    }
  });
  return {
    arm(next) {
      saved = next;
      loaded = false;
      refresh = null;
    },
    refresh: () => refresh,
  };
}
