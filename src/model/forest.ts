/**
 * A trained random forest as tsugi ships it (`models/*.json`): ml-random-forest's own
 * model JSON plus the feature names it was trained on and the decision parameters chosen
 * at training time. The same class serves the content script, the CLI and the evaluation.
 *
 * On load the trees are flattened into typed arrays (one slot per node: the input
 * column it tests, its threshold, its children, or the class a leaf votes for), and
 * prediction walks those as ml-cart's `TreeNode#classify` and ml-random-forest's vote
 * do (tested to give the same votes), without building ml-matrix matrices for every
 * row or chasing object pointers: the content script stays small and fast.
 */
import { runNow, type SliceBudget, type Steps } from "../budget/slices";

/** What a model file holds. */
export interface ModelFile {
  /** which detector the model serves */
  kind: "next-link" | "page-element" | "export-blocks";
  /** feature names in column order (a subset of LINK_/NODE_FEATURE_NAMES) */
  featureNames: string[];
  /** decision parameters chosen at training time (thresholds, …) */
  params: Record<string, number>;
  /** provenance: data, date, options */
  trainedOn: Record<string, unknown>;
  /** ml-random-forest `RandomForestClassifier#toJSON()` output, as plain JSON (parsed
   * from its string form: the raw toJSON() object still holds ml-matrix leaves) */
  forest: object;
}

/** A loaded forest that scores feature rows. */
/** A tree node of ml-cart's JSON: a split, or a leaf with its class distribution. */
interface TreeNodeJson {
  splitValue?: number;
  splitColumn?: number;
  left?: TreeNodeJson;
  right?: TreeNodeJson;
  distribution?: number[][];
}

interface ForestJson {
  name?: string;
  baseModel?: { indexes?: number[][]; estimators?: { root?: TreeNodeJson }[] };
}

/** All trees, flattened in preorder: node k tests column `column[k]` (−1 for a leaf)
 * against `threshold[k]` and goes to its left child, always the next node `k + 1`, or to
 * `right[k]`; a leaf votes `vote[k]`. Columns fit in 16 bits (the packed form's). */
export interface FlatForest {
  roots: Int32Array;
  /** split column per node, −1 for a leaf; 8-bit where the packed model stored it so */
  column: Int16Array | Int8Array;
  threshold: Float64Array;
  /** right child per split; 16-bit where the packed model stored it so */
  right: Int32Array | Uint16Array;
  vote: Uint8Array;
}

/**
 * Flatten ml-cart trees into typed arrays, resolving each split's column through the
 * tree's feature bag (`indexes`) and the input-column map, once, instead of per row.
 */
function flatten(
  roots: readonly TreeNodeJson[],
  bags: readonly number[][],
  inputColumn: (forestColumn: number) => number,
): FlatForest {
  const nodes: { node: TreeNodeJson; bag: number[] }[] = [];
  const count = (n: TreeNodeJson): number =>
    1 + (n.distribution === undefined && n.left && n.right ? count(n.left) + count(n.right) : 0);
  const total = roots.reduce((t, r) => t + count(r), 0);
  const f: FlatForest = {
    roots: new Int32Array(roots.length),
    column: new Int16Array(total),
    threshold: new Float64Array(total),
    right: new Int32Array(total),
    vote: new Uint8Array(total),
  };
  const place = (node: TreeNodeJson, bag: number[]): number => {
    const k = nodes.length;
    nodes.push({ node, bag });
    if (node.distribution === undefined && node.left && node.right) {
      const forestColumn = bag[node.splitColumn ?? 0];
      if (forestColumn === undefined)
        throw new Error("a split tests a column outside its tree's features");
      const column = inputColumn(forestColumn);
      if (column > 0x7fff) throw new Error(`column ${column} beyond 16 bits`);
      f.column[k] = column;
      f.threshold[k] = node.splitValue ?? 0;
      // Preorder: the left subtree starts at k + 1.
      place(node.left, bag);
      f.right[k] = place(node.right, bag);
    } else {
      f.column[k] = -1;
      f.vote[k] = leafClass(node) === 1 ? 1 : 0;
    }
    return k;
  };
  roots.forEach((root, i) => {
    f.roots[i] = place(root, bags[i] ?? []);
  });
  return f;
}

/** The class a leaf votes for: the index of the largest share, the first on a tie (ml-cart's argmax). */
function leafClass(node: TreeNodeJson): number {
  const d = node.distribution?.[0] ?? [];
  let best = 0;
  for (let c = 1; c < d.length; c++) if ((d[c] ?? 0) > (d[best] ?? 0)) best = c;
  return best;
}

/**
 * A model's trees flattened with the model's own feature columns (column k = the k-th of
 * `featureNames`), as ./packed.ts stores them at build time.
 *
 * @param model a {@link ModelFile}
 * @returns the flat trees
 * @throws Error when the model is not an ml-random-forest classifier or a split tests a
 *   column outside its tree's features
 */
export function flattenModel(model: ModelFile): FlatForest {
  const json = model.forest as ForestJson;
  const estimators = json.baseModel?.estimators ?? [];
  const indexes = json.baseModel?.indexes ?? [];
  if (json.name !== "RFClassifier" || estimators.length === 0) {
    throw new Error("not an ml-random-forest classifier model");
  }
  const roots = estimators.map((e, i) => {
    if (!e.root) throw new Error(`tree ${i} has no root`);
    return e.root;
  });
  return flatten(roots, indexes, (c) => {
    if (c < 0 || c >= model.featureNames.length)
      throw new Error(`the model splits on column ${c}, beyond its features`);
    return c;
  });
}

/** A model as the extension ships it: the flat trees already built (./packed.ts). */
export interface FlatModel {
  kind: ModelFile["kind"];
  featureNames: string[];
  params: Record<string, number>;
  flat: FlatForest;
  /** {@link Forest.testedFeatures}, worked out when the model was packed (optional) */
  tested?: string[];
}

/**
 * The features some split of the flat trees tests.
 *
 * @param featureNames the model's feature names (column k = the k-th)
 * @param flat its flat trees
 * @returns names out of `featureNames`, in their order
 */
export function testedFeatureNames(featureNames: readonly string[], flat: FlatForest): string[] {
  const seen = new Uint8Array(featureNames.length);
  const { column } = flat;
  for (let k = 0; k < column.length; k++) {
    const c = column[k] as number;
    if (c >= 0) seen[c] = 1;
  }
  return featureNames.filter((_, c) => seen[c] === 1);
}

export class Forest {
  readonly featureNames: readonly string[];
  readonly params: Readonly<Record<string, number>>;
  private readonly flat: FlatForest;
  /** input column of each model column; null when the rows come in the model's order */
  private readonly columns: number[] | null;
  /** values per input row: the number of input column names */
  private readonly inputWidth: number;
  /** {@link testedFeatures}, worked out on first use */
  private tested: ReadonlySet<string> | null = null;

  /**
   * @param model a {@link ModelFile}, or a {@link FlatModel} flattened at build time
   * @param inputNames names of the columns of the rows that will be scored; when they
   *   differ from the model's features, the model's columns are picked out by name
   * @throws Error when the model names a feature the input rows lack, or is not an
   *   ml-random-forest classifier
   */
  constructor(model: ModelFile | FlatModel, inputNames: readonly string[] = model.featureNames) {
    this.featureNames = model.featureNames;
    this.params = model.params;
    const flat = "flat" in model ? model.flat : flattenModel(model);
    // Packed at build time: a pass over every node would run on a page's first detection.
    if ("flat" in model && model.tested !== undefined) this.tested = new Set(model.tested);
    const columns = model.featureNames.map((n) => {
      const i = inputNames.indexOf(n);
      if (i < 0) throw new Error(`model feature ${n} missing from the input rows`);
      return i;
    });
    // The trees test the model's columns; rows come in the input's order. A copy, so a
    // shared flat model can serve several input orders.
    this.flat = flat;
    // Rows are picked into the model's column order per row (a few dozen reads), not the
    // trees' columns rewritten (one pass over every node of a cold page's first run).
    this.columns =
      columns.length === inputNames.length && columns.every((c, k) => c === k) ? null : columns;
    this.inputWidth = inputNames.length;
  }

  /**
   * The features some split of some tree tests: a row's values of the others never change
   * a vote, so a detector need not compute them.
   * Taken from the packed model where the build wrote it, else read from the flat trees on
   * first use (one pass over the nodes).
   *
   * @returns names out of {@link featureNames}
   */
  get testedFeatures(): ReadonlySet<string> {
    this.tested ??= new Set(testedFeatureNames(this.featureNames, this.flat));
    return this.tested;
  }

  /** Number of trees in the forest. */
  get treeCount(): number {
    return this.flat.roots.length;
  }

  /**
   * Probability of the positive class for each row: the share of trees that vote 1
   * (ml-random-forest's `predictProbability`, without its first-tree rounding slip).
   *
   * @param rows feature rows in the input column order
   * @returns one number in 0..1 per row ([] for no rows)
   */
  probabilities(rows: readonly number[][]): number[] {
    return runNow(this.probabilitiesSteps(rows));
  }

  /**
   * {@link probabilities} as a loop that yields between trees, for a {@link SliceBudget}.
   *
   * @param rows feature rows in the input column order
   * @returns one number in 0..1 per row ([] for no rows)
   */
  *probabilitiesSteps(rows: readonly number[][]): Steps<number[]> {
    if (rows.length === 0) return [];
    // Each row is laid out in the model's column order at once, so it is copied once.
    const columns = this.columns;
    const width = this.featureNames.length;
    const values = new Float64Array(rows.length * width);
    for (const [r, input] of rows.entries()) {
      for (let c = 0; c < width; c++) values[r * width + c] = input[columns?.[c] ?? c] ?? 0;
    }
    return Array.from(yield* this.scoreModelRows(values, width));
  }

  /**
   * {@link probabilities} of rows laid out one after the other in a flat array: the
   * page-element detector's form, which builds no array per element.
   *
   * @param values `width` values per row, row after row, in the input column order
   * @param width values per row: the number of input column names
   * @param skip optional, one per row: the rows marked 1 are not walked and get 0 (rows
   *   whose votes the caller never reads)
   * @returns one number in 0..1 per row
   * @throws Error when `width` is not the number of input columns
   */
  scoreRows(values: Float64Array, width: number, skip?: ArrayLike<number>): Float64Array {
    return runNow(this.scoreRowsSteps(values, width, skip));
  }

  /**
   * {@link scoreRows} as a loop that yields between trees (and every few hundred rows of
   * the column copy), for a {@link SliceBudget}: the same votes.
   *
   * @param values `width` values per row, row after row, in the input column order
   * @param width values per row: the number of input column names
   * @param skip as {@link scoreRows}
   * @returns one number in 0..1 per row
   * @throws Error when `width` is not the number of input columns
   */
  *scoreRowsSteps(
    values: Float64Array,
    width: number,
    skip?: ArrayLike<number>,
  ): Steps<Float64Array> {
    if (width !== this.inputWidth)
      throw new Error(`rows of ${width} values for ${this.inputWidth} input columns`);
    const columns = this.columns;
    if (columns !== null) {
      // Pick the model's columns out of each row once, so the tree walk reads them in place.
      const m = columns.length;
      const picked = new Float64Array(Math.floor(values.length / width) * m);
      for (let o = 0, q = 0, r = 0; q < picked.length; o += width, r++) {
        for (let c = 0; c < m; c++, q++) picked[q] = values[o + (columns[c] as number)] ?? 0;
        if ((r & 511) === 511) yield;
      }
      return yield* this.scoreModelRows(picked, m, skip);
    }
    return yield* this.scoreModelRows(values, width, skip);
  }

  /** The votes over rows in the model's own column order. */
  private *scoreModelRows(
    values: Float64Array,
    width: number,
    skip?: ArrayLike<number>,
  ): Steps<Float64Array> {
    const n = Math.floor(values.length / width);
    const ones = new Float64Array(n);
    // The rows to walk, listed once, so the tree walk tests no row per tree.
    const listed = new Int32Array(n);
    let walked = 0;
    for (let r = 0; r < n; r++) if (skip?.[r] !== 1) listed[walked++] = r;
    const rows = listed.subarray(0, walked);
    const { roots, column, threshold, right, vote } = this.flat;
    // Tree after tree rather than row after row: one tree's nodes stay in the cache
    // while every row walks it.
    for (let t = 0; t < roots.length; t++) {
      addTreeVotes(roots[t] as number, values, width, rows, column, threshold, right, vote, ones);
      yield;
    }
    for (let r = 0; r < n; r++) ones[r] = (ones[r] as number) / roots.length;
    return ones;
  }
}

/**
 * Adds one tree's votes over the listed rows to `ones`. A function of its own, called
 * once per tree: V8 replaces the row loop on the stack of a page's first detection, and
 * where that loop sat inside the tree loop, each tree's end left the optimized code ("exit
 * from OSR'd inner loop", one deoptimization per tree); here the row loop is the outermost.
 *
 * @param root the tree's first node
 * @param values rows of `width` values, in the model's column order
 * @param rows the row numbers to walk
 * @param ones votes so far per row, added to in place
 */
function addTreeVotes(
  root: number,
  values: Float64Array,
  width: number,
  rows: Int32Array,
  column: FlatForest["column"],
  threshold: Float64Array,
  right: FlatForest["right"],
  vote: Uint8Array,
  ones: Float64Array,
): void {
  for (let j = 0; j < rows.length; j++) {
    const r = rows[j] as number;
    const o = r * width;
    let k = root;
    for (let c = column[k] as number; c >= 0; c = column[k] as number) {
      k = (values[o + c] as number) < (threshold[k] as number) ? k + 1 : (right[k] as number);
    }
    ones[r] = (ones[r] as number) + (vote[k] as number);
  }
}

/** Tree-node fields prediction reads; ml-cart also stores options, gains and counts. */
const KEPT_NODE_FIELDS = new Set(["splitValue", "splitColumn", "left", "right", "distribution"]);

/**
 * A forest's JSON without what prediction never reads (each tree node repeats the tree
 * options and keeps its gain and sample count): several times smaller, loads with
 * `RandomForestClassifier.load` and predicts the same (tested).
 *
 * @param forest `RandomForestClassifier#toJSON()` output
 * @returns a new object
 */
export function compactForest(forest: object): object {
  const copy = JSON.parse(JSON.stringify(forest)) as {
    baseModel?: { estimators?: { root?: unknown }[] };
  };
  const strip = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    const o = node as Record<string, unknown>;
    for (const k of Object.keys(o)) if (!KEPT_NODE_FIELDS.has(k)) delete o[k];
    // A leaf may keep the split it computed but did not make; prediction stops at leaves.
    if (o.distribution !== undefined) {
      delete o.splitValue;
      delete o.splitColumn;
    }
    strip(o.left);
    strip(o.right);
  };
  for (const est of copy.baseModel?.estimators ?? []) strip(est.root);
  return copy;
}
