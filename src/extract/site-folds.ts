/**
 * Which site a page of the article sets comes from, and site-disjoint folds over them,
 * so that the export is measured on sites its rules and models never saw. Node-side
 * evaluation helpers; nothing here ships in the extension.
 */
import { groupFolds } from "../eval/folds";

/**
 * The page's own record of its address: `<link rel="canonical">`, `og:url` or
 * `twitter:url`, as an absolute http(s) URL; saved copies keep these although they
 * are served from elsewhere.
 * @returns the URL's host, or null when the page names none
 */
export function declaredHost(doc: Document): string | null {
  const candidates = [
    doc.querySelector('link[rel~="canonical" i]')?.getAttribute("href"),
    doc.querySelector('meta[property="og:url" i]')?.getAttribute("content"),
    doc
      .querySelector('meta[name="twitter:url" i], meta[property="twitter:url" i]')
      ?.getAttribute("content"),
  ];
  for (const c of candidates) {
    const m = c?.trim().match(/^https?:\/\/([^/?#:]+)/i);
    if (m?.[1] && !/^(?:fakehost|localhost)$/i.test(m[1])) return m[1].toLowerCase();
  }
  return null;
}

/** Second-level labels under which a country's registrable names sit (co.uk, com.br). */
const SECOND_LEVEL = new Set(["co", "com", "org", "net", "ac", "gov", "edu", "ne", "or", "go"]);

/**
 * The registrable part of a host, so that a site's subdomains count as one site:
 * the last two labels, or three when the name sits under a country's second level
 * (`news.bbc.co.uk` → `bbc.co.uk`, `www1.folha.uol.com.br` → `uol.com.br`).
 */
export function siteOfHost(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  if (labels.length <= 2) return labels.join(".");
  const tld = labels[labels.length - 1] ?? "";
  const second = labels[labels.length - 2] ?? "";
  const keep = tld.length === 2 && SECOND_LEVEL.has(second) ? 3 : 2;
  return labels.slice(-keep).join(".");
}

/**
 * Name of a test page with its trailing number dropped (`nytimes-3` → `nytimes`,
 * `wikipedia` → `wikipedia`): Readability's test pages number pages of one site so.
 */
export function nameStem(name: string): string {
  return name.replace(/[-_]?\d+$/, "") || name;
}

/**
 * Site groups of pages: two pages are one site when they share a declared site
 * ({@link siteOfHost} of {@link declaredHost}) or a key of `alsoSame` (e.g. the name
 * stem), transitively. A page with neither is a site of its own.
 * @param pages id, declared host (or null) and optional extra keys of each page
 * @returns the group name of each page, in input order (the smallest id of the group)
 */
export function siteGroups(
  pages: readonly { id: string; host: string | null; keys?: readonly string[] }[],
): string[] {
  const parent = pages.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      const p = parent[i] as number;
      parent[i] = parent[p] as number;
      i = p;
    }
    return i;
  };
  const owner = new Map<string, number>();
  pages.forEach((p, i) => {
    const keys = [
      ...(p.host ? [`site:${siteOfHost(p.host)}`] : []),
      ...(p.keys ?? []).map((k) => `key:${k}`),
    ];
    for (const k of keys) {
      const o = owner.get(k);
      if (o === undefined) owner.set(k, i);
      else parent[find(i)] = find(o);
    }
  });
  const name = new Map<number, string>();
  pages.forEach((p, i) => {
    const r = find(i);
    const n = name.get(r);
    if (n === undefined || p.id < n) name.set(r, p.id);
  });
  return pages.map((_, i) => name.get(find(i)) ?? "");
}

/**
 * Site-disjoint k folds (src/eval/folds.ts: whole groups, balanced by page count).
 * @param groups the site group of each page ({@link siteGroups})
 * @param k number of folds
 * @returns the fold of each page
 * @throws RangeError when k < 2 or there are fewer sites than folds
 */
export function siteFolds(groups: readonly string[], k: number): number[] {
  return groupFolds(groups, k);
}
