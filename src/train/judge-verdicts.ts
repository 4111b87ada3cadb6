/**
 * The page-2 judge's answers on the corpus's real page pairs, as `npm run eval:confirm`
 * wrote them (out/page2-pairs.json): what `npm run eval` reads to count a waiting link as
 * joined only where the judge passes the page it leads to ("joined after the judge").
 */
import { existsSync, readFileSync } from "node:fs";
import { normalPageUrl } from "../detect/confirm-next";

/** The judge's answer by page 1's key and the URL of the page it fetched. */
export type JudgeVerdicts = ReadonlyMap<string, boolean>;

/**
 * The lookup key of a judged pair.
 *
 * @param fromKey page 1's corpus key (`pagination/d0021`)
 * @param url the URL the waiting link leads to
 * @returns the key
 */
export function verdictKey(fromKey: string, url: string): string {
  return `${fromKey}\n${normalPageUrl(url)}`;
}

/**
 * The verdicts of an eval:confirm run.
 *
 * @param file out/page2-pairs.json
 * @returns the verdicts, empty when the file does not exist
 * @throws Error when the file is not JSON
 */
export function readJudgeVerdicts(file: string): JudgeVerdicts {
  const out = new Map<string, boolean>();
  if (!existsSync(file)) return out;
  const rows = JSON.parse(readFileSync(file, "utf8")) as {
    from: string;
    toUrl: string;
    answer: { continues: boolean };
  }[];
  for (const r of rows) out.set(verdictKey(r.from, r.toUrl), r.answer.continues);
  return out;
}
