/**
 * The built manifest's web-accessible resource for the detector script, which the gate
 * stage `import()`s as a module (src/gate/load-detector.ts). It is written by
 * `build-detector --web-accessible DIST` after the bundle, not listed in manifest.json,
 * because @crxjs/vite-plugin refuses a manifest asset that vite did not emit.
 */

/** The manifest keys this reads and writes. */
export interface ManifestWithResources {
  content_scripts?: { matches?: string[] }[];
  web_accessible_resources?: {
    resources?: string[];
    matches?: string[];
    use_dynamic_url?: boolean;
  }[];
  [key: string]: unknown;
}

/**
 * The manifest with `resource` as a web-accessible resource of its own, replacing any
 * entry that listed it. `matches` are the content scripts' (the import comes from their
 * pages), http and https where it has none. `use_dynamic_url` (Chromium): the file is
 * served only under an ID that changes per browser session, so a page cannot probe for
 * the extension by its URL; Firefox does not know the key (its about:debugging lists it
 * as an unexpected property; scripts/package.mjs leaves it out of the Firefox zip) and
 * serves the file under its per-install random UUID, which does the same.
 *
 * @param manifest a parsed manifest.json (not changed)
 * @param resource path of the file inside the built extension, `/`-separated
 * @returns a new manifest object
 */
export function withWebAccessible(
  manifest: ManifestWithResources,
  resource: string,
): ManifestWithResources {
  const others = (manifest.web_accessible_resources ?? []).filter(
    (r) => !r.resources?.includes(resource),
  );
  return {
    ...manifest,
    web_accessible_resources: [
      ...others,
      {
        resources: [resource],
        matches: manifest.content_scripts?.[0]?.matches ?? ["http://*/*", "https://*/*"],
        use_dynamic_url: true,
      },
    ],
  };
}
