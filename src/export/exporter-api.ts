/**
 * The export's own script: the joined-article and items export (Readability.js,
 * turndown, Papa Parse, the block forest: about a third of what the detector script used
 * to carry) lives in content/exporter.js, which the background injects only when the
 * reader asks for an export. The detector script reaches it through this small interface,
 * which imports nothing at run time, so that the detector's bundle stays free of it.
 */
import type {
  BookFormat,
  BookOptions,
  ExportFormat,
  ItemsFormat,
} from "../messaging/export-formats";
import type { ExportFile } from "../messaging/messages";
import type { GetMessage } from "../pager/pager-words";

/** Path, inside the built extension, of the export's script. */
export const EXPORTER_FILE = "content/exporter.js";

/** Isolated-world global under which the export's script leaves its {@link Exporter}. */
const EXPORTER_GLOBAL = "tsugiExporter";

/** Everything an export reads from the detector script's state. */
export interface ExportRequest {
  format: ExportFormat | ItemsFormat | BookFormat;
  /** The book's options (format `epub`). */
  book?: BookOptions;
  /** The live page, with the joined pages inserted. */
  doc: Document;
  pageUrl: string;
  /** Joined pages as fetched (HTML), in order. */
  joined: readonly { number: number; url: string; html: string; heading?: string }[];
  /** Page 1's chapter heading, when it reads as a chapter of a serial whose chapters are
   * joined: each chapter is then headed by its own heading, not "Page N". */
  heading?: string;
  /** Page 1's page elements (the items export reads their list). */
  pageElements: readonly Element[];
  /** Why joining stopped and how long detection took, for the export's notes. */
  status: { state: string; reason: string | null; detectMs: number | null };
  /** `browser.i18n.getMessage`, for the export's words. */
  getMessage: GetMessage;
}

/** What the export's script installs. */
export interface Exporter {
  /**
   * @param request the page and its joined pages
   * @returns the file to download or copy (a promise for a book, whose images are fetched)
   */
  exportFile(request: ExportRequest): ExportFile | Promise<ExportFile>;
}

/**
 * Install the export (called by content/exporter.ts when injected).
 *
 * @param exporter the export's functions
 */
export function installExporter(exporter: Exporter): void {
  (globalThis as Record<string, unknown>)[EXPORTER_GLOBAL] = exporter;
}

/**
 * The export installed in this world, if its script has run.
 *
 * @returns the {@link Exporter}, or null before the background injected it
 */
export function installedExporter(): Exporter | null {
  const e = (globalThis as Record<string, unknown>)[EXPORTER_GLOBAL] as Exporter | undefined;
  return typeof e?.exportFile === "function" ? e : null;
}
