/**
 * `tsugi` command (contract in ../shared/design/ARCHITECTURE.md):
 *   tsugi join <url> [--replay DIR] [--max-pages N] [--format md|html|json|epub] [--out FILE]
 *              [--chapters] [--vertical] [--no-images] [--volume N] [--after URL]
 *              [--screenshot PNG] [--lang en|ja]
 *   tsugi demo [--out DIR] [--headed]
 *   tsugi extract <file|url> [--url URL] [--charset CS] [--format json|md|html|text] | --batch FILE
 *   tsugi detect <file|url> [--url URL] [--charset CS] | tsugi detect --batch manifest.jsonl
 *   (batch options: --jobs --timeout --resume --shard --progress; `tsugi <cmd> --help`)
 * Exit 0 on success, 2 on bad input (one line on stderr), 1 on other failures.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { version } from "../../package.json";
import { exportWords } from "../export/export-words";
import type { ExportWords } from "../export/joined-article";
import { type JoinedArticle, toHtml, toJson, toMarkdown } from "../export/joined-article";
import { readCase, repoRoot } from "../replay/cases";
import { startStaticServer } from "../serve/static-server";
import { Archive, startArchiveServer } from "./archive";
import { commandSpec, helpText, type Parsed, parseCommand, UsageError } from "./args";
import { bookOptionsOf, writeBook } from "./book";
import { launchChromium } from "./browser";
import { DEFAULT_FILE_ORIGIN, detectRunner, pageBundle, recordsRunner } from "./detect";
import { DomWorker, domRunner, domWorkerPath } from "./dom-runner";
import { EXTRACT_FILE_ORIGIN, extractBundle, extractRunner, FORMATS } from "./extract";
import { joinWithBrowser } from "./join";
import { localeMessages } from "./locale";
import { placeholderUrl } from "./manifest";
import { pageCommand, warcPaths } from "./page-command";

function extensionDir(): string {
  const dir = join(repoRoot(), "dist");
  if (!existsSync(join(dir, "manifest.json"))) {
    throw new UsageError(`no built extension in ${dir}: run 'npm run build' first`);
  }
  return dir;
}

function format(article: JoinedArticle, fmt: string, words?: ExportWords): string {
  if (fmt === "json") return toJson(article);
  if (fmt === "html") return toHtml(article, words);
  if (fmt === "md") return toMarkdown(article, words);
  throw new UsageError(`unknown --format '${fmt}' (md, html or json)`);
}

async function joinCommand({ values: v, positionals }: Parsed): Promise<void> {
  const values = v as {
    replay?: string;
    "max-pages"?: string;
    format?: string;
    screenshot?: string;
    lang?: string;
    out?: string;
    chapters?: boolean;
  };
  const warc = v.warc === true;
  // With --warc the archive files come first and the page to join last.
  const url = positionals.at(-1);
  if (!url || (!warc && positionals.length > 1) || (warc && positionals.length < 2))
    throw new UsageError(
      warc
        ? "usage: tsugi join --warc <file.warc[.gz]>... <url> (see 'tsugi join --help')"
        : "usage: tsugi join <url> [options] (see 'tsugi join --help')",
    );
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    /* reported below */
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
    throw new UsageError(`not an http(s) URL: ${url}`);
  }
  const fmt = values.format ?? "md";
  if (!["md", "html", "json", "epub"].includes(fmt))
    throw new UsageError(`unknown --format '${fmt}' (md, html, json or epub)`);
  if (fmt === "epub" && !values.out) throw new UsageError("--format epub needs --out FILE");
  const book = bookOptionsOf(v);
  const out = values.out ? resolve(values.out) : null;
  let maxPages: number | undefined;
  if (values["max-pages"] !== undefined) {
    maxPages = Number(values["max-pages"]);
    if (!Number.isInteger(maxPages) || maxPages < 1 || maxPages > 1000) {
      throw new UsageError("--max-pages takes a whole number from 1 to 1000");
    }
  }
  let replayDir: string | undefined;
  if (values.replay) {
    replayDir = resolve(values.replay);
    try {
      readCase(replayDir);
    } catch (e) {
      throw new UsageError(`--replay ${values.replay}: ${(e as Error).message}`);
    }
  }
  let words: ExportWords | undefined;
  try {
    words = values.lang === undefined ? undefined : exportWords(localeMessages(values.lang));
  } catch (e) {
    throw new UsageError(`--lang: ${(e as Error).message}`);
  }
  if (warc && replayDir) throw new UsageError("--warc and --replay are two sources: give one");
  const archiveServer = warc
    ? await startArchiveServer(
        new Archive(warcPaths({ values: v, positionals: positionals.slice(0, -1) })),
      )
    : null;
  const article = await joinWithBrowser({
    url,
    extensionDir: extensionDir(),
    ...(archiveServer ? { replayServer: archiveServer } : {}),
    ...(values.lang ? { locale: values.lang } : {}),
    ...(replayDir ? { replayDir } : {}),
    ...(maxPages !== undefined ? { maxPages } : {}),
    ...(values.screenshot ? { screenshot: resolve(values.screenshot) } : {}),
    ...(values.chapters ? { chapters: true } : {}),
    ...(fmt === "epub" && out
      ? {
          whileOpen: async (page: Page) => {
            const wrote = await writeBook(page, out, book);
            process.stderr.write(
              `tsugi: wrote ${wrote.paths.join(", ")} (${wrote.chapters} chapters)\n`,
            );
          },
        }
      : {}),
  }).finally(() => archiveServer?.close());
  if (fmt === "epub") return;
  if (out) writeFileSync(out, format(article, fmt, words));
  else process.stdout.write(format(article, fmt, words));
}

async function demoCommand({ values: v, positionals }: Parsed): Promise<void> {
  const values = v as { out?: string; headed?: boolean };
  if (positionals.length > 0)
    throw new UsageError("tsugi demo takes no page (see 'tsugi demo --help')");
  const site = await startStaticServer(join(repoRoot(), "demo", "site"));
  const url = `${site.origin}/index.html`;
  try {
    const headed = values.headed || (Boolean(process.env.DISPLAY) && !process.env.CI);
    if (headed) {
      const browser = await launchChromium({ extensionDir: extensionDir(), headless: false });
      const page = await browser.context.newPage();
      await page.goto(url);
      process.stderr.write(
        `tsugi demo: ${url} is open in Chromium with the extension; close the window to end.\n`,
      );
      await page.waitForEvent("close", { timeout: 0 });
      await browser.close();
      return;
    }
    const out = resolve(values.out ?? "out/demo");
    mkdirSync(out, { recursive: true });
    const article = await joinWithBrowser({
      url,
      extensionDir: extensionDir(),
      screenshot: join(out, "screenshot.png"),
      whileOpen: async (page) => {
        await writeBook(page, join(out, "joined.epub"), {});
      },
    });
    writeFileSync(join(out, "joined.md"), toMarkdown(article));
    writeFileSync(join(out, "joined.html"), toHtml(article));
    writeFileSync(join(out, "joined.json"), toJson(article));
    process.stdout.write(
      `tsugi demo: joined ${article.pages.length} pages of ${url} (${article.state}${article.reason ? `: ${article.reason}` : ""})\n` +
        `wrote ${join(out, "joined.md")}, joined.html, joined.json, joined.epub and screenshot.png\n`,
    );
    if (article.pages.length < 2) throw new Error("the demo joined no page: detection failed");
  } finally {
    await site.close();
  }
}

async function detectCommand(p: Parsed): Promise<number> {
  const engine = String(p.values.engine ?? "chromium");
  if (engine !== "chromium" && engine !== "dom")
    throw new UsageError(`unknown --engine '${engine}' (chromium or dom)`);
  // Page 2 of a page in the archive is looked up in the same files.
  const archive = p.values.warc === true ? new Archive(warcPaths(p)) : null;
  await archive?.prepare();
  if (engine === "dom") {
    const path = domWorkerPath();
    const workers: DomWorker[] = [];
    return pageCommand(
      {
        name: "detect",
        runner: () => {
          const w = new DomWorker(path);
          workers.push(w);
          return domRunner(w, archive);
        },
        defaultUrl: placeholderUrl(DEFAULT_FILE_ORIGIN),
        single: (fields) => `${JSON.stringify(fields)}\n`,
        close: async () => {
          await Promise.all(workers.map((w) => w.close()));
        },
      },
      p,
    );
  }
  const code = pageBundle();
  return pageCommand(
    {
      name: "detect",
      runner: (slot) => detectRunner(slot, code, archive),
      defaultUrl: placeholderUrl(DEFAULT_FILE_ORIGIN),
      single: (fields) => `${JSON.stringify(fields)}\n`,
    },
    p,
  );
}

function extractCommand(p: Parsed): Promise<number> {
  if (p.values.records) {
    const code = pageBundle();
    return pageCommand(
      {
        name: "extract",
        runner: (slot) => recordsRunner(slot, code),
        defaultUrl: placeholderUrl(EXTRACT_FILE_ORIGIN),
        single: (fields) => `${JSON.stringify(fields)}\n`,
      },
      p,
    );
  }
  const format = String(p.values.format ?? "json") as (typeof FORMATS)[number];
  if (!FORMATS.includes(format))
    throw new UsageError(`unknown --format '${format}' (json, md, html or text)`);
  const bundle = extractBundle();
  return pageCommand(
    {
      name: "extract",
      runner: (slot) => extractRunner(slot, bundle, format),
      defaultUrl: placeholderUrl(EXTRACT_FILE_ORIGIN),
      single: (fields) =>
        format === "json" ? `${JSON.stringify(fields)}\n` : String(fields[format]),
    },
    p,
  );
}

/** Run the command line; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined)
      throw new UsageError("usage: tsugi <command> [options] (see 'tsugi --help')");
    if (command === "--help" || command === "-h" || command === "help") {
      process.stdout.write(helpText(undefined, version));
      return 0;
    }
    if (command === "--version" || command === "-v") {
      process.stdout.write(`${version}\n`);
      return 0;
    }
    const spec = commandSpec(command);
    if (!spec) {
      const what = command.startsWith("-") ? "option" : "command";
      throw new UsageError(`unknown ${what} '${command}' (see 'tsugi --help')`);
    }
    const parsed = parseCommand(spec, rest);
    if (parsed.values.help) {
      process.stdout.write(helpText(spec, version));
      return 0;
    }
    if (command === "extract") return await extractCommand(parsed);
    if (command === "detect") return await detectCommand(parsed);
    if (command === "join") await joinCommand(parsed);
    else await demoCommand(parsed);
    return 0;
  } catch (e) {
    process.stderr.write(`tsugi: ${(e as Error).message.split("\n")[0]}\n`);
    return e instanceof UsageError ? 2 : 1;
  }
}

// A reader that stops reading (`| head`) ends the run quietly, as it would a Unix tool.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(1);
  throw e;
});
const code = await main(process.argv.slice(2));
// Exit even when a browser hangs on to the event loop; stdout is flushed first.
process.stdout.write("", () => process.exit(code));
