/**
 * A joined article or serial as an EPUB 3 book: one XHTML file per joined page or
 * chapter (./xhtml.ts), a `nav.xhtml` table of contents from the chapters' headings and
 * an NCX for EPUB 2 readers, the package document with `dc:title`, `dc:creator` (the
 * author, src/extract/author.ts), `dc:publisher` (the site name, seed 004's split:
 * src/extract/site-title.ts), `dc:language`, `dc:source` (page 1's URL), `dc:identifier`
 * and `dcterms:modified`; the pages' images embedded when given. Zipped by fflate with
 * `mimetype` first and stored, as OCF requires. A long serial is split into volumes of
 * `chaptersPerVolume` chapters; Japanese books can be set vertical (`vertical-rl`,
 * right-to-left page progression).
 */
import { strToU8, type Zippable, zipSync } from "fflate";
import { exportFilename, type JoinedArticle } from "./joined-article";
import { chapterXhtml, escapeXml } from "./xhtml";

/** An image the book holds, by the absolute URL the pages use. */
export interface BookImage {
  url: string;
  bytes: Uint8Array;
  /** "image/png", "image/jpeg", "image/gif", "image/webp" or "image/svg+xml". */
  mime: string;
}

/** How the book is made. */
export interface EpubOptions {
  /** Language tag; default: guessed from the text (ja, zh, else en). */
  lang?: string;
  /** Vertical text, right-to-left pages (Japanese, Chinese). */
  vertical?: boolean;
  /** At most this many chapters per book; 0 or absent: one book. */
  chaptersPerVolume?: number;
  /** Images to embed (the caller fetched them: same site, size-capped). */
  images?: readonly BookImage[];
  /** Time written as `dcterms:modified`; default now. */
  now?: Date;
  /** The label of each chapter's URL line ("Source"). */
  sourceLabel?: string;
  /** An HTML parser (tests in Node pass jsdom's). */
  parser?: DOMParser;
}

/** One book file. */
export interface EpubFile {
  /** e.g. "star-traveller.epub", "star-traveller-2.epub" for a second volume. */
  filename: string;
  bytes: Uint8Array;
  /** Chapters it holds. */
  chapters: number;
}

const MEDIA_EXT: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/svg+xml": "svg",
};

/**
 * The book's language when none is given: Japanese when kana are in the text, Chinese
 * when Han characters are frequent, else English.
 * @param text some of the book's text
 */
export function guessLanguage(text: string): string {
  const sample = text.slice(0, 5000);
  if (/[\u3040-\u30ff]/.test(sample)) return "ja";
  const han = sample.match(/\p{Script=Han}/gu)?.length ?? 0;
  return han > sample.length / 10 ? "zh" : "en";
}

/**
 * A stable identifier for the work: a UUID-shaped hash of its first URL, so that a book
 * made again (with new chapters) carries the same `dc:identifier`.
 * @param url page 1's URL
 * @returns `urn:uuid:…`
 */
export function workIdentifier(url: string): string {
  // Four FNV-1a passes with different seeds give the 128 bits a UUID holds.
  const hex = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b]
    .map((seed) => {
      let h = seed >>> 0;
      for (let i = 0; i < url.length; i++) h = Math.imul(h ^ url.charCodeAt(i), 16777619) >>> 0;
      return h.toString(16).padStart(8, "0");
    })
    .join("");
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A chapter's title: its heading, else "Page N" / the article's title for page 1. */
function chapterTitle(article: JoinedArticle, index: number): string {
  const p = article.pages[index];
  if (!p) return "";
  return p.heading?.trim() || (index === 0 ? article.title : `${article.title} (${p.number})`);
}

const CSS = (vertical: boolean) =>
  `body{margin:0 1em;line-height:1.7;font-family:serif}
h1,h2{line-height:1.3}
img{max-width:100%;height:auto}
.source{font-size:.75em;color:#666;word-break:break-all}
rt{font-size:.5em}
${vertical ? "html{writing-mode:vertical-rl;-epub-writing-mode:vertical-rl;-webkit-writing-mode:vertical-rl}\n" : ""}`;

const xml = (s: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${s}`;

/**
 * Build the book(s) of a joined article.
 *
 * @param article the joined article (chapters in order, each with its URL and heading)
 * @param opts language, vertical text, volume size, images
 * @returns one file per volume, in order
 * @throws Error when the article has no page
 */
export function buildEpub(article: JoinedArticle, opts: EpubOptions = {}): EpubFile[] {
  if (article.pages.length === 0) throw new Error("buildEpub: the article has no page");
  const per =
    opts.chaptersPerVolume && opts.chaptersPerVolume > 0
      ? opts.chaptersPerVolume
      : article.pages.length;
  const volumes = Math.ceil(article.pages.length / per);
  const stem = exportFilename(article.title, "text", "epub").replace(/\.epub$/, "");
  const out: EpubFile[] = [];
  for (let v = 0; v < volumes; v++) {
    const from = v * per;
    const to = Math.min(article.pages.length, from + per);
    out.push({
      filename: volumes > 1 ? `${stem}-${v + 1}.epub` : `${stem}.epub`,
      bytes: buildVolume(article, from, to, volumes > 1 ? v + 1 : 0, opts),
      chapters: to - from,
    });
  }
  return out;
}

function buildVolume(
  article: JoinedArticle,
  from: number,
  to: number,
  volume: number,
  opts: EpubOptions,
): Uint8Array {
  const lang = opts.lang || guessLanguage(article.pages.map((p) => p.text).join(" "));
  const vertical = opts.vertical === true;
  const title = volume > 0 ? `${article.title} (${volume})` : article.title;
  const id = volume > 0 ? `${workIdentifier(article.url)}-${volume}` : workIdentifier(article.url);
  const modified = `${(opts.now ?? new Date()).toISOString().replace(/\.\d+Z$/, "Z")}`;
  const images = new Map<string, { path: string; image: BookImage }>();
  (opts.images ?? []).forEach((image, i) => {
    const ext = MEDIA_EXT[image.mime];
    if (ext && !images.has(image.url))
      images.set(image.url, { path: `images/${i + 1}.${ext}`, image });
  });
  const used = new Set<string>();
  const imagePath = (url: string) => {
    const hit = images.get(url);
    if (!hit) return null;
    used.add(url);
    return hit.path;
  };
  const files: Zippable = {};
  const chapters: { file: string; title: string; url: string }[] = [];
  for (let i = from; i < to; i++) {
    const p = article.pages[i];
    if (!p) continue;
    const file = `chapter-${String(i + 1).padStart(4, "0")}.xhtml`;
    const t = chapterTitle(article, i);
    chapters.push({ file, title: t, url: p.url });
    files[`OEBPS/${file}`] = strToU8(
      chapterXhtml(
        {
          title: t,
          html: p.html,
          url: p.url,
          lang,
          stylesheet: "style.css",
          imagePath,
          ...(opts.sourceLabel ? { sourceLabel: opts.sourceLabel } : {}),
        },
        opts.parser,
      ),
    );
  }
  for (const url of used) {
    const hit = images.get(url);
    if (hit) files[`OEBPS/${hit.path}`] = [hit.image.bytes, { level: 0 }];
  }
  files["OEBPS/style.css"] = strToU8(CSS(vertical));
  files["OEBPS/nav.xhtml"] = strToU8(navXhtml(title, lang, chapters));
  files["OEBPS/toc.ncx"] = strToU8(ncx(title, id, chapters));
  files["OEBPS/content.opf"] = strToU8(
    opf({
      article,
      title,
      id,
      lang,
      modified,
      vertical,
      chapters,
      images: [...used].map((u) => images.get(u)).filter((x) => x !== undefined),
    }),
  );
  files["META-INF/container.xml"] = strToU8(
    xml(
      `<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\n  <rootfiles>\n    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>\n  </rootfiles>\n</container>\n`,
    ),
  );
  // OCF: `mimetype` is the first entry, stored, with no extra field; objects keep their
  // insertion order, so it is put first.
  const ordered: Zippable = { mimetype: [strToU8("application/epub+zip"), { level: 0 }] };
  for (const [k, v] of Object.entries(files)) ordered[k] = v;
  return zipSync(ordered, { level: 9, mtime: opts.now ?? new Date() });
}

function navXhtml(
  title: string,
  lang: string,
  chapters: readonly { file: string; title: string }[],
): string {
  const items = chapters
    .map((c) => `      <li><a href="${c.file}">${escapeXml(c.title)}</a></li>`)
    .join("\n");
  return xml(`<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${escapeXml(lang)}" xml:lang="${escapeXml(lang)}">
<head><meta charset="utf-8"/><title>${escapeXml(title)}</title><link rel="stylesheet" type="text/css" href="style.css"/></head>
<body>
  <nav epub:type="toc" id="toc">
    <h1>${escapeXml(title)}</h1>
    <ol>
${items}
    </ol>
  </nav>
</body>
</html>
`);
}

function ncx(title: string, id: string, chapters: readonly { file: string; title: string }[]) {
  const points = chapters
    .map(
      (c, i) =>
        `    <navPoint id="p${i + 1}" playOrder="${i + 1}"><navLabel><text>${escapeXml(c.title)}</text></navLabel><content src="${c.file}"/></navPoint>`,
    )
    .join("\n");
  return xml(`<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
  <head>
    <meta name="dtb:uid" content="${escapeXml(id)}"/>
    <meta name="dtb:depth" content="1"/>
    <meta name="dtb:totalPageCount" content="0"/>
    <meta name="dtb:maxPageNumber" content="0"/>
  </head>
  <docTitle><text>${escapeXml(title)}</text></docTitle>
  <navMap>
${points}
  </navMap>
</ncx>
`);
}

function opf(b: {
  article: JoinedArticle;
  title: string;
  id: string;
  lang: string;
  modified: string;
  vertical: boolean;
  chapters: readonly { file: string; title: string; url: string }[];
  images: readonly { path: string; image: BookImage }[];
}): string {
  const { article } = b;
  const meta = [
    `    <dc:identifier id="bookid">${escapeXml(b.id)}</dc:identifier>`,
    `    <dc:title>${escapeXml(b.title)}</dc:title>`,
    `    <dc:language>${escapeXml(b.lang)}</dc:language>`,
    article.byline ? `    <dc:creator id="creator">${escapeXml(article.byline)}</dc:creator>` : "",
    article.siteName ? `    <dc:publisher>${escapeXml(article.siteName)}</dc:publisher>` : "",
    `    <dc:source>${escapeXml(article.url)}</dc:source>`,
    `    <meta property="dcterms:modified">${b.modified}</meta>`,
    `    <meta name="generator" content="tsugi"/>`,
  ].filter(Boolean);
  const manifest = [
    `    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`,
    `    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>`,
    `    <item id="css" href="style.css" media-type="text/css"/>`,
    ...b.chapters.map(
      (c, i) => `    <item id="c${i + 1}" href="${c.file}" media-type="application/xhtml+xml"/>`,
    ),
    ...b.images.map(
      (m, i) => `    <item id="img${i + 1}" href="${m.path}" media-type="${m.image.mime}"/>`,
    ),
  ];
  const spine = b.chapters.map((_, i) => `    <itemref idref="c${i + 1}"/>`);
  return xml(`<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid" xml:lang="${escapeXml(b.lang)}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
${meta.join("\n")}
  </metadata>
  <manifest>
${manifest.join("\n")}
  </manifest>
  <spine toc="ncx"${b.vertical ? ` page-progression-direction="rtl"` : ""}>
${spine.join("\n")}
  </spine>
</package>
`);
}
