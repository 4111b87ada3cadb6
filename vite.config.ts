import { crx, type ManifestV3Export } from "@crxjs/vite-plugin";
import preact from "@preact/preset-vite";
import { defineConfig } from "vite";
import manifest from "./manifest.json" with { type: "json" };

// One dist/ serves Chromium and Firefox: crxjs emits the Chromium background
// (service_worker); scripts/firefox-background.mjs adds `background.scripts`
// afterwards, which Firefox uses and Chromium ignores.
export default defineConfig({
  plugins: [
    preact(),
    crx({
      // manifest.json is plain JSON; its literal strings widen to string[] on import.
      manifest: manifest as ManifestV3Export,
      browser: "chrome",
      // A standalone IIFE needs no loader and no web-accessible resources,
      // so pages cannot probe for the extension through them.
      contentScripts: { standaloneFiles: ["content/index.ts", "content/frame-guard.ts"] },
    }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
  },
});
