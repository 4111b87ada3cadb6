/**
 * The bundled forests (models/*.json, written by `npm run train`), loaded once on first
 * use so a page that never runs detection pays nothing for them.
 */

import nextLinkModel from "../../models/next-link.json";
import pageElementModel from "../../models/page-element.json";
import { LINK_FEATURE_NAMES } from "../features/link-features";
import { NODE_FEATURE_NAMES } from "../features/node-features";
import { Forest, type ModelFile } from "../model/forest";

let nextLink: Forest | null = null;
let pageElement: Forest | null = null;

/** The next-link forest (seed 000 §3.2), scoring rows in LINK_FEATURE_NAMES order. */
export function nextLinkForest(): Forest {
  nextLink ??= new Forest(nextLinkModel as ModelFile, LINK_FEATURE_NAMES);
  return nextLink;
}

/** The page-element forest (seed 000 §3.3), scoring rows in NODE_FEATURE_NAMES order. */
export function pageElementForest(): Forest {
  pageElement ??= new Forest(pageElementModel as ModelFile, NODE_FEATURE_NAMES);
  return pageElement;
}
