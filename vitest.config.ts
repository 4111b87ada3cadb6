import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // CI also writes JSON so .ci/run can print a plain "N passed, N failed" line.
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "out/vitest-results.json" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "src/**/*.test.ts",
            "src/**/*.test.tsx",
            "popup/**/*.test.tsx",
            "options/**/*.test.tsx",
            "test/unit/**/*.test.ts",
          ],
          environment: "node",
          // The exhaustive checks (every UTF-16 unit, every stem) take about a second on a
          // quiet machine, over 5 s on a loaded 2-core one: a plain clone must not fail
          // for that.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          // One Chromium at a time: the machine has 2 cores.
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
