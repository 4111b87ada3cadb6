#!/usr/bin/env node
/**
 * `npm run test:no-corpus`: the suites that can read the labelled corpus, run as on a
 * clone without it (TSUGI_CORPUS pointing at an empty folder). Each must skip what needs
 * the corpus with its one-line reason and pass the rest: any failure fails this check.
 *
 * Which suites: every test file that calls a corpus reader (corpusDir, paginationPages,
 * withoutCorpus, ...) or names the corpus (`shared/corpus`, `TSUGI_CORPUS`), itself or
 * through the test support modules it imports (a library under src/ reads the corpus only
 * where a test hands it a corpus path, and that test names the reader). Read from the
 * sources, so a new suite that reads the corpus is checked without being listed anywhere.
 *
 * Needs a build (e2e suites run the built extension and CLI): run after `npm test` or
 * `npm run build`. Prints one line "no corpus: N passed, N failed, N skipped"; exits 1 on
 * any failed test or suite, 2 when vitest wrote no results.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The modules that define the corpus readers: their importers count only where they call
 * a reader (many import `repoRoot` alone). */
const CORPUS_MODULES = ["src/replay/cases.ts", "src/train/corpus.ts", "test/support/corpus.ts"];
/** A call of a corpus reader, or the corpus named. */
const READS_CORPUS =
  /\b(corpusDir|corpusAvailable|listMultipageCases|readCase|withoutCorpus|arsLionFile|paginationPages|readabilityPages|googletrendsPages|dragnetPages|allCorpusPages|readOverrides)\b|shared\/corpus|TSUGI_CORPUS/;
/** Folders whose test files are vitest's (vitest.config.ts). */
const TEST_ROOTS = ["src", "test", "popup", "options"];
const SOURCE = /\.(ts|tsx|mjs|js)$/;

/**
 * Every source file below `dir` (node_modules, dist and out left out).
 * @param {string} dir absolute folder
 * @returns {string[]} absolute paths
 */
function sources(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (["node_modules", "dist", "out", ".git"].includes(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (SOURCE.test(e.name)) out.push(p);
  }
  return out;
}

/**
 * The repository files a source imports (relative specifiers only), resolved as the
 * bundlers do: the path itself, or with .ts/.tsx/.js, or its index.
 * @param {string} file absolute path
 * @returns {string[]} absolute paths that exist
 */
function imports(file) {
  const text = readFileSync(file, "utf8");
  const out = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    const base = resolve(dirname(file), m[1]);
    const found = [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, join(base, "index.ts")].find(
      (p) => existsSync(p) && !p.endsWith("/"),
    );
    if (found && SOURCE.test(found)) out.push(found);
  }
  return out;
}

/**
 * The test files that can read the corpus, relative to the repository.
 * @returns {string[]} sorted paths
 */
export function corpusSuites() {
  const corpus = new Set(CORPUS_MODULES.map((p) => join(root, p)));
  const supportDir = join(root, "test", "support");
  const memo = new Map();
  const reaches = (file, stack = new Set()) => {
    if (memo.has(file)) return memo.get(file);
    if (corpus.has(file) || stack.has(file)) return false;
    stack.add(file);
    const hit =
      READS_CORPUS.test(readFileSync(file, "utf8")) ||
      imports(file).some((f) => f.startsWith(supportDir) && reaches(f, stack));
    stack.delete(file);
    memo.set(file, hit);
    return hit;
  };
  return TEST_ROOTS.flatMap((d) => sources(join(root, d)))
    .filter((f) => /\.test\.tsx?$/.test(f) && reaches(f))
    .map((f) => relative(root, f))
    .sort();
}

function main() {
  const suites = corpusSuites();
  const empty = mkdtempSync(join(tmpdir(), "tsugi-no-corpus-"));
  mkdirSync(join(root, "out"), { recursive: true });
  const results = join(root, "out", "no-corpus-results.json");
  rmSync(results, { force: true });
  console.log(
    `== ${suites.length} suites that read the corpus, with TSUGI_CORPUS=${empty} (empty)`,
  );
  const run = spawnSync(
    "npx",
    [
      "vitest",
      "run",
      "--reporter=dot",
      "--reporter=json",
      `--outputFile.json=${results}`,
      ...suites,
    ],
    { cwd: root, stdio: "inherit", env: { ...process.env, TSUGI_CORPUS: empty } },
  );
  rmSync(empty, { recursive: true, force: true });
  if (!existsSync(results)) {
    console.error(`no corpus: vitest wrote no results (exit ${run.status})`);
    process.exit(2);
  }
  const r = JSON.parse(readFileSync(results, "utf8"));
  const failedSuites = r.testResults.filter((t) => t.status === "failed" && t.message);
  for (const t of failedSuites) console.error(`FAILED ${relative(root, t.name)}: ${t.message}`);
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(
    `no corpus: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`,
  );
  process.exit(r.numFailedTests > 0 || failedSuites.length > 0 || run.status !== 0 ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
