/**
 * Whether a fetched page holds page 1's page element: the test both the judge and its
 * evidence (./evidence.ts) read.
 */

import { visibleText } from "../../features/text";
import { evaluateXPaths } from "../../rule/xpath";

/**
 * Whether a fetched page holds page 1's page element as the rule reads it: its XPaths
 * select an element with visible text or an image.
 *
 * @param doc the fetched page
 * @param xpaths page 1's page element XPaths
 * @returns true when they do
 */
export function holdsPageElement(doc: Document, xpaths: readonly string[]): boolean {
  return evaluateXPaths(doc, xpaths).some(
    (e) => visibleText(e).trim() !== "" || e.querySelector("img, picture, video") !== null,
  );
}
