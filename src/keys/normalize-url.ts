/**
 * Canonical form of a URL for the visited set: fragment dropped, host
 * lower-cased, default port dropped, query parameters sorted. Two links to the
 * same page then compare equal however the site spells them.
 * @param url absolute URL
 * @returns the canonical string; the input unchanged when it does not parse
 */
export function normalizeUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  u.hash = "";
  // Read and written through a URLSearchParams of its own, never the URL's live
  // `searchParams`: in a Firefox content script, sorting through that one (entries read,
  // `search` cleared, entries appended) left the URL without its query, and every
  // `?page=N` of a site counted as page 1.
  const params: [string, string][] = [];
  new URLSearchParams(u.search).forEach((v, k) => {
    params.push([k, v]);
  });
  params.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  const sorted = new URLSearchParams();
  for (const [k, v] of params) sorted.append(k, v);
  const query = sorted.toString();
  u.search = query === "" ? "" : `?${query}`;
  return u.toString();
}

/** True when two absolute URLs share scheme, host and port. */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
