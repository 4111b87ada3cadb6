/**
 * Batch manifests: JSON lines `{"id","file","url","charset"}` read from a file or standard
 * input one line at a time, so a batch starts before the manifest ends and a bad line
 * costs only its own page.
 */
import { createReadStream } from "node:fs";
import { basename, resolve } from "node:path";
import { createInterface } from "node:readline";

/** One page to process: a saved file served at `url`, or a live `url` when `file` is absent. */
export interface PageJob {
  /** the manifest's id (its 1-based line number when the line has none); absent for a single page */
  id?: string;
  file?: string;
  url: string;
  /** "" lets Chromium sniff `<meta>` and the BOM */
  charset: string;
  /** the page's bytes when they are in memory (a WARC record), in place of `file` */
  body?: Buffer;
  /** fields every line of this page carries, result or error (a WARC record's
   * `warcRecordId`, `status`, `charset`…) */
  fields?: Record<string, unknown>;
}

/** A manifest line: a job, or why it cannot be one. */
export type ManifestItem =
  | { ok: true; job: PageJob }
  | {
      ok: false;
      line: number;
      id?: string;
      error: string;
      /** what locates the input in place of `line` (a WARC record's file and offset) */
      fields?: Record<string, unknown>;
    };

/** An http(s) URL, normalised, or null. */
export function httpUrl(s: string): string | null {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * Parse one manifest line.
 * @param text the line
 * @param line its 1-based line number (the id when the line has none)
 * @param baseDir folder `file` is relative to
 * @param defaultUrl URL for a file given without one
 * @returns null for a blank line
 */
export function parseManifestLine(
  text: string,
  line: number,
  baseDir: string,
  defaultUrl: (file: string) => string,
): ManifestItem | null {
  if (text.trim() === "") return null;
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return { ok: false, line, error: `manifest line ${line}: not JSON` };
  }
  if (typeof o !== "object" || o === null || Array.isArray(o))
    return { ok: false, line, error: `manifest line ${line}: not a JSON object` };
  const r = o as Record<string, unknown>;
  const hasId = typeof r.id === "string" || typeof r.id === "number";
  const id = hasId ? String(r.id) : String(line);
  const bad = (error: string): ManifestItem => ({
    ok: false,
    line,
    id,
    error: `manifest line ${line}: ${error}`,
  });
  if (r.file !== undefined && typeof r.file !== "string") return bad('"file" is not a string');
  const file = typeof r.file === "string" ? resolve(baseDir, r.file) : undefined;
  let url: string | null;
  if (typeof r.url === "string") url = httpUrl(r.url);
  else if (r.url === undefined && file) url = defaultUrl(file);
  else return bad('needs "url" (or "file")');
  if (!url) return bad(`"url" must be http(s): ${String(r.url)}`);
  const charset = typeof r.charset === "string" ? r.charset : "";
  return { ok: true, job: { id, url, charset, ...(file ? { file } : {}) } };
}

/** Default URL of a file given without one: a placeholder origin plus its name. */
export function placeholderUrl(origin: string): (file: string) => string {
  return (file) => `${origin}${encodeURIComponent(basename(file))}`;
}

/**
 * Lines of a manifest file, or of standard input for "-", with their 0-based index.
 * @throws (from the stream) when the file cannot be read
 */
export async function* manifestLines(
  path: string,
): AsyncGenerator<{ index: number; text: string }> {
  const input = path === "-" ? process.stdin : createReadStream(path, { encoding: "utf8" });
  const rl = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let index = 0;
  for await (const text of rl) yield { index: index++, text };
}

/** Is 0-based line `index` in shard K/N (lines K, K+N, K+2N, ...)? */
export function inShard(index: number, shard: { k: number; n: number } | null): boolean {
  return shard === null || index % shard.n === shard.k;
}
