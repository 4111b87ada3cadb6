/**
 * The formats of the export, which the popup asks for in its export message and the
 * exporter writes (the article in src/export/, the items in src/siblings/).
 */

/** Formats the popup and `tsugi extract` export to. */
export type ExportFormat = "md" | "html" | "text";

/** The item formats of the export. */
export type ItemsFormat = "items-csv" | "items-json";

/** The book format of the export (src/export/epub.ts). */
export type BookFormat = "epub";

/** How the reader wants the book made (the popup's export box, `tsugi join`'s flags). */
export interface BookOptions {
  /** Vertical text and right-to-left pages (Japanese). */
  vertical?: boolean;
  /** At most this many chapters per book; 0: one book. */
  chaptersPerVolume?: number;
  /** Embed the pages' images (same site, size-capped); default true. */
  images?: boolean;
  /** Only the chapters after this one (its URL): "new chapters since the last book". */
  after?: string;
}
