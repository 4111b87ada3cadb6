import {
  NODE_COLUMN,
  NODE_FEATURE_COUNT,
  nodeFeatureRows,
  nodeStats,
} from "../features/node-features";
import { pageElementForest } from "./models";
import {
  boundarySignal,
  namedBoilerplate,
  type PageElementParams,
  pageElementFromProbabilities,
} from "./page-element-choice";

/** The page-element decision. */
export interface PageElementResult {
  /** the page element: one container, or a run of sibling elements; [] when none */
  elements: Element[];
  /** expected text F1 of the choice against the content the forest marked, 0..1 */
  score: number;
}

/**
 * Find the page element (main content) of a document, seed 000 §3.3: every element with
 * visible text is scored by the bundled random forest (models/page-element.json) with the
 * DOM distance to the next link among its features; seed 001's hierarchy relabel cleans
 * the labels; the container or run of siblings that best covers the content is chosen,
 * never one that holds the next link itself.
 *
 * @param doc the page (live or parsed)
 * @param nextLink anchor of the detected next link, or null
 * @returns the page element(s) in document order
 */
export function detectPageElement(
  doc: Document,
  nextLink: Element | null = null,
): PageElementResult {
  const stats = nodeStats(doc);
  const { at, values } = nodeFeatureRows(doc, { nextLink, stats, withTextOnly: true });
  const n = at.length;
  if (n === 0) return { elements: [], score: 0 };
  const position = new Int32Array(stats.elements.length).fill(-1);
  for (let k = 0; k < n; k++) position[at[k] as number] = k;
  const parent = new Int32Array(n);
  const ownText = new Int32Array(n);
  const containsNext = new Uint8Array(n);
  const boundary = new Uint8Array(n);
  const boilerplate = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const i = at[k] as number;
    const p = stats.parent[i] ?? -1;
    parent[k] = p >= 0 ? (position[p] ?? -1) : -1;
    ownText[k] = Math.max(0, (stats.textLength[i] ?? 0) - (stats.childTextLength[i] ?? 0));
    const o = k * NODE_FEATURE_COUNT;
    const f = {
      containsNextLink: values[o + NODE_COLUMN.containsNextLink] ?? 0,
      classHint: values[o + NODE_COLUMN.classHint] ?? 0,
      linkDensity: values[o + NODE_COLUMN.linkDensity] ?? 0,
    };
    containsNext[k] = f.containsNextLink;
    boundary[k] = boundarySignal(f);
    boilerplate[k] = namedBoilerplate(f);
  }
  const forest = pageElementForest();
  const probs = Array.from(forest.scoreRows(values, NODE_FEATURE_COUNT));
  const choice = pageElementFromProbabilities(
    parent,
    ownText,
    probs,
    containsNext,
    forest.params as PageElementParams,
    boundary,
    boilerplate,
  );
  const elements = choice.nodes.flatMap((k) => stats.elements[at[k] ?? -1] ?? []);
  return { elements: withTextlessBetween(elements), score: choice.score };
}

/** Media that carry an article's content without text. */
const MEDIA = "img, picture, video, audio, svg, canvas, iframe, object, embed";

/**
 * A run of siblings with the media between them that carry no text: images, pictures,
 * videos and embeds between the paragraphs are the article's too, but the forest scores
 * only elements with visible text, so a run of scored elements skips them. Empty
 * elements without media (ad slots, spacers) and scripts stay out.
 *
 * @param run the chosen elements, document order
 * @returns `run` with the textless media siblings between its first and last element, in
 *   document order; `run` itself unless it is two or more children of one parent
 */
export function withTextlessBetween(run: readonly Element[]): Element[] {
  const first = run[0];
  const last = run[run.length - 1];
  const parent = first?.parentElement;
  if (run.length < 2 || !first || !last || !parent) return [...run];
  if (!run.every((e) => e.parentElement === parent)) return [...run];
  const chosen = new Set(run);
  const out: Element[] = [];
  for (let e: Element | null = first; e; e = e.nextElementSibling) {
    const media = e.matches(MEDIA) || e.querySelector(MEDIA) !== null;
    if (chosen.has(e) || (media && (e.textContent ?? "").trim() === "")) out.push(e);
    if (e === last) break;
  }
  return out;
}
