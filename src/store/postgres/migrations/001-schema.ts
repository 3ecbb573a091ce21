import type { PgMigration } from "./types.js";

/**
 * Text columns compare byte-wise (`COLLATE "C"`), as SQLite's BINARY does: keyset cursors `(key, id)` and
 * every ORDER BY on an id or a name give the same order on both stores whatever the database's default
 * collation is. SQLite's `COLLATE NOCASE` lookups become `lower(col)` indexes.
 */
const T = 'text COLLATE "C"';

/**
 * The whole schema of SQLite migrations 001–013 (the corpus, the engine's side tables, identity, limits,
 * analyst runs, usage, the settings app), with identical table and column names and meanings, so that
 * `crs migrate` is a straight copy. Type mapping: TEXT → text, INTEGER → bigint (0/1 flags → smallint),
 * REAL → double precision, BLOB → bytea. `INTEGER PRIMARY KEY` row ids (key_events, usage_ledger,
 * signin_failures) are identity columns; `videos.seq` stays a plain key the writer hands out.
 *
 * Deliberate differences:
 * - The gain columns of engine_video_gains / engine_creator_stats / engine_advertiser_stats are declared
 *   INTEGER in SQLite but hold interpolated fractional plays (SQLite keeps the REAL): double precision here.
 * - Full text: SQLite's contentless `videos_fts` becomes `videos.search_vector` (tsvector, GIN), built from
 *   the same app-side tokens (shared/text/normalize.ts normalizeTokens, see ../search-vector.ts), weights
 *   A caption, A hook, B hashtags, D transcript. The fts5vocab `engine_videos_vocab` becomes a plain table
 *   (term, doc, cnt) the refresh keeps (e.g. from ts_stat), and `engine_creators_fts` becomes
 *   `engine_creators_search` (uid, handle, former_handles, nickname, search_vector) for prefix name search.
 * - Browse indexes are `(key DESC, id DESC)`, the order the keyset reads (SQLite stores them ascending and
 *   scans backwards).
 * - api_keys.replaced_by is DEFERRABLE (a bulk copy in primary-key order may meet the new key after the old).
 */
export const schema001: PgMigration = {
  version: 1,
  name: "schema",
  sql: `
CREATE TABLE meta (
  key   ${T} PRIMARY KEY,
  value ${T} NOT NULL
);

CREATE TABLE advertisers (
  id                  ${T} PRIMARY KEY,
  name                ${T} NOT NULL,
  focus               ${T} NOT NULL CHECK (focus IN ('apps', 'dtc', 'other')),
  industry            ${T},
  domain              ${T},
  first_seen          bigint NOT NULL,
  created_at          bigint NOT NULL,
  updated_at          bigint NOT NULL,
  inferred_confidence double precision
    CHECK (inferred_confidence IS NULL OR (inferred_confidence >= 0 AND inferred_confidence <= 1))
);
CREATE INDEX advertisers_name ON advertisers (lower(name));

CREATE TABLE advertiser_aliases (
  advertiser_id ${T} NOT NULL REFERENCES advertisers(id) ON DELETE CASCADE,
  kind          ${T} NOT NULL CHECK (kind IN ('handle', 'name', 'domain')),
  alias         ${T} NOT NULL,
  PRIMARY KEY (advertiser_id, kind, alias)
);
CREATE INDEX advertiser_aliases_alias ON advertiser_aliases (lower(alias));

CREATE TABLE creators (
  uid                 ${T} PRIMARY KEY,
  handle              ${T} NOT NULL,
  nickname            ${T} NOT NULL DEFAULT '',
  followers           bigint,
  verified            smallint NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
  region              ${T} CHECK (region IS NULL OR region ~ '^[A-Z][A-Z]$'),
  is_advertised       smallint NOT NULL DEFAULT 0 CHECK (is_advertised IN (0, 1)),
  is_hire_ready       smallint NOT NULL DEFAULT 0 CHECK (is_hire_ready IN (0, 1)),
  is_house            smallint NOT NULL DEFAULT 0 CHECK (is_house IN (0, 1)),
  house_advertiser_id ${T} REFERENCES advertisers(id),
  first_seen          bigint NOT NULL,
  updated_at          bigint NOT NULL
);
CREATE INDEX creators_handle ON creators (lower(handle));
CREATE INDEX engine_creators_followers ON creators ((coalesce(followers, 0)) DESC, uid DESC);
CREATE INDEX engine_creators_first_seen ON creators (first_seen DESC, uid DESC);

CREATE TABLE creator_handles (
  uid        ${T} NOT NULL REFERENCES creators(uid) ON DELETE CASCADE,
  handle     ${T} NOT NULL,
  first_seen bigint NOT NULL,
  last_seen  bigint NOT NULL,
  PRIMARY KEY (uid, handle)
);
CREATE INDEX creator_handles_handle ON creator_handles (lower(handle));

CREATE TABLE creator_accounts (
  uid             ${T} PRIMARY KEY REFERENCES creators(uid) ON DELETE CASCADE,
  business        smallint CHECK (business IS NULL OR business IN (0, 1)),
  category        ${T},
  seller          smallint CHECK (seller IS NULL OR seller IN (0, 1)),
  bio_link        ${T},
  private_account smallint CHECK (private_account IS NULL OR private_account IN (0, 1)),
  observed_at     bigint NOT NULL
);

-- Videos: seq is the integer key (SQLite's rowid, the FTS rowid there); id the platform id.
CREATE TABLE videos (
  id                    ${T} NOT NULL UNIQUE,
  seq                   bigint PRIMARY KEY,
  caption               ${T} NOT NULL DEFAULT '',
  hook_text             ${T},
  transcript            ${T},
  created_at            bigint NOT NULL,
  media_type            ${T} NOT NULL CHECK (media_type IN ('video', 'slideshow')),
  region                ${T} CHECK (region IS NULL OR region ~ '^[A-Z][A-Z]$'),
  language              ${T},
  duration_s            double precision,
  music_id              ${T},
  music_title           ${T},
  music_author          ${T},
  hashtags              ${T} NOT NULL DEFAULT '',
  author_uid            ${T} NOT NULL REFERENCES creators(uid),
  advertiser_id         ${T} REFERENCES advertisers(id),
  platform_ad           smallint CHECK (platform_ad IS NULL OR platform_ad IN (0, 1)),
  platform_ad_evidence  ${T},
  url                   ${T},
  source                ${T} NOT NULL,
  plays                 bigint NOT NULL DEFAULT 0,
  likes                 bigint NOT NULL DEFAULT 0,
  comments              bigint NOT NULL DEFAULT 0,
  shares                bigint NOT NULL DEFAULT 0,
  saves                 bigint NOT NULL DEFAULT 0,
  stats_at              bigint NOT NULL,
  label_ad              smallint NOT NULL DEFAULT 0 CHECK (label_ad IN (0, 1)),
  label_hook            smallint NOT NULL DEFAULT 0 CHECK (label_hook IN (0, 1)),
  hook_type             ${T},
  label_viral_hook      smallint NOT NULL DEFAULT 0 CHECK (label_viral_hook IN (0, 1)),
  velocity              double precision NOT NULL DEFAULT 0,
  trending_score        double precision NOT NULL DEFAULT 0,
  breakout_score        double precision NOT NULL DEFAULT 0,
  early_breakout_score  double precision NOT NULL DEFAULT 0,
  imported_at           bigint NOT NULL,
  updated_at            bigint NOT NULL,
  -- Full text (replaces videos_fts): search-vector.ts videoSearchVector over caption, hook, hashtags, transcript.
  search_vector         tsvector NOT NULL DEFAULT ''::tsvector
);
CREATE INDEX videos_author ON videos (author_uid, created_at DESC);
CREATE INDEX videos_advertiser ON videos (advertiser_id, created_at DESC) WHERE advertiser_id IS NOT NULL;
CREATE INDEX videos_search ON videos USING gin (search_vector);
CREATE INDEX engine_videos_trending ON videos (trending_score DESC, id DESC);
CREATE INDEX engine_videos_newest ON videos (created_at DESC, id DESC);
CREATE INDEX engine_videos_plays ON videos (plays DESC, id DESC);
CREATE INDEX engine_videos_comments ON videos (comments DESC, id DESC);
CREATE INDEX engine_videos_shares ON videos (shares DESC, id DESC);
CREATE INDEX engine_videos_breakout ON videos (breakout_score DESC, id DESC) WHERE breakout_score > 0;
CREATE INDEX engine_videos_early_breakout ON videos (early_breakout_score DESC, id DESC) WHERE early_breakout_score > 0;
CREATE INDEX engine_videos_seq_plays ON videos (seq, plays, id);

CREATE TABLE video_stats (
  video_id    ${T} NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  observed_at bigint NOT NULL,
  plays       bigint NOT NULL,
  likes       bigint NOT NULL,
  comments    bigint NOT NULL,
  shares      bigint NOT NULL,
  saves       bigint NOT NULL,
  PRIMARY KEY (video_id, observed_at)
);

CREATE TABLE labels (
  video_id      ${T} NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  label         ${T} NOT NULL,
  value         ${T} NOT NULL,
  confidence    double precision NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
  model_version ${T} NOT NULL,
  evidence      ${T} NOT NULL DEFAULT '',
  observed_at   bigint NOT NULL,
  PRIMARY KEY (video_id, label)
);

-- Similar hooks, one row per hooked video: neighbours packed 8 bytes each (seq uint32, dot int32, big-endian).
CREATE TABLE hook_neighbors (
  seq       bigint PRIMARY KEY,
  neighbors bytea NOT NULL
);
CREATE TABLE hook_keys (
  seq  bigint PRIMARY KEY,
  keys ${T} NOT NULL
);
CREATE TABLE hook_keys_stale (
  seq bigint PRIMARY KEY
);
CREATE FUNCTION hook_neighbors_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM hook_neighbors WHERE seq = OLD.seq;
  DELETE FROM hook_keys WHERE seq = OLD.seq;
  DELETE FROM hook_keys_stale WHERE seq = OLD.seq;
  RETURN OLD;
END;
$$;
CREATE TRIGGER hook_neighbors_gone AFTER DELETE ON videos FOR EACH ROW EXECUTE FUNCTION hook_neighbors_gone();

CREATE TABLE trend_reports (
  id           ${T} PRIMARY KEY,
  kind         ${T} NOT NULL CHECK (kind IN ('hashtag', 'sound', 'hook_pattern', 'format')),
  subject      ${T} NOT NULL,
  title        ${T} NOT NULL,
  summary      ${T} NOT NULL,
  period_start bigint NOT NULL,
  period_end   bigint NOT NULL,
  signal       ${T} NOT NULL,
  published_at bigint NOT NULL
);
CREATE INDEX trend_reports_published ON trend_reports (published_at DESC, id);

CREATE TABLE trend_examples (
  report_id ${T} NOT NULL REFERENCES trend_reports(id) ON DELETE CASCADE,
  rank      bigint NOT NULL,
  video_id  ${T} NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  note      ${T} NOT NULL DEFAULT '',
  PRIMARY KEY (report_id, rank)
);

-- The engine's precomputed tables (refreshScores and the search heads).
CREATE TABLE engine_video_gains (
  video_id   ${T} PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  gain_today double precision NOT NULL,
  gain_2d    double precision NOT NULL,
  gain_7d    double precision NOT NULL,
  gain_30d   double precision NOT NULL
);

CREATE TABLE engine_creator_stats (
  uid            ${T} PRIMARY KEY REFERENCES creators(uid) ON DELETE CASCADE,
  videos         bigint NOT NULL,
  ad_videos      bigint NOT NULL,
  sum_ln_plays   double precision NOT NULL,
  gain_2d        double precision NOT NULL,
  gain_7d        double precision NOT NULL,
  gain_30d       double precision NOT NULL,
  engagement_30d double precision NOT NULL,
  last_video_at  bigint
);
CREATE INDEX engine_creator_gain_2d ON engine_creator_stats (gain_2d DESC, uid DESC);
CREATE INDEX engine_creator_gain_7d ON engine_creator_stats (gain_7d DESC, uid DESC);
CREATE INDEX engine_creator_gain_30d ON engine_creator_stats (gain_30d DESC, uid DESC);

CREATE TABLE engine_advertiser_stats (
  advertiser_id ${T} PRIMARY KEY REFERENCES advertisers(id) ON DELETE CASCADE,
  videos        bigint NOT NULL,
  creators      bigint NOT NULL,
  gain_today    double precision NOT NULL,
  gain_2d       double precision NOT NULL,
  gain_7d       double precision NOT NULL,
  gain_30d      double precision NOT NULL,
  last_video_at bigint
);

-- Creator name search (replaces engine_creators_fts): prefix queries ('word:*') over search_vector.
CREATE TABLE engine_creators_search (
  uid            ${T} PRIMARY KEY REFERENCES creators(uid) ON DELETE CASCADE,
  handle         ${T} NOT NULL DEFAULT '',
  former_handles ${T} NOT NULL DEFAULT '',
  nickname       ${T} NOT NULL DEFAULT '',
  search_vector  tsvector NOT NULL DEFAULT ''::tsvector
);
CREATE INDEX engine_creators_search_vector ON engine_creators_search USING gin (search_vector);

-- The index's vocabulary (replaces the fts5vocab table of the same name): documents and occurrences per term.
CREATE TABLE engine_videos_vocab (
  term ${T} PRIMARY KEY,
  doc  bigint NOT NULL,
  cnt  bigint NOT NULL
);
CREATE INDEX engine_videos_vocab_doc ON engine_videos_vocab (doc DESC);

-- Common search terms and, per term, the most popular videos containing it (bounded candidate sets).
CREATE TABLE engine_common_terms (
  term ${T} PRIMARY KEY,
  df   bigint NOT NULL
);
CREATE TABLE engine_term_heads (
  term ${T} NOT NULL,
  rank bigint NOT NULL,
  seq  bigint NOT NULL,
  PRIMARY KEY (term, rank)
);
CREATE INDEX engine_term_heads_seq ON engine_term_heads (seq);

CREATE TABLE search_compounds (
  part ${T} NOT NULL,
  term ${T} NOT NULL,
  df   bigint NOT NULL,
  PRIMARY KEY (part, term)
);

-- Identity.
CREATE TABLE organisations (
  id               ${T} PRIMARY KEY,
  name             ${T} NOT NULL UNIQUE,
  subscription     ${T} NOT NULL DEFAULT 'active' CHECK (subscription IN ('active', 'past_due', 'canceled')),
  analyst_enabled  smallint NOT NULL DEFAULT 1 CHECK (analyst_enabled IN (0, 1)),
  analyst_monthly  bigint NOT NULL DEFAULT 100 CHECK (analyst_monthly >= 0),
  created_at       bigint NOT NULL,
  updated_at       bigint NOT NULL
);

CREATE TABLE users (
  id         ${T} PRIMARY KEY,
  email      ${T} NOT NULL,
  created_at bigint NOT NULL
);
-- SQLite: email UNIQUE COLLATE NOCASE.
CREATE UNIQUE INDEX users_email ON users (lower(email));

CREATE TABLE memberships (
  id         ${T} PRIMARY KEY,
  user_id    ${T} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  org_id     ${T} NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  role       ${T} NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'member')),
  UNIQUE (user_id, org_id)
);

CREATE TABLE api_keys (
  id             ${T} PRIMARY KEY,
  prefix         ${T} NOT NULL UNIQUE,
  digest         ${T} NOT NULL,
  digest_version bigint NOT NULL,
  user_id        ${T} NOT NULL REFERENCES users(id),
  org_id         ${T} NOT NULL REFERENCES organisations(id),
  membership_id  ${T} NOT NULL REFERENCES memberships(id),
  is_default     smallint NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  label          ${T} NOT NULL DEFAULT '',
  scopes         ${T} NOT NULL,
  created_at     bigint NOT NULL,
  last_used_at   bigint,
  expires_at     bigint,
  revoked_at     bigint,
  rotated_at     bigint,
  replaced_by    ${T} REFERENCES api_keys(id) DEFERRABLE INITIALLY IMMEDIATE
);
CREATE UNIQUE INDEX api_keys_default_slot ON api_keys (membership_id)
  WHERE is_default = 1 AND revoked_at IS NULL AND rotated_at IS NULL;
CREATE INDEX api_keys_org ON api_keys (org_id);

CREATE TABLE key_events (
  id         bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  key_id     ${T},
  key_prefix ${T},
  org_id     ${T},
  user_id    ${T},
  event      ${T} NOT NULL CHECK (event IN ('reveal', 'create', 'rotate', 'revoke', 'use', 'expire')),
  actor      ${T} NOT NULL,
  at         bigint NOT NULL,
  detail     ${T} NOT NULL DEFAULT ''
);
CREATE INDEX key_events_key ON key_events (key_id, at);

CREATE TABLE oauth_clients (
  client_id  ${T} PRIMARY KEY,
  created_at bigint NOT NULL
);

CREATE TABLE oauth_client_grants (
  client_id ${T} NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
  org_id    ${T} NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  PRIMARY KEY (client_id, org_id)
);

-- The settings web app.
CREATE TABLE user_passwords (
  user_id    ${T} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  hash       ${T} NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE user_invites (
  token_digest ${T} PRIMARY KEY,
  user_id      ${T} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  org_id       ${T} NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  created_by   ${T} NOT NULL,
  created_at   bigint NOT NULL,
  expires_at   bigint NOT NULL,
  used_at      bigint
);
CREATE INDEX user_invites_user ON user_invites (user_id);

CREATE TABLE settings_sessions (
  token_digest ${T} PRIMARY KEY,
  user_id      ${T} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  org_id       ${T} REFERENCES organisations(id) ON DELETE SET NULL,
  csrf_token   ${T} NOT NULL,
  created_at   bigint NOT NULL,
  last_seen_at bigint NOT NULL,
  expires_at   bigint NOT NULL
);
CREATE INDEX settings_sessions_user ON settings_sessions (user_id);
CREATE INDEX settings_sessions_expiry ON settings_sessions (expires_at);

CREATE TABLE signin_failures (
  id      bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  subject ${T} NOT NULL,
  at      bigint NOT NULL
);
CREATE INDEX signin_failures_subject ON signin_failures (subject, at);

-- Analyst runs: (org, idempotency key) claimed atomically by the unique constraint.
CREATE TABLE analyst_runs (
  id              ${T} PRIMARY KEY,
  org_id          ${T} NOT NULL REFERENCES organisations(id),
  credential_id   ${T} NOT NULL,
  key_id          ${T},
  idempotency_key ${T} NOT NULL,
  fingerprint     ${T} NOT NULL,
  status          ${T} NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  question        ${T} NOT NULL,
  context         ${T},
  created_at      bigint NOT NULL,
  started_at      bigint,
  finished_at     bigint,
  result          ${T},
  error_code      ${T},
  error_message   ${T},
  created_at_ms   bigint,
  finished_at_ms  bigint,
  UNIQUE (org_id, idempotency_key)
);
CREATE INDEX analyst_runs_status ON analyst_runs (status);

-- Usage ledger: +1 when an analyst request is accepted, -1 when a service failure refunds it.
CREATE TABLE usage_ledger (
  id            bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  org_id        ${T} NOT NULL REFERENCES organisations(id),
  credential_id ${T},
  kind          ${T} NOT NULL,
  run_id        ${T},
  delta         bigint NOT NULL,
  period        ${T} NOT NULL,
  at            bigint NOT NULL
);
CREATE INDEX usage_ledger_org_period ON usage_ledger (org_id, kind, period);

-- Limits: daily content calls, analyst claims (with their leases), sliding request windows.
CREATE TABLE limit_daily_content (
  org_id ${T} NOT NULL,
  day    ${T} NOT NULL,
  calls  bigint NOT NULL CHECK (calls >= 0),
  PRIMARY KEY (org_id, day)
);

CREATE TABLE limit_analyst_claims (
  run_id        ${T} PRIMARY KEY,
  org_id        ${T} NOT NULL REFERENCES organisations(id),
  credential_id ${T} NOT NULL,
  period        ${T} NOT NULL,
  claimed_at    bigint NOT NULL,
  released_at   bigint,
  refunded      smallint NOT NULL DEFAULT 0 CHECK (refunded IN (0, 1)),
  owner         ${T},
  lease_until   bigint
);
CREATE INDEX limit_analyst_claims_credential ON limit_analyst_claims (credential_id, claimed_at);
CREATE INDEX limit_analyst_claims_org ON limit_analyst_claims (org_id, claimed_at);
CREATE INDEX limit_analyst_claims_running ON limit_analyst_claims (org_id) WHERE released_at IS NULL;

CREATE TABLE limit_windows (
  key        ${T} NOT NULL,
  second     bigint NOT NULL,
  units      bigint NOT NULL CHECK (units > 0),
  expires_at bigint NOT NULL,
  PRIMARY KEY (key, second)
);
CREATE INDEX limit_windows_expiry ON limit_windows (expires_at);
`,
};
