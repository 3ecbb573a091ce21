import type { Migration } from "./types.js";

/** The whole first schema: corpus, labels, trends, and the identity/analyst tables later layers fill. */
export const core001: Migration = {
  version: 1,
  name: "core",
  sql: `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Advertisers: service-assigned UUID, never a handle or a display name.
CREATE TABLE advertisers (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  focus       TEXT NOT NULL CHECK (focus IN ('apps', 'dtc', 'other')),
  industry    TEXT,
  domain      TEXT,
  first_seen  INTEGER NOT NULL,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
);
CREATE INDEX advertisers_name ON advertisers(name COLLATE NOCASE);

CREATE TABLE advertiser_aliases (
  advertiser_id TEXT NOT NULL REFERENCES advertisers(id) ON DELETE CASCADE,
  kind          TEXT NOT NULL CHECK (kind IN ('handle', 'name', 'domain')),
  alias         TEXT NOT NULL,
  PRIMARY KEY (advertiser_id, kind, alias)
) WITHOUT ROWID;
CREATE INDEX advertiser_aliases_alias ON advertiser_aliases(alias COLLATE NOCASE);

-- Creators: the immutable platform author UID is the identity; handles change.
CREATE TABLE creators (
  uid                 TEXT PRIMARY KEY,
  handle              TEXT NOT NULL,
  nickname            TEXT NOT NULL DEFAULT '',
  followers           INTEGER,
  verified            INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
  region              TEXT CHECK (region IS NULL OR (length(region) = 2 AND region GLOB '[A-Z][A-Z]')),
  is_advertised       INTEGER NOT NULL DEFAULT 0 CHECK (is_advertised IN (0, 1)),
  is_hire_ready       INTEGER NOT NULL DEFAULT 0 CHECK (is_hire_ready IN (0, 1)),
  is_house            INTEGER NOT NULL DEFAULT 0 CHECK (is_house IN (0, 1)),
  house_advertiser_id TEXT REFERENCES advertisers(id),
  first_seen          INTEGER NOT NULL,
  updated_at          INTEGER NOT NULL
);
CREATE INDEX creators_handle ON creators(handle COLLATE NOCASE);

CREATE TABLE creator_handles (
  uid        TEXT NOT NULL REFERENCES creators(uid) ON DELETE CASCADE,
  handle     TEXT NOT NULL,
  first_seen INTEGER NOT NULL,
  last_seen  INTEGER NOT NULL,
  PRIMARY KEY (uid, handle)
) WITHOUT ROWID;
CREATE INDEX creator_handles_handle ON creator_handles(handle COLLATE NOCASE);

-- Videos. id = platform aweme id (TEXT primary key); seq = stable integer used as the FTS rowid.
-- plays..saves/stats_at cache the latest snapshot; label_* and *_score columns are derived
-- (classifiers and the ranking refresh keep them), so filters and sorts read one row.
CREATE TABLE videos (
  id                    TEXT PRIMARY KEY,
  seq                   INTEGER NOT NULL UNIQUE,
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
CREATE INDEX videos_author ON videos(author_uid, created_at DESC);
CREATE INDEX videos_advertiser ON videos(advertiser_id, created_at DESC) WHERE advertiser_id IS NOT NULL;
CREATE INDEX videos_created ON videos(created_at DESC, id);

-- Stat snapshots over time: growth, not one number.
CREATE TABLE video_stats (
  video_id    TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  observed_at INTEGER NOT NULL,
  plays       INTEGER NOT NULL,
  likes       INTEGER NOT NULL,
  comments    INTEGER NOT NULL,
  shares      INTEGER NOT NULL,
  saves       INTEGER NOT NULL,
  PRIMARY KEY (video_id, observed_at)
) WITHOUT ROWID;

-- Full text over caption, opening hook, transcript and hashtags. Contentless (the text lives in videos);
-- rowid = videos.seq; the repository layer inserts/deletes rows in the same transaction as the video.
CREATE VIRTUAL TABLE videos_fts USING fts5(
  caption, hook, transcript, hashtags,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

-- Model-assisted labels: an observation with value, confidence, model version and evidence.
CREATE TABLE labels (
  video_id      TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  label         TEXT NOT NULL,
  value         TEXT NOT NULL,
  confidence    REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
  model_version TEXT NOT NULL,
  evidence      TEXT NOT NULL DEFAULT '',
  observed_at   INTEGER NOT NULL,
  PRIMARY KEY (video_id, label)
) WITHOUT ROWID;

-- Precomputed similar-hook neighbours (so the query is a lookup).
CREATE TABLE hook_neighbors (
  video_id    TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  rank        INTEGER NOT NULL,
  neighbor_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  similarity  REAL NOT NULL,
  PRIMARY KEY (video_id, rank)
) WITHOUT ROWID;

CREATE TABLE trend_reports (
  id           TEXT PRIMARY KEY,
  kind         TEXT NOT NULL CHECK (kind IN ('hashtag', 'sound', 'hook_pattern', 'format')),
  subject      TEXT NOT NULL,
  title        TEXT NOT NULL,
  summary      TEXT NOT NULL,
  period_start INTEGER NOT NULL,
  period_end   INTEGER NOT NULL,
  signal       TEXT NOT NULL,
  published_at INTEGER NOT NULL
);
CREATE INDEX trend_reports_published ON trend_reports(published_at DESC, id);

CREATE TABLE trend_examples (
  report_id TEXT NOT NULL REFERENCES trend_reports(id) ON DELETE CASCADE,
  rank      INTEGER NOT NULL,
  video_id  TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  note      TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (report_id, rank)
) WITHOUT ROWID;

-- Identity.
CREATE TABLE organisations (
  id               TEXT PRIMARY KEY,
  name             TEXT NOT NULL UNIQUE,
  subscription     TEXT NOT NULL DEFAULT 'active' CHECK (subscription IN ('active', 'past_due', 'canceled')),
  analyst_enabled  INTEGER NOT NULL DEFAULT 1 CHECK (analyst_enabled IN (0, 1)),
  analyst_monthly  INTEGER NOT NULL DEFAULT 100 CHECK (analyst_monthly >= 0),
  created_at       INTEGER NOT NULL,
  updated_at       INTEGER NOT NULL
);

CREATE TABLE users (
  id         TEXT PRIMARY KEY,
  email      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  created_at INTEGER NOT NULL
);

CREATE TABLE memberships (
  id         TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  org_id     TEXT NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, org_id)
);

CREATE TABLE api_keys (
  id             TEXT PRIMARY KEY,
  prefix         TEXT NOT NULL UNIQUE,
  digest         TEXT NOT NULL,
  digest_version INTEGER NOT NULL,
  user_id        TEXT NOT NULL REFERENCES users(id),
  org_id         TEXT NOT NULL REFERENCES organisations(id),
  membership_id  TEXT NOT NULL REFERENCES memberships(id),
  is_default     INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  label          TEXT NOT NULL DEFAULT '',
  scopes         TEXT NOT NULL,
  created_at     INTEGER NOT NULL,
  last_used_at   INTEGER,
  expires_at     INTEGER,
  revoked_at     INTEGER,
  rotated_at     INTEGER,
  replaced_by    TEXT REFERENCES api_keys(id)
);
-- Exactly one default key slot per membership (live or not: reveal happens once, then rotate).
CREATE UNIQUE INDEX api_keys_default_slot ON api_keys(membership_id) WHERE is_default = 1 AND revoked_at IS NULL AND rotated_at IS NULL;
CREATE INDEX api_keys_org ON api_keys(org_id);

CREATE TABLE key_events (
  id         INTEGER PRIMARY KEY,
  key_id     TEXT,
  key_prefix TEXT,
  org_id     TEXT,
  user_id    TEXT,
  event      TEXT NOT NULL CHECK (event IN ('reveal', 'create', 'rotate', 'revoke', 'use', 'expire')),
  actor      TEXT NOT NULL,
  at         INTEGER NOT NULL,
  detail     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX key_events_key ON key_events(key_id, at);

CREATE TABLE oauth_clients (
  client_id  TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL
);

CREATE TABLE oauth_client_grants (
  client_id TEXT NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
  org_id    TEXT NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  PRIMARY KEY (client_id, org_id)
) WITHOUT ROWID;

-- Analyst runs: stored before work starts; (org, idempotency key) claimed atomically by the unique index.
CREATE TABLE analyst_runs (
  id              TEXT PRIMARY KEY,
  org_id          TEXT NOT NULL REFERENCES organisations(id),
  credential_id   TEXT NOT NULL,
  key_id          TEXT,
  idempotency_key TEXT NOT NULL,
  fingerprint     TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  question        TEXT NOT NULL,
  context         TEXT,
  created_at      INTEGER NOT NULL,
  started_at      INTEGER,
  finished_at     INTEGER,
  result          TEXT,
  error_code      TEXT,
  error_message   TEXT,
  UNIQUE (org_id, idempotency_key)
);
CREATE INDEX analyst_runs_status ON analyst_runs(status);

-- Usage ledger: +1 when an analyst request is accepted, -1 when a service failure refunds it.
CREATE TABLE usage_ledger (
  id            INTEGER PRIMARY KEY,
  org_id        TEXT NOT NULL REFERENCES organisations(id),
  credential_id TEXT,
  kind          TEXT NOT NULL,
  run_id        TEXT,
  delta         INTEGER NOT NULL,
  period        TEXT NOT NULL,
  at            INTEGER NOT NULL
);
CREATE INDEX usage_ledger_org_period ON usage_ledger(org_id, kind, period);
`,
};
