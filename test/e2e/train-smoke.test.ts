import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LINK_FEATURE_NAMES } from "../../src/features/link-features";
import { NODE_FEATURE_NAMES } from "../../src/features/node-features";
import { Forest, type ModelFile } from "../../src/model/forest";
import { TSUGI_SETUP } from "../../src/train/experiment";
import { withoutCorpus } from "../support/corpus";

const root = process.cwd();

describe.skipIf(withoutCorpus("the training smoke run", "pagination"))(
  "npm run train -- --smoke (the whole pipeline on 40 pages)",
  () => {
    it("renders, labels, cross-validates and writes loadable forests without touching models/", () => {
      const shipped = join(root, "models", "next-link.json");
      const before = existsSync(shipped) ? statSync(shipped).mtimeMs : 0;
      const r = spawnSync(process.execPath, [join(root, "out", "train.mjs"), "train", "--smoke"], {
        encoding: "utf8",
        timeout: 600_000,
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/tsugi \(random forest, all features\)/);
      const dir = join(root, "out", "smoke-models");
      const link = JSON.parse(readFileSync(join(dir, "next-link.json"), "utf8")) as ModelFile;
      const node = JSON.parse(readFileSync(join(dir, "page-element.json"), "utf8")) as ModelFile;
      expect(link.featureNames).toEqual([...TSUGI_SETUP.linkFeatures]);
      expect(node.featureNames).toEqual([...NODE_FEATURE_NAMES]);
      const p = new Forest(link).probabilities([LINK_FEATURE_NAMES.map(() => 0)]);
      expect(p[0]).toBeGreaterThanOrEqual(0);
      expect(p[0]).toBeLessThanOrEqual(1);
      expect(new Forest(node).probabilities([NODE_FEATURE_NAMES.map(() => 1)])).toHaveLength(1);
      const metrics = JSON.parse(readFileSync(join(dir, "metrics.json"), "utf8"));
      const f1 = metrics.crossValidation[0].pooled.f1;
      expect(f1).toBeGreaterThanOrEqual(0);
      expect(f1).toBeLessThanOrEqual(1);
      expect(metrics.folds).toBe(2);
      expect(existsSync(shipped) ? statSync(shipped).mtimeMs : 0).toBe(before);
    });
  },
);
