/**
 * `tsugi` command (contract in ../shared/design/ARCHITECTURE.md):
 *   tsugi join <url> [--replay DIR] [--max-pages N] [--format md|html|json] [--screenshot PNG] [--lang en|ja]
 *   tsugi demo [--out DIR] [--headed]
 *   tsugi extract <file|url> [--url URL] [--charset CS] [--format json|md|html|text] | --batch FILE
 *   tsugi detect <file|url> [--url URL] [--charset CS] | tsugi detect --batch manifest.jsonl
 * Exit 0 on success, 2 on bad input (one line on stderr), 1 on other failures.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { exportWords } from "../export/export-words";
import type { ExportWords } from "../export/joined-article";
import { type JoinedArticle, toHtml, toJson, toMarkdown } from "../export/joined-article";
import { readCase, repoRoot } from "../replay/cases";
import { startStaticServer } from "../serve/static-server";
import { launchChromium } from "./browser";
import { DetectInputError, jobFromArgs, jobsFromManifest, runDetect } from "./detect";
import { extractCommand } from "./extract";
import { joinWithBrowser } from "./join";
import { localeMessages } from "./locale";

/** A user error: printed as one line, exit code 2. */
export class UsageError extends Error {}

const USAGE =
  "usage: tsugi join <url> [--replay DIR] [--max-pages N] [--format md|html|json] [--screenshot PNG] [--lang en|ja] | tsugi demo [--out DIR] [--headed] | tsugi detect <file|url> [--url URL] [--charset CS] | tsugi detect --batch manifest.jsonl | tsugi extract <file|url> [--url URL] [--charset CS] [--format json|md|html|text] | tsugi extract --batch manifest.jsonl";

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

async function joinCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      replay: { type: "string" },
      "max-pages": { type: "string" },
      format: { type: "string", default: "md" },
      screenshot: { type: "string" },
      lang: { type: "string" },
    },
  });
  const [url, ...extra] = positionals;
  if (!url || extra.length > 0) throw new UsageError(USAGE);
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
  if (!["md", "html", "json"].includes(fmt))
    throw new UsageError(`unknown --format '${fmt}' (md, html or json)`);
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
  const article = await joinWithBrowser({
    url,
    extensionDir: extensionDir(),
    ...(values.lang ? { locale: values.lang } : {}),
    ...(replayDir ? { replayDir } : {}),
    ...(maxPages !== undefined ? { maxPages } : {}),
    ...(values.screenshot ? { screenshot: resolve(values.screenshot) } : {}),
  });
  process.stdout.write(format(article, fmt, words));
}

async function demoCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      out: { type: "string", default: "out/demo" },
      headed: { type: "boolean", default: false },
    },
  });
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
    });
    writeFileSync(join(out, "joined.md"), toMarkdown(article));
    writeFileSync(join(out, "joined.html"), toHtml(article));
    writeFileSync(join(out, "joined.json"), toJson(article));
    process.stdout.write(
      `tsugi demo: joined ${article.pages.length} pages of ${url} (${article.state}${article.reason ? `: ${article.reason}` : ""})\n` +
        `wrote ${join(out, "joined.md")}, joined.html, joined.json and screenshot.png\n`,
    );
    if (article.pages.length < 2) throw new Error("the demo joined no page: detection failed");
  } finally {
    await site.close();
  }
}

async function detectCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { batch: { type: "string" }, url: { type: "string" }, charset: { type: "string" } },
  });
  try {
    if (values.batch !== undefined) {
      if (positionals.length > 0 || values.url || values.charset) throw new UsageError(USAGE);
      const jobs = jobsFromManifest(values.batch);
      await runDetect(jobs, (line) => process.stdout.write(`${line}\n`));
      return;
    }
    const [target, ...extra] = positionals;
    if (!target || extra.length > 0) throw new UsageError(USAGE);
    const job = jobFromArgs(target, values.url, values.charset);
    let out = "";
    const failed = await runDetect([job], (line) => {
      out = line;
    });
    if (failed > 0)
      throw new Error(`detect failed: ${(JSON.parse(out) as { error: string }).error}`);
    process.stdout.write(`${out}\n`);
  } catch (e) {
    if (e instanceof DetectInputError) throw new UsageError(e.message);
    throw e;
  }
}

/** Run the command line; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "extract") return await extractCommand(rest, (m) => new UsageError(m));
    if (command === "join") await joinCommand(rest);
    else if (command === "demo") await demoCommand(rest);
    else if (command === "detect") await detectCommand(rest);
    else throw new UsageError(USAGE);
    return 0;
  } catch (e) {
    const bad =
      e instanceof UsageError ||
      (e instanceof TypeError && "code" in e && String(e.code).startsWith("ERR_PARSE_ARGS"));
    process.stderr.write(`tsugi: ${(e as Error).message.split("\n")[0]}\n`);
    return bad ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
