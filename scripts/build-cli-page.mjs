/**
 * Build bin/tsugi-page.js, the detector bundle `tsugi detect` evaluates in every page.
 * The models (models/*.json, 1.4 MB) go in as JSON.parse("...") rather than as object
 * literals: V8 parses JSON about 3x faster than the same data as JavaScript, and this
 * bundle is parsed afresh in every page of a batch.
 */
import { readFile } from "node:fs/promises";
import { build } from "esbuild";

const jsonAsParse = {
  name: "json-as-parse",
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, async (args) => {
      const text = JSON.stringify(JSON.parse(await readFile(args.path, "utf8")));
      return { contents: `export default JSON.parse(${JSON.stringify(text)});`, loader: "js" };
    });
  },
};

await build({
  entryPoints: ["src/cli/page-detect.ts"],
  bundle: true,
  format: "iife",
  target: "es2022",
  outfile: "bin/tsugi-page.js",
  external: ["crypto"],
  logLevel: "warning",
  plugins: [jsonAsParse],
});
