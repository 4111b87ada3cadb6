// Print vitest's JSON results as one plain line: "tests: N passed, N failed, N skipped".
import { readFileSync } from "node:fs";

const file = process.argv[2] ?? "out/vitest-results.json";
const r = JSON.parse(readFileSync(file, "utf8"));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
