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
  const params = Array.from(u.searchParams.entries()).sort(([a, av], [b, bv]) =>
    a === b ? av.localeCompare(bv) : a.localeCompare(b),
  );
  u.search = "";
  for (const [k, v] of params) u.searchParams.append(k, v);
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
