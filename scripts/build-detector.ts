/**
 * Build the detector script (dist/content/detector.js, injected by the background where
 * the gate opens) with the forests packed (src/model/packed.ts): every import of
 * `models/<name>.json` is answered with the packed form instead of the JSON model, at
 * build time, so no page ever parses the tree JSON.
 *
 * Usage: node out/build-detector.mjs [outfile]   (npm run build:detector)
 * Throws (exit 1) when a model does not pack or the bundle fails.
 */
import { readFileSync } from "node:fs";
import { build, type Plugin } from "esbuild";
import type { ModelFile } from "../src/model/forest";
import { packModel } from "../src/model/packed";

const MODEL_IMPORT = /(?:^|\/)models\/(next-link|page-element)\.json$/;

/** esbuild plugin: `models/*.json` imports become their packed form. */
export const packedModels: Plugin = {
  name: "packed-models",
  setup(b) {
    b.onLoad({ filter: MODEL_IMPORT }, (args) => {
      const model = JSON.parse(readFileSync(args.path, "utf8")) as ModelFile;
      return { contents: JSON.stringify(packModel(model)), loader: "json" };
    });
  },
};

const outfile = process.argv[2] ?? "dist/content/detector.js";
await build({
  entryPoints: ["content/detector.ts"],
  bundle: true,
  format: "iife",
  target: "es2022",
  minify: true,
  outfile,
  logLevel: "warning",
  plugins: [packedModels],
});
