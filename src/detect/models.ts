/**
 * The bundled forests (models/*.json, written by `npm run train`), loaded once on first
 * use so a page that never runs detection pays nothing for them. The detector script's
 * build answers these imports with the packed form (scripts/build-detector.ts); tests,
 * the CLI and training import the JSON models; both load into the same {@link Forest}.
 */

import nextLinkModel from "../../models/next-link.json";
import pageElementModel from "../../models/page-element.json";
import { LINK_FEATURE_NAMES } from "../features/link-features";
import { NODE_FEATURE_NAMES } from "../features/node-features";
import type { Forest, ModelFile } from "../model/forest";
import { forestOf } from "../model/packed";
import { INJECTED_MODELS_GLOBAL, PAGE_ELEMENT_MODEL_FILE } from "./injected-models";

/**
 * A forest from what a model import gives: the JSON model (tests, CLI), its packed form
 * (the detector script's build), or, for a forest the build injects apart, the marker
 * `{deferred: name}`, read from {@link INJECTED_MODELS_GLOBAL}.
 *
 * @param model the import's default export
 * @param inputNames column names of the rows it will score
 * @returns the forest
 * @throws Error when a deferred forest has not been injected yet
 */
export function loadForest(model: unknown, inputNames: readonly string[]): Forest {
  const m = isDeferred(model) ? injectedModel(model.deferred) : model;
  return forestOf(m as ModelFile, inputNames);
}

/** What the detector script's build leaves in place of a forest it injects apart. */
interface DeferredModel {
  deferred: string;
}

function isDeferred(m: unknown): m is DeferredModel {
  return typeof m === "object" && m !== null && typeof (m as DeferredModel).deferred === "string";
}

function injectedModels(): Record<string, unknown> | undefined {
  return (globalThis as Record<string, unknown>)[INJECTED_MODELS_GLOBAL] as
    | Record<string, unknown>
    | undefined;
}

function injectedModel(name: string): unknown {
  const m = injectedModels()?.[name];
  if (m === undefined)
    throw new Error(`the ${name} forest is not loaded (${PAGE_ELEMENT_MODEL_FILE})`);
  return m;
}

/**
 * Whether {@link pageElementForest} can load now: the model is bundled (tests, CLI, bench),
 * or the background has injected {@link PAGE_ELEMENT_MODEL_FILE} into this world.
 *
 * @returns true when the page-element forest is available
 */
export function pageElementModelLoaded(): boolean {
  if (pageElement !== null || !isDeferred(pageElementModel)) return true;
  return injectedModels()?.[pageElementModel.deferred] !== undefined;
}

let nextLink: Forest | null = null;
let pageElement: Forest | null = null;

/** The next-link forest (seed 000 §3.2), scoring rows in LINK_FEATURE_NAMES order. */
export function nextLinkForest(): Forest {
  nextLink ??= loadForest(nextLinkModel, LINK_FEATURE_NAMES);
  return nextLink;
}

/**
 * The page-element forest (seed 000 §3.3), scoring rows in NODE_FEATURE_NAMES order.
 *
 * @throws Error in the extension when its script has not been injected yet
 *   ({@link pageElementModelLoaded})
 */
export function pageElementForest(): Forest {
  pageElement ??= loadForest(pageElementModel, NODE_FEATURE_NAMES);
  return pageElement;
}
