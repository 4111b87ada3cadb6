/**
 * The per-site switch "Join the next chapter": where it is on, a page read as a chapter of
 * a serial (../features/serial.ts) joins its next chapters, each checked as the same work
 * (../detect/same-work.ts). Unlike the other per-site switches (./site-modes.ts) it is off
 * everywhere until the reader turns it on for a host: a chapter is another document, which
 * tsugi joins only when asked. The hosts live in `storage.sync` as `chapterSites`.
 */
import type { Settings } from "./settings";
import { siteOf, withSite } from "./site-switch";

/**
 * Whether "Join the next chapter" is on for `url`'s site.
 * @param url the page's URL
 * @param chapterSites the hosts where the reader turned it on
 */
export function chaptersOn(url: string, chapterSites: readonly string[]): boolean {
  const site = siteOf(url);
  return site !== "" && chapterSites.includes(site);
}

/**
 * The `chapterSites` list after turning the switch on or off for `url`'s site.
 * @param settings the stored settings (only `chapterSites` is read)
 * @param url any URL of the site
 * @param on true: join the next chapter there (the host joins the list)
 * @returns `{ chapterSites }`, ready for `storage.sync.set`; the input is not changed
 */
export function withChapterSite(
  settings: Pick<Settings, "chapterSites">,
  url: string,
  on: boolean,
): Pick<Settings, "chapterSites"> {
  // withSite keeps the hosts where a switch is off: "off" there is "on" here.
  return { chapterSites: withSite(settings.chapterSites, url, !on) };
}
