import type { Migration } from "./types.js";

/**
 * `videos.seq` becomes the rowid (it was a second unique index beside the rowid): one b-tree fewer per
 * insert, and the FTS rowid → video join is a direct rowid lookup. The table is rebuilt (foreign keys off,
 * checked before commit), keeping every column in order. Indexes nothing reads are dropped:
 * `videos_created` (created_at DESC, id) — feeds scan engine_videos_newest — and the `(author_uid, id)` /
 * `(advertiser_id, id)` pair, whose lookups are served by `videos_author` / `videos_advertiser`.
 */
export const videosRowid008: Migration = {
  version: 8,
  name: "videos-rowid",
  foreignKeysOff: true,
  sql: `
CREATE TABLE videos_008 (
  id                    TEXT NOT NULL UNIQUE,
  seq                   INTEGER PRIMARY KEY,
  caption               TEXT NOT NULL DEFAULT '',
  hook_text             TEXT,
  transcript            TEXT,
  created_at            INTEGER NOT NULL,
  media_type            TEXT NOT NULL CHECK (media_type IN ('video', 'slideshow')),
  region                TEXT CHECK (region IS NULL OR (length(region) = 2 AND region GLOB '[A-Z][A-Z]')),
  language              TEXT,
  duration_s            REAL,
  music_id              TEXT,
  music_title           TEXT,
  music_author          TEXT,
  hashtags              TEXT NOT NULL DEFAULT '',
  author_uid            TEXT NOT NULL REFERENCES creators(uid),
  advertiser_id         TEXT REFERENCES advertisers(id),
  platform_ad           INTEGER CHECK (platform_ad IS NULL OR platform_ad IN (0, 1)),
  platform_ad_evidence  TEXT,
  url                   TEXT,
  source                TEXT NOT NULL,
  plays                 INTEGER NOT NULL DEFAULT 0,
  likes                 INTEGER NOT NULL DEFAULT 0,
  comments              INTEGER NOT NULL DEFAULT 0,
  shares                INTEGER NOT NULL DEFAULT 0,
  saves                 INTEGER NOT NULL DEFAULT 0,
  stats_at              INTEGER NOT NULL,
  label_ad              INTEGER NOT NULL DEFAULT 0 CHECK (label_ad IN (0, 1)),
  label_hook            INTEGER NOT NULL DEFAULT 0 CHECK (label_hook IN (0, 1)),
  hook_type             TEXT,
  label_viral_hook      INTEGER NOT NULL DEFAULT 0 CHECK (label_viral_hook IN (0, 1)),
  velocity              REAL NOT NULL DEFAULT 0,
  trending_score        REAL NOT NULL DEFAULT 0,
  breakout_score        REAL NOT NULL DEFAULT 0,
  early_breakout_score  REAL NOT NULL DEFAULT 0,
  imported_at           INTEGER NOT NULL,
  updated_at            INTEGER NOT NULL
);
INSERT INTO videos_008 SELECT * FROM videos;
DROP TABLE videos;
ALTER TABLE videos_008 RENAME TO videos;
CREATE INDEX videos_author ON videos(author_uid, created_at DESC);
CREATE INDEX videos_advertiser ON videos(advertiser_id, created_at DESC) WHERE advertiser_id IS NOT NULL;
CREATE INDEX engine_videos_trending ON videos(trending_score, id);
CREATE INDEX engine_videos_newest ON videos(created_at, id);
CREATE INDEX engine_videos_plays ON videos(plays, id);
CREATE INDEX engine_videos_comments ON videos(comments, id);
CREATE INDEX engine_videos_shares ON videos(shares, id);
CREATE INDEX engine_videos_breakout ON videos(breakout_score, id) WHERE breakout_score > 0;
CREATE INDEX engine_videos_early_breakout ON videos(early_breakout_score, id) WHERE early_breakout_score > 0;
CREATE INDEX engine_videos_seq_plays ON videos(seq, plays, id);
`,
};
