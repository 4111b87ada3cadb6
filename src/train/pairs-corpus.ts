/**
 * The pairs corpus (`corpus/pairs/`, its README): real page 1 / page 2 pairs of list pages
 * saved in public repositories (`static/`: generated sites; `scrape/`: scrapers' saved
 * pages), and negatives (page 1 of another list of the same site, or another address that
 * serves page 1 again). Read in place; files are raw bytes, a few with HTTP response
 * headers in front or in windows-1251.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readNegatives, readPairs, resolveHref } from "../eval/pairs";
import { corpusDir } from "../replay/cases";

/** One saved document of the pairs corpus. */
export interface PairPage {
  /** unique id, `pairs/<folder>/<id>/<name>` */
  key: string;
  /** the address it was served at */
  url: string;
  /** the file with its raw bytes */
  file: string;
}

/** A pair of the corpus: true (page 2 of page 1's list) or false (another list, or page 1
 * again under another address). */
export interface CorpusPair {
  /** `static` or `scrape` */
  folder: string;
  id: string;
  /** the site, for site-disjoint folds (host without `www.`) */
  site: string;
  truth: boolean;
  p1: PairPage;
  p2: PairPage;
  /** the address page 1's next link names (its `nextHref` resolved against page 1's
   * address; it may differ from page 2's served address by a redirect or a slash); null
   * for a script-only pager and for a negative */
  nextUrl: string | null;
}

/** The host of a URL without `www.`, or the text itself when it does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/**
 * Every pair of the corpus: the true pairs of both folders, and each negative whose other
 * address is a URL (a negative whose address was not recorded is left out).
 *
 * @returns the pairs; [] when the corpus has no `pairs/` folder
 */
export function corpusPairs(): CorpusPair[] {
  const root = join(corpusDir(), "pairs");
  const pairs = readPairs(root);
  const negatives = readNegatives(root);
  const out: CorpusPair[] = [];
  for (const folder of ["static", "scrape"]) {
    const dir = join(root, folder);
    const sites = new Map<string, string>();
    for (const p of pairs.filter((r) => r.part === folder)) {
      const site = hostOf(`https://${p.site.replace(/^https?:\/\//, "")}`);
      sites.set(p.id, site);
      const page = (name: string, url: string): PairPage => ({
        key: `pairs/${p.key}/${name}`,
        url,
        file: join(p.dir, `${name}.html`),
      });
      out.push({
        folder,
        id: p.id,
        site,
        truth: true,
        p1: page("p1", p.p1url),
        p2: page("p2", p.p2url),
        nextUrl: p.nextHref === null ? null : resolveHref(p.nextHref, p.p1url),
      });
    }
    for (const n of negatives.filter((r) => r.part === folder)) {
      if (!/^https?:\/\//.test(n.otherUrl)) continue;
      out.push({
        folder,
        id: n.id,
        site: sites.get(n.id) ?? hostOf(n.p1url),
        truth: false,
        p1: { key: `pairs/${folder}/${n.id}/p1`, url: n.p1url, file: join(dir, n.id, "p1.html") },
        p2: {
          key: `pairs/${folder}/neg/${n.id}/other`,
          url: n.otherUrl,
          file: join(n.dir, "other.html"),
        },
        nextUrl: null,
      });
    }
  }
  return out.filter((p) => existsSync(p.p1.file) && existsSync(p.p2.file));
}

/**
 * A saved document's markup: HTTP response headers in front are cut off (their
 * `Content-Type` charset kept), and the charset is the headers', else the one a `<meta>`
 * in the first 4 KiB declares, else UTF-8.
 *
 * @param bytes the raw file
 * @returns the decoded markup
 */
export function decodeSaved(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString("latin1");
  let body = bytes;
  let charset = "";
  if (/^HTTP\/\d/.test(head)) {
    const end = head.search(/\r?\n\r?\n/);
    if (end >= 0) {
      const headers = head.slice(0, end);
      charset = /charset=["']?([\w-]+)/i.exec(headers)?.[1] ?? "";
      body = bytes.subarray(end + (head.slice(end, end + 4) === "\r\n\r\n" ? 4 : 2));
    }
  }
  if (charset === "") {
    const start = Buffer.from(body.subarray(0, 4096)).toString("latin1");
    charset = /<meta[^>]+charset=["']?\s*([\w-]+)/i.exec(start)?.[1] ?? "utf-8";
  }
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
