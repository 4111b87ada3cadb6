/**
 * The labelled corpus as a list of pages to render (`../shared/corpus`, read in place):
 * pagination pages with next-link and page-element labels, readability test pages with
 * their expected article, and googletrends pages with element labels. Label corrections
 * from `label-overrides.json` are applied here, each with its reason kept in that file.
 */

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { corpusDir, repoRoot } from "../replay/cases";
import type { HarvestInput } from "./harvest";

/** Corpus part a page comes from. */
export type CorpusPart = "pagination" | "readability" | "googletrends" | "dragnet";

/** Kind of page a reader opens: a list (pages of items: the pagination corpus) or an
 * article (one document: the article corpora). False activation is measured per kind. */
export type PageKind = "list" | "article";

/**
 * The kind of page a corpus part holds.
 *
 * @param part corpus part
 * @returns "list" for the pagination pages, "article" for the article corpora
 */
export function kindOfPart(part: CorpusPart | string): PageKind {
  return part === "pagination" ? "list" : "article";
}

/** One page to render and label. */
export interface CorpusPage {
  /** unique id, `<part>/<id>` */
  key: string;
  part: CorpusPart;
  /** cross-validation group: pages of one group never straddle folds (the site) */
  group: string;
  /** file with the raw bytes */
  file: string;
  /** charset to decode with ("" lets the browser sniff) */
  charset: string;
  /** language tag from the labels ("" when unknown) */
  language: string;
  input: HarvestInput;
}

interface PaginationLabel {
  id: string;
  url: string;
  charset: string;
  language: string;
  site: string;
  next: string;
}

/** One correction of a corpus label, with the reason it was made. */
export interface LabelOverride {
  id: string;
  field: "next" | "pageElement";
  value: string;
  reason: string;
}

function jsonl<T>(path: string): T[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T);
}

/**
 * A corpus page's text, decoded with its labelled charset (UTF-8 when the label names
 * none, or one the runtime does not know).
 *
 * @param page the page
 * @returns the decoded HTML
 * @throws Error when the file cannot be read
 */
export function decodePage(page: CorpusPage): string {
  const bytes = readFileSync(page.file);
  try {
    return new TextDecoder(page.charset || "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/**
 * Label corrections kept in the project (`src/train/label-overrides.json`).
 *
 * @returns overrides in file order
 * @throws Error when the file is malformed
 */
export function readOverrides(): LabelOverride[] {
  const path = join(repoRoot(), "src", "train", "label-overrides.json");
  if (!existsSync(path)) return [];
  const list = JSON.parse(readFileSync(path, "utf8")) as LabelOverride[];
  for (const o of list) {
    if (
      !o.id ||
      (o.field !== "next" && o.field !== "pageElement") ||
      typeof o.value !== "string" ||
      !o.reason
    ) {
      throw new Error(`label-overrides.json: bad entry ${JSON.stringify(o)}`);
    }
  }
  return list;
}

/**
 * Pagination pages with their (overridden) labels.
 *
 * @returns 328 pages; `pageElementSelector` is set on pages with a next link
 */
export function paginationPages(): CorpusPage[] {
  const dir = join(corpusDir(), "pagination");
  const labels = jsonl<PaginationLabel>(join(dir, "labels.jsonl"));
  const elements = new Map(
    jsonl<{ id: string; pageElement: string }>(join(dir, "page-elements.jsonl")).map((e) => [
      e.id,
      e.pageElement,
    ]),
  );
  const overrides = readOverrides();
  return labels.map((l) => {
    let next = l.next;
    let pageElement = elements.get(l.id) ?? "";
    for (const o of overrides) {
      if (o.id !== l.id) continue;
      if (o.field === "next") next = o.value;
      else pageElement = o.value;
    }
    return {
      key: `pagination/${l.id}`,
      part: "pagination",
      group: `site:${l.site}`,
      file: join(dir, "pages", `${l.id}.html`),
      charset: l.charset,
      language: l.language,
      input: { pageUrl: l.url, nextSelector: next, pageElementSelector: next ? pageElement : "" },
    };
  });
}

/**
 * The next-link label of an article page from the project's label file: the corpora of
 * articles carry no next-link labels, so each article page is a page without a next page
 * unless an override (id `<part>/<id>`, field `next`) names its article pager.
 *
 * @param key the page's `<part>/<id>`
 * @param overrides {@link readOverrides}
 * @returns a CSS selector of the next link(s), or "" for none
 */
export function articleNext(key: string, overrides: readonly LabelOverride[]): string {
  let next = "";
  for (const o of overrides) if (o.id === key && o.field === "next") next = o.value;
  return next;
}

/**
 * Mozilla Readability's test pages, saved at `http://fakehost/test/page.html`.
 *
 * @returns one page per test directory, gold = `expected.html`; a next-link label where
 *   the project's label file names an article pager ({@link articleNext})
 */
export function readabilityPages(): CorpusPage[] {
  const dir = join(corpusDir(), "articles", "readability");
  const overrides = readOverrides();
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, "source.html")))
    .sort()
    .map((name) => ({
      key: `readability/${name}`,
      part: "readability" as const,
      group: `readability:${name}`,
      file: join(dir, name, "source.html"),
      charset: "",
      language: "",
      input: {
        pageUrl: "http://fakehost/test/page.html",
        goldHtml: readFileSync(join(dir, name, "expected.html"), "utf8"),
        nextSelector: articleNext(`readability/${name}`, overrides),
      },
    }));
}

/**
 * GoogleTrends-2017 pages (BoilerNet); gold = elements with `__label="main"`. The page's
 * own canonical URL is used when it names one.
 *
 * @returns one page per file
 */
export function googletrendsPages(): CorpusPage[] {
  const dir = join(corpusDir(), "articles", "googletrends", "pages");
  const overrides = readOverrides();
  return readdirSync(dir)
    .filter((f) => f.endsWith(".html"))
    .sort()
    .map((f) => {
      const id = f.replace(/\.html$/, "");
      const head = readFileSync(join(dir, f), "latin1").slice(0, 200_000);
      const canonical =
        /<link[^>]+rel=["']canonical["'][^>]*href=["'](https?:\/\/[^"']+)["']/i.exec(head)?.[1] ??
        /<meta[^>]+property=["']og:url["'][^>]*content=["'](https?:\/\/[^"']+)["']/i.exec(
          head,
        )?.[1];
      const url = canonical ?? `http://googletrends.invalid/${f}`;
      // Without a canonical URL the site is unknown: the page is its own group.
      let group = `googletrends:${id}`;
      try {
        if (canonical) group = `site:${new URL(canonical).hostname.replace(/^www\./, "")}`;
      } catch {
        // keep the page's own group
      }
      return {
        key: `googletrends/${id}`,
        part: "googletrends" as const,
        group,
        file: join(dir, f),
        charset: "",
        language: "",
        input: {
          pageUrl: url,
          labelAttribute: "__label",
          labelValue: "main",
          nextSelector: articleNext(`googletrends/${id}`, overrides),
        },
      };
    });
}

interface DragnetLabel {
  id: string;
  url: string;
  charset: string;
  site: string;
  next: string;
}

/**
 * The Dragnet benchmark's article pages with their true-next-page labels
 * (`articles/dragnet`, AGPL-3.0 data): for evaluation only, never for a model that ships.
 * A page whose HTML declares no URL is rendered at `http://dragnet.invalid/<id>.html`,
 * its own group.
 *
 * @returns 1,381 pages; `nextSelector` "" on pages without a next page
 */
export function dragnetPages(): CorpusPage[] {
  const dir = join(corpusDir(), "articles", "dragnet");
  if (!existsSync(join(dir, "labels.jsonl"))) return [];
  return jsonl<DragnetLabel>(join(dir, "labels.jsonl")).map((l) => ({
    key: `dragnet/${l.id}`,
    part: "dragnet" as const,
    group: l.site ? `site:${l.site}` : `dragnet:${l.id}`,
    file: join(dir, "pages", `${l.id}.html`),
    charset: l.charset,
    language: "",
    input: { pageUrl: l.url || `http://dragnet.invalid/${l.id}.html`, nextSelector: l.next },
  }));
}

/**
 * Every labelled page of the corpus.
 *
 * @returns pagination, then readability, then googletrends pages
 */
export function allCorpusPages(): CorpusPage[] {
  return [...paginationPages(), ...readabilityPages(), ...googletrendsPages()];
}
