import type { PgMigration } from "./types.js";

/**
 * SQLite migration 015's twin: the collection (scrape) each video was found in. A corpus table, so it moves
 * the corpus version as migration 002's tables do.
 */
export const videoCollections004: PgMigration = {
  version: 4,
  name: "video-collections",
  sql: `
CREATE TABLE video_collections (
  collection text COLLATE "C" NOT NULL,
  video_id   text COLLATE "C" NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  PRIMARY KEY (collection, video_id)
);
CREATE INDEX video_collections_video ON video_collections (video_id);
CREATE TRIGGER crs_corpus_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON video_collections
  FOR EACH STATEMENT EXECUTE FUNCTION crs_corpus_changed();
`,
};
