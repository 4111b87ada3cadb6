/**
 * `npm run train` and `npm run eval` (Node only).
 *
 *   train [--smoke] [--force]   render + label the corpus in Chromium, cross-validate the
 *                               setups of the model card, train the shipped forests on all
 *                               pages, write models/next-link.json, models/page-element.json,
 *                               models/metrics.json and the measured part of models/CARD.md
 *   eval  [--smoke] [--list]    cross-validate the shipped setup and the baselines and print
 *                               the measures of ARCHITECTURE.md (--list: every miss)
 *
 * Both report next-link false activation by kind of page (list, article) and score the
 * shipped forest on articles/dragnet (AGPL-3.0 data: evaluated, never trained on; skipped
 * with --no-dragnet or where the corpus lacks it); `eval --dragnet-only` scores Dragnet alone.
 * train --models-only skips the cross-validation and writes only the two model files.
 * --links-only cross-validates the next-link half of every setup alone (no page-element
 * forest is trained): minutes instead of most of an hour, for work on link features;
 * --only <words> keeps the shipped setup and those whose name holds those words.
 * --smoke uses 40 pages, 2 folds and small forests and writes to out/smoke-models/, so
 * CI exercises the whole pipeline in about a minute without touching models/.
 */

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { UNSURE_FLOOR } from "../detect/confirm-next";
import { chooseNextLink } from "../detect/next-link-choice";
import { groupFolds } from "../eval/folds";
import {
  CONTINUATION_FEATURES,
  LINK_FEATURE_NAMES,
  NEXT_ITEM_URL_FEATURES,
  NEXT_POST_FEATURES,
  PAGER_STRUCTURE_FEATURES,
} from "../features/link-features";
import { NODE_FEATURE_NAMES, NODE_LAYOUT_FEATURES } from "../features/node-features";
import type { ModelFile } from "../model/forest";
import { forestOf } from "../model/packed";
import { repoRoot } from "../replay/cases";
import { katoPageElement, relNextOnly, thesisRuleNext } from "./baselines";
import {
  allCorpusPages,
  type CorpusPage,
  dragnetPages,
  googletrendsPages,
  paginationPages,
  readabilityPages,
} from "./corpus";
import {
  addMeasures,
  type Certainty,
  type CvResult,
  chooseLinkParams,
  columnsOf,
  crossValidate,
  crossValidateLinks,
  DEFAULT_LEARNER,
  type Detectors,
  decideNext,
  emptyMeasures,
  joinedAtOnce,
  NO_CERTAINTY,
  nextLinkExample,
  pageElementSwitches,
  type Rec,
  type Setup,
  scoreDecision,
  scoreNext,
  scorePageElement,
  summarize,
  THESIS_LINK_FEATURES,
  THESIS_NODE_FEATURES,
  TSUGI_SETUP,
  testDetectors,
  trainDetectors,
  trainLinkDetector,
  useJudgeVerdicts,
} from "./experiment";
import { readJudgeVerdicts } from "./judge-verdicts";
import { harvestPages } from "./render";

const args = process.argv.slice(2);
const command = args[0];
const smoke = args.includes("--smoke");
const log = (msg: string) => process.stderr.write(`${msg}\n`);

function smokePages(): CorpusPage[] {
  // Whole sites, so the two folds stay site-disjoint.
  const pag = paginationPages();
  const sites = [...new Set(pag.map((p) => p.group))].slice(0, 12);
  return [
    ...pag.filter((p) => sites.includes(p.group)).slice(0, 30),
    ...readabilityPages().slice(0, 5),
    ...googletrendsPages().slice(0, 5),
  ];
}

const SMOKE_LEARNER = { ...DEFAULT_LEARNER, nEstimators: 5, maxDepth: 6, maxRows: 3000 };

function setupsFor(cmd: string): Setup[] {
  const base: Setup = smoke
    ? { ...TSUGI_SETUP, learner: SMOKE_LEARNER, linkLearner: SMOKE_LEARNER }
    : TSUGI_SETUP;
  if (cmd === "eval" || smoke) return [base];
  const without = (...groups: (readonly string[])[]) =>
    base.linkFeatures.filter((n) => !groups.some((g) => g.includes(n)));
  return [
    base,
    {
      ...base,
      name: "random forest, thesis features only (9 link, 14 node)",
      linkFeatures: THESIS_LINK_FEATURES,
      nodeFeatures: THESIS_NODE_FEATURES,
    },
    {
      ...base,
      name: "next-link forest trained on list pages only (no article pages)",
      linkPages: "lists",
    },
    {
      ...base,
      name: "ablation: without next-post signals (postNavigation, headlineText, otherDocument)",
      linkFeatures: without(NEXT_POST_FEATURES),
    },
    {
      ...base,
      name: "ablation: without continuation signals (olderText, moreText, disabledLink, plusOneLinks)",
      linkFeatures: without(CONTINUATION_FEATURES),
    },
    {
      ...base,
      name: "ablation: without pager structure (runPlusOne, runTemplate, iconNext, cursorParam)",
      linkFeatures: without(PAGER_STRUCTURE_FEATURES),
    },
    {
      ...base,
      name: "ablation: without next-item URL signals (dateStep, hrefNotUrl, datedTarget)",
      linkFeatures: without(NEXT_ITEM_URL_FEATURES),
    },
    {
      ...base,
      name: "decision tree, all features",
      learner: { ...base.learner, algorithm: "decision-tree" },
      linkLearner: { ...base.linkLearner, algorithm: "decision-tree" },
    },
    {
      ...base,
      name: "ablation: page element without layout (width, height, areaRatio, visible)",
      nodeFeatures: NODE_FEATURE_NAMES.filter((n) => !NODE_LAYOUT_FEATURES.includes(n)),
    },
    {
      ...base,
      name: "ablation: without run completion (siblings up to a boundary)",
      completeRun: false,
    },
    {
      ...base,
      name: "ablation: without the pager scope (choice beside the next link)",
      pagerScope: false,
    },
  ];
}

/**
 * Next-link counts by kind of page, as `npm run eval` prints them: what joins without
 * page 2, and what waits for it.
 *
 * @param m summarized measures ({@link summarize})
 * @returns two lines
 */
function byKind(m: Record<string, number>): string {
  const n = (k: string) => m[k] ?? 0;
  const pct = (k: string) => `${(100 * n(k)).toFixed(1)} %`;
  return [
    `  list pages: false activation ${n("list.falseActivations")} of ${n("list.withoutNext")} (${pct("list.falseActivation")}), F1 ${fmt(m.f1)} (P ${fmt(m.precision)}, R ${fmt(m.recall)}) on ${n("list.withNext")} with a next page; waiting for page 2: ${n("list.pendingNoNext")} without a next page, ${n("list.pendingRight")} right next links`,
    `  article pages: false activation ${n("article.falseActivations")} of ${n("article.withoutNext")} (${pct("article.falseActivation")}), next page found on ${n("article.correct")} of ${n("article.withNext")}; waiting for page 2: ${n("article.pendingNoNext")} without a next page, ${n("article.pendingRight")} right next links`,
    `  list pages, joined at once: ${n("list.atOnce")} pages; waiting for page 2: ${n("list.pending")}; at once or after page 2 (every waiting link joined): F1 ${fmt(m["list.either.f1"])} (P ${fmt(m["list.either.precision"])}, R ${fmt(m["list.either.recall"])}), false activation ${n("list.either.falseActivations")} of ${n("list.withoutNext")} (${pct("list.either.falseActivation")})`,
    `  article pages, joined at once: ${n("article.atOnce")} pages; waiting for page 2: ${n("article.pending")}; at once or after page 2: next page found on ${n("article.either.correct")} of ${n("article.withNext")}, false activation ${n("article.either.falseActivations")} of ${n("article.withoutNext")} (${pct("article.either.falseActivation")})`,
    `  list pages, joined after the judge (a waiting link joins where the judge passes its page 2 in out/page2-pairs.json; ${n("list.judged.unknown")} waiting links lead to pages the corpus lacks: counted not joined): F1 ${fmt(m["list.judged.f1"])} (P ${fmt(m["list.judged.precision"])}, R ${fmt(m["list.judged.recall"])}), false activation ${n("list.judged.falseActivations")} of ${n("list.withoutNext")} (${pct("list.judged.falseActivation")})`,
    `  article pages, joined after the judge (${n("article.judged.unknown")} waiting links lead to pages the corpus lacks: counted not joined): next page found on ${n("article.judged.correct")} of ${n("article.withNext")}, false activation ${n("article.judged.falseActivations")} of ${n("article.withoutNext")} (${pct("article.judged.falseActivation")})`,
  ].join("\n");
}

/**
 * The shipped next-link forest and threshold (models/next-link.json) on the Dragnet
 * article pages, which no model is trained on.
 *
 * @param recs harvested dragnet pages
 * @returns the report's lines
 */
function shippedOnDragnet(recs: readonly Rec[]): {
  report: string;
  summary: Record<string, number>;
} {
  const model = JSON.parse(
    readFileSync(join(repoRoot(), "models", "next-link.json"), "utf8"),
  ) as ModelFile;
  const forest = forestOf(model, LINK_FEATURE_NAMES);
  const threshold = model.params?.threshold ?? 0.5;
  const certainty = modelCertainty(model);
  const m = emptyMeasures();
  const falses: string[] = [];
  for (const rec of recs) {
    const next = decideNext(
      rec,
      forest.probabilities(rec.links.rows),
      threshold,
      UNSURE_FLOOR,
      certainty,
    );
    scoreDecision(m, rec, next);
    const joined = joinedAtOnce(next);
    if (joined !== null && !rec.goldNextUrls.includes(joined))
      falses.push(`    ${rec.key} ${joined} (${next.score.toFixed(2)})`);
  }
  const s = summarize(m);
  const report = [
    `\nShipped next-link forest (threshold ${threshold}) on articles/dragnet (${recs.length} article pages, evaluation only):`,
    byKind(s).split("\n")[1] ?? "",
    byKind(s).split("\n")[3] ?? "",
    ...(args.includes("--list") || falses.length <= 20
      ? falses
      : [`    (${falses.length} wrong links; --list prints them)`]),
  ].join("\n");
  return { report, summary: s };
}

/** The certainty a model file carries (none before it had one: every stepping link
 * above the threshold joins at once). */
function modelCertainty(model: ModelFile): Certainty {
  return {
    certainScore: model.params?.certainScore ?? NO_CERTAINTY.certainScore,
    certainStructure: model.params?.certainStructure === 1,
  };
}

/**
 * `train --params-only`: the shipped next-link forest kept as it is, its threshold and
 * certainty chosen again by the same inner site-grouped CV over every training page
 * (`chooseLinkParams`, the same forests' settings and seeds as a full train), and
 * written into models/next-link.json. The chosen threshold must be the one shipped:
 * otherwise the forest was trained under another and a full `npm run train` is due.
 *
 * @param recs every harvested training page
 * @param setup the shipped setup
 * @throws Error when the threshold chosen differs from the shipped one
 */
function writeLinkParams(recs: readonly Rec[], setup: Setup): void {
  const path = join(repoRoot(), "models", "next-link.json");
  const model = JSON.parse(readFileSync(path, "utf8")) as ModelFile;
  const { threshold, certainty } = chooseLinkParams(
    recs,
    setup,
    columnsOf(LINK_FEATURE_NAMES, setup.linkFeatures),
  );
  if (threshold !== model.params?.threshold)
    throw new Error(
      `threshold chosen ${threshold}, shipped ${model.params?.threshold}: run npm run train`,
    );
  model.params = {
    ...model.params,
    certainScore: certainty.certainScore,
    certainStructure: certainty.certainStructure ? 1 : 0,
  };
  writeFileSync(path, `${JSON.stringify(model)}\n`);
  log(
    `wrote ${path}: threshold ${threshold}, certainScore ${certainty.certainScore}, certainStructure ${certainty.certainStructure}`,
  );
}

/** Baselines measured on every page (they need no training). */
function baselines(recs: readonly Rec[]): { name: string; measures: Record<string, number> }[] {
  const rule = emptyMeasures();
  const rel = emptyMeasures();
  const kato = emptyMeasures();
  for (const rec of recs) {
    scoreNext(rule, rec, thesisRuleNext(rec));
    scoreNext(rel, rec, relNextOnly(rec));
    scorePageElement(kato, rec, katoPageElement(rec));
  }
  return [
    { name: 'baseline: thesis rule (text has NEXT/次 or is "2")', measures: summarize(rule) },
    { name: "baseline: rel=next only", measures: summarize(rel) },
    { name: "baseline: Kato et al. page element (thesis §4.2.2)", measures: summarize(kato) },
  ];
}

function fmt(x: number | undefined): string {
  return x === undefined || Number.isNaN(x) ? "  -  " : x.toFixed(3);
}

function row(name: string, m: Record<string, number>): string {
  return [
    name.padEnd(56),
    fmt(m.precision),
    fmt(m.recall),
    fmt(m.f1),
    fmt(m.falseActivation),
    fmt(m["list.falseActivation"] ?? m.listFalseActivation),
    fmt(m["article.falseActivation"] ?? m.articleFalseActivation),
    fmt(m["pe.pagination.f1"]),
    fmt(m["pe.readability.f1"]),
    fmt(m["pe.googletrends.f1"]),
  ].join("  ");
}

const HEADER = [
  "setup".padEnd(56),
  "  P  ",
  "  R  ",
  " F1  ",
  " FA  ",
  "FA-ls",
  "FA-ar",
  "PE-pg",
  "PE-rd",
  "PE-gt",
].join("  ");

/** Misses of the shipped setup on the cross-validation folds, for label review. */
function listMisses(
  recs: readonly Rec[],
  folds: readonly number[],
  setup: Setup,
  linksOnly: boolean,
): void {
  const k = Math.max(...folds) + 1;
  const describe = (rec: Rec, probs: readonly number[], at: number) =>
    at < 0
      ? "none"
      : `${rec.links.urls[at]} "${(rec.links.text[at] ?? "").slice(0, 30)}" (${(probs[at] ?? 0).toFixed(2)})`;
  for (let f = 0; f < k; f++) {
    const train = recs.filter((_, i) => folds[i] !== f);
    const d = linksOnly ? trainLinkDetector(train, setup) : trainDetectors(train, setup);
    for (const [i, rec] of recs.entries()) {
      if (folds[i] !== f) continue;
      const probs = d.link.probabilities(
        rec.links.rows.map((r) => d.linkCols.map((c) => r[c] ?? 0)),
      );
      const next = decideNext(rec, probs, d.threshold, UNSURE_FLOOR, d.certainty);
      if (nextLinkExample(rec)) {
        const joined = joinedAtOnce(next);
        const ok =
          joined === null ? rec.goldNextUrls.length === 0 : rec.goldNextUrls.includes(joined);
        if (!ok || next.pending) {
          // The candidate the decision weighed (eligible links only), at any score.
          const best = chooseNextLink(rec.links.rows, probs, 0).index;
          const gold = rec.links.label.indexOf(1);
          const kind = next.pending
            ? `PENDING(${next.wait}${rec.goldNextUrls.length === 0 ? ",no-next" : next.url !== null && rec.goldNextUrls.includes(next.url) ? ",right" : ",wrong"})`
            : rec.goldNextUrls.length === 0
              ? "FALSE"
              : joined === null
                ? "MISS"
                : "WRONG";
          console.log(
            `NEXT ${kind} ${rec.key} (${rec.group}, t ${d.threshold}) best ${describe(rec, probs, best)} gold ${describe(rec, probs, gold)}`,
          );
        }
      }
      if (linksOnly) continue;
      const m = emptyMeasures();
      const rows = (rec.nodes.rows.length ? rec.nodes.rows : []).length;
      if (rows === 0) continue;
      const one = testDetectors([rec], setup, d as Detectors);
      addMeasures(m, one);
      const pe = Object.values(m.pageElement)[0];
      if (pe && pe.f1 < 0.5)
        console.log(
          `PAGE ${rec.key} (${rec.group}) shingle F1 ${pe.f1.toFixed(2)} P ${pe.p.toFixed(2)} R ${pe.r.toFixed(2)}`,
        );
    }
  }
}

function writeModels(
  recs: readonly Rec[],
  setup: Setup,
  cv: CvResult[] | null,
  base: ReturnType<typeof baselines>,
  dragnet: readonly Rec[] = [],
): void {
  const dir = smoke ? join(repoRoot(), "out", "smoke-models") : join(repoRoot(), "models");
  mkdirSync(dir, { recursive: true });
  const t0 = Date.now();
  const d = trainDetectors(recs, setup);
  const trainMs = Date.now() - t0;
  const pages = {
    pagination: recs.filter((r) => r.part === "pagination").length,
    readability: recs.filter((r) => r.part === "readability").length,
    googletrends: recs.filter((r) => r.part === "googletrends").length,
    sites: new Set(recs.map((r) => r.group)).size,
  };
  const date = new Date().toISOString().slice(0, 10);
  const linkModel = d.link.toModel(
    "next-link",
    {
      threshold: d.threshold,
      certainScore: d.certainty.certainScore,
      certainStructure: d.certainty.certainStructure ? 1 : 0,
    },
    { date, pages, learner: { ...setup.linkLearner }, smoteRatio: setup.linkSmoteRatio },
  );
  const nodeModel = d.node.toModel(
    "page-element",
    {
      firstThreshold: 0.5,
      relabelUpper: 0.7,
      relabelLower: 0.4,
      ...pageElementSwitches(setup),
    },
    {
      date,
      pages,
      learner: { ...setup.learner },
      smoteRatio: setup.nodeSmoteRatio,
      undersample: "1:1",
    },
  );
  if (!linkModel || !nodeModel) throw new Error("the shipped setup must be a random forest");
  writeFileSync(join(dir, "next-link.json"), JSON.stringify(linkModel));
  writeFileSync(join(dir, "page-element.json"), JSON.stringify(nodeModel));
  if (cv === null) {
    log(
      `wrote ${dir}/next-link.json, page-element.json (final training ${trainMs} ms, no cross-validation)`,
    );
    return;
  }
  // Dragnet is scored with the forest just written, never trained on.
  const held = dragnet.length > 0 ? shippedOnDragnet(dragnet) : null;
  if (held) console.log(held.report);
  const metrics = {
    date,
    pages,
    trainMs,
    folds: Math.max(...cv.map((c) => c.folds.length)),
    crossValidation: cv,
    baselines: base,
    importance: { nextLink: d.link.importance(), pageElement: d.node.importance() },
    dragnet: held?.summary ?? null,
  };
  writeFileSync(join(dir, "metrics.json"), `${JSON.stringify(metrics, null, 1)}\n`);
  log(
    `wrote ${dir}/next-link.json, page-element.json, metrics.json (final training ${trainMs} ms)`,
  );
  if (!smoke) updateCard(metrics);
}

/** Features listed in the model card's importance tables (metrics.json keeps them all). */
const CARD_IMPORTANCES = 10;

function updateCard(metrics: {
  date: string;
  pages: Record<string, number>;
  crossValidation: CvResult[];
  baselines: ReturnType<typeof baselines>;
  importance: {
    nextLink: { name: string; importance: number }[] | null;
    pageElement: { name: string; importance: number }[] | null;
  };
  dragnet: Record<string, number> | null;
}): void {
  const path = join(repoRoot(), "models", "CARD.md");
  const card = readFileSync(path, "utf8");
  const start = "<!-- measured:start -->";
  const end = "<!-- measured:end -->";
  const lines: string[] = [start, "", `Generated by \`npm run train\` on ${metrics.date}.`, ""];
  lines.push(
    "| setup (5-fold, site-disjoint) | next P | next R | next F1 (lists) | false act. lists / articles | PE F1 pagination / readability / googletrends |",
    "| --- | --- | --- | --- | --- | --- |",
  );
  const cell = (m: Record<string, number>, k: string) =>
    m[k] === undefined ? "–" : (m[k] as number).toFixed(3);
  const rowOf = (name: string, m: Record<string, number>) =>
    `| ${name} | ${cell(m, "precision")} | ${cell(m, "recall")} | ${cell(m, "f1")} | ${cell(m, "list.falseActivation")} / ${cell(m, "article.falseActivation")} | ${cell(m, "pe.pagination.f1")} / ${cell(m, "pe.readability.f1")} / ${cell(m, "pe.googletrends.f1")} |`;
  for (const c of metrics.crossValidation) lines.push(rowOf(c.setup, c.pooled));
  for (const b of metrics.baselines) lines.push(rowOf(b.name, b.measures));
  lines.push(
    "| thesis (seed 000, Tables 4.4/4.6, its own data) | 0.818 | 0.692 | 0.750 | – | 0.571 (tag-level F1, not shingles) |",
    "",
  );
  const shipped = metrics.crossValidation[0];
  if (shipped) {
    const n = (k: string) => shipped.pooled[k] ?? 0;
    lines.push(
      `False activation of the shipped setup on held-out sites, by kind of page (what joins without waiting for page 2): list pages ${n("list.falseActivations")} of ${n("list.withoutNext")}, article pages ${n("article.falseActivations")} of ${n("article.withoutNext")}; links that wait for page 2 on pages without a next page: ${n("list.pendingNoNext")} and ${n("article.pendingNoNext")}.`,
      "",
    );
  }
  const d = metrics.dragnet;
  if (d)
    lines.push(
      `The shipped forest on articles/dragnet (never trained on): false activation ${d["article.falseActivations"]} of ${d["article.withoutNext"]} article pages, next page found on ${d["article.correct"]} of ${d["article.withNext"]} (${d["article.pendingRight"]} more wait for page 2; ${d["article.pendingNoNext"]} pages without one have a link waiting for it).`,
      "",
    );
  for (const [title, imp] of [
    [
      "Next-link feature importance (shipped forest, top 10; cf. thesis Fig. 4.2)",
      metrics.importance.nextLink,
    ],
    [
      "Page-element feature importance (shipped forest, top 10; cf. thesis Fig. 4.4)",
      metrics.importance.pageElement,
    ],
  ] as const) {
    if (!imp) continue;
    lines.push(`${title}:`, "", "| feature | importance |", "| --- | --- |");
    for (const f of imp.slice(0, CARD_IMPORTANCES))
      lines.push(`| ${f.name} | ${f.importance.toFixed(3)} |`);
    lines.push("");
  }
  lines.push(end);
  const a = card.indexOf(start);
  const b = card.indexOf(end);
  const next =
    a >= 0 && b > a
      ? card.slice(0, a) + lines.join("\n") + card.slice(b + end.length)
      : `${card.trimEnd()}\n\n${lines.join("\n")}\n`;
  writeFileSync(path, next);
  log(`updated ${path}`);
}

async function main(): Promise<void> {
  if (command !== "train" && command !== "eval") {
    process.stderr.write(
      "usage: train|eval [--smoke] [--force] [--list] [--links-only] [--only WORDS] [--no-dragnet] [--dragnet-only]\n",
    );
    process.exit(2);
  }
  // Dragnet's pages (AGPL-3.0 data) are scored by `eval` with the shipped forest, never
  // trained on: they stay out of the folds.
  const withDragnet = !smoke && !args.includes("--no-dragnet");
  const pages = smoke
    ? smokePages()
    : [...allCorpusPages(), ...(withDragnet ? dragnetPages() : [])];
  const harvested = (await harvestPages(pages, {
    cacheDir: join(repoRoot(), "out", "harvest"),
    force: args.includes("--force"),
    log,
  })) as Rec[];
  // "Joined after the judge" reads the judge's answers of the last eval:confirm run.
  useJudgeVerdicts(readJudgeVerdicts(join(repoRoot(), "out", "page2-pairs.json")));
  const dragnet = harvested.filter((r) => r.part === "dragnet");
  const recs = harvested.filter((r) => r.part !== "dragnet");
  // Groups come from the corpus listing, so regrouping never needs a new render.
  const groupOf = new Map(pages.map((p) => [p.key, p.group]));
  for (const r of recs) r.group = groupOf.get(r.key) ?? r.group;
  const problems = recs.filter((r) => r.problems.length > 0);
  log(`${recs.length} pages harvested; ${problems.length} with label problems`);
  for (const r of problems) log(`  ${r.key}: ${r.problems.join("; ")}`);
  const folds = groupFolds(
    recs.map((r) => r.group),
    smoke ? 2 : 5,
  );
  if (args.includes("--dragnet-only")) {
    // The shipped forest on Dragnet alone: seconds, no cross-validation.
    console.log(shippedOnDragnet(dragnet).report);
    return;
  }
  if (args.includes("--list")) {
    listMisses(recs, folds, setupsFor("eval")[0] ?? TSUGI_SETUP, args.includes("--links-only"));
    if (dragnet.length > 0) console.log(shippedOnDragnet(dragnet).report);
    return;
  }
  if (args.includes("--links-only")) {
    // --only <words>: the setups whose name holds them (the quick loop on one ablation).
    const only = args[args.indexOf("--only") + 1];
    const chosen = setupsFor("train").filter(
      (s) => !args.includes("--only") || (only !== undefined && s.name.includes(only)),
    );
    for (const setup of chosen) {
      if (setup.linkLearner.algorithm === "decision-tree") continue;
      const r = crossValidateLinks(recs, folds, setup);
      console.log(row(setup.name, r.pooled));
      for (const [i, m] of r.folds.entries())
        console.log(
          row(
            `  fold ${i + 1} (t ${m.threshold}, certain ${m.certainScore}${m.certainStructure ? " +rel=next+1" : ""})`,
            m,
          ),
        );
      const b = r.confirmation;
      console.log(
        `  unsure band: ${b.band} pages (${b.right} right, ${b.noNext} no next, ${b.wrongLink} other)`,
      );
      console.log(row("  perfect page-2 check (bound)", b.perfect));
      console.log(byKind(r.pooled));
    }
    if (dragnet.length > 0) console.log(shippedOnDragnet(dragnet).report);
    return;
  }
  if (command === "train" && args.includes("--params-only")) {
    writeLinkParams(recs, setupsFor("train")[0] ?? TSUGI_SETUP);
    return;
  }
  if (command === "train" && args.includes("--models-only")) {
    writeModels(recs, setupsFor("train")[0] ?? TSUGI_SETUP, null, []);
    return;
  }
  console.log(`${HEADER}\n${"-".repeat(HEADER.length)}`);
  const results: CvResult[] = [];
  // --only <words>: the shipped setup and those whose name holds the words.
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
  const setups = setupsFor(command).filter(
    (s, i) => i === 0 || only === undefined || s.name.includes(only),
  );
  for (const setup of setups) {
    const r = crossValidate(recs, folds, setup);
    results.push(r);
    console.log(row(setup.name, r.pooled));
    if (command === "eval") {
      for (const [i, m] of r.folds.entries()) console.log(row(`  fold ${i + 1}`, m));
      for (const t of r.sweep) console.log(row(`  at threshold ${t.threshold}`, t));
    }
  }
  const band = results[0]?.confirmation;
  if (band) {
    console.log(
      `\nPage-2 confirmation (${results[0]?.setup}): ${band.band} of ${band.pages} pages fall between ` +
        `${UNSURE_FLOOR} and the fold's threshold (${band.right} right next links, ${band.noNext} without a next page, ` +
        `${band.wrongLink} another link).`,
    );
    console.log(row("  with a perfect page-2 check (bound)", band.perfect));
    console.log(row("  accepting every unsure link (no check)", band.acceptAll));
  }
  if (results[0])
    console.log(`\n${results[0].setup}, held-out folds:\n${byKind(results[0].pooled)}`);
  if (dragnet.length > 0 && command === "eval") console.log(shippedOnDragnet(dragnet).report);
  const base = baselines(recs);
  for (const b of base) console.log(row(b.name, b.measures));
  const skipped = results[0]?.skipped ?? 0;
  console.log(
    `\nP/R/F1/FA: next link per page on ${recs.filter((r) => r.part === "pagination").length - skipped} pagination pages ` +
      `(${skipped} skipped: next selector matches no link). PE: page element 4-token shingle F1, mean per page ` +
      "(pg = pagination pages with a next link, rd = readability, gt = googletrends). Folds are site-disjoint.",
  );
  if (command === "train")
    writeModels(recs, setupsFor("train")[0] ?? TSUGI_SETUP, results, base, dragnet);
}

main().catch((e) => {
  log(`train: ${(e as Error).stack ?? String(e)}`);
  process.exit(1);
});
