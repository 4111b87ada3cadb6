/**
 * The same pair of pages reached under another spelling of its addresses: the ways a real
 * site writes one page's URL differently, or a redirect lands on another spelling (what
 * the page-2 judge's one notion of the same page ignores: fragment, `www.`, trailing
 * slash, tracking and session parameters, redirect counters, a canonical naming page 1).
 * `npm run eval:confirm -- --perturb` judges every pair again under each of them; a judge
 * whose notion of "the same page" holds answers the same.
 *
 * A perturbation changes markup as text (no DOM: the pages are parsed later, in the
 * browser, as the pager parses them): only `<a>` and `<link rel=next|prev>` addresses of
 * the page's own site are rewritten, so other sites' links and scripts stay as they were.
 */

import { sameKeyOrigin } from "../keys/page-url";

/** One pair as the judge reads it: page 1 and the page fetched, each an address and its
 * markup. */
export interface PairText {
  url1: string;
  html1: string;
  url2: string;
  html2: string;
}

/** A perturbation: what it stands for and how it rewrites a pair. */
export interface Perturbation {
  name: string;
  /** the real sites' habit it reproduces */
  about: string;
  apply(pair: PairText): PairText;
}

/** `url` with `params` added to its query (before any fragment), as text. `amp`: the
 * separator as written in markup (`&amp;`) or in an address (`&`). */
export function withParams(url: string, params: string, amp = "&"): string {
  const hash = url.indexOf("#");
  const head = hash < 0 ? url : url.slice(0, hash);
  const tail = hash < 0 ? "" : url.slice(hash);
  const sep = !head.includes("?") ? "?" : head.endsWith("?") || head.endsWith(amp) ? "" : amp;
  return `${head}${sep}${params.replaceAll("&", amp)}${tail}`;
}

const LINK_ATTR = /(<(?:a|link)\b[^>]*?\shref\s*=\s*)(["'])([^"']*)\2/gi;

/**
 * Rewrite the addresses of `<a>` and of `<link rel=next|prev>` that lead to the page's own
 * site (the origin of `base` as keys read it, scheme and `www.` aside:
 * ../keys/page-url.ts `sameKeyOrigin`).
 *
 * @param html markup
 * @param base the page's URL (relative addresses resolve against it)
 * @param rewrite the address as written (entities as in the markup) and where it leads
 *   (a URL of its own, free to change) → its new spelling
 * @returns the markup with those addresses rewritten; anything else byte for byte
 */
export function rewriteSiteLinks(
  html: string,
  base: string,
  rewrite: (href: string, target: URL) => string,
): string {
  return html.replace(LINK_ATTR, (whole, open: string, quote: string, href: string) => {
    if (/^<link\b/i.test(open) && !/\brel\s*=\s*["']?(?:next|prev)\b/i.test(open)) return whole;
    const raw = href.trim();
    if (raw === "" || raw.startsWith("#") || /^(?:javascript|mailto|tel|data):/i.test(raw))
      return whole;
    let url: URL;
    try {
      url = new URL(raw.replaceAll("&amp;", "&"), base);
    } catch {
      return whole;
    }
    if (!sameKeyOrigin(url.href, base)) return whole;
    return `${open}${quote}${rewrite(href, url)}${quote}`;
  });
}

/** A host a site serves under `www.` too: a registered name (`shop.example`,
 * `shop.co.uk`), not a subdomain (`blog.shop.example` has no `www.blog.`). */
function registeredName(host: string): boolean {
  const labels = host.split(".");
  if (labels.length === 2) return true;
  return (
    labels.length === 3 &&
    /^(?:co|com|net|org|ac|gov|edu|ne|or)$/.test(labels[1] ?? "") &&
    (labels[2] ?? "").length === 2
  );
}

/** The host of `url` with `www.` taken away where it is there, or added to a registered
 * name ({@link registeredName}); other hosts as they are. Page 1's own address is not
 * changed so: its relative links would lead elsewhere, which no server does (a site that
 * serves both spellings redirects one to the other). */
function toggleWww(url: string): string {
  const u = new URL(url);
  if (u.hostname.startsWith("www.")) u.hostname = u.hostname.slice(4);
  else if (registeredName(u.hostname)) u.hostname = `www.${u.hostname}`;
  return u.href;
}

/** `url` on the other scheme: http for https, https for http. */
function toggleScheme(url: string): string {
  const u = new URL(url);
  u.protocol = u.protocol === "https:" ? "http:" : "https:";
  return u.href;
}

/** `url` with a trailing slash added to its path, or taken away where it is there (a path
 * of `/` or ending in a file name with an extension is left as it is). */
function toggleSlash(url: string): string {
  const u = new URL(url);
  if (u.pathname === "/") return url;
  if (u.pathname.endsWith("/")) u.pathname = u.pathname.slice(0, -1);
  else if (/\.[a-z0-9]{1,5}$/i.test(u.pathname)) return url;
  else u.pathname = `${u.pathname}/`;
  return u.href;
}

/**
 * The pair with the fetched page landed at `landed` by a redirect: a site that redirects
 * writes its links so that they work from where it redirects to, so the fetched page's
 * links to its site are written absolute to the pages they led to (a path-relative
 * `../3/` would lead elsewhere from a path without its slash), and on `landed`'s scheme
 * and host where `onLandedHost` (the origin the site redirects every address to).
 */
function redirected(p: PairText, landed: string, onLandedHost: boolean): PairText {
  const to = new URL(landed);
  const html2 = rewriteSiteLinks(p.html2, p.url2, (_, u) => {
    if (onLandedHost) {
      u.protocol = to.protocol;
      u.host = to.host;
    }
    return u.href.replaceAll("&", "&amp;");
  });
  return { ...p, url2: landed, html2 };
}

/** Page 2's canonical link set to `target`: an existing one is replaced, else one is added
 * to the head (or the start of the markup where it has no head tag). */
export function withCanonical(html: string, target: string): string {
  const tag = `<link rel="canonical" href="${target.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}">`;
  const dropped = html.replace(/<link\b[^>]*\brel\s*=\s*["']?canonical\b[^>]*>/gi, "");
  const head = /<head\b[^>]*>/i.exec(dropped);
  if (!head) return `${tag}${dropped}`;
  const at = head.index + head[0].length;
  return `${dropped.slice(0, at)}${tag}${dropped.slice(at)}`;
}

const TRACKING = "utm_source=newsletter&utm_medium=email&utm_campaign=weekly&fbclid=IwAR0x7Yz";
const SESSION = "PHPSESSID=5f2c9a1e0b7d4e3f";

/** The perturbations `eval:confirm --perturb` runs, each alone. */
export const PERTURBATIONS: readonly Perturbation[] = [
  {
    name: "fragment",
    about: "page 1 opened at an anchor (#comments)",
    apply: (p) => ({ ...p, url1: p.url1.includes("#") ? p.url1 : `${p.url1}#comments` }),
  },
  {
    name: "tracking",
    about: "page 1 opened from a newsletter: utm_* and fbclid on its address only",
    apply: (p) => ({ ...p, url1: withParams(p.url1, TRACKING) }),
  },
  {
    name: "www",
    about:
      "the fetched page redirected to the other host spelling (www. taken away, or added to a registered name), where its links lead",
    apply: (p) => redirected(p, toggleWww(p.url2), true),
  },
  {
    name: "https",
    about:
      "the fetched page redirected to the other scheme (http to https, or back), where its links lead",
    apply: (p) => redirected(p, toggleScheme(p.url2), true),
  },
  {
    name: "trailing-slash",
    about: "the fetched page redirected to its path with the trailing slash added or taken away",
    apply: (p) => redirected(p, toggleSlash(p.url2), false),
  },
  {
    name: "redirect-counter",
    about: "every link of the page fetched carries a redirect counter (&_r=1)",
    apply: (p) => ({
      ...p,
      html2: rewriteSiteLinks(p.html2, p.url2, (h) => withParams(h, "_r=1", "&amp;")),
    }),
  },
  {
    name: "session",
    about:
      "the site adds a session id to its links (PHPSESSID): on both pages' links and the fetched page's address, not on page 1's",
    apply: (p) => ({
      url1: p.url1,
      html1: rewriteSiteLinks(p.html1, p.url1, (h) => withParams(h, SESSION, "&amp;")),
      url2: withParams(p.url2, SESSION),
      html2: rewriteSiteLinks(p.html2, p.url2, (h) => withParams(h, SESSION, "&amp;")),
    }),
  },
  {
    name: "canonical-page-1",
    about: "the page fetched names page 1 as its canonical URL",
    apply: (p) => ({ ...p, html2: withCanonical(p.html2, p.url1) }),
  },
];

const PROBE: PairText = {
  url1: "https://a.test/list/",
  html1: '<a href="?page=2">2</a>',
  url2: "https://a.test/list/?page=2",
  html2: '<a href="/list/">1</a>',
};

/**
 * Whether a perturbation changes page 1's address alone (a reader's way in: an anchor, a
 * newsletter's trackers), so that it can run end to end on saved pages: the same bytes
 * served at another address, with no redirect to fake.
 *
 * @param p the perturbation
 * @returns true when only `url1` differs on a probe pair
 */
export function changesPage1AddressOnly(p: Perturbation): boolean {
  const out = p.apply(PROBE);
  return out.html1 === PROBE.html1 && out.url2 === PROBE.url2 && out.html2 === PROBE.html2;
}
