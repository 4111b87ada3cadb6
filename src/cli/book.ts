/**
 * `tsugi join --format epub`: the book made by the extension's own export (what the
 * popup's "EPUB book" gives), written to `--out`; a book split every N chapters is
 * written as FILE, FILE-2.epub, FILE-3.epub, ….
 */
import { writeFileSync } from "node:fs";
import type { Page } from "playwright-core";
import type { BookOptions } from "../messaging/export-formats";
import type { ExportFile } from "../messaging/messages";
import { UsageError } from "./args";
import { messageTab } from "./join";

/**
 * The book's options from `tsugi join`'s flags.
 *
 * @param values the parsed flags (`vertical`, `no-images`, `volume`, `after`)
 * @throws UsageError on a volume size that is not a whole number from 0 to 1000
 */
export function bookOptionsOf(values: Record<string, unknown>): BookOptions {
  const volume = values.volume === undefined ? 0 : Number(values.volume);
  if (!Number.isInteger(volume) || volume < 0 || volume > 1000)
    throw new UsageError("--volume takes a whole number from 0 to 1000");
  return {
    ...(values.vertical === true ? { vertical: true } : {}),
    ...(values["no-images"] === true ? { images: false } : {}),
    ...(volume > 0 ? { chaptersPerVolume: volume } : {}),
    ...(typeof values.after === "string" && values.after ? { after: values.after } : {}),
  };
}

/** The paths of a book's volumes: `book.epub`, `book-2.epub`, …. */
export function volumePaths(out: string, count: number): string[] {
  const stem = out.replace(/\.epub$/i, "");
  return Array.from({ length: count }, (_, i) => (i === 0 ? out : `${stem}-${i + 1}.epub`));
}

/**
 * Ask the joined tab's export for the book and write it.
 *
 * @param page the tab, joining settled
 * @param out the book's path
 * @param book the book's options
 * @returns the paths written and the chapters the book holds
 * @throws Error when the export fails (e.g. no chapter after `--after`)
 */
export async function writeBook(
  page: Page,
  out: string,
  book: BookOptions,
): Promise<{ paths: string[]; chapters: number }> {
  const file = await messageTab<ExportFile>(page, {
    type: "popup→content:export",
    format: "epub",
    book,
  });
  if (file?.encoding !== "base64") throw new Error("the extension made no book");
  const parts = [file.content, ...(file.more ?? []).map((m) => m.content)];
  const paths = volumePaths(out, parts.length);
  parts.forEach((p, i) => {
    writeFileSync(paths[i] as string, Buffer.from(p, "base64"));
  });
  return { paths, chapters: file.pages };
}
