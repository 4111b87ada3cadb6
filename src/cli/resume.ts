/**
 * `--resume out.jsonl`: the ids an earlier run already answered, so a batch killed halfway
 * continues where it stopped. A line cut short by the kill is not an answer.
 */
import { existsSync, readFileSync } from "node:fs";

/**
 * Ids of the complete JSON lines of an earlier run's output (error lines included: they
 * are answers too; drop them from the file to try those pages again).
 * @param text the output's contents
 */
export function answeredIds(text: string): Set<string> {
  const ids = new Set<string>();
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const o = JSON.parse(line) as { id?: unknown };
      if (typeof o.id === "string") ids.add(o.id);
    } catch {
      /* a line cut short by a kill: that page runs again */
    }
  }
  return ids;
}

/** {@link answeredIds} of a file; a missing file answered nothing yet. */
export function answeredIdsIn(path: string): Set<string> {
  return existsSync(path) ? answeredIds(readFileSync(path, "utf8")) : new Set();
}
