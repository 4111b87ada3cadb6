/**
 * The export's words (page headings, source label, credits) from a message catalogue:
 * `browser.i18n` in the extension, public/_locales read from disk in the CLI. Message
 * keys `pageHeading` (shared with the pager's separator), `exportSource`, `exportBy`;
 * a missing message falls back to English.
 */
import type { GetMessage } from "../pager/pager-words";
import { ENGLISH_EXPORT, type ExportWords } from "./joined-article";

/** The export's words from `getMessage` (`browser.i18n.getMessage`'s shape). */
export function exportWords(getMessage: GetMessage): ExportWords {
  return {
    page: (page) => getMessage("pageHeading", [String(page)]) || ENGLISH_EXPORT.page(page),
    source: getMessage("exportSource") || ENGLISH_EXPORT.source,
    by: (name) => getMessage("exportBy", [name]) || ENGLISH_EXPORT.by(name),
  };
}
