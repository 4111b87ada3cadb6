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
    await tab.route("**/*", async (route) => {
      const req = route.request();
      if (req.isNavigationRequest() && req.frame() === tab.mainFrame()) {
        await route.fulfill({
          status: 200,
          contentType: saved.charset ? `text/html; charset=${saved.charset}` : "text/html",
          body: saved.bytes,
        });
      } else {
        await route.abort();
      }
    });
    await tab.goto(saved.url, { waitUntil: "load", timeout: 60_000 });
    return tab;
  } catch (e) {
    await tab.close();
    throw e;
  }
}
