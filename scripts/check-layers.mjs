#!/usr/bin/env node
// Fails when a folder of src/ imports from a folder above it in the layer order of
// docs/architecture.md, or when files of src/ and the contexts import each other in a
// cycle, other than the exceptions that file lists. The order and the exceptions are read
// from the document, so the rule and its description cannot drift.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const doc = readFileSync(join(root, "docs/architecture.md"), "utf8");
const section = doc.slice(doc.indexOf("## Layer order of `src/`"));
const block = /```\n([\s\S]*?)```/.exec(section)?.[1];
if (!block) throw new Error("docs/architecture.md: no layer order block");
// Top first in the document; rank 0 is the bottom.
const order = block
  .split("\n")
  .map((l) => l.trim().split(/\s+/)[0])
  .filter(Boolean)
  .reverse();
const rank = new Map(order.map((f, i) => [f, i]));
const allowed = new Set();
const table = section.slice(section.indexOf("**Known exceptions"), section.indexOf("\n## "));
for (const m of table.matchAll(/^\| `([^`]+)` \| `([^`]+)`/gm)) allowed.add(`${m[1]} -> ${m[2]}`);
/** The row of the table that lists an import `file -> target` (paths from the root). */
const rowFor = (pair) => [...allowed].find((a) => pair.startsWith(a.replace(/\.tsx?$/, "")));
/** Rows some import still needs (up the list, or closing a cycle); the others are stale. */
const used = new Set();

/** Every non-test TypeScript file under `dir`. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The relative import specifiers of a file (static, dynamic, type-only and re-exports). */
const relativeImports = (file) =>
  [...readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"(\.\.?\/[^"]+)"/g)].map(
    (m) => m[1],
  );

const folderOf = (file) => relative(join(root, "src"), file).split("/")[0];
const problems = [];
for (const file of sources(join(root, "src"))) {
  const from = folderOf(file);
  if (!rank.has(from)) {
    problems.push(`${relative(root, file)}: folder src/${from}/ is not in the layer order`);
    continue;
  }
  for (const spec of relativeImports(file)) {
    const target = resolve(dirname(file), spec);
    const to = folderOf(target);
    if (to === from || to.startsWith("..") || !rank.has(to)) continue;
    if (rank.get(to) < rank.get(from)) continue;
    const pair = `${relative(root, file)} -> ${relative(root, target)}`;
    const row = rowFor(pair);
    if (row) used.add(row);
    else problems.push(`${pair}: src/${from}/ may not import src/${to}/ (above it)`);
  }
}

// Import cycles between files of src/ and the contexts: a depth-first walk over the
// relative imports (type imports included, as for the layers), skipping the imports the
// table lists. Each cycle is reported once, as the chain of files that closes it.
const files = ["src", "content", "background", "popup", "options"].flatMap((d) =>
  sources(join(root, d)),
);
const sourceSet = new Set(files);
/** The source file an import specifier names, or null (a stylesheet, a JSON file, a package). */
function fileOf(from, spec) {
  const base = resolve(dirname(from), spec);
  const tries = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((end) => base + end);
  return tries.find((f) => sourceSet.has(f)) ?? null;
}
const imports = new Map(
  files.map((file) => [file, relativeImports(file).flatMap((spec) => fileOf(file, spec) ?? [])]),
);
/** Whether `to` is reached from `from` through `imports`. */
function reaches(from, to, seen = new Set()) {
  if (from === to) return true;
  seen.add(from);
  return (imports.get(from) ?? []).some((f) => !seen.has(f) && reaches(f, to, seen));
}
// The walk leaves out the imports the table lists; a row counts as needed when its
// import closes a cycle.
const edges = new Map();
for (const [file, targets] of imports)
  edges.set(
    file,
    targets.filter((to) => {
      const row = rowFor(`${relative(root, file)} -> ${relative(root, to)}`);
      if (row && reaches(to, file)) used.add(row);
      return !row;
    }),
  );
/** Absent: not seen; 1: on the walk's path; 2: done. */
const state = new Map();
const path = [];
const cycles = new Map();
function walk(file) {
  state.set(file, 1);
  path.push(file);
  for (const to of edges.get(file) ?? []) {
    if (state.get(to) === 1) {
      const loop = path.slice(path.indexOf(to)).map((f) => relative(root, f));
      // The same cycle entered from another file is one cycle: key it by its least file.
      const start = loop.indexOf([...loop].sort()[0]);
      const ring = [...loop.slice(start), ...loop.slice(0, start)];
      cycles.set(ring.join(" "), [...ring, ring[0]].join(" -> "));
    } else if (!state.get(to)) walk(to);
  }
  path.pop();
  state.set(file, 2);
}
for (const file of files) if (!state.get(file)) walk(file);
for (const chain of cycles.values()) problems.push(`import cycle: ${chain}`);
for (const row of allowed)
  if (!used.has(row))
    problems.push(`${row}: no longer points up the list or closes a cycle: remove its row`);

if (problems.length > 0) {
  console.error(`Layer order of docs/architecture.md broken:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(
  `layers: ${order.length} folders of src/ import downward only, ${files.length} files import no cycle (${allowed.size} known exceptions)`,
);
