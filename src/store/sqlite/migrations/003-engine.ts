import type { Migration } from "./types.js";

/**
 * The research engine's indexes and precomputed tables. Browse indexes are (column, id) so a keyset
 * `(col, id) < (?, ?)` scanned backwards serves `ORDER BY col DESC, id DESC` without a sort.
 */
export const engine003: Migration = {
  version: 3,
  name: "engine",
  sql: `
CREATE INDEX engine_videos_trending ON videos(trending_score, id);
CREATE INDEX engine_videos_newest ON videos(created_at, id);
CREATE INDEX engine_videos_plays ON videos(plays, id);
CREATE INDEX engine_videos_comments ON videos(comments, id);
CREATE INDEX engine_videos_shares ON videos(shares, id);
CREATE INDEX engine_videos_breakout ON videos(breakout_score, id) WHERE breakout_score > 0;
CREATE INDEX engine_videos_early_breakout ON videos(early_breakout_score, id) WHERE early_breakout_score > 0;
CREATE INDEX engine_videos_author_id ON videos(author_uid, id);
CREATE INDEX engine_videos_advertiser_id ON videos(advertiser_id, id) WHERE advertiser_id IS NOT NULL;

-- Plays gained per video over the windows the creator/advertiser views use, as of the last refresh.
CREATE TABLE engine_video_gains (
  video_id   TEXT PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  gain_today INTEGER NOT NULL,
  gain_2d    INTEGER NOT NULL,
  gain_7d    INTEGER NOT NULL,
  gain_30d   INTEGER NOT NULL
) WITHOUT ROWID;

-- Creator baselines and growth (refreshScores).
CREATE TABLE engine_creator_stats (
  uid            TEXT PRIMARY KEY REFERENCES creators(uid) ON DELETE CASCADE,
  videos         INTEGER NOT NULL,
  ad_videos      INTEGER NOT NULL,
  sum_ln_plays   REAL NOT NULL,
  gain_2d        INTEGER NOT NULL,
  gain_7d        INTEGER NOT NULL,
  gain_30d       INTEGER NOT NULL,
  engagement_30d REAL NOT NULL,
  last_video_at  INTEGER
) WITHOUT ROWID;
CREATE INDEX engine_creator_gain_2d ON engine_creator_stats(gain_2d, uid);
CREATE INDEX engine_creator_gain_7d ON engine_creator_stats(gain_7d, uid);
CREATE INDEX engine_creator_gain_30d ON engine_creator_stats(gain_30d, uid);
CREATE INDEX engine_creators_followers ON creators(coalesce(followers, 0), uid);
CREATE INDEX engine_creators_first_seen ON creators(first_seen, uid);

CREATE TABLE engine_advertiser_stats (
  advertiser_id TEXT PRIMARY KEY REFERENCES advertisers(id) ON DELETE CASCADE,
  videos        INTEGER NOT NULL,
  creators      INTEGER NOT NULL,
  gain_today    INTEGER NOT NULL,
  gain_2d       INTEGER NOT NULL,
  gain_7d       INTEGER NOT NULL,
  gain_30d      INTEGER NOT NULL,
  last_video_at INTEGER
) WITHOUT ROWID;

-- Creator name search: handle, former handles and nickname, prefix-indexed.
CREATE VIRTUAL TABLE engine_creators_fts USING fts5(
  uid UNINDEXED, handle, former_handles, nickname,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);

-- Very common search terms (document frequency above the exact-ranking cap) and, per term, the most
-- popular videos containing it: the bounded candidate set for queries made only of common words.
CREATE TABLE engine_common_terms (
  term TEXT PRIMARY KEY,
  df   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE engine_term_heads (
  term TEXT NOT NULL,
  rank INTEGER NOT NULL,
  seq  INTEGER NOT NULL,
  PRIMARY KEY (term, rank)
) WITHOUT ROWID;
CREATE INDEX engine_term_heads_seq ON engine_term_heads(seq);

CREATE VIRTUAL TABLE engine_videos_vocab USING fts5vocab(videos_fts, row);
`,
};
