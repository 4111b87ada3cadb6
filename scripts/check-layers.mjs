#!/usr/bin/env node
// Fails when a folder of src/ imports from a folder above it in the layer order of
// docs/architecture.md, other than the exceptions that file lists. The order and the
// exceptions are read from the document, so the rule and its description cannot drift.
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
for (const m of table.matchAll(/^\| `(src\/[^`]+)` \| `(src\/[^`]+)`/gm))
  allowed.add(`${m[1]} -> ${m[2]}`);

/** Every non-test TypeScript file under `dir`. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const folderOf = (file) => relative(join(root, "src"), file).split("/")[0];
const problems = [];
for (const file of sources(join(root, "src"))) {
  const from = folderOf(file);
  if (!rank.has(from)) {
    problems.push(`${relative(root, file)}: folder src/${from}/ is not in the layer order`);
    continue;
  }
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"(\.\.?\/[^"]+)"/g)) {
    const target = resolve(dirname(file), m[1]);
    const to = folderOf(target);
    if (to === from || to.startsWith("..") || !rank.has(to)) continue;
    if (rank.get(to) < rank.get(from)) continue;
    const pair = `${relative(root, file)} -> ${relative(root, target)}`;
    const known = [...allowed].some((a) => pair.startsWith(a.replace(/\.tsx?$/, "")));
    if (!known) problems.push(`${pair}: src/${from}/ may not import src/${to}/ (above it)`);
  }
}
if (problems.length > 0) {
  console.error(`Layer order of docs/architecture.md broken:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(
  `layers: ${order.length} folders of src/ import downward only (${allowed.size} known exceptions)`,
);
