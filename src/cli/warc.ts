/**
 * Reading web archives (`--warc FILE…`, `.warc` and `.warc.gz`) record by record with
 * warcio.js, so a crawl segment streams through the batch as a manifest does: each record
 * becomes an entry (an HTML `response` to answer, a non-2xx response to answer with an
 * error, a record to skip, or a record that cannot be read). A truncated or corrupt record
 * costs only its own entry: reading goes on at the next record start found after it (the
 * next gzip member that opens with `WARC/`, or the next `WARC/1.` line).
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from "node:fs";
import { basename } from "node:path";
import { brotliDecompressSync, constants, gunzipSync, inflateSync } from "node:zlib";
import { WARCParser, type WARCRecord } from "warcio";
import { sniffCharset } from "../pager/decode";

/** Where a record starts: the file and the byte offset of its (compressed) start. */
export interface RecordPlace {
  path: string;
  offset: number;
}

/** A response record's HTTP answer, transfer and content coding removed. */
export interface HttpAnswer {
  status: number;
  /** header names lower case (values as sent); the last value wins */
  headers: Map<string, string>;
  body: Buffer;
}

/** One record of an archive, as the batch sees it. */
export type WarcEntry =
  | {
      kind: "page";
      place: RecordPlace;
      recordId: string;
      url: string;
      status: number;
      /** the charset the page is read in: the HTTP header's, else sniffed from the page */
      charset: string;
      body: Buffer;
    }
  /** an HTML response the site answered with an error status or a redirect */
  | {
      kind: "status";
      place: RecordPlace;
      recordId: string;
      url: string;
      status: number;
      /** a redirect's `Location`, resolved against the URL ("" for none) */
      location: string;
    }
  /** not an HTML response (request, metadata, warcinfo, revisit, an image…) */
  | { kind: "skip"; place: RecordPlace }
  /** a record that cannot be read: truncated, corrupt, or without a target URI */
  | { kind: "bad"; place: RecordPlace; recordId: string | null; url: string | null; error: string };

/** The batch id of a record: its `WARC-Record-ID`, else file name and offset. */
export function entryId(e: WarcEntry): string {
  const id = e.kind === "skip" ? null : e.recordId;
  return id ?? `${basename(e.place.path)}@${e.place.offset}`;
}

const CRLF2 = Buffer.from("\r\n\r\n");

/**
 * Parse an HTTP response block (status line, headers, body) as a WARC `response` record
 * holds it, undoing chunked transfer coding and gzip/deflate/br content coding.
 * @param block the record's whole content block
 * @returns the answer, or null when the block is no HTTP response
 * @throws Error when a chunked or compressed body is cut short
 */
export function parseHttpBlock(block: Buffer): HttpAnswer | null {
  let end = block.indexOf(CRLF2);
  let sep = 4;
  if (end < 0) {
    end = block.indexOf("\n\n");
    sep = 2;
  }
  if (end < 0) return null;
  const lines = block.subarray(0, end).toString("latin1").split(/\r?\n/);
  const m = /^HTTP\/\d(?:\.\d)?\s+(\d{3})/.exec(lines[0] ?? "");
  if (!m) return null;
  const headers = new Map<string, string>();
  for (const l of lines.slice(1)) {
    const i = l.indexOf(":");
    if (i > 0) headers.set(l.slice(0, i).trim().toLowerCase(), l.slice(i + 1).trim());
  }
  let body = block.subarray(end + sep);
  if (/chunked/i.test(headers.get("transfer-encoding") ?? "")) body = unchunk(body);
  body = decoded(body, (headers.get("content-encoding") ?? "").toLowerCase());
  return { status: Number(m[1]), headers, body };
}

function unchunk(b: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = b.indexOf("\r\n", at);
    if (eol < 0) throw new Error("chunked body cut short");
    const size = Number.parseInt(b.subarray(at, eol).toString("latin1"), 16);
    if (!Number.isFinite(size)) throw new Error("bad chunk size");
    if (size === 0) return Buffer.concat(parts);
    if (eol + 2 + size > b.length) throw new Error("chunked body cut short");
    parts.push(b.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

function decoded(b: Buffer, coding: string): Buffer {
  // Crawlers often store the body decoded but keep the header: a body that does not
  // start as the coding says is taken as it is.
  if (coding.includes("gzip") && b[0] === 0x1f && b[1] === 0x8b) return gunzipSync(b);
  if (coding.includes("br")) {
    try {
      return brotliDecompressSync(b);
    } catch {
      return b;
    }
  }
  if (coding.includes("deflate")) {
    try {
      return inflateSync(b);
    } catch {
      return b;
    }
  }
  return b;
}

/** Whether a response's media type is HTML (XHTML too); no type: whether it looks like it. */
export function isHtml(contentType: string | undefined, body: Buffer): boolean {
  if (contentType) return /^\s*(?:text\/html|application\/xhtml\+xml)/i.test(contentType);
  return /^\s*(?:<!doctype html|<html|<head|<body)/i.test(body.subarray(0, 512).toString("latin1"));
}

function resolved(href: string, base: string): string {
  if (!href) return "";
  try {
    return new URL(href, base).href;
  } catch {
    return "";
  }
}

/** The entry a parsed record makes (its block read whole). */
function entryOf(place: RecordPlace, record: WARCRecord, block: Buffer): WarcEntry {
  const recordId = record.warcHeaders.headers.get("WARC-Record-ID") ?? null;
  const url = record.warcTargetURI ?? null;
  const bad = (error: string): WarcEntry => ({ kind: "bad", place, recordId, url, error });
  const type = record.warcType;
  const length = record.warcContentLength;
  if (!type) return bad("record without WARC-Type (damaged or cut in its header)");
  if (block.length < length)
    return bad(`truncated record: ${block.length} of ${length} bytes (WARC-Content-Length)`);
  if (type !== "response") return { kind: "skip", place };
  if (!url) return bad("response record without WARC-Target-URI");
  let http: HttpAnswer | null;
  try {
    http = parseHttpBlock(block);
  } catch (e) {
    return bad(`corrupt HTTP body: ${(e as Error).message}`);
  }
  if (http === null) return { kind: "skip", place };
  const contentType = http.headers.get("content-type");
  const redirect = http.status >= 300 && http.status < 400;
  if (!redirect && !isHtml(contentType, http.body)) return { kind: "skip", place };
  const rid = recordId ?? `${basename(place.path)}@${place.offset}`;
  if (http.status < 200 || http.status > 299)
    return {
      kind: "status",
      place,
      recordId: rid,
      url,
      status: http.status,
      location: resolved(http.headers.get("location") ?? "", url),
    };
  return {
    kind: "page",
    place,
    recordId: rid,
    url,
    status: http.status,
    charset: pageCharset(http.body, contentType ?? null),
    body: http.body,
  };
}

/** How far into a page a `<meta charset>` is looked for when the first 1024 bytes have none. */
const HEAD_SCAN = 65_536;

/**
 * The charset a page is read in: the BOM, the HTTP header's, a `<meta>` in the first 1024
 * bytes ({@link sniffCharset}), else a `<meta>` further on in the head (Chromium's parser
 * still switches to one there: a page with a long head declares it late), else UTF-8.
 * @param body the page's bytes
 * @param contentType the HTTP `Content-Type`, if any
 * @returns a label TextDecoder accepts, lower case
 */
export function pageCharset(body: Buffer, contentType: string | null): string {
  const early = sniffCharset(body, contentType);
  if (early !== "utf-8" || /charset\s*=\s*["']?utf-?8/i.test(contentType ?? "")) return early;
  let head = body.subarray(0, HEAD_SCAN).toString("latin1");
  const bodyAt = head.search(/<body[\s>]/i);
  if (bodyAt >= 0) head = head.slice(0, bodyAt);
  const late =
    head.match(/<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i)?.[1] ??
    head.match(/<meta[^>]+content\s*=\s*["'][^"']*charset=([\w.:-]+)/i)?.[1];
  if (!late) return early;
  try {
    new TextDecoder(late);
    return late.toLowerCase();
  } catch {
    return early;
  }
}

const SCAN_CHUNK = 1 << 20;

/** Whether the bytes at `at` open a gzip member whose text starts with `WARC/`. */
function gzipRecordAt(buf: Buffer, at: number): boolean {
  try {
    const head = gunzipSync(buf.subarray(at, at + 4096), {
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    return head.subarray(0, 5).toString("latin1") === "WARC/";
  } catch {
    return false;
  }
}

/**
 * The offset of the first record start at or after `from`: a gzip member opening with
 * `WARC/` (compressed files), or `WARC/1.` at the start of a line.
 * @returns the offset, or -1 when none follows
 */
export function nextRecordStart(path: string, from: number, gzip: boolean): number {
  const fd = openSync(path, "r");
  try {
    const size = statSync(path).size;
    const buf = Buffer.alloc(SCAN_CHUNK + 4096);
    for (let pos = from; pos < size; pos += SCAN_CHUNK) {
      const n = readSync(fd, buf, 0, buf.length, pos);
      const view = buf.subarray(0, n);
      for (let i = 0; i < Math.min(n, SCAN_CHUNK); i++) {
        if (gzip) {
          if (view[i] === 0x1f && view[i + 1] === 0x8b && view[i + 2] === 0x08) {
            if (gzipRecordAt(view, i)) return pos + i;
          }
        } else if (
          view[i] === 0x57 &&
          (pos + i === 0 || view[i - 1] === 0x0a || (i === 0 && from > 0)) &&
          view.subarray(i, i + 7).toString("latin1") === "WARC/1."
        ) {
          return pos + i;
        }
      }
    }
    return -1;
  } finally {
    closeSync(fd);
  }
}

function isGzip(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const b = Buffer.alloc(2);
    readSync(fd, b, 0, 2, 0);
    return b[0] === 0x1f && b[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/**
 * Every record of one archive file, in order, read as a stream.
 * @param path a `.warc` or `.warc.gz` file (gzip: one member per record, as crawlers
 *   write them; a file gzipped whole reads too, but a corrupt spot ends it)
 * @throws Error when the file cannot be opened
 */
export async function* warcFileEntries(path: string): AsyncGenerator<WarcEntry> {
  const size = statSync(path).size;
  const gzip = isGzip(path);
  let start = 0;
  while (start < size) {
    const parser = new WARCParser(createReadStream(path, { start }), { parseHttp: false });
    // Where the records read well so far end: past it, the file is not read yet.
    let end = start;
    let error = "";
    try {
      for await (const record of parser) {
        const place = { path, offset: start + parser.offset };
        const block = Buffer.from(await record.readFully(false));
        yield entryOf(place, record, block);
        end = start + parser.offset + parser.recordLength;
      }
    } catch (e) {
      error = (e as Error).message.split("\n")[0] ?? "unreadable";
    }
    if (!error) {
      // The parser stops quietly at bytes it cannot read as a record.
      end = Math.max(end, start + parser.offset);
      if (end >= size - 4) return;
    }
    const next = nextRecordStart(path, end + 1, gzip);
    yield {
      kind: "bad",
      place: { path, offset: end },
      recordId: null,
      url: null,
      error: `corrupt or truncated record${error ? `: ${error}` : ""}`,
    };
    if (next < 0) return;
    start = next;
  }
}

/**
 * The record that starts at a known place (an index's), read alone.
 * @returns its entry, or a "bad" one when no record can be read there
 */
export async function readEntryAt(place: RecordPlace): Promise<WarcEntry> {
  const parser = new WARCParser(createReadStream(place.path, { start: place.offset }), {
    parseHttp: false,
  });
  try {
    const record = await parser.parse();
    if (record) return entryOf(place, record, Buffer.from(await record.readFully(false)));
  } catch {
    /* answered below */
  }
  return { kind: "bad", place, recordId: null, url: null, error: "corrupt or truncated record" };
}

/** {@link warcFileEntries} of several files, one after another. */
export async function* warcEntries(paths: readonly string[]): AsyncGenerator<WarcEntry> {
  for (const p of paths) yield* warcFileEntries(p);
}
