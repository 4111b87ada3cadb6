/**
 * `npm run eval:judge-model`: does a small learned model over the page-2 judge's signals
 * (src/train/judge-model.ts) join more real page 2s than the rules without refusing fewer
 * false pairs? Reads out/page2-pairs.json (written by `npm run eval:confirm`) and runs the
 * nested site-disjoint CV for each scope the model may decide in: the model alone, where
 * the rules find "no continuation", and wherever the evidence is not hard (mixed). Prints
 * the rules' and each combination's held-out figures, lists and articles apart, pooled and
 * per fold, with the thresholds chosen in the training folds.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../src/replay/cases";
import type { ModelScope } from "../src/train/judge-model";
import { isDragnet, type Learner, nestedCv, type PairRow } from "../src/train/judge-model";

const rate = (n: number, m: number) =>
  `${n}/${m} (${m === 0 ? "–" : ((100 * n) / m).toFixed(1)} %)`;

function main(): void {
  const rows = JSON.parse(
    readFileSync(join(repoRoot(), "out", "page2-pairs.json"), "utf8"),
  ) as PairRow[];
  const trainable = rows.filter((r) => !isDragnet(r));
  console.log(
    `${rows.length} pairs (${rows.length - trainable.length} Dragnet, evaluation only), ` +
      `${new Set(rows.map((r) => r.group)).size} sites in 5 folds\n`,
  );
  console.log(
    "| judge | pages | true pairs passed | false pairs refused | per fold: passed · refused | thresholds |",
  );
  console.log("| --- | --- | --- | --- | --- | --- |");
  const line = (name: string, held: { row: PairRow; joined: boolean }[], thresholds: string) => {
    for (const part of ["list", "article"] as const) {
      const rs = held.filter((h) => h.row.part === part);
      const t = rs.filter((h) => h.row.truth);
      const f = rs.filter((h) => !h.row.truth);
      const perFold = [0, 1, 2, 3, 4]
        .map((k) => {
          const tk = t.filter((h) => h.row.fold === k);
          const fk = f.filter((h) => h.row.fold === k);
          return `${tk.filter((h) => h.joined).length}/${tk.length} · ${fk.filter((h) => !h.joined).length}/${fk.length}`;
        })
        .join(", ");
      console.log(
        `| ${name} | ${part}s | ${rate(t.filter((h) => h.joined).length, t.length)} | ${rate(f.filter((h) => !h.joined).length, f.length)} | ${perFold} | ${thresholds} |`,
      );
    }
  };
  line(
    "rules",
    rows.map((row) => ({ row, joined: row.answer.continues })),
    "–",
  );
  const scopes: [string, ModelScope][] = [
    ["alone", "all"],
    ["rules + it on no continuation", "no continuation"],
    ["rules + it where evidence is not hard", "mixed"],
    ["it on list pages, rules elsewhere", "list pages"],
  ];
  const wrong: string[] = [];
  for (const learner of ["logistic", "tree"] as Learner[])
    for (const [scopeName, scope] of scopes) {
      const name = `${learner}: ${scopeName}`;
      const outer = nestedCv(rows, scope, learner);
      line(
        name,
        outer.flatMap((o) => o.rows.map((h) => ({ row: h.row, joined: h.combined }))),
        outer.map((o) => o.threshold.toFixed(3)).join(", "),
      );
      for (const o of outer)
        for (const h of o.rows)
          if (h.combined !== h.row.answer.continues)
            wrong.push(
              `${name}: ${h.combined ? "JOINS" : "refuses"} ${h.row.truth ? "true" : "false"} ${h.row.kind} ${h.row.from} (rules: ${h.row.answer.decision.refusedBy ?? "joined"}, p ${h.p.toFixed(3)}, t ${o.threshold.toFixed(3)})`,
            );
    }
  console.log("\nAnswers that differ from the rules':");
  for (const w of wrong) console.log(`  ${w}`);
}

main();
