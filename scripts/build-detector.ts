/**
 * Build an in-page bundle with the forests packed (src/model/packed.ts): every import of
 * `models/<name>.json` is answered with the packed form instead of the JSON model, at
 * build time, so no page ever parses the tree JSON. Used for the detector script
 * (dist/content/detector.js, injected by the background where the gate opens), the
 * `tsugi detect` page bundle (bin/tsugi-page.js, parsed afresh in every page of a batch)
 * and the bench's page bundle, so all three load the models as the extension does.
 *
 * Usage: node out/build-detector.mjs ENTRY OUTFILE [--minify] [--global-name NAME]
 * Throws (exit 1) on bad usage, when a model does not pack or the bundle fails.
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

const [entry, outfile, ...flags] = process.argv.slice(2);
if (!entry || !outfile) {
  console.error("usage: build-detector ENTRY OUTFILE [--minify] [--global-name NAME]");
  process.exit(2);
}
const nameAt = flags.indexOf("--global-name");
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
  logLevel: "warning",
  plugins: [packedModels],
});
