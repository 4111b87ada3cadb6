/**
 * Options of every `tsugi` command in one table: parsing (node:util parseArgs, strict),
 * `--help` text listing each option with its default, and the one-line error for an
 * unknown option. Pure: nothing here touches the browser or the file system.
 */
import { parseArgs } from "node:util";

/** One option of a command. */
export interface OptionSpec {
  name: string;
  type: "string" | "boolean";
  /** value placeholder shown in help, e.g. "N" */
  arg?: string;
  /** default value shown in help and returned when absent ("" for none) */
  default?: string | boolean;
  help: string;
}

/** One command: its positional arguments and options. */
export interface CommandSpec {
  name: string;
  synopsis: string[];
  summary: string;
  options: OptionSpec[];
}

/** A user error: printed as one line on stderr, exit code 2. */
export class UsageError extends Error {}

const pageOptions = (origin: string): OptionSpec[] => [
  {
    name: "url",
    type: "string",
    arg: "URL",
    default: `${origin}<file name>`,
    help: "URL a saved file is served at (its links resolve against it)",
  },
  {
    name: "charset",
    type: "string",
    arg: "CS",
    default: "sniffed from <meta> and BOM",
    help: "charset of a saved file",
  },
];

const BATCH_OPTIONS: OptionSpec[] = [
  {
    name: "warc",
    type: "boolean",
    default: false,
    help: 'read the pages from the web archives given (.warc, .warc.gz): every HTML response record is answered, one line each with its "id" (WARC-Record-ID), "url" (WARC-Target-URI), "status", "charset", "warcFile" and "offset"; other records are skipped and counted',
  },
  {
    name: "batch",
    type: "string",
    arg: "FILE|-",
    default: "none: one page",
    help: 'manifest of JSON lines {"id","file","url","charset"} ("-" reads stdin), files relative to it; lines come in completion order, each with its id',
  },
  {
    name: "jobs",
    type: "string",
    arg: "N",
    default: "number of cores",
    help: "pages rendered side by side",
  },
  {
    name: "timeout",
    type: "string",
    arg: "S",
    default: "30",
    help: 'seconds a page may take to load and be measured; over it the line is {"id","error":"timeout"}',
  },
  {
    name: "resume",
    type: "string",
    arg: "FILE",
    default: "none",
    help: "skip ids already answered in FILE (an earlier run's output)",
  },
  {
    name: "shard",
    type: "string",
    arg: "K/N",
    default: "0/1: every line",
    help: "take only manifest lines (or WARC records, over the files in the order given) K, K+N, K+2N, ... (0-based, 0 <= K < N)",
  },
  {
    name: "progress",
    type: "boolean",
    default: false,
    help: "show progress on stderr (always on when stderr is a terminal)",
  },
];

const HELP: OptionSpec = { name: "help", type: "boolean", default: false, help: "show this help" };

/** Every command with its options (the `--help` text is built from this table). */
export const COMMANDS: CommandSpec[] = [
  {
    name: "detect",
    synopsis: [
      "tsugi detect <file|url> [options]",
      "tsugi detect --batch <manifest.jsonl|-> [options]",
      "tsugi detect --warc <file.warc[.gz]>... [options]",
    ],
    summary:
      'Find the next-page link and the page element; one JSON line per page {"id","url","nextUrl","pendingNextUrl","nextScore","candidates","pageElement","ms"} (pendingNextUrl: a link joined only once page 2 confirms it; candidates: the links tried after a refused page 2).',
    options: [
      ...pageOptions("http://tsugi.invalid/"),
      {
        name: "engine",
        type: "string",
        arg: "E",
        default: "chromium",
        help: "chromium (the page rendered, the extension's own run) or dom (parsed in Node without layout, as the extension reads a fetched page 2; no browser; saved pages and archives only)",
      },
      ...BATCH_OPTIONS,
      HELP,
    ],
  },
  {
    name: "extract",
    synopsis: [
      "tsugi extract <file|url> [options]",
      "tsugi extract --batch <manifest.jsonl|-> [options]",
      "tsugi extract --warc <file.warc[.gz]>... [options]",
    ],
    summary:
      'Extract the article; one JSON line per page {"id","url","title","byline","siteName","text","html"}.',
    options: [
      ...pageOptions("http://localhost/"),
      { name: "format", type: "string", arg: "F", default: "json", help: "json, md, html or text" },
      {
        name: "records",
        type: "boolean",
        default: false,
        help: 'the list\'s items instead: {"url","records":[{page,url,title,text,date?,author?}]}',
      },
      ...BATCH_OPTIONS,
      HELP,
    ],
  },
  {
    name: "join",
    synopsis: [
      "tsugi join <url> [options]",
      "tsugi join --warc <file.warc[.gz]>... <url> [options]",
    ],
    summary: "Open the URL with the extension and print the joined article.",
    options: [
      {
        name: "warc",
        type: "boolean",
        default: false,
        help: "serve the pages the web archives given hold, offline, at their URLs (others answer 404)",
      },
      {
        name: "replay",
        type: "string",
        arg: "DIR",
        help: "serve a saved multipage/ capture offline",
        default: "none: the live site",
      },
      {
        name: "max-pages",
        type: "string",
        arg: "N",
        default: "extension's cap",
        help: "stop after N pages (1-1000)",
      },
      { name: "format", type: "string", arg: "F", default: "md", help: "md, html, json or epub" },
      {
        name: "out",
        type: "string",
        arg: "FILE",
        default: "stdout (epub: required)",
        help: "write the export to FILE (a book split into volumes: FILE-2.epub, …)",
      },
      {
        name: "chapters",
        type: "boolean",
        default: false,
        help: 'turn "Join the next chapter" on for the site: join a serial chapter by chapter',
      },
      {
        name: "vertical",
        type: "boolean",
        default: false,
        help: "epub: vertical text, right-to-left pages (Japanese)",
      },
      {
        name: "no-images",
        type: "boolean",
        default: false,
        help: "epub: leave the pages' images out",
      },
      {
        name: "volume",
        type: "string",
        arg: "N",
        default: "0: one book",
        help: "epub: at most N chapters per book",
      },
      {
        name: "after",
        type: "string",
        arg: "URL",
        default: "none",
        help: "epub: only the chapters after this one (new chapters since the last book)",
      },
      {
        name: "lang",
        type: "string",
        arg: "L",
        default: "en",
        help: "browser UI language, e.g. ja: the words of the page separators",
      },
      {
        name: "screenshot",
        type: "string",
        arg: "PNG",
        help: "save a screenshot of the joined page",
        default: "none",
      },
      HELP,
    ],
  },
  {
    name: "demo",
    synopsis: ["tsugi demo [options]"],
    summary: "Join the bundled demo site and write the results.",
    options: [
      {
        name: "out",
        type: "string",
        arg: "DIR",
        default: "out/demo",
        help: "where to write joined.md/html/json and the screenshot",
      },
      { name: "headed", type: "boolean", default: false, help: "open a browser window instead" },
      HELP,
    ],
  },
];

/** Find a command's spec by name. */
export function commandSpec(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}

function optionLine(o: OptionSpec): string {
  const flag = `--${o.name}${o.arg ? ` ${o.arg}` : ""}`;
  const def = o.default === undefined || o.default === "" ? "" : ` [default: ${String(o.default)}]`;
  return `  ${flag.padEnd(22)} ${o.help}${def}`;
}

/**
 * Help text: the general one (no command) or one command's, every option with its default.
 * @param version the package version, shown in the general help
 */
export function helpText(command: CommandSpec | undefined, version: string): string {
  if (command) {
    return [
      ...command.synopsis.map((s, i) => `${i === 0 ? "usage:" : "      "} ${s}`),
      "",
      command.summary,
      "",
      "options:",
      ...command.options.map(optionLine),
      "",
    ].join("\n");
  }
  return [
    `tsugi ${version}: next-page detection, article extraction and joining in headless Chromium`,
    "",
    "usage: tsugi <command> [options]      (tsugi <command> --help for its options)",
    "",
    "commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(8)} ${c.summary}`),
    "",
    "options:",
    "  --help                 show this help",
    "  --version              print the version",
    "",
    "environment:",
    "  TSUGI_CHROMIUM         the Chromium binary to run (default: Debian's headless shell",
    "                         for detect and extract where it is installed, else",
    "                         /usr/bin/chromium; join and demo load the extension, so",
    "                         they take /usr/bin/chromium)",
    "",
    "Exit code: 0 every page answered, 1 some page failed, 2 bad usage.",
    "",
  ].join("\n");
}

/** Parsed options (strings and booleans by option name, defaults applied) and positionals. */
export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * Parse a command's arguments strictly.
 * @throws UsageError "unknown option '--x' (see 'tsugi detect --help')" and the like
 */
export function parseCommand(spec: CommandSpec, args: string[]): Parsed {
  const options: Record<string, { type: "string" | "boolean" }> = {};
  for (const o of spec.options) options[o.name] = { type: o.type };
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options,
      strict: true,
    });
    const out: Record<string, string | boolean | undefined> = { ...values };
    for (const o of spec.options) {
      if (out[o.name] === undefined && typeof o.default === "boolean") out[o.name] = o.default;
    }
    return { values: out, positionals };
  } catch (e) {
    throw new UsageError(`${parseErrorLine(e)} (see 'tsugi ${spec.name} --help')`);
  }
}

/** node:util's parse error as one short line. */
function parseErrorLine(e: unknown): string {
  const code = (e as { code?: string }).code ?? "";
  const m = /'(-[^']*)'/.exec((e as Error).message);
  const flag = m?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option '${flag}'`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE")
    return `option '${flag.split(" ")[0]}' needs a value`;
  return (e as Error).message.split("\n")[0] ?? "bad arguments";
}

/** Options common to `--batch` runs, checked. */
export interface BatchOptions {
  jobs: number;
  timeoutMs: number;
  shard: { k: number; n: number } | null;
  resume: string | null;
  progress: boolean;
}

/**
 * Check the batch options.
 * @param cores default for --jobs
 * @throws UsageError for a bad --jobs, --timeout or --shard
 */
export function batchOptions(values: Parsed["values"], cores: number): BatchOptions {
  const jobs = values.jobs === undefined ? cores : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256)
    throw new UsageError("--jobs takes a whole number from 1 to 256");
  const timeout = values.timeout === undefined ? 30 : Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > 86_400)
    throw new UsageError("--timeout takes seconds, more than 0");
  return {
    jobs,
    timeoutMs: Math.round(timeout * 1000),
    shard: values.shard === undefined ? null : parseShard(String(values.shard)),
    resume: typeof values.resume === "string" ? values.resume : null,
    progress: values.progress === true,
  };
}

/**
 * Parse `--shard K/N`: lines K, K+N, K+2N, ... (0-based), so `0/3 1/3 2/3` cover all.
 * @throws UsageError unless 0 <= K < N
 */
export function parseShard(s: string): { k: number; n: number } {
  const m = /^(\d+)\/(\d+)$/.exec(s.trim());
  const k = Number(m?.[1]);
  const n = Number(m?.[2]);
  if (!m || n < 1 || k >= n)
    throw new UsageError(`--shard takes K/N with 0 <= K < N (0-based), not '${s}'`);
  return { k, n };
}
