/**
 * The formats of the export, which the popup asks for in its export message and the
 * exporter writes (the article in src/export/, the items in src/siblings/).
 */

/** Formats the popup and `tsugi extract` export to. */
export type ExportFormat = "md" | "html" | "text";

/** The item formats of the export. */
export type ItemsFormat = "items-csv" | "items-json";
