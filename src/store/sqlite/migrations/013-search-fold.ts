import type { Migration } from "./types.js";

/**
 * The FTS index is fed folded text (shared/text/normalize.ts: Đ → d, ß → ss, ø → o, … beyond what
 * `unicode61 remove_diacritics 2` folds), so existing rows are indexed again with `crs_fold` (registered by
 * openDb). Token counts per row do not change (a folded letter stays inside its word), so the ranking
 * caches stay valid; the term-keyed search heads of words with such letters catch up at the next refresh.
 */
export const searchFold013: Migration = {
  version: 13,
  name: "search-fold",
  rebuildsTable: true,
  sql: `
INSERT INTO videos_fts (videos_fts) VALUES ('delete-all');
INSERT INTO videos_fts (rowid, caption, hook, transcript, hashtags)
SELECT seq, crs_fold(caption), crs_fold(coalesce(hook_text, '')), crs_fold(coalesce(transcript, '')), crs_fold(hashtags)
FROM videos;

-- Compound words of the index and their parts (search-compounds.ts), so "cantho" finds "#homestaycantho".
CREATE TABLE search_compounds (
  part TEXT NOT NULL,
  term TEXT NOT NULL,
  df   INTEGER NOT NULL,
  PRIMARY KEY (part, term)
) WITHOUT ROWID;
`,
};
