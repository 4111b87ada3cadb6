import type { BrowserContext, Page } from "playwright-core";

/** A page's raw bytes and the address to show them at. */
export interface SavedPage {
  /** absolute http(s) URL the page is served at (its links resolve against it) */
  url: string;
  /** raw bytes as saved */
  bytes: Buffer;
  /** charset to declare ("" lets Chromium sniff `<meta>` and the BOM) */
  charset: string;
}

/**
 * Open saved HTML in a new tab at its original URL, offline: the main document is
 * answered from `saved.bytes`, every other request (styles, images, scripts, frames) is
 * refused. With a context created with `javaScriptEnabled: false` nothing of the page
 * runs, so the DOM is the one the HTML describes.
 *
 * @param context a Playwright browser context
 * @param saved bytes, URL, charset
 * @returns the loaded tab (the caller closes it)
 * @throws when the navigation fails or times out (60 s)
 */
export async function openSavedPage(context: BrowserContext, saved: SavedPage): Promise<Page> {
  const tab = await context.newPage();
  try {
    await serveSavedPages(tab, () => saved);
    await tab.goto(saved.url, { waitUntil: "load", timeout: 60_000 });
    return tab;
  } catch (e) {
    await tab.close();
    throw e;
  }
}

/**
 * Answer a tab's main-document navigations from saved bytes and refuse every other
 * request, so a saved page renders offline and inert.
 * @param tab the tab to route
 * @param current the page to answer with now (null refuses the navigation too)
 */
export async function serveSavedPages(tab: Page, current: () => SavedPage | null): Promise<void> {
  await tab.route("**/*", async (route) => {
    const req = route.request();
    const saved = current();
    if (saved && req.isNavigationRequest() && req.frame() === tab.mainFrame()) {
      await route.fulfill({
        status: 200,
        contentType: saved.charset ? `text/html; charset=${saved.charset}` : "text/html",
        body: saved.bytes,
      });
    } else {
      await route.abort();
    }
  });
}
