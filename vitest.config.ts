import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Removes the temp folders of test/helpers/temp.ts when each test file ends.
    setupFiles: ["test/setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine, but most files wait on the
    // servers they spawn: two at a time took the suite from 491 s to 378 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ["default"],
    // Request and auth logs (info) would drown the test output; warnings and errors still show.
    env: { CRS_LOG_LEVEL: "warn" },
  },
});
