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
import { Forest, type ModelFile } from "../model/forest";
import { isPacked, unpackModel } from "../model/packed";

function load(model: unknown, inputNames: readonly string[]): Forest {
  return new Forest(isPacked(model) ? unpackModel(model) : (model as ModelFile), inputNames);
}

let nextLink: Forest | null = null;
let pageElement: Forest | null = null;

/** The next-link forest (seed 000 §3.2), scoring rows in LINK_FEATURE_NAMES order. */
export function nextLinkForest(): Forest {
  nextLink ??= load(nextLinkModel, LINK_FEATURE_NAMES);
  return nextLink;
}

/** The page-element forest (seed 000 §3.3), scoring rows in NODE_FEATURE_NAMES order. */
export function pageElementForest(): Forest {
  pageElement ??= load(pageElementModel, NODE_FEATURE_NAMES);
  return pageElement;
}
