/**
 * The pages a web archive holds, by URL, for the page-2 check of a mining run: where the
 * next link of a page leads to a URL the archive holds, that record is page 2. The index
 * (URL → file and offset) is built by one pass over the files the first time it is asked,
 * and a record is read back from its offset when needed, so only the index stays in memory.
 */
import { samePageKey } from "../keys/page-url";
import { type ReplayAnswer, startAnswerServer } from "../replay/replay-server";
import { type RecordPlace, readEntryAt, warcEntries } from "./warc";

/** Page 2 as the archive holds it. */
export type ArchivedPage2 =
  | { kind: "page"; url: string; body: Buffer; charset: string }
  /** the archive holds the URL, answered with an error status (or a redirect it cannot follow) */
  | { kind: "status"; url: string; status: number }
  | { kind: "bad"; url: string; error: string };

/** Redirects followed inside the archive before giving up. */
const MAX_REDIRECTS = 5;

/** A lookup of archived pages by URL over a list of archive files. */
export class Archive {
  private index: Promise<Map<string, RecordPlace>> | null = null;

  /** @param paths the `.warc` / `.warc.gz` files, in the order given */
  constructor(private readonly paths: readonly string[]) {}

  private places(): Promise<Map<string, RecordPlace>> {
    this.index ??= (async () => {
      const m = new Map<string, RecordPlace>();
      for await (const e of warcEntries(this.paths)) {
        if (e.kind !== "page" && e.kind !== "status") continue;
        // The first capture of a URL stands for it, as a replay shows the first it finds.
        const key = samePageKey(e.url);
        if (!m.has(key)) m.set(key, e.place);
      }
      return m;
    })();
    return this.index;
  }

  /**
   * Build the index now (one pass over the files), so that no page's time limit pays for it.
   * @returns the number of URLs indexed
   */
  async prepare(): Promise<number> {
    return (await this.places()).size;
  }

  /**
   * The archived page at `url`, following redirects the archive also holds.
   * @returns null when the archive does not hold the URL
   */
  async lookup(url: string): Promise<ArchivedPage2 | null> {
    const index = await this.places();
    let at = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const place = index.get(samePageKey(at));
      // A redirect to a URL the archive lacks: page 2 is not in the archive either.
      if (!place) return null;
      const e = await readEntryAt(place);
      if (e.kind === "page") return { kind: "page", url: e.url, body: e.body, charset: e.charset };
      if (e.kind === "bad") return { kind: "bad", url: at, error: e.error };
      if (e.kind === "skip") return null;
      if (!(e.status >= 300 && e.status < 400 && e.location))
        return { kind: "status", url: e.url, status: e.status };
      at = e.location;
    }
    return { kind: "bad", url: at, error: `more than ${MAX_REDIRECTS} redirects` };
  }
}

/** A page-2 answer that is no page: the reason the check refuses the link with. */
export function unreadablePage2(p: Exclude<ArchivedPage2, { kind: "page" }>): string {
  if (p.kind === "status") return `page 2 is HTTP ${p.status} in the archive`;
  return `page 2 cannot be read from the archive: ${p.error}`;
}

/** An archived page's markup, decoded in its charset (malformed bytes become U+FFFD). */
export function decodedPage(p: { body: Buffer; charset: string }): string {
  return new TextDecoder(p.charset).decode(p.body);
}

/**
 * Serve an archive's HTML pages at their original URLs, offline, for `tsugi join --warc`:
 * a page answers 200 with its bytes and charset, a status record its status, anything the
 * archive lacks 404 (images and styles included: the joined article is the pages' text).
 * @returns the listening server (every host name must resolve to its port)
 */
export function startArchiveServer(
  archive: Archive,
): Promise<{ port: number; close(): Promise<void> }> {
  return startAnswerServer(async (url): Promise<ReplayAnswer | undefined> => {
    const p = await archive.lookup(url);
    if (p === null) return undefined;
    if (p.kind === "page")
      return { status: 200, type: `text/html; charset=${p.charset}`, body: p.body };
    if (p.kind === "status")
      return {
        status: p.status,
        type: "text/html",
        body: Buffer.from("<html><body></body></html>"),
      };
    return undefined;
  });
}
