/**
 * Per-site auto-join switch. A site is a host (`example.com:8080` keeps its port):
 * auto-join is on everywhere until the reader turns it off for a host, and the list
 * of such hosts lives in `storage.sync` as `disabledSites`.
 */

/**
 * The site key of a URL: its host, lower-cased.
 * @returns "" for URLs without a host (file:, about:)
 */
export function siteOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return "";
  }
}

/** Whether auto-join is on for `url` under the stored list of switched-off hosts. */
export function isSiteEnabled(url: string, disabledSites: readonly string[]): boolean {
  const site = siteOf(url);
  return site === "" || !disabledSites.includes(site);
}

/**
 * The list of switched-off hosts after turning `url`'s site on or off.
 * @param on true to turn auto-join on (remove the host), false to turn it off (add it)
 * @returns a new list (the input is not changed); unchanged when the URL has no host
 */
export function withSite(disabledSites: readonly string[], url: string, on: boolean): string[] {
  const site = siteOf(url);
  const rest = disabledSites.filter((s) => s !== site);
  if (!site) return [...disabledSites];
  return on ? rest : [...rest, site];
}
