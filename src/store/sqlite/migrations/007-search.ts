import type { Migration } from "./types.js";

/**
 * Text search's join from FTS rowids to the popularity prior: `(seq, plays, id)` covers it, so ranking
 * every match of a rare word never touches the wide videos rows (half the cost of the seq index + row).
 */
export const search007: Migration = {
  version: 7,
  name: "search",
  sql: `
CREATE INDEX IF NOT EXISTS engine_videos_seq_plays ON videos(seq, plays, id);
`,
};
