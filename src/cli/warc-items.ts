/**
 * The records of web archives as batch items (`tsugi detect|extract --warc FILE…`): an
 * HTML `response` record is a page to answer, a response with an error status or a
 * redirect is an error line carrying that status, a record that cannot be read is an error
 * line of its own; every other record is skipped and counted. `--shard K/N` takes records
 * K, K+N, … of the files in the order given (every record counts, skipped ones too, so the
 * shards of one file list partition it whatever the records hold).
 */
import { basename } from "node:path";
import type { ManifestItem } from "./manifest";
import { inShard } from "./manifest";
import { entryId, type WarcEntry, warcEntries } from "./warc";

/** Records read and skipped (not HTML responses), counted in the caller's shard only. */
export interface WarcCounts {
  records: number;
  skipped: number;
}

/**
 * One archive entry as a batch item.
 * @returns the item, or null for a record that is skipped
 */
export function warcItem(e: WarcEntry): ManifestItem | null {
  const where = { warcFile: basename(e.place.path), offset: e.place.offset };
  const id = entryId(e);
  if (e.kind === "skip") return null;
  if (e.kind === "page") {
    return {
      ok: true,
      job: {
        id,
        url: e.url,
        charset: e.charset,
        body: e.body,
        fields: { warcRecordId: e.recordId, status: e.status, charset: e.charset, ...where },
      },
    };
  }
  if (e.kind === "status") {
    return {
      ok: false,
      line: 0,
      id,
      error: `HTTP ${e.status}`,
      fields: { url: e.url, warcRecordId: e.recordId, status: e.status, ...where },
    };
  }
  return {
    ok: false,
    line: 0,
    id,
    error: e.error,
    fields: {
      ...(e.url ? { url: e.url } : {}),
      ...(e.recordId ? { warcRecordId: e.recordId } : {}),
      ...where,
    },
  };
}

/**
 * The batch items of the records of `paths` in shard `shard`.
 * @param counts filled in as records are read
 */
export async function* warcItems(
  paths: readonly string[],
  shard: { k: number; n: number } | null,
  counts: WarcCounts,
): AsyncGenerator<ManifestItem> {
  let index = 0;
  for await (const e of warcEntries(paths)) {
    if (!inShard(index++, shard)) continue;
    counts.records++;
    const item = warcItem(e);
    if (item) yield item;
    else counts.skipped++;
  }
}
