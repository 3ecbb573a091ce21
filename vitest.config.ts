import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    reporters: ["default"],
    // Request and auth logs (info) would drown the test output; warnings and errors still show.
    env: { CRS_LOG_LEVEL: "warn" },
  },
});
