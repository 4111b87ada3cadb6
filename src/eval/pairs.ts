/**
 * The end-to-end pairs evaluation's bookkeeping (scripts/eval-pairs.ts): reading the pairs
 * corpus (`corpus/pairs/`: page 1 / page 2 of real lists, and negatives), the saved bytes as
 * a browser would be served them, and the outcome of one pair in the categories the report
 * counts. Pure functions, no DOM: the detection and the page-2 judge run in Chromium.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { samePage } from "../keys/page-url";

/** One pair of `pairs.jsonl` (the fields the evaluation reads). */
export interface PairRecord {
  /** `<static|scrape>/<id>` */
  key: string;
  /** the corpus folder it is in */
  part: string;
  id: string;
  /** the site as the line names it (a host, sometimes with its scheme) */
  site: string;
  kind: string;
  lang: string;
  p1url: string;
  p2url: string;
  /** the href on page 1 that leads to page 2, as written; null for a script-only pager */
  nextHref: string | null;
  note: string;
  dir: string;
}

/** One negative of `negatives.jsonl`: page 1 and another page that is not its page 2. */
export interface NegativeRecord {
  key: string;
  /** the corpus folder it is in */
  part: string;
  id: string;
  p1url: string;
  otherUrl: string;
  /** the negative's own folder (`neg/<id>`) */
  dir: string;
}

/**
 * The href a pair's `nextHref` field names: its first word, unless the field is a remark
 * in parentheses ("(none: pager items are JS buttons)") or a `javascript:` call, which
 * name no page to fetch.
 *
 * @param field the field as stored
 * @returns the href, or null for a script-only pager
 */
export function hrefOfField(field: string | null | undefined): string | null {
  const first = (field ?? "").trim().split(/\s+/)[0] ?? "";
  if (first === "" || first.startsWith("(") || /^javascript:/i.test(first)) return null;
  return first;
}

/**
 * The records of a JSON Lines file, blank lines skipped.
 *
 * @param file path
 * @returns the parsed lines; [] when the file is missing
 * @throws SyntaxError on a line that is not JSON
 */
export function readJsonl<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T);
}

/**
 * The pairs of both parts of the corpus, `static/` first.
 *
 * @param root the `corpus/pairs` folder
 * @returns every pair; empty when the folder is missing
 */
export function readPairs(root: string): PairRecord[] {
  return ["static", "scrape"].flatMap((part) =>
    readJsonl<Record<string, string | null>>(join(root, part, "pairs.jsonl")).map((r) => ({
      key: `${part}/${r.id}`,
      part,
      id: String(r.id),
      site: String(r.site ?? ""),
      kind: String(r.kind ?? ""),
      lang: String(r.lang ?? ""),
      p1url: String(r.p1url),
      p2url: String(r.p2url),
      nextHref: hrefOfField(r.nextHref),
      note: String(r.note ?? ""),
      dir: join(root, part, String(r.id)),
    })),
  );
}

/**
 * The negatives of both parts.
 *
 * @param root the `corpus/pairs` folder
 * @returns every negative whose `other.html` exists
 */
export function readNegatives(root: string): NegativeRecord[] {
  return ["static", "scrape"].flatMap((part) =>
    readJsonl<Record<string, string>>(join(root, part, "negatives.jsonl"))
      .map((r) => ({
        key: `${part}/${r.id}`,
        part,
        id: String(r.id),
        p1url: String(r.p1url),
        otherUrl: String(r.otherUrl),
        dir: join(root, part, "neg", String(r.id)),
      }))
      .filter((n) => existsSync(join(n.dir, "other.html"))),
  );
}

/** Saved bytes as a server would send them: the body and the charset to declare. */
export interface ServedBytes {
  body: Buffer;
  /** "" lets the browser sniff `<meta charset>` */
  charset: string;
}

/** Charsets a pair's note may name for bytes that declare none themselves. */
const NOTE_CHARSET = /\b(windows-125\d|koi8-[ru]|shift_jis|euc-jp|euc-kr|gbk|gb2312|big5)\b/i;

/**
 * The bytes of a saved page as served: a file that starts with the raw HTTP response
 * (a scraper's recorded fixture) loses its header, whose Content-Type charset is kept;
 * otherwise a charset the pair's note names is declared.
 *
 * @param raw the file's bytes
 * @param note the pair's note ("" for none)
 * @returns body and charset
 */
export function servedBytes(raw: Buffer, note = ""): ServedBytes {
  const head = raw.subarray(0, 16).toString("latin1");
  if (/^HTTP\/\d/.test(head)) {
    const text = raw.subarray(0, 65536).toString("latin1");
    const m = /\r?\n\r?\n/.exec(text);
    if (m) {
      const header = text.slice(0, m.index);
      const charset = /^content-type:.*charset=([\w-]+)/im.exec(header)?.[1] ?? "";
      return { body: raw.subarray(m.index + m[0].length), charset };
    }
  }
  return { body: raw, charset: NOTE_CHARSET.exec(note)?.[1] ?? "" };
}

/**
 * An href resolved against a page URL.
 *
 * @param href as written
 * @param base the page's URL (or its `<base href>`)
 * @returns the absolute URL, or null when it does not parse
 */
export function resolveHref(href: string, base: string): string | null {
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

/** Where one pair ended. */
export type PairOutcome =
  | "joined"
  | "gate closed"
  | "link not found"
  | "wrong link"
  | "judge refused"
  | "script-only";

/** What the evaluation saw on one pair. */
export interface PairSeen {
  /** the gate opened */
  gate: boolean;
  /** the next link found (sure or waiting), absolute; null when none */
  link: string | null;
  /** the link waits for page 2's judge */
  pending: boolean;
  /** the pair's next page (nextHref resolved), null for a script-only pager */
  expected: string | null;
  /** the address page 2 was served at (it may differ from nextHref's: a redirect, a
   * trailing slash) */
  p2url: string;
  /** the page-2 judge's answer on p2 ("continues"), asked when the link is the pair's */
  judgeContinues: boolean;
}

/**
 * The category of one pair: joined when the link found is page 2 and either sure or
 * continued by the judge; else the first stage that failed. A script-only pager with
 * nothing found is its own category (a miss the extension cannot help: no page to fetch).
 * A link is the pair's when it names nextHref's page or the address page 2 was served at
 * (the same page as the judge and the pager read it, ../keys/page-url.ts).
 *
 * @param s what was seen
 * @returns the outcome
 */
export function pairOutcome(s: PairSeen): PairOutcome {
  if (s.link === null) {
    if (s.expected === null) return "script-only";
    return s.gate ? "link not found" : "gate closed";
  }
  const link = s.link;
  const right = [s.expected, s.p2url].some((u) => u !== null && samePage(link, u));
  if (!right) return "wrong link";
  if (s.pending && !s.judgeContinues) return "judge refused";
  return "joined";
}

/** The links tsugi's detection on a page 1 leads to: `tsugi detect`'s fields
 * (../cli/detect-document.ts), the handed-over candidates as URLs. */
export interface Reach {
  nextUrl: string | null;
  pendingNextUrl: string | null;
  candidates: string[];
}

/** How the detection on page 1 reaches a page: its next link, joined at once; its waiting
 * link (the page-2 judge is asked); a link the pager hands over to after a refusal (the
 * judge is asked too); null: none of them leads there. */
export type Found = "at once" | "waiting" | "handed over" | null;

/**
 * How page 1's links ({@link Reach}) lead to a page known under any of `urls` (where it
 * was served, and where page 1's next link names it), compared as the same page
 * (../keys/page-url.ts `samePage`).
 *
 * @param reach page 1's links; undefined when the detection was not read
 * @param urls the page's absolute addresses
 * @returns the first way that reaches it, or null
 */
export function foundBy(reach: Reach | undefined, urls: readonly string[]): Found {
  if (reach === undefined) return null;
  const is = (u: string | null) => u !== null && urls.some((v) => samePage(u, v));
  if (is(reach.nextUrl)) return "at once";
  if (is(reach.pendingNextUrl)) return "waiting";
  return reach.candidates.some(is) ? "handed over" : null;
}

/** `<meta charset=…>` or `<meta http-equiv content="…; charset=…">` near the start. */
const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i;

/**
 * The charset a saved page declares in its first 4 KB, as a browser's sniffing reads it,
 * for decoding a page 2 outside the browser.
 *
 * @param body the page's bytes
 * @returns the TextDecoder label, "utf-8" when none is declared or the label is unknown
 */
export function sniffCharset(body: Buffer): string {
  const label = META_CHARSET.exec(body.subarray(0, 4096).toString("latin1"))?.[1] ?? "utf-8";
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return "utf-8";
  }
}
