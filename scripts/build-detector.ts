/**
 * Build an in-page bundle with the forests packed (src/model/packed.ts): every import of
 * `models/<name>.json` is answered with the packed form instead of the JSON model, at
 * build time, so no page ever parses the tree JSON. Used for the detector script
 * (dist/content/detector.js, imported by the gate stage where the gate opens), the
 * export's script (dist/content/exporter.js, injected on a reader's first export, with
 * the export's block forest), the `tsugi detect` page bundle (bin/tsugi-page.js, parsed
 * afresh in every page of a batch) and the bench's page bundle, so all of them load the
 * models as the extension does.
 *
 * Usage: node out/build-detector.mjs ENTRY OUTFILE [--minify] [--global-name NAME]
 *   [--defer-page-element FILE] (the extension's build: the page-element forest goes to its
 *   own script, injected only where a page has a next link or a rule) [--compile-hint]
 *   (V8's explicit compile hint, `//# allFunctionsCalledOnLoad`, as the bundle's first
 *   line: Chromium then compiles every function when it loads the script, off the main
 *   thread where the script is streamed from the network, instead of on each function's
 *   first call; `npm run bench:pair -- --streamed` measures it) [--web-accessible DIST]
 *   (the detector script only: make OUTFILE the web-accessible resource of
 *   DIST/manifest.json that the gate stage imports, ./web-accessible.ts)
 * Throws (exit 1) on bad usage, when a model does not pack or the bundle fails, or when
 * `--web-accessible` names a file other than the one the gate stage imports.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { build, type Plugin } from "esbuild";
import { INJECTED_MODELS_GLOBAL } from "../src/detect/injected-models";
import { DETECTOR_FILE } from "../src/gate/detector-api";
import type { ModelFile } from "../src/model/forest";
import { packModel } from "../src/model/packed";
import { type ManifestWithResources, withWebAccessible } from "./web-accessible";

/** V8's explicit compile hint for a whole script (Chromium 136 and later). */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

const MODEL_IMPORT = /(?:^|\/)models\/(next-link|page-element|export-blocks)\.json$/;

/**
 * esbuild plugin: `models/*.json` imports become their packed form; a model named in
 * `deferred` becomes `{"deferred": name}` instead, and its packed form is written to the
 * script file given for it, which leaves it under src/detect/models.ts's
 * `INJECTED_MODELS_GLOBAL` when the background injects it.
 *
 * @param deferred model name → script file to write
 * @returns the plugin
 */
export function packedModels(deferred: ReadonlyMap<string, string> = new Map()): Plugin {
  return {
    name: "packed-models",
    setup(b) {
      b.onLoad({ filter: MODEL_IMPORT }, (args) => {
        const name = MODEL_IMPORT.exec(args.path)?.[1] ?? "";
        const packed = JSON.stringify(
          packModel(JSON.parse(readFileSync(args.path, "utf8")) as ModelFile),
        );
        const file = deferred.get(name);
        if (file === undefined) return { contents: packed, loader: "json" };
        writeFileSync(
          file,
          // `void 0` last: executeScript answers the background with a script's last value.
          `(globalThis.${INJECTED_MODELS_GLOBAL} ??= {})[${JSON.stringify(name)}] = ${packed};\nvoid 0;\n`,
        );
        return { contents: JSON.stringify({ deferred: name }), loader: "json" };
      });
    },
  };
}

const [entry, outfile, ...flags] = process.argv.slice(2);
if (!entry || !outfile) {
  console.error(
    "usage: build-detector ENTRY OUTFILE [--minify] [--global-name NAME] [--defer-page-element FILE] [--compile-hint] [--web-accessible DIST]",
  );
  process.exit(2);
}
const nameAt = flags.indexOf("--global-name");
const deferAt = flags.indexOf("--defer-page-element");
const deferred = new Map<string, string>();
if (deferAt >= 0) {
  const file = flags[deferAt + 1];
  if (!file) {
    console.error("--defer-page-element needs a file");
    process.exit(2);
  }
  deferred.set("page-element", file);
}
await build({
  entryPoints: [entry],
  bundle: true,
  format: "iife",
  target: "es2022",
  minify: flags.includes("--minify"),
  ...(nameAt >= 0 && flags[nameAt + 1] ? { globalName: flags[nameAt + 1] } : {}),
  // Node's crypto is referenced by shared hashing code but never reached in a page.
  external: ["crypto"],
  outfile,
  // V8 reads the hint only as a comment before the code (v8.dev/blog/explicit-compile-hints).
  ...(flags.includes("--compile-hint") ? { banner: { js: COMPILE_HINT } } : {}),
  logLevel: "warning",
  plugins: [packedModels(deferred)],
});
const accessibleAt = flags.indexOf("--web-accessible");
if (accessibleAt >= 0) {
  const dist = flags[accessibleAt + 1] ?? "";
  const resource = relative(dist, outfile).split(sep).join("/");
  // The gate stage imports DETECTOR_FILE: a resource by another name would leave every
  // page on the background's injection, the fallback, without a word.
  if (resource !== DETECTOR_FILE) {
    console.error(`--web-accessible: ${resource} in ${dist || "''"} is not ${DETECTOR_FILE}`);
    process.exit(1);
  }
  const path = join(dist, "manifest.json");
  const manifest = JSON.parse(readFileSync(path, "utf8")) as ManifestWithResources;
  writeFileSync(path, `${JSON.stringify(withWebAccessible(manifest, resource), null, 2)}\n`);
}
