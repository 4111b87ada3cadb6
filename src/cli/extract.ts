/**
 * `tsugi extract` (contract in ../shared/design/ARCHITECTURE.md):
 *   tsugi extract <file|url> [--url URL] [--charset CS] [--format json|md|html|text]
 *   tsugi extract --batch manifest.jsonl      (lines {"id","file","url","charset"})
 * Each page is opened in headless Chromium (one browser for a whole batch) and the
 * extension's own extraction code (src/extract/, bundled as bin/tsugi-extract.js)
 * runs in it. A file is served at its `--url` (default `http://localhost/<name>`)
 * with every other request refused and page scripts off, so saved pages extract
 * offline and as parsed. Output: one JSON object per page,
 * `{"url","title","byline","siteName","text","html"}` (+ `"id"` in a batch), or the
 * article as Markdown, self-contained HTML or plain text with `--format`.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { type ExportFormat, formatArticle, type JoinedArticle } from "../export/joined-article";
import type { ExtractedArticle } from "../extract/article";
import { repoRoot } from "../replay/cases";
import { CHROMIUM_FLAGS, chromiumPath } from "./browser";
import { openSavedPage } from "./saved-page";

/** One page to extract: a saved file (served at `url`) or a live URL. */
export interface ExtractInput {
  id?: string;
  file?: string;
  url: string;
  charset?: string;
}

/** The page-side bundle built by `npm run build:cli`. */
export function extractBundle(): string {
  const path = join(repoRoot(), "bin", "tsugi-extract.js");
  if (!existsSync(path)) throw new Error(`no ${path}: run 'npm run build' first`);
  return readFileSync(path, "utf8");
}

/**
 * Extract pages one after another in one headless Chromium.
 * @param onPage called with each page's result (or its error) as soon as it is done
 * @throws Error when Chromium cannot start
 */
export async function extractPages(
  inputs: readonly ExtractInput[],
  onPage: (input: ExtractInput, result: ExtractedArticle | Error) => void,
): Promise<void> {
  const bundle = extractBundle();
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
  try {
    for (const input of inputs) {
      try {
        onPage(input, await extractOne(browser, bundle, input));
      } catch (e) {
        onPage(input, e instanceof Error ? e : new Error(String(e)));
      }
    }
  } finally {
    await browser.close();
  }
}

async function extractOne(
  browser: Browser,
  bundle: string,
  input: ExtractInput,
): Promise<ExtractedArticle> {
  const context = await browser.newContext({ javaScriptEnabled: !input.file });
  try {
    let page: Page;
    if (input.file) {
      page = await openSavedPage(context, {
        url: input.url,
        bytes: readFileSync(input.file),
        charset: input.charset ?? "",
      });
    } else {
      page = await context.newPage();
      await page.goto(input.url, { waitUntil: "domcontentloaded", timeout: 60_000 });
    }
    const code = `(() => { ${bundle}\n; return tsugiExtract.run({ url: ${JSON.stringify(input.url)} }); })()`;
    return (await page.evaluate(code)) as ExtractedArticle;
  } finally {
    await context.close();
  }
}

/** The JSON line for one page (the contract's fields, plus `id` in a batch). */
export function extractJson(a: ExtractedArticle, id?: string): string {
  return JSON.stringify({
    ...(id !== undefined ? { id } : {}),
    url: a.url,
    title: a.title,
    byline: a.byline,
    siteName: a.siteName,
    text: a.text,
    html: a.html,
  });
}

/** One page's article as a one-page {@link JoinedArticle}, for the export formats. */
export function asJoined(a: ExtractedArticle): JoinedArticle {
  return {
    url: a.url,
    title: a.title,
    byline: a.byline,
    siteName: a.siteName,
    pages: [{ number: 1, url: a.url, html: a.html, text: a.text }],
    state: "extracted",
    reason: null,
    detectMs: null,
  };
}

/** Output of one page in a format: "json" gives the JSON line. */
export function formatExtract(a: ExtractedArticle, format: "json" | ExportFormat): string {
  return format === "json" ? `${extractJson(a)}\n` : formatArticle(asJoined(a), format);
}

/**
 * Read a batch manifest: one JSON object per line, `{"id","file","url","charset"}`;
 * `file` is relative to the manifest's folder; blank lines are skipped.
 * @throws Error naming the first bad line
 */
export function readManifest(path: string): ExtractInput[] {
  const dir = dirname(resolve(path));
  const out: ExtractInput[] = [];
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (!line.trim()) return;
      let o: Record<string, unknown>;
      try {
        o = JSON.parse(line);
      } catch {
        throw new Error(`${basename(path)} line ${i + 1}: not JSON`);
      }
      const id = o.id === undefined ? String(i + 1) : String(o.id);
      const file = typeof o.file === "string" ? resolve(dir, o.file) : undefined;
      if (file && !existsSync(file))
        throw new Error(`${basename(path)} line ${i + 1}: no file ${o.file}`);
      const url = typeof o.url === "string" ? o.url : file ? fileUrl(file) : "";
      if (!url) throw new Error(`${basename(path)} line ${i + 1}: needs "file" or "url"`);
      out.push({
        id,
        url,
        ...(file ? { file } : {}),
        ...(typeof o.charset === "string" && o.charset ? { charset: o.charset } : {}),
      });
    });
  return out;
}

/** The URL a file is served at when none is given. */
export function fileUrl(file: string): string {
  return `http://localhost/${encodeURIComponent(basename(file))}`;
}

const FORMATS = ["json", "md", "html", "text"] as const;

/**
 * Run `tsugi extract` with its arguments; writes to stdout.
 * @param usage makes the error for bad input (exit code 2, one line on stderr)
 * @returns 0, or 1 when some page of a batch failed (reported on its own line)
 */
export async function extractCommand(
  args: string[],
  usage: (message: string) => Error,
): Promise<number> {
  const { parseArgs } = await import("node:util");
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      batch: { type: "string" },
      url: { type: "string" },
      charset: { type: "string" },
      format: { type: "string", default: "json" },
    },
  });
  const format = (values.format ?? "json") as (typeof FORMATS)[number];
  if (!FORMATS.includes(format))
    throw usage(`unknown --format '${values.format}' (json, md, html or text)`);
  if (values.batch) {
    if (positionals.length > 0) throw usage("--batch takes no other page");
    if (!existsSync(values.batch)) throw usage(`no such manifest: ${values.batch}`);
    let inputs: ExtractInput[];
    try {
      inputs = readManifest(values.batch);
    } catch (e) {
      throw usage((e as Error).message);
    }
    let failed = 0;
    await extractPages(inputs, (input, r) => {
      if (r instanceof Error) {
        failed++;
        process.stdout.write(
          `${JSON.stringify({ id: input.id, error: r.message.split("\n")[0] })}\n`,
        );
      } else if (format === "json") process.stdout.write(`${extractJson(r, input.id)}\n`);
      else
        process.stdout.write(
          `${JSON.stringify({ id: input.id, [format]: formatExtract(r, format) })}\n`,
        );
    });
    return failed > 0 ? 1 : 0;
  }
  const [target, ...extra] = positionals;
  if (!target || extra.length > 0)
    throw usage(
      "usage: tsugi extract <file|url> [--url URL] [--charset CS] [--format json|md|html|text] | tsugi extract --batch manifest.jsonl",
    );
  let input: ExtractInput;
  if (/^https?:\/\//i.test(target)) {
    input = { url: target };
  } else {
    if (!existsSync(target)) throw usage(`no such file: ${target}`);
    const file = resolve(target);
    let url = fileUrl(file);
    if (values.url) {
      try {
        url = new URL(values.url).href;
      } catch {
        throw usage(`not a URL: ${values.url}`);
      }
    }
    input = { file, url, ...(values.charset ? { charset: values.charset } : {}) };
  }
  let out: ExtractedArticle | Error = new Error("not extracted");
  await extractPages([input], (_i, r) => {
    out = r;
  });
  if (out instanceof Error) throw out;
  process.stdout.write(formatExtract(out, format));
  return 0;
}
