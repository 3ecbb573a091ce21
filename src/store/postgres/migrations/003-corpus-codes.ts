import type { PgMigration } from "./types.js";

/** SQLite migration 014's twin: the indexes the corpus's region and language codes are read from. */
export const corpusCodes003: PgMigration = {
  version: 3,
  name: "corpus-codes",
  sql: `
CREATE INDEX videos_region ON videos (region) WHERE region IS NOT NULL;
CREATE INDEX videos_language ON videos (language) WHERE language IS NOT NULL;
`,
};
