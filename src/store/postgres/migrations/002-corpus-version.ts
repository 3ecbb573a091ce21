import type { PgMigration } from "./types.js";

/**
 * The corpus tables of migration 001, as corpus-checkout.ts's CORPUS names them — written out here because a
 * migration never changes once released. postgres-schema.test.ts fails when the two lists part: a corpus table
 * added later gets its trigger from a migration of its own.
 */
const CORPUS_TABLES = [
  "meta",
  "advertisers",
  "advertiser_aliases",
  "creators",
  "creator_handles",
  "creator_accounts",
  "videos",
  "video_stats",
  "labels",
  "hook_neighbors",
  "hook_keys",
  "hook_keys_stale",
  "trend_reports",
  "trend_examples",
  "engine_video_gains",
  "engine_creator_stats",
  "engine_advertiser_stats",
  "engine_creators_search",
  "engine_videos_vocab",
  "engine_common_terms",
  "engine_term_heads",
  "search_compounds",
];

/**
 * A token that changes with every statement that writes a corpus table, whoever runs it (a statement-level
 * trigger; no CRS table is written row by row here). A checked-out copy of the corpus kept between
 * `crs import` runs (CRS_CHECKOUT_CACHE) is still exact when the token it recorded is still current.
 */
export const corpusVersion002: PgMigration = {
  version: 2,
  name: "corpus-version",
  sql: `
CREATE TABLE corpus_version (
  id    smallint PRIMARY KEY CHECK (id = 1),
  token text NOT NULL
);
INSERT INTO corpus_version (id, token) VALUES (1, md5(random()::text || clock_timestamp()::text));

CREATE FUNCTION crs_corpus_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE corpus_version SET token = md5(random()::text || clock_timestamp()::text) WHERE id = 1;
  RETURN NULL;
END
$$;
${CORPUS_TABLES.map(
  (t) =>
    `CREATE TRIGGER crs_corpus_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION crs_corpus_changed();`,
).join("\n")}
`,
};
