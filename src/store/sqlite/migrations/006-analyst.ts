import type { Migration } from "./types.js";

/** Millisecond timestamps of analyst runs, so elapsed time is exact for every reader (not whole seconds). */
export const analyst006: Migration = {
  version: 6,
  name: "analyst-timing",
  sql: `
ALTER TABLE analyst_runs ADD COLUMN created_at_ms INTEGER;
ALTER TABLE analyst_runs ADD COLUMN finished_at_ms INTEGER;
`,
};
