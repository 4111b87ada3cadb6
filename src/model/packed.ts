/**
 * Models packed at build time: the flat trees of ./forest.ts stored as
 * base64 typed arrays inside a small JSON object, so the detector script carries a few
 * strings instead of a 1.3 MB object literal of nested tree nodes. Loading is one base64
 * decode per array and no tree walk; the votes are the JSON model's (tested).
 */
import {
  type FlatForest,
  type FlatModel,
  Forest,
  flattenModel,
  type ModelFile,
  testedFeatureNames,
} from "./forest";

/** A {@link FlatModel} with its arrays as base64 (little-endian bytes). The left child of
 * a split is always the next node (trees are laid out in preorder), so it is not stored.
 * Columns and right children are stored in the narrowest width that holds them
 * (`columnBytes`, `rightBytes`): the page-element forest's 26,368 nodes fit 16-bit child
 * indices and its columns 8 bits, a fifth of its bytes less to decode on a page's first
 * detection. Thresholds stay 64-bit: as float32 they change the vote of 1.4 %
 * of the corpus's page-element rows. */
export interface PackedModel {
  packed: 1;
  kind: ModelFile["kind"];
  featureNames: string[];
  params: Record<string, number>;
  roots: string;
  column: string;
  /** bytes per stored column: 1 (Int8) or 2 (Int16); absent = 2 */
  columnBytes?: 1 | 2;
  threshold: string;
  right: string;
  /** bytes per stored right child: 2 (Uint16) or 4 (Int32); absent = 4 */
  rightBytes?: 2 | 4;
  vote: string;
  /** the features some split tests ({@link Forest.testedFeatures}); absent in older packs */
  tested?: string[];
}

function toBase64(view: ArrayBufferView): string {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** `Uint8Array.fromBase64` (ES2026: Chromium 140, Firefox 133), absent from Node 20. */
const nativeFromBase64 = (
  Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array<ArrayBuffer> }
).fromBase64;

function fromBase64(b64: string): ArrayBuffer {
  // Native where the browser has it: the loop below runs cold on a page's first
  // detection, 3-8 ms for the page-element forest's 1.4 MB of arrays.
  if (nativeFromBase64) return nativeFromBase64(b64).buffer;
  const s = atob(b64);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes.buffer;
}

/**
 * Pack a trained model (run at build time by scripts/pack-models.ts).
 *
 * @param model a {@link ModelFile} as `npm run train` writes it
 * @returns the packed form
 * @throws Error as {@link flattenModel} does
 */
export function packModel(model: ModelFile): PackedModel {
  const f = flattenModel(model);
  checkTreeLayout(f);
  const column8 = f.column.every((c) => c >= -128 && c <= 127);
  const right16 = f.right.every((r) => r >= 0 && r <= 0xffff);
  return {
    packed: 1,
    kind: model.kind,
    featureNames: model.featureNames,
    params: model.params,
    roots: toBase64(f.roots),
    column: toBase64(column8 ? Int8Array.from(f.column) : f.column),
    columnBytes: column8 ? 1 : 2,
    threshold: toBase64(f.threshold),
    right: toBase64(right16 ? Uint16Array.from(f.right) : f.right),
    rightBytes: right16 ? 2 : 4,
    vote: toBase64(f.vote),
    tested: testedFeatureNames(model.featureNames, f),
  };
}

/** @throws Error when the node arrays of the flat trees disagree in length */
function checkLengths(flat: FlatForest): void {
  const n = flat.column.length;
  if ([flat.threshold, flat.right, flat.vote].some((a) => a.length !== n))
    throw new Error("packed model: arrays of different lengths");
}

/**
 * Check the layout the traversal relies on: every split's right child lies after its left
 * child (the next node) and inside the arrays, so a walk down a tree always ends.
 *
 * @param flat the flat trees
 * @throws Error when the arrays disagree in length or a child index is out of range
 */
export function checkTreeLayout(flat: FlatForest): void {
  checkLengths(flat);
  const { column, right } = flat;
  const n = column.length;
  for (let k = 0; k < n; k++) {
    if ((column[k] as number) < 0) continue;
    const r = right[k] as number;
    if (r <= k + 1 || r >= n) throw new Error(`packed model: node ${k} has a child out of range`);
  }
}

/**
 * Unpack a packed model for {@link Forest}. The child indices are checked when the build
 * packs the model ({@link checkTreeLayout}), not here: that walk over every node cost
 * about 1 ms of each page's first detection.
 *
 * @param p a {@link PackedModel}
 * @returns the model with its flat trees
 * @throws Error when the arrays disagree in length
 */
export function unpackModel(p: PackedModel): FlatModel {
  // The forest walks the narrow arrays as they are: widening them cost 0.7 ms of every
  // page's first detection (the page-element forest's 26,368 nodes), for the same values.
  const column = fromBase64(p.column);
  const right = fromBase64(p.right);
  const flat: FlatForest = {
    roots: new Int32Array(fromBase64(p.roots)),
    column: p.columnBytes === 1 ? new Int8Array(column) : new Int16Array(column),
    threshold: new Float64Array(fromBase64(p.threshold)),
    right: p.rightBytes === 2 ? new Uint16Array(right) : new Int32Array(right),
    vote: new Uint8Array(fromBase64(p.vote)),
  };
  checkLengths(flat);
  const model: FlatModel = { kind: p.kind, featureNames: p.featureNames, params: p.params, flat };
  if (p.tested !== undefined) model.tested = p.tested;
  return model;
}

/**
 * Whether a model import is packed (the detector's build) or the JSON model (tests, CLI).
 *
 * @param m the imported module's default export
 * @returns true for a {@link PackedModel}
 */
export function isPacked(m: unknown): m is PackedModel {
  return typeof m === "object" && m !== null && (m as { packed?: unknown }).packed === 1;
}

/**
 * A forest from a model import, whichever form the build gave it: the packed form (the
 * detector script's build, scripts/build-detector.ts) or the JSON model (tests, CLI).
 *
 * @param model a {@link PackedModel} or a {@link ModelFile}
 * @param inputNames column names of the rows it will score
 * @returns the forest
 * @throws Error as {@link unpackModel} and the {@link Forest} constructor do
 */
export function forestOf(model: PackedModel | ModelFile, inputNames: readonly string[]): Forest {
  return new Forest(isPacked(model) ? unpackModel(model) : model, inputNames);
}
