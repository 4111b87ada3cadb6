/**
 * Lists laid out as tables: when the page element is a whole `<table>` (or its
 * `<tbody>`), the items are its data rows, and joined pages belong inside the same
 * `tbody` as rows (separator as a row), not as a second table below. The header
 * rows (`thead`, or rows of `th` only) stay where they are.
 */
import { hasDataCell, recordRowsXPath } from "../rule/xpath";

/** Data rows of a table or tbody page element, with the XPath that selects them on any page. */
export interface TableRows {
  rows: Element[];
  xpath: string;
}

/**
 * The data rows of a page element that is a single table or tbody, when there are at
 * least 2 (fewer rows is not a list).
 * @param elements page 1's page element(s)
 * @returns null when the page element is not a table of rows
 */
export function tableRows(elements: readonly Element[]): TableRows | null {
  if (elements.length !== 1) return null;
  const el = elements[0] as Element;
  const body =
    el.localName === "tbody"
      ? el
      : el.localName === "table"
        ? (Array.from(el.children)
            .filter((c) => c.localName === "tbody")
            .sort((a, b) => b.children.length - a.children.length)[0] ?? null)
        : null;
  if (!body) return null;
  const rows = Array.from(body.children).filter((r) => r.localName === "tr" && hasDataCell(r));
  if (rows.length < 2) return null;
  return { rows, xpath: recordRowsXPath(body) };
}
