import { decodeBody } from "./decode";

/** A fetched next page, parsed and inert. */
export interface FetchedPage {
  /** Final URL after redirects. */
  url: string;
  status: number;
  /** Parsed with DOMParser: scripts in it never run, its images do not load. */
  doc: Document;
}

/** A request that did not yield a page; `status` is 0 for network errors. */
export class FetchPageError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly status: number,
    /** The response was fine but not HTML (an image, a PDF): retrying will not help. */
    readonly notHtml = false,
  ) {
    super(message);
    this.name = "FetchPageError";
  }
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
  const doc = new DOMParser().parseFromString(html, "text/html");
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
  } else {
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
 * @throws FetchPageError on HTTP status ≥ 400, a non-HTML response, or a network error
 */
export async function fetchPage(url: string, signal?: AbortSignal): Promise<FetchedPage> {
  let res: Response;
  try {
    res = await fetch(url, {
      credentials: "same-origin",
      redirect: "follow",
      signal: signal ?? null,
    });
  } catch (e) {
    throw new FetchPageError(e instanceof Error ? e.message : String(e), url, 0);
  }
  const finalUrl = res.url || url;
  if (!res.ok) throw new FetchPageError(`HTTP ${res.status}`, finalUrl, res.status);
  const type = res.headers.get("content-type");
  if (type && !/html|xml/i.test(type)) {
    throw new FetchPageError(type, finalUrl, res.status, true);
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { url: finalUrl, status: res.status, doc: parseHtml(decodeBody(bytes, type), finalUrl) };
}
