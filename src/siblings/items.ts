/**
 * Items out of a list: each record (./records.ts, seed 002 §5.2 takes each post
 * out of the page on its own) as a flat object a reader can take to a spreadsheet or a
 * script: `{page, url, title, text, date?, author?}`.
 */
import { visibleText } from "../features/text";
import { segmentRecords } from "./records";

/** One record of a list page. */
export interface Item {
  /** Number of the page it was shown on (1 for the page the reader opened). */
  page: number;
  /** Its permalink (title link), absolute; the page's URL when it has none. */
  url: string;
  /** Its title: the title link's text, else its first heading, else "". */
  title: string;
  /** Its whole visible text, whitespace collapsed. */
  text: string;
  /** Its date as marked up (`<time datetime>`, `itemprop="datePublished"`), when it has one. */
  date?: string;
  /** Its author as marked up (`rel="author"`, `itemprop="author"`, `.author`, `.byline`). */
  author?: string;
}

const TITLE_LINK = "h1 a[href], h2 a[href], h3 a[href], h4 a[href], h5 a[href], h6 a[href]";
const PERMALINK = 'a[rel~="bookmark"][href], a[itemprop="url"][href]';
const HEADING = "h1, h2, h3, h4, h5, h6";
const DATE = 'time, [itemprop="datePublished"], [itemprop="dateCreated"]';
const AUTHOR = '[rel~="author"], [itemprop="author"], .author, .byline';

function absolute(href: string, base: string): string {
  try {
    return new URL(href, base).href;
  } catch {
    return base;
  }
}

/**
 * One record as an {@link Item}.
 * @param record the record's element (a list item, a post, a row)
 * @param page the page number it belongs to
 * @param pageUrl that page's URL (relative links resolve against it)
 */
export function recordItem(record: Element, page: number, pageUrl: string): Item {
  const link = record.querySelector(TITLE_LINK) ?? record.querySelector(PERMALINK);
  const heading = record.querySelector(HEADING);
  const item: Item = {
    page,
    url: link ? absolute(link.getAttribute("href") ?? "", pageUrl) : pageUrl,
    title: visibleText(link ?? heading ?? record.ownerDocument.createElement("span")),
    text: visibleText(record),
  };
  const time = record.querySelector(DATE);
  const date =
    time?.getAttribute("datetime") ?? time?.getAttribute("content") ?? (time && visibleText(time));
  if (date) item.date = date;
  const by = record.querySelector(AUTHOR);
  const author = by ? visibleText(by).replace(/^by\s+/i, "") : "";
  if (author) item.author = author;
  return item;
}

/**
 * The items of a page's page element(s), or null when they are not a list.
 * @param elements the page element(s) of one page
 * @param page its number
 * @param pageUrl its URL
 */
export function listItems(
  elements: readonly Element[],
  page: number,
  pageUrl: string,
): Item[] | null {
  const list = segmentRecords(elements);
  return list ? list.records.map((r) => recordItem(r, page, pageUrl)) : null;
}
