import { decodeBody } from "./decode";

/** A fetched next page, parsed and inert. */
export interface FetchedPage {
  /** Final URL after redirects. */
  url: string;
  status: number;
  /** Parsed with DOMParser: scripts in it never run, its images do not load. */
  doc: Document;
}

/** Largest page body tsugi reads, bytes: a bigger "page" is a dump or a trap, and
 * parsing it would stall the reader's tab. */
export const MAX_PAGE_BYTES = 10 * 1_048_576;

/** What else went wrong besides the status: a non-HTML body, or one over {@link MAX_PAGE_BYTES}. */
export type FetchProblem = "not-html" | "too-large";

/** A request that did not yield a page; `status` is 0 for network errors. */
export class FetchPageError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly status: number,
    /** Set when the response itself was fine: retrying will not help. */
    readonly problem: FetchProblem | null = null,
    /** The server's `Retry-After`, ms (429/503), when it sent one. */
    readonly retryAfterMs: number | null = null,
    /** Body bytes read before giving up (for "too-large"). */
    readonly bytes = 0,
  ) {
    super(message);
    this.name = "FetchPageError";
  }

  /** Whether trying again later may succeed: server errors, 429 and network failures. */
  get retryable(): boolean {
    return (
      this.problem === null && (this.status === 0 || this.status === 429 || this.status >= 500)
    );
  }
}

/**
 * `Retry-After` as a delay: seconds, or an HTTP date.
 * @returns ms from `now`, or null when absent or unreadable
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const v = header.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * Read a response body, refusing more than `limit` bytes (checked against
 * `Content-Length` first, then while streaming, so a huge body is never held whole).
 * @throws FetchPageError with problem "too-large"
 */
export async function readLimited(res: Response, url: string, limit: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length") ?? "0");
  const tooLarge = (bytes: number) =>
    new FetchPageError(`larger than ${limit} bytes`, url, res.status, "too-large", null, bytes);
  if (declared > limit) throw tooLarge(declared);
  if (!res.body) return new Uint8Array(await res.arrayBuffer());
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(total);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * Parse fetched HTML inertly and pin its base URL to where it came from, so
 * relative links and images resolve against the fetched page, not page 1.
 * XHTML is parsed as HTML too: the HTML parser tolerates what an XML parser
 * rejects, and the result is the same elements.
 * @param html decoded markup
 * @param url final URL of the response
 */
export function parseHtml(html: string, url: string): Document {
  return pinBase(new DOMParser().parseFromString(html, "text/html"), url);
}

/**
 * Pin a parsed document's base URL to where it came from: its `<base href>` resolved
 * against `url` (a broken one ignored, as browsers do), else `url` in a new `<base>`.
 * @param doc the parsed document (changed in place)
 * @param url final URL of the response
 * @returns `doc`
 */
export function pinBase(doc: Document, url: string): Document {
  const head = doc.head ?? doc.documentElement;
  const existing = doc.querySelector("base[href]");
  let base = url;
  if (existing) {
    try {
      base = new URL(existing.getAttribute("href") ?? "", url).href;
    } catch {
      /* a broken <base> is ignored, as browsers do */
    }
    existing.setAttribute("href", base);
  } else if (head) {
    const el = doc.createElement("base");
    el.setAttribute("href", base);
    head.prepend(el);
  }
  return doc;
}

/**
 * Fetch the next page from the site being read, decode it with its own charset
 * and parse it. Cookies go only to the page's own origin (`credentials:
 * "same-origin"`), so a redirect to another site never carries them.
 * @param url absolute URL of the next page
 * @param signal aborts the request (the reader stopped or left)
 * @param limit largest body accepted, bytes (default {@link MAX_PAGE_BYTES})
 * @param cache the request's HTTP cache mode: "force-cache" re-reads a page the reader
 *   already had from the browser's cache without revalidating it (restoring joined pages
 *   on Back); pages the site sent as `no-store` are fetched again anyway
 * @throws FetchPageError on HTTP status ≥ 400, a non-HTML or too large response, or a
 *   network error (a redirect loop is one: the browser gives up after 20 redirects)
 */
export async function fetchPage(
  url: string,
  signal?: AbortSignal,
  limit = MAX_PAGE_BYTES,
  cache: RequestCache = "default",
): Promise<FetchedPage> {
  let res: Response;
  try {
    res = await fetch(url, {
      credentials: "same-origin",
      redirect: "follow",
      cache,
      signal: signal ?? null,
    });
  } catch (e) {
    throw new FetchPageError(e instanceof Error ? e.message : String(e), url, 0);
  }
  const finalUrl = res.url || url;
  if (!res.ok) {
    const wait = retryAfterMs(res.headers.get("retry-after"));
    throw new FetchPageError(`HTTP ${res.status}`, finalUrl, res.status, null, wait);
  }
  const type = res.headers.get("content-type");
  if (type && !/html|xml/i.test(type)) {
    throw new FetchPageError(type, finalUrl, res.status, "not-html");
  }
  const bytes = await readLimited(res, finalUrl, limit);
  return { url: finalUrl, status: res.status, doc: parseHtml(decodeBody(bytes, type), finalUrl) };
}
