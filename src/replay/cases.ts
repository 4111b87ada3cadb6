/**
 * Access to the shared corpus of website captures (`<corpus>/multipage/<case>/case.yaml`).
 *
 * The corpus is read in place (never copied into the repository). Its location is
 * `$TSUGI_CORPUS` when set, else `../shared/corpus` relative to the repository root.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

/** One replayable capture: its start page and the map of every captured URL to its file. */
export interface ReplayCase {
  /** Case name: the basename of the case directory, e.g. `arstechnica-002`. */
  name: string;
  /** Absolute path of the case directory. */
  dir: string;
  /** The article's start URL (`url` in case.yaml), e.g. `http://arstechnica.com/...`. */
  startUrl: string;
  /** Original absolute URL (as written in case.yaml) -> absolute path of the captured file. */
  urlMap: Map<string, string>;
}

/**
 * Finds the repository root: the nearest directory, walking up from this module's own
 * file, that contains a `package.json`.
 *
 * @returns the absolute path of that directory.
 * @throws Error when no `package.json` is found up to the file-system root.
 */
export function repoRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`repoRoot: no package.json found in ${start} or any parent directory`);
    }
    dir = parent;
  }
}

/**
 * Location of the shared corpus.
 *
 * @returns the absolute corpus directory: `$TSUGI_CORPUS` when set (resolved against the
 *   current working directory), else `<repo root>/../shared/corpus`.
 * @throws Error naming the path when that directory does not exist.
 */
export function corpusDir(): string {
  const fromEnv = process.env.TSUGI_CORPUS;
  const dir =
    fromEnv !== undefined && fromEnv !== ""
      ? resolve(fromEnv)
      : resolve(repoRoot(), "..", "shared", "corpus");
  if (!isDirectory(dir)) {
    const how = fromEnv ? "(from $TSUGI_CORPUS)" : "(set $TSUGI_CORPUS to override)";
    throw new Error(`corpusDir: corpus directory not found: ${dir} ${how}`);
  }
  return dir;
}

/** What a test says when it skips for want of the corpus (one line, same everywhere). */
export const CORPUS_MISSING = "corpus not found: set TSUGI_CORPUS or place it at ../shared/corpus";

/**
 * Whether the corpus (or one part of it) is there to read, for tests and tools that
 * skip rather than fail on a clone without it.
 *
 * @param part a path inside the corpus that must be a directory (default `multipage`,
 *   the replayable captures; e.g. `articles/readability`)
 * @returns true when {@link corpusDir} would succeed and `<corpus>/<part>` is a directory;
 *   never throws.
 */
export function corpusAvailable(part = "multipage"): boolean {
  try {
    return isDirectory(join(corpusDir(), part));
  } catch {
    return false;
  }
}

/**
 * Names of the multi-page capture cases (`<corpus>/multipage/<name>/case.yaml`).
 *
 * @returns case names sorted in code-point order, e.g. `["arstechnica-000", ...]`.
 * @throws Error when the corpus or its `multipage/` directory is missing.
 */
export function listMultipageCases(): string[] {
  const dir = join(corpusDir(), "multipage");
  if (!isDirectory(dir)) throw new Error(`listMultipageCases: directory not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, "case.yaml")))
    .map((e) => e.name)
    .sort();
}

/**
 * Reads and validates one capture case.
 *
 * @param caseDirOrName a case name under `<corpus>/multipage/` (e.g. `"nytimes-000"`), or a
 *   path (absolute, or relative to the working directory) of a directory holding a
 *   `case.yaml`. A bare name is looked up in the corpus first.
 * @returns the case, with every `url_map` value resolved to an absolute file path inside the
 *   case directory. Map order follows case.yaml.
 * @throws Error when the case directory or its case.yaml is missing, the YAML does not parse,
 *   `url` is not an absolute http(s) URL, `url_map` is not a mapping of strings to strings,
 *   or a mapped path is absolute or escapes the case directory (`..`).
 */
export function readCase(caseDirOrName: string): ReplayCase {
  const dir = resolveCaseDir(caseDirOrName);
  const file = join(dir, "case.yaml");
  if (!existsSync(file)) throw new Error(`readCase: missing case.yaml: ${file}`);

  let doc: unknown;
  try {
    doc = parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`readCase: malformed case.yaml (${file}): ${(err as Error).message}`);
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new Error(`readCase: malformed case.yaml (${file}): top level is not a mapping`);
  }
  const { url, url_map: rawMap } = doc as Record<string, unknown>;
  if (typeof url !== "string" || !isHttpUrl(url)) {
    throw new Error(`readCase: malformed case.yaml (${file}): "url" must be an http(s) URL`);
  }
  if (rawMap === null || typeof rawMap !== "object" || Array.isArray(rawMap)) {
    throw new Error(`readCase: malformed case.yaml (${file}): "url_map" must be a mapping`);
  }

  const urlMap = new Map<string, string>();
  for (const [key, value] of Object.entries(rawMap as Record<string, unknown>)) {
    if (!isHttpUrl(key)) {
      throw new Error(`readCase: malformed case.yaml (${file}): url_map key is not a URL: ${key}`);
    }
    if (typeof value !== "string" || value === "") {
      throw new Error(`readCase: malformed case.yaml (${file}): url_map[${key}] is not a path`);
    }
    urlMap.set(key, resolveInside(dir, value, file));
  }
  return { name: basename(dir), dir, startUrl: url, urlMap };
}

function resolveCaseDir(caseDirOrName: string): string {
  if (caseDirOrName === "") throw new Error("readCase: empty case name");
  const looksLikeName = !caseDirOrName.includes("/") && !caseDirOrName.includes(sep);
  if (looksLikeName && caseDirOrName !== "." && caseDirOrName !== "..") {
    // Without the corpus a bare name can still be a local folder; say which was missing.
    const inCorpus = corpusAvailable() ? join(corpusDir(), "multipage", caseDirOrName) : null;
    if (inCorpus && isDirectory(inCorpus)) return inCorpus;
    if (!isDirectory(caseDirOrName)) {
      const where = inCorpus ? `looked in ${inCorpus}` : CORPUS_MISSING;
      throw new Error(`readCase: no such case: ${caseDirOrName} (${where})`);
    }
  }
  const dir = resolve(caseDirOrName);
  if (!isDirectory(dir)) throw new Error(`readCase: case directory not found: ${dir}`);
  return dir;
}

/** Resolves `rel` against `dir`, refusing absolute paths and anything that leaves `dir`. */
function resolveInside(dir: string, rel: string, yamlFile: string): string {
  const bad = isAbsolute(rel) || rel.split(/[\\/]/).includes("..") || rel.includes("\0");
  const abs = resolve(dir, rel);
  const back = relative(dir, abs);
  if (bad || back === "" || back.startsWith(`..${sep}`) || back === ".." || isAbsolute(back)) {
    throw new Error(`readCase: malformed case.yaml (${yamlFile}): path escapes case dir: ${rel}`);
  }
  return abs;
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
