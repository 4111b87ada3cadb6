import { afterEach, describe, expect, it } from "vitest";
import pageElementJson from "../../models/page-element.json";
import { NODE_FEATURE_NAMES } from "../features/node-features";
import type { ModelFile } from "../model/forest";
import { packModel } from "../model/packed";
import { INJECTED_MODELS_GLOBAL } from "./injected-models";
import { loadForest, nextLinkForest, pageElementForest, pageElementModelLoaded } from "./models";

const globals = globalThis as Record<string, unknown>;

describe("bundled forests", () => {
  it("loads both forests from the bundled models", () => {
    expect(pageElementModelLoaded()).toBe(true);
    expect(nextLinkForest().treeCount).toBeGreaterThan(0);
    expect(pageElementForest().treeCount).toBeGreaterThan(0);
  });
});

describe("a forest injected apart (the extension's page-element forest)", () => {
  afterEach(() => {
    delete globals[INJECTED_MODELS_GLOBAL];
  });
  it("refuses to load before its script has run", () => {
    expect(() => loadForest({ deferred: "page-element" }, NODE_FEATURE_NAMES)).toThrow(
      /page-element forest is not loaded/,
    );
  });
  it("loads what the script left, with the bundled model's votes", () => {
    const json = pageElementJson as unknown as ModelFile;
    globals[INJECTED_MODELS_GLOBAL] = { "page-element": packModel(json) };
    const injected = loadForest({ deferred: "page-element" }, NODE_FEATURE_NAMES);
    const rows = [NODE_FEATURE_NAMES.map((_, k) => k % 3), NODE_FEATURE_NAMES.map(() => 0)];
    expect(injected.probabilities(rows)).toEqual(pageElementForest().probabilities(rows));
  });
});
