/**
 * Web archives for the tests, written with warcio.js as a crawler writes them: one
 * `response` record per page (a gzip member per record for `.warc.gz`), with request and
 * metadata records between them, as real crawls have.
 */
import { writeFileSync } from "node:fs";
import { WARCRecord, WARCSerializer } from "warcio";

/** One page of the archive. */
export interface ArchivedPage {
  url: string;
  /** the body as served */
  body: Buffer | string;
  /** "200 OK" unless given */
  status?: string;
  /** "text/html; charset=utf-8" unless given ("" for none) */
  contentType?: string;
  /** the response record's WARC-Record-ID (a random one unless given) */
  recordId?: string;
}

const bytes = (b: Buffer | string) => (typeof b === "string" ? Buffer.from(b, "utf8") : b);

/**
 * Serialize one record.
 * @param kind "response" (the page), "request" (what a crawler sent for it) or "metadata"
 */
export async function warcRecord(
  page: ArchivedPage,
  gzip: boolean,
  kind: "response" | "request" | "metadata" = "response",
): Promise<Buffer> {
  let record: WARCRecord;
  if (kind === "response") {
    const contentType = page.contentType ?? "text/html; charset=utf-8";
    record = WARCRecord.create(
      {
        url: page.url,
        type: "response",
        statusline: `HTTP/1.1 ${page.status ?? "200 OK"}`,
        httpHeaders: contentType ? { "Content-Type": contentType } : {},
        ...(page.recordId ? { warcHeaders: { "WARC-Record-ID": page.recordId } } : {}),
      },
      [bytes(page.body)],
    );
  } else if (kind === "request") {
    record = WARCRecord.create(
      {
        url: page.url,
        type: "request",
        statusline: `GET ${new URL(page.url).pathname} HTTP/1.1`,
        httpHeaders: { Host: new URL(page.url).host },
      },
      [],
    );
  } else {
    record = WARCRecord.create(
      { url: page.url, type: "metadata", warcHeaders: { "Content-Type": "text/plain" } },
      [Buffer.from("fetchTimeMs: 12\n")],
    );
  }
  return Buffer.from(await WARCSerializer.serialize(record, { gzip }));
}

/**
 * Write an archive: a warcinfo record, then each page's request, response and metadata.
 * @param corrupt record parts to damage after serializing: `(buf, i)` gets page i's
 *   response record and returns the bytes written in its place
 * @returns the response records' byte offsets in the file
 */
export async function writeWarc(
  path: string,
  pages: readonly ArchivedPage[],
  opts: { gzip?: boolean; corrupt?: (record: Buffer, page: number) => Buffer } = {},
): Promise<number[]> {
  const gzip = opts.gzip ?? path.endsWith(".gz");
  const parts: Buffer[] = [
    Buffer.from(
      await WARCSerializer.serialize(
        WARCRecord.createWARCInfo(
          { filename: "test.warc", warcVersion: "WARC/1.1" },
          {
            software: "tsugi tests",
          },
        ),
        { gzip },
      ),
    ),
  ];
  const offsets: number[] = [];
  let at = parts[0]?.length ?? 0;
  for (const [i, page] of pages.entries()) {
    const req = await warcRecord(page, gzip, "request");
    parts.push(req);
    at += req.length;
    let res = await warcRecord(page, gzip, "response");
    if (opts.corrupt) res = opts.corrupt(res, i);
    offsets.push(at);
    parts.push(res);
    at += res.length;
    const meta = await warcRecord(page, gzip, "metadata");
    parts.push(meta);
    at += meta.length;
  }
  writeFileSync(path, Buffer.concat(parts));
  return offsets;
}
