// Which URLs name one page lives in ./page-url.ts (samePageKey); this file keeps the
// origin test, which the fetch and frame guards need in its strict form (scheme included).

/** True when two absolute URLs share scheme, host and port. */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
