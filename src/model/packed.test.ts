import { describe, expect, it } from "vitest";
import exportBlocksModel from "../../models/export-blocks.json";
import nextLinkModel from "../../models/next-link.json";
import pageElementModel from "../../models/page-element.json";
import { Forest, flattenModel, type ModelFile } from "./forest";
import { checkTreeLayout, isPacked, packModel, unpackModel } from "./packed";

/** Deterministic rows spread over each feature's observed split range. */
function rows(model: ModelFile, n: number): number[][] {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: n }, () =>
    model.featureNames.map(() => (rand() < 0.3 ? Math.round(rand()) : rand() * 4 - 1)),
  );
}

describe("packed models", () => {
  for (const [name, model] of [
    ["next-link", nextLinkModel as ModelFile],
    ["page-element", pageElementModel as ModelFile],
    ["export-blocks", exportBlocksModel as unknown as ModelFile],
  ] as const) {
    it(`${name}: the packed model votes exactly as the JSON model`, () => {
      const packed = JSON.parse(JSON.stringify(packModel(model)));
      expect(isPacked(packed)).toBe(true);
      const x = rows(model, 400);
      const fromJson = new Forest(model).probabilities(x);
      const fromPacked = new Forest(unpackModel(packed)).probabilities(x);
      expect(fromPacked).toEqual(fromJson);
      // Not all one answer: the rows reach both kinds of leaf.
      expect(new Set(fromJson).size).toBeGreaterThan(1);
    });
  }

  for (const [name, model] of [
    ["next-link", nextLinkModel as ModelFile],
    ["page-element", pageElementModel as ModelFile],
  ] as const) {
    it(`${name}: the packed model carries the features its splits test`, () => {
      const packed = JSON.parse(JSON.stringify(packModel(model)));
      const fromTrees = [...new Forest(model).testedFeatures];
      expect(packed.tested).toEqual(fromTrees);
      expect(fromTrees.length).toBeGreaterThan(0);
      // The forest answers from the packed list, not from a walk of its trees.
      const claimed = new Forest(unpackModel({ ...packed, tested: [model.featureNames[0]] }));
      expect([...claimed.testedFeatures]).toEqual([model.featureNames[0]]);
      // A pack without the list (older builds) still finds them in the trees.
      const { tested: _, ...older } = packed;
      expect([...new Forest(unpackModel(older)).testedFeatures]).toEqual(fromTrees);
    });
  }

  it("is less than half the size of the JSON model", () => {
    const json = JSON.stringify(pageElementModel).length;
    const packed = JSON.stringify(packModel(pageElementModel as ModelFile)).length;
    expect(packed).toBeLessThan(json / 2);
  });

  it("rejects a packed model whose arrays disagree", () => {
    const p = packModel(nextLinkModel as ModelFile);
    expect(() => unpackModel({ ...p, vote: btoa("\u0001") })).toThrow(/lengths/);
  });

  it("refuses to pack trees whose right child points backwards or outside", () => {
    const f = flattenModel(nextLinkModel as ModelFile);
    expect(() => checkTreeLayout(f)).not.toThrow();
    const split = f.column.findIndex((c) => c >= 0);
    const back = { ...f, right: Int32Array.from(f.right) };
    back.right[split] = split;
    expect(() => checkTreeLayout(back)).toThrow(/out of range/);
    const outside = { ...f, right: Int32Array.from(f.right) };
    outside.right[split] = f.column.length;
    expect(() => checkTreeLayout(outside)).toThrow(/out of range/);
  });

  it("stores right children in 16 bits where they fit, 32 where the forest is larger, votes unchanged", () => {
    const model = nextLinkModel as ModelFile;
    expect(packModel(model).rightBytes).toBe(2);
    expect(packModel(model).columnBytes).toBe(1);
    // The same trees repeated past 65,535 nodes: child indices no longer fit 16 bits.
    const base = (model.forest as { baseModel: { estimators: unknown[]; indexes: unknown[] } })
      .baseModel;
    const times = Math.ceil(0x10000 / flattenModel(model).column.length) + 1;
    const big: ModelFile = {
      ...model,
      forest: {
        ...model.forest,
        baseModel: {
          ...base,
          estimators: Array.from({ length: times }, () => base.estimators).flat(),
          indexes: Array.from({ length: times }, () => base.indexes).flat(),
        },
      },
    };
    const packed = packModel(big);
    expect(flattenModel(big).column.length).toBeGreaterThan(0xffff);
    expect(packed.rightBytes).toBe(4);
    const x = rows(model, 50);
    expect(new Forest(unpackModel(packed)).probabilities(x)).toEqual(
      new Forest(big).probabilities(x),
    );
  });

  it("maps the model's columns onto another input order", () => {
    const model = nextLinkModel as ModelFile;
    const x = rows(model, 50);
    const reordered = [...model.featureNames].reverse();
    const xr = x.map((r) => [...r].reverse());
    const p = unpackModel(packModel(model));
    expect(new Forest(p, reordered).probabilities(xr)).toEqual(new Forest(model).probabilities(x));
  });
});
