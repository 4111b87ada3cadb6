/**
 * `tsugi detect` (contract in ARCHITECTURE.md): render a page in headless Chromium with
 * its scripts off, run the extension's detector in it and answer
 * `{"url","nextUrl","pendingNextUrl","nextScore","candidates","pageElement":{"xpaths","text"},"ms"}`
 * (`pendingNextUrl`: a link the extension joins only once page 2 confirms it; + `"id"` in a
 * batch, + `"refresh"` when the page tried to navigate away and was kept).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import type { Item } from "../siblings/items";
import { type Archive, decodedPage, unreadablePage2 } from "./archive";
import { UsageError } from "./args";
import type { PageRunner } from "./batch";
import type { BrowserSlot } from "./browser-pool";
import { type PageDetection, withPage2 } from "./detect-document";
import { measurePage, TabPool } from "./guarded-page";
import type { Page2Verdict } from "./page2-check";

/** Placeholder origin for a file given without --url (its absolute links then look cross-origin). */
export const DEFAULT_FILE_ORIGIN = "http://tsugi.invalid/";

/**
 * The in-page detector bundle (`bin/tsugi-page.js`, next to `bin/tsugi`).
 * @throws UsageError when it was not built
 */
export function pageBundle(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const path = resolve(here, "tsugi-page.js");
  if (!existsSync(path)) throw new UsageError(`missing ${path}: run 'npm run build' first`);
  return readFileSync(path, "utf8");
}

/**
 * A page runner that opens the page with its scripts off, runs the in-page bundle, and
 * answers what one function the bundle installed says of the page's URL.
 * @param name the bundle's global, `__tsugiDetect` or `__tsugiRecords`
 * @param shape turns that answer into the output line's fields; it may call the bundle in
 *   the same tab again (the page still shown)
 */
function bundleRunner<T, O extends object>(
  slot: BrowserSlot,
  code: string,
  name: "__tsugiDetect" | "__tsugiRecords",
  shape: (answer: T, url: string, tab: Page) => O | Promise<O>,
): PageRunner {
  const pool = new TabPool(slot);
  return async (job, signal) => {
    const m = await measurePage(
      pool,
      job,
      { javaScript: false, waitUntil: "load" },
      signal,
      async (tab, url) => {
        // One round trip: the bundle installs `name`, the same script calls it.
        const answer = await tab.evaluate(
          `(() => { ${code}\n; return globalThis[${JSON.stringify(name)}](${JSON.stringify(url)}); })()`,
        );
        return shape(answer as T, url, tab);
      },
    );
    const line: Record<string, unknown> = { ...(m.value as Record<string, unknown>) };
    if (m.refresh !== null) line.refresh = m.refresh;
    return line;
  };
}

/**
 * The page runner of `detect`: the page's detection fields; with an archive, the next
 * link is checked on page 2 where the archive holds it ({@link withPage2}).
 * @param slot the browser to use
 * @param code the in-page bundle ({@link pageBundle})
 * @param archive the archive page 2 is looked up in, or null
 */
export function detectRunner(
  slot: BrowserSlot,
  code: string,
  archive: Archive | null = null,
): PageRunner {
  if (!archive) return bundleRunner(slot, code, "__tsugiDetect", (d: PageDetection) => d);
  return bundleRunner(slot, code, "__tsugiDetect", async (d: PageDetection, url, tab) => {
    const link = d.nextUrl ?? d.pendingNextUrl;
    const page2 = link ? await archive.lookup(link) : null;
    if (!page2) return d;
    if (page2.kind !== "page")
      return { ...d, ...withPage2(d, { confirmed: false, reason: unreadablePage2(page2) }) };
    const html = decodedPage(page2);
    // The bundle is installed in the page already: one more call, page 1 still shown.
    const verdict = (await tab.evaluate(
      `globalThis.__tsugiPage2(${JSON.stringify(html)}, ${JSON.stringify(page2.url)}, ${JSON.stringify(url)})`,
    )) as Page2Verdict;
    return { ...d, ...withPage2(d, verdict) };
  });
}

/**
 * The page runner of `extract --records`: `{"url","records":[{page,url,title,text,date?,
 * author?}…]}`, the records of the page element the detector finds (empty for an
 * article). Page scripts off, as for `detect`.
 * @param slot the browser to use
 * @param code the in-page bundle ({@link pageBundle})
 */
export function recordsRunner(slot: BrowserSlot, code: string): PageRunner {
  return bundleRunner(slot, code, "__tsugiRecords", (records: Item[], url) => ({ url, records }));
}
