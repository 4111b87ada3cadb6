import { describe, expect, it } from "vitest";
import { LINK_FEATURE_NAMES } from "../features/link-features";
import {
  DEFAULT_LEARNER,
  decideNext,
  emptyMeasures,
  joinedAtOnce,
  NEVER_CERTAIN,
  pickCertainty,
  pickThreshold,
  type Rec,
  rowHasPagerSignal,
  type SweepRow,
  scoreDecision,
  summarize,
  thresholdSweep,
  trainScorer,
  useJudgeVerdicts,
} from "./experiment";
import { verdictKey } from "./judge-verdicts";

/** A list page whose one link, `rel=next` to page 2, is its gold next link. */
function listWithNext(key: string): Rec {
  return {
    key,
    part: "pagination",
    group: key,
    language: "",
    url: "http://l.test/items",
    links: {
      urls: ["http://l.test/items?page=2"],
      rows: [LINK_FEATURE_NAMES.map((n) => (n === "relNext" ? 1 : 0))],
      anchor: [0],
      label: [1],
      text: ["Next"],
    },
    goldNextUrls: ["http://l.test/items?page=2"],
    nextSelectorMatched: true,
  } as unknown as Rec;
}

import { seededRandom } from "./random";

describe("trainScorer", () => {
  it("caps the rows on the synthetic positives and negatives, never on a real positive", () => {
    const rand = seededRandom(3);
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 50; i++) {
      X.push([1 + rand(), rand()]);
      y.push(1);
    }
    for (let i = 0; i < 100; i++) {
      X.push([rand(), rand()]);
      y.push(0);
    }
    const learner = { ...DEFAULT_LEARNER, nEstimators: 3, maxRows: 60 };
    const s = trainScorer(X, y, ["a", "b"], { learner, smoteRatio: 1, undersample: false });
    const trainedOn = s.toModel("next-link", {}, {})?.trainedOn;
    expect(trainedOn?.rows).toBe(60);
    // A uniform cut of the 200 mixed rows would keep about 30 positives.
    expect(trainedOn?.positives).toBeGreaterThanOrEqual(50);
  });

  it("stops a node of rare positives at the default gain threshold; 0 grows it on", () => {
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 600; i++) {
      X.push([i % 7, i % 5]);
      y.push(0);
    }
    for (let i = 0; i < 3; i++) {
      X.push([10, 10]);
      y.push(1);
    }
    const s = trainScorer(X, y, ["a", "b"], {
      learner: { ...DEFAULT_LEARNER, nEstimators: 5, maxFeatures: 1, gainThreshold: 0 },
      smoteRatio: 1000,
      undersample: false,
    });
    expect(s.probabilities([[10, 10]])[0]).toBeGreaterThan(0.5);
    const stunted = trainScorer(X, y, ["a", "b"], {
      learner: { ...DEFAULT_LEARNER, nEstimators: 5, maxFeatures: 1 },
      smoteRatio: 1000,
      undersample: false,
    });
    expect(stunted.probabilities([[10, 10]])[0]).toBeLessThan(0.5);
  });
});

describe("rowHasPagerSignal", () => {
  const row = (set: Record<string, number>) => LINK_FEATURE_NAMES.map((n) => set[n] ?? 0);
  it("passes a harvested link as the detector's candidate stage does", () => {
    expect(rowHasPagerSignal(row({}))).toBe(false);
    expect(rowHasPagerSignal(row({ textLength: 1, occurrences: 3 }))).toBe(false);
    expect(rowHasPagerSignal(row({ numericText: 1 }))).toBe(false);
    expect(rowHasPagerSignal(row({ numericText: 1, inPager: 1 }))).toBe(true);
    expect(rowHasPagerSignal(row({ relNext: 1 }))).toBe(true);
    expect(rowHasPagerSignal(row({ olderStep: 1 }))).toBe(true);
  });
});

describe("next-link measures by kind of page", () => {
  /** A harvested page with one candidate link (a pager signal: relNext). */
  const page = (part: string, url: string, link: string, gold: string[]): Rec =>
    ({
      key: `${part}/${url}`,
      part,
      group: url,
      language: "",
      url,
      links: {
        urls: [link],
        rows: [LINK_FEATURE_NAMES.map((n) => (n === "relNext" ? 1 : 0))],
        anchor: [0],
        label: [gold.includes(link) ? 1 : 0],
        text: ["Next"],
      },
      goldNextUrls: gold,
      nextSelectorMatched: true,
    }) as unknown as Rec;

  it("counts a link to another document as waiting for page 2, not as joined", () => {
    const post = page("readability", "http://b.test/2012/a-post", "http://b.test/2012/b-post", []);
    const next = decideNext(post, [0.9], 0.5);
    expect(next.pending).toBe(true);
    expect(joinedAtOnce(next)).toBeNull();
    const m = emptyMeasures();
    scoreDecision(m, post, next);
    const s = summarize(m);
    expect(s["article.falseActivations"]).toBe(0);
    expect(s["article.pendingNoNext"]).toBe(1);
  });

  it("lets a link to another document wait for page 2 only on the forest's majority vote", () => {
    const post = page("readability", "http://b.test/2012/a-post", "http://b.test/2012/b-post", []);
    const doubted = decideNext(post, [0.45], 0.3);
    expect(doubted.url).toBeNull();
    expect(doubted.pending).toBe(false);
    expect(decideNext(post, [0.5], 0.3).pending).toBe(true);
    // The threshold sweep reads every best candidate as it is, waiting or not.
    expect(decideNext(post, [0.45], 0, 0).pending).toBe(true);
    // A page step joins at once from the threshold on, whatever the majority says.
    const list = page("pagination", "http://l.test/items", "http://l.test/items?page=2", []);
    expect(joinedAtOnce(decideNext(list, [0.35], 0.3))).toBe("http://l.test/items?page=2");
  });

  it("reports false activation per kind, the headline being the larger", () => {
    const m = emptyMeasures();
    const list = page("pagination", "http://l.test/items", "http://l.test/items?page=2", []);
    const article = page("googletrends", "http://a.test/story", "http://a.test/story/2", []);
    const quiet = page("googletrends", "http://a.test/other", "http://a.test/other/2", []);
    scoreDecision(m, list, decideNext(list, [0.2], 0.5));
    scoreDecision(m, article, decideNext(article, [0.9], 0.5));
    scoreDecision(m, quiet, decideNext(quiet, [0.1], 0.5));
    const s = summarize(m);
    expect(s["list.falseActivation"]).toBe(0);
    expect(s["article.falseActivation"]).toBe(0.5);
    expect(s.falseActivation).toBe(0.5);
  });

  it("sweeps thresholds on what joins at once, per kind", () => {
    const m = emptyMeasures();
    const base = { threshold: Number.NaN, step: true, right: false, hasNext: false };
    m.scores.push({ ...base, score: 0.6, kind: "list" });
    m.scores.push({ ...base, score: 0.9, kind: "article" });
    m.scores.push({ ...base, score: 0.95, kind: "article", step: false });
    m.scores.push({ ...base, score: 0.7, kind: "list", right: true, hasNext: true });
    const [low, high] = thresholdSweep(m, [0.5, 0.8]);
    expect(low).toMatchObject({ listFalseActivation: 1, articleFalseActivation: 0.5, recall: 1 });
    expect(high).toMatchObject({ listFalseActivation: 0, articleFalseActivation: 0.5, recall: 0 });
  });
});

describe("certainty", () => {
  const base = { threshold: Number.NaN, step: true, right: false, hasNext: false };
  const rec = (over: Partial<typeof base & { score: number; structural: boolean }>) => ({
    ...base,
    score: 0.5,
    kind: "list" as const,
    ...over,
  });

  it("is the lowest score above every stepping link on a training page without a next page", () => {
    const scores = [
      rec({ score: 0.82 }),
      rec({ score: 0.97, step: false }), // another document waits anyway
      rec({ score: 0.99, hasNext: true, right: true }),
      { ...rec({ score: 0.6 }), kind: "article" as const },
    ];
    expect(pickCertainty(scores, 0.3).certainScore).toBe(0.85);
    expect(pickCertainty([rec({ score: 1 })], 0.3).certainScore).toBe(NEVER_CERTAIN);
    expect(pickCertainty([rec({ score: 0.1 })], 0.3).certainScore).toBe(0.3);
  });

  it("trusts the structural signal only where no such page showed it above the threshold", () => {
    expect(pickCertainty([rec({ score: 0.9 })], 0.3).certainStructure).toBe(true);
    expect(pickCertainty([rec({ score: 0.4, structural: true })], 0.3).certainStructure).toBe(
      false,
    );
    expect(pickCertainty([rec({ score: 0.2, structural: true })], 0.3).certainStructure).toBe(true);
  });

  it("makes a doubted stepping link wait for page 2, and counts it joined 'either way'", () => {
    const list = listWithNext("pagination/l");
    const certainty = { certainScore: 0.9, certainStructure: false };
    const next = decideNext(list, [0.7], 0.3, 0.5, certainty);
    expect(next.pending).toBe(true);
    const m = emptyMeasures();
    scoreDecision(m, list, next);
    const s = summarize(m);
    expect(s.recall).toBe(0);
    expect(s["list.either.recall"]).toBe(1);
    expect(s["list.pending"]).toBe(1);
    expect(decideNext(list, [0.95], 0.3, 0.5, certainty).pending).toBe(false);
  });
});

describe("pickThreshold", () => {
  const row = (threshold: number, f1: number, listFa: number, articleFa: number): SweepRow => ({
    threshold,
    precision: 0,
    recall: 0,
    f1,
    listFalseActivation: listFa,
    articleFalseActivation: articleFa,
    falseActivation: Math.max(listFa, articleFa),
  });

  it("takes the best list F1 whatever the list false activation: F1 already counts it", () => {
    // Two list pages of ~95 without a next page (2.1 %) at every threshold up to 0.8.
    const sweep = [
      row(0.3, 0.936, 0.021, 0.008),
      row(0.5, 0.933, 0.021, 0.008),
      row(0.85, 0.915, 0.011, 0.008),
    ];
    expect(pickThreshold(sweep)).toBe(0.3);
  });

  it("keeps article pages under their cap, the lowest threshold of equal F1", () => {
    const sweep = [
      row(0.3, 0.95, 0.02, 0.012),
      row(0.35, 0.94, 0.02, 0.008),
      row(0.4, 0.94, 0.02, 0.004),
      row(0.8, 0.9, 0, 0),
    ];
    expect(pickThreshold(sweep)).toBe(0.35);
  });

  it("falls back to the fewest article false activations when none is under the cap", () => {
    const sweep = [row(0.3, 0.95, 0, 0.03), row(0.6, 0.9, 0, 0.02), row(0.9, 0.8, 0, 0.02)];
    expect(pickThreshold(sweep)).toBe(0.6);
    expect(() => pickThreshold([])).toThrow(/empty/);
  });
});

describe("joined after the judge", () => {
  it("counts a waiting link joined only where the judge passed its page 2", () => {
    const list = listWithNext;
    const certainty = { certainScore: 0.9, certainStructure: false };
    const passed = list("pagination/a");
    const refused = list("pagination/b");
    const unread = list("pagination/c");
    useJudgeVerdicts(
      new Map([
        [verdictKey(passed.key, "http://l.test/items?page=2"), true],
        [verdictKey(refused.key, "http://l.test/items?page=2#x"), false],
      ]),
    );
    try {
      const m = emptyMeasures();
      for (const rec of [passed, refused, unread])
        scoreDecision(m, rec, decideNext(rec, [0.7], 0.3, 0.5, certainty));
      const s = summarize(m);
      expect(s["list.either.correct"]).toBe(3);
      expect(s["list.judged.correct"]).toBe(1);
      expect(s["list.judged.unknown"]).toBe(1);
    } finally {
      useJudgeVerdicts(new Map());
    }
  });
});
