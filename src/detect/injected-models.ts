/**
 * The forest the extension injects apart from the detector script: names shared
 * by the build (scripts/build-detector.ts), the background that injects the file, and
 * ./models.ts that reads it. Kept free of imports so the build script stays small.
 */

/** Isolated-world global under which an injected forest leaves its packed form, by model
 * name. */
export const INJECTED_MODELS_GLOBAL = "tsugiModels";

/** Path, inside the built extension, of the page-element forest's own script. The detector
 * script's build leaves the forest out: a page without a next link never needs it, and its
 * 0.5 MB of base64 would cost such a page about 1 MB of heap (as script source and as a
 * string). */
export const PAGE_ELEMENT_MODEL_FILE = "content/page-element-model.js";
