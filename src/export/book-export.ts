/**
 * The EPUB export as the popup and `tsugi join --format epub` ask for it: the joined
 * article (chapters after a given one only, for "new chapters since the last book"), its
 * same-site images fetched one at a time under a size cap, the book(s) built by
 * ./epub.ts and handed back as base64 in an {@link ExportFile}.
 */

import { squash } from "../extract/site-title";
import type { BookOptions } from "../messaging/export-formats";
import type { ExportFile } from "../messaging/messages";
import { type BookImage, buildEpub } from "./epub";
import type { JoinedArticle } from "./joined-article";
import { workTitles } from "./work-title";

/** An image larger than this is left out of the book (bytes). */
export const MAX_IMAGE_BYTES = 5_000_000;
/** The book's images together stop here (bytes). */
export const MAX_BOOK_IMAGE_BYTES = 50_000_000;
/** At most this many images are fetched for one book. */
export const MAX_IMAGES = 300;

/** Same URL apart from its fragment and a trailing slash. */
function sameUrl(a: string, b: string): boolean {
  const norm = (u: string) => u.replace(/#.*$/, "").replace(/\/+$/, "");
  return norm(a) === norm(b);
}

/**
 * The article with only the chapters after `after` (the last chapter of an earlier book).
 *
 * @param article the joined article
 * @param after a chapter's URL; absent: the article unchanged
 * @returns the later chapters; the article unchanged when no chapter has that URL
 * @throws Error when that chapter is the last one (no new chapter)
 */
export function chaptersAfter(article: JoinedArticle, after?: string): JoinedArticle {
  if (!after) return article;
  const at = article.pages.findIndex((p) => sameUrl(p.url, after));
  if (at < 0) return article;
  if (at === article.pages.length - 1) throw new Error("no chapter after the last book's");
  return { ...article, pages: article.pages.slice(at + 1) };
}

/** A host's last two labels ("cdn.example.com" → "example.com"): one site for images. */
function siteOf(host: string): string {
  return host.toLowerCase().split(".").slice(-2).join(".");
}

/**
 * The absolute URLs of the images the article's pages show that are on the page's own
 * site, once each, in order.
 *
 * @param article the joined article (its HTML's `src` are absolute after extraction)
 * @param parser an HTML parser
 */
export function sameSiteImages(article: JoinedArticle, parser: DOMParser): string[] {
  const seen = new Set<string>();
  let site = "";
  try {
    site = siteOf(new URL(article.url).hostname);
  } catch {
    return [];
  }
  for (const p of article.pages) {
    const doc = parser.parseFromString(p.html, "text/html");
    for (const img of Array.from(doc.querySelectorAll("img[src]"))) {
      try {
        const u = new URL(img.getAttribute("src") ?? "", p.url);
        if ((u.protocol === "http:" || u.protocol === "https:") && siteOf(u.hostname) === site)
          seen.add(u.href);
      } catch {
        /* not a URL: left out */
      }
    }
  }
  return [...seen].slice(0, MAX_IMAGES);
}

/**
 * An image's type from its first bytes (servers often say octet-stream).
 * @returns the MIME type, or null when it is no image a book may hold
 */
export function sniffImage(bytes: Uint8Array): string | null {
  const b = (i: number) => bytes[i] ?? -1;
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return "image/png";
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return "image/jpeg";
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46) return "image/gif";
  if (b(0) === 0x52 && b(1) === 0x49 && b(8) === 0x57 && b(9) === 0x45) return "image/webp";
  return null;
}

/**
 * Fetch the images one at a time (polite to the site), each under
 * {@link MAX_IMAGE_BYTES}, all under {@link MAX_BOOK_IMAGE_BYTES}; a failed or too large
 * image is left out (the book shows its alt text).
 *
 * @param urls absolute image URLs
 * @param fetchBytes reads a URL's bytes (the page's `fetch` in the extension)
 */
export async function fetchImages(
  urls: readonly string[],
  fetchBytes: (url: string) => Promise<Uint8Array | null>,
): Promise<BookImage[]> {
  const out: BookImage[] = [];
  let total = 0;
  for (const url of urls) {
    const bytes = await fetchBytes(url).catch(() => null);
    if (!bytes || bytes.length > MAX_IMAGE_BYTES || total + bytes.length > MAX_BOOK_IMAGE_BYTES)
      continue;
    const mime = sniffImage(bytes);
    if (!mime) continue;
    total += bytes.length;
    out.push({ url, bytes, mime });
  }
  return out;
}

/** Bytes as base64 (in chunks: `String.fromCharCode` takes a bounded argument list). */
export function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** What {@link exportBook} needs from where it runs. */
export interface BookEnv {
  /** Reads an image's bytes, or null; absent: no image is embedded. */
  fetchBytes?: (url: string) => Promise<Uint8Array | null>;
  /** The label of each chapter's URL line, in the reader's language. */
  sourceLabel?: string;
  parser?: DOMParser;
}

/**
 * The EPUB export of a joined article.
 *
 * @param article the joined article (title, author, site name, chapters with headings)
 * @param opts vertical text, volume size, images on or off, chapters after a given one
 * @param env image fetching and the words
 * @returns the first volume's file, further volumes in `more`; content in base64
 * @throws Error when no chapter is left after `opts.after`
 */
export async function exportBook(
  article: JoinedArticle,
  opts: BookOptions,
  env: BookEnv,
): Promise<ExportFile> {
  const parser = env.parser ?? new DOMParser();
  const book = chaptersAfter(article, opts.after);
  const images =
    opts.images !== false && env.fetchBytes
      ? await fetchImages(sameSiteImages(book, parser), env.fetchBytes)
      : [];
  const files = buildEpub(book, {
    images,
    parser,
    ...(opts.vertical ? { vertical: true } : {}),
    ...(opts.chaptersPerVolume ? { chaptersPerVolume: opts.chaptersPerVolume } : {}),
    ...(env.sourceLabel ? { sourceLabel: env.sourceLabel } : {}),
  });
  const [first, ...rest] = files;
  if (!first) throw new Error("the book has no chapter");
  return {
    filename: first.filename,
    mime: "application/epub+zip",
    content: toBase64(first.bytes),
    encoding: "base64",
    pages: book.pages.length,
    ...(rest.length > 0
      ? { more: rest.map((f) => ({ filename: f.filename, content: toBase64(f.bytes) })) }
      : {}),
  };
}

/**
 * A serial's article as a book: when every chapter has a heading (chapter mode), the
 * chapters' `<title>`s say the work's title, the site name and each chapter's own title
 * (./work-title.ts); otherwise the article is unchanged.
 *
 * @param article the joined article
 * @param titles each page's `<title>`, in the article's page order
 * @returns a copy with the work's title, the site name, and as each chapter's heading the
 *   site's chapter heading, or the chapter's own part of its `<title>` where the heading
 *   holds the whole `<title>`
 */
export function asBook(article: JoinedArticle, titles: readonly string[]): JoinedArticle {
  if (article.pages.length < 2 || article.pages.some((p) => !p.heading)) return article;
  let host: string | null = null;
  try {
    host = new URL(article.url).hostname;
  } catch {
    /* no host hint */
  }
  const t = workTitles(titles, { siteName: article.siteName ?? null, host });
  // A heading that holds the whole `<title>` ("Chapter 2 · Storm Warning – Harbor Lights",
  // the separator's words around it) says no more than the title's own part.
  const whole = (heading: string, title: string) =>
    squash(title) !== "" && squash(heading).includes(squash(title));
  return {
    ...article,
    title: t.work ?? article.title,
    siteName: t.work && t.site ? t.site : article.siteName || t.site,
    pages: article.pages.map((p, i) => ({
      ...p,
      heading:
        p.heading && !whole(p.heading, titles[i] ?? "") ? p.heading : t.chapters[i] || p.heading,
    })),
  };
}
